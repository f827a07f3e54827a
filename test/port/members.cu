// Members are renamed only where they belong to a CUDA type; the same
// name in the project's own struct stays.
// REQUIRES: cuda
// RUN: hipport port %s --rules %S/Inputs/member-rules.json --diff | FileCheck %s
#include <cuda_runtime.h>

struct Mine {
  size_t totalGlobalMem;
};

size_t f(const cudaDeviceProp &p, const Mine &m) {
  // CHECK: +size_t f(const hipDeviceProp_t &p, const Mine &m) {
  // CHECK: +  return p.totalGlobalMemory + m.totalGlobalMem;
  return p.totalGlobalMem + m.totalGlobalMem;
}
