#include "reduce_real.cuh"
__global__ void scale(float *y) { y[threadIdx.x] *= 2.f; }
