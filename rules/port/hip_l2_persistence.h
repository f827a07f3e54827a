// hipport shim for CUDA's L2 persistence controls, which HIP lacks: stream
// attributes carrying an access-policy window (cudaStreamSetAttribute,
// cudaStreamGetAttribute) and cudaCtxResetPersistingL2Cache. AMD GPUs keep no
// L2 lines persisting, so a window, a cache hint, is accepted and has no
// effect (a get reads back an empty window), and a reset has nothing to do;
// other attributes return hipErrorNotSupported. Values are CUDA's.
#ifndef HIPPORT_L2_PERSISTENCE_SHIM
#define HIPPORT_L2_PERSISTENCE_SHIM
#include <hip/hip_runtime.h>
#include <cstring>
typedef enum hipport_hipStreamAttrID {
  HIPPORT_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
  HIPPORT_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3
} hipport_hipStreamAttrID;
typedef union hipport_hipStreamAttrValue {
  hipAccessPolicyWindow accessPolicyWindow;
  int syncPolicy;
} hipport_hipStreamAttrValue;
static inline hipError_t hipport_hipStreamSetAttribute(hipStream_t, hipport_hipStreamAttrID Id,
                                                       const hipport_hipStreamAttrValue *Value) {
  if (!Value)
    return hipErrorInvalidValue;
  return Id == HIPPORT_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW ? hipSuccess : hipErrorNotSupported;
}
static inline hipError_t hipport_hipStreamGetAttribute(hipStream_t, hipport_hipStreamAttrID Id,
                                                       hipport_hipStreamAttrValue *Value) {
  if (!Value)
    return hipErrorInvalidValue;
  if (Id != HIPPORT_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
    return hipErrorNotSupported;
  std::memset(Value, 0, sizeof *Value);
  return hipSuccess;
}
static inline hipError_t hipport_hipCtxResetPersistingL2Cache() { return hipSuccess; }
#endif // HIPPORT_L2_PERSISTENCE_SHIM
