// CUDART_CB, the calling convention of stream callbacks, has no HIP
// counterpart (HIP on AMD defines no HIPRT_CB): the port deletes it, as in
// cuda-samples' simpleCallback.
// REQUIRES: cuda
// RUN: hipport port %s --diff | FileCheck %s --implicit-check-not='{{^[+].*CUDART_CB}}'
#include <cuda_runtime.h>

// CHECK: +void  myStreamCallback(hipStream_t event, hipError_t status, void *data);
void CUDART_CB myStreamCallback(cudaStream_t event, cudaError_t status, void *data);

// CHECK: +void  myStreamCallback(hipStream_t event, hipError_t status, void *data) {
void CUDART_CB myStreamCallback(cudaStream_t event, cudaError_t status, void *data) {
  (void)event;
  (void)status;
  ++*static_cast<int *>(data);
}

int main() {
  int N = 0;
  cudaStreamAddCallback(0, myStreamCallback, &N, 0);
  return N == 1 ? 0 : 1;
}
