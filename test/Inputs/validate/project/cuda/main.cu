// Café: this comment is Latin-1, not UTF-8.
#include <cstdio>
#include <cuda_runtime.h>
#include "params.h"
typedef float Elem;
#include "kernels.cuh"

int main() {
  Elem h[N];
  for (int i = 0; i < N; ++i)
    h[i] = i % 7;
  Elem *d, *s;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&s, sizeof(Elem));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scaleK<<<(N + TPB - 1) / TPB, TPB>>>(d, SCALE_BY, N);
  sumT<Elem, TPB><<<1, TPB>>>(d, s);
  Elem r;
  cudaMemcpy(&r, s, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("sum %.1f\n", r);
  return 0;
}
