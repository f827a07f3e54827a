#pragma once
#include <cuda_runtime.h>

void saxpy(int n, float a, const float *x, float *y);

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(err_));            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
