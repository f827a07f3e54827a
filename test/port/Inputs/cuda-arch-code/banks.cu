#include <cuda_runtime.h>

// An architecture test in code, not in #if: the device pass's value.
template <int N> struct Buffer {
  enum {
#ifdef __CUDA_ARCH__
    BANKS = ((__CUDA_ARCH__ >= 200) ? 32 : 16),
    OLD = (__CUDA_ARCH__ < 200),
#else
    BANKS = 16,
    OLD = 0,
#endif
  };
  __device__ static int pad(int i) { return i + i / BANKS + OLD; }
};

__global__ void k(int *p) { p[0] = Buffer<4>::pad(p[1]); }
