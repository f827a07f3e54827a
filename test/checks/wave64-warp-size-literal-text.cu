// The token scan of a TU that does not parse: last-lane tests against lane
// 31, equal and ordered (all lanes but the last: a segmented carry).
// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_kernels_not_found.h"

#define LAST 31
__global__ void carry(const Index *rows, Value *y, const Value *v) {
  const Index thread_lane = threadIdx.x & (WARP_SIZE - 1);
  // CHECK: :[[@LINE+1]]:22: warning: 'thread_lane == ...' takes lane 31 as the last lane{{.*}}[wave64-warp-size-literal]
  if (thread_lane == 31)
    y[0] = v[0];
  // CHECK: :[[@LINE+1]]:21: warning: 'thread_lane < ...' takes lane 31 as the last lane{{.*}}[wave64-warp-size-literal]
  if (thread_lane < 31 && rows[threadIdx.x] != rows[threadIdx.x + 1])
    y[1] = v[1];
  // CHECK: :[[@LINE+1]]:22: warning: 'thread_lane >= ...' takes lane 31 as the last lane{{.*}}[wave64-warp-size-literal]
  if (thread_lane >= LAST)
    y[2] = v[2];
  // Negative: a thread count, a row count.
  if (threadIdx.x < 31)
    y[3] = v[3];
  if (nrows < 31)
    y[4] = v[4];
}
