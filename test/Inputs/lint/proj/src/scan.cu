#include "util.cuh"
__global__ void scan(int *out) {
  int lane = threadIdx.x & 31;
  out[lane] = lastLane(lane) + __any_sync(__activemask(), lane);
}
