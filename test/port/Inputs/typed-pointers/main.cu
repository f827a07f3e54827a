#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) printf("%d\n", (int)e_); } while (0)

template <typename T> __global__ void scale(T *p, T s) { p[threadIdx.x] *= s; }

int main() {
  float *d = nullptr;
  size_t pitch = 0;
  // HIP 5.2 has hipMalloc's template: no cast.
  CHECK(cudaMalloc(&d, 64 * sizeof(float)));
  // These templates are not in HIP 5.2: the C API needs the cast.
  CHECK(cudaMallocPitch(&d, &pitch, 64, 4));
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, scale<float>));
  cudaFuncSetCacheConfig(scale<float>, cudaFuncCachePreferL1);
  // Already in the C form: the non-template was chosen, nothing to do.
  CHECK(cudaMallocPitch((void **)&d, &pitch, 64, 4));
  scale<<<1, 64>>>(d, 2.0f);
  cudaFree(d);
  return 0;
}

// In a template the call resolves in its instantiations only.
template <typename T> struct Runner {
  cudaError_t attrs(cudaFuncAttributes *a) { return cudaFuncGetAttributes(a, scale<T>); }
};
cudaError_t useRunner(cudaFuncAttributes *a) { return Runner<float>().attrs(a); }
