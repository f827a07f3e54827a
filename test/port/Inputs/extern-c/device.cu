#ifdef __cplusplus
extern "C" {
#endif

#include "cuda.h" // C, so nvcc takes it inside the block

void setdevice(void) {
  int n = 0;
  cudaGetDeviceCount(&n);
  if (n > 1)
    cudaSetDevice(1);
}

#ifdef __cplusplus
}
#endif
