// A ballot followed through the variables that hold it, struct fields and
// the types templates are instantiated with.
// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>
#include <cstdint>

#define VOTE(p) __ballot(p)

template <typename MaskT>
__device__ MaskT vote(int p) {
  // CHECK: :[[@LINE+2]]:3: error: result of __ballot returned as 32-bit 'unsigned int': lanes 32-63 are lost [wave64-ballot-mask-width]
  // CHECK: :[[@LINE-2]]:18: note: function declared here
  return __ballot(p);
}

template <typename MaskT>
__device__ int count(int p) {
  // CHECK: :[[@LINE+1]]:9: error: result of __ballot stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
  MaskT m = __ballot(p);
  return __popcll(m);
}

struct Votes {
  unsigned mask;
};

__global__ void positives(int *out, int p) {
  auto b = __ballot(p);
  // A copy of the held ballot, masked: still 32 bits.
  // CHECK: :[[@LINE+1]]:12: error: result of ballot stored in 32-bit 'unsigned int'
  unsigned low = b & 0xffu;
  Votes v;
  // CHECK: :[[@LINE+1]]:10: error: result of ballot assigned to 32-bit 'v.mask': lanes 32-63 are lost [wave64-ballot-mask-width]
  v.mask = b;
  // Macro case: the ballot comes from a macro.
  // CHECK: :[[@LINE+1]]:12: error: result of __ballot stored in 32-bit 'uint32_t'
  uint32_t w = VOTE(p > 1);
  out[0] = count<unsigned>(p) + vote<unsigned>(p) + low + v.mask + w;
}

__global__ void negatives(unsigned long long *out, int p) {
  auto b = __ballot(p);
  unsigned long long copy = b;
  uint64_t masked = b & 0xffull;
  out[0] = count<unsigned long long>(p) + vote<uint64_t>(p) + copy + masked;
  // Narrowed on purpose, written as a cast.
  out[1] = unsigned(b & 0xffffffffull);
}
