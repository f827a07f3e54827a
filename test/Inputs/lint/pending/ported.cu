#include "ported.cuh"
__global__ void copy(float *y) { y[threadIdx.x] = 0.f; }
