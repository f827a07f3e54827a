#include "histogram.h"

__global__ void histogramKernel(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

cudaError_t histogram256(const unsigned char *data, int n, unsigned *bins) {
  unsigned char *dData;
  unsigned *dBins;
  cudaMalloc(&dData, n);
  cudaMalloc(&dBins, 256 * sizeof(unsigned));
  cudaMemcpy(dData, data, n, cudaMemcpyHostToDevice);
  cudaMemset(dBins, 0, 256 * sizeof(unsigned));
  histogramKernel<<<64, 256>>>(dData, n, dBins);
  cudaMemcpy(bins, dBins, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaFree(dData);
  cudaFree(dBins);
  return cudaGetLastError();
}
