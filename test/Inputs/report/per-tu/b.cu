#include "inc/scale.cuh"
__global__ void subKernel(float *x) { x[threadIdx.x] -= 1.0f; }
void runB(float *x) { subKernel<<<1, 32>>>(x); }
