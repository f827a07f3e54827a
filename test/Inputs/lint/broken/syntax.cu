// A TU with a syntax error in a kernel: clang recovers and goes on.
#include <cuda_runtime.h>

__global__ void broken(float *out) {
  out[threadIdx.x] = 1.0f +;
}
