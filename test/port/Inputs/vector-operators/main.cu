#include "vmath.h"
__global__ void k(float4 *p, float3 *q, int2 *r) {
  float4 a = p[0];
  a += p[1];
  a += 2.0f;
  p[0] = a + p[2];
  q[0] -= q[1];
  r[0] *= r[1];
}
