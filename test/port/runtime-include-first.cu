// nvcc includes the runtime before everything else; HIP 5.2's cooperative
// groups header needs it first, so the port puts it first.
// REQUIRES: cuda
// RUN: hipport port %s --diff | FileCheck %s
// CHECK: +#include "hip/hip_runtime.h"
// CHECK-NEXT: {{^}} #include <cstdio>
// CHECK-NEXT: -#include <cooperative_groups.h>
// CHECK-NEXT: -#include <cuda_runtime.h>
// CHECK-NEXT: +#include <hip/hip_cooperative_groups.h>
// CHECK-NEXT: +#include <hip/hip_runtime.h>
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
__global__ void k() { cooperative_groups::this_thread_block().sync(); }
