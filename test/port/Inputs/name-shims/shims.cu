// CUDA names HIP 5.2 lacks that hipport stands in for: directed rounding,
// system-scope wrap-around atomics, device limits, hipRAND orderings.
#include <curand.h>

__device__ float lowerSum(float a, float b) { return __fadd_rd(a, b); }
__device__ double upperProduct(double a, double b) { return __dmul_ru(a, b); }
__device__ float towardZeroRoot(float a) { return __fsqrt_rz(a); }

__global__ void counters(unsigned int *c) {
  atomicInc_system(&c[0], 17);
  atomicDec_system(&c[1], 137);
}

int setUp(curandGenerator_t gen) {
  if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20) != cudaSuccess)
    return 1;
  if (cudaDeviceSetLimit(cudaLimitStackSize, 8192) != cudaSuccess)
    return 2;
  return curandSetGeneratorOrdering(gen, CURAND_ORDERING_QUASI_DEFAULT) !=
         CURAND_STATUS_SUCCESS;
}

int hint(cudaStream_t s, void *p) {
  cudaStreamAttrValue v = {};
  v.accessPolicyWindow.base_ptr = p;
  v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  if (cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v) != cudaSuccess)
    return 1;
  return cudaCtxResetPersistingL2Cache() != cudaSuccess;
}
