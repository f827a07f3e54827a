#include <cuda_runtime.h>

struct Particle { float4 pos; int2 cell; };

__global__ void k(float4 *out, Particle *ps) {
  float4 zero = {0};
  float4 x = {1.0f};
  int2 c = {3, 4};
  float4 full = {1, 2, 3, 4};
  float4 none = {};
  Particle p = {{0}, {7}};
  out[0] = zero;
  out[1] = x;
  out[2] = full;
  out[3] = none;
  ps[0] = p;
  ps[0].cell = c;
}
