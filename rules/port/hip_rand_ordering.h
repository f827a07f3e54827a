// hipport shim for curandSetGeneratorOrdering on hipRAND releases without
// hiprandSetGeneratorOrdering (before ROCm 6.2): each generator there has one
// ordering, its default, so asking for a default ordering succeeds and any
// other fails with HIPRAND_STATUS_NOT_IMPLEMENTED. The values are CUDA's.
#ifndef HIPPORT_RAND_ORDERING_SHIM
#define HIPPORT_RAND_ORDERING_SHIM
#include <hiprand/hiprand.h>
typedef enum hipport_hiprandOrdering {
  HIPPORT_HIPRAND_ORDERING_PSEUDO_BEST = 100,
  HIPPORT_HIPRAND_ORDERING_PSEUDO_DEFAULT = 101,
  HIPPORT_HIPRAND_ORDERING_PSEUDO_SEEDED = 102,
  HIPPORT_HIPRAND_ORDERING_PSEUDO_LEGACY = 103,
  HIPPORT_HIPRAND_ORDERING_PSEUDO_DYNAMIC = 104,
  HIPPORT_HIPRAND_ORDERING_QUASI_DEFAULT = 201
} hipport_hiprandOrdering_t;
static inline hiprandStatus_t hipport_hiprandSetGeneratorOrdering(hiprandGenerator_t Generator,
                                                                  hipport_hiprandOrdering_t Order) {
  if (!Generator)
    return HIPRAND_STATUS_NOT_INITIALIZED;
  return Order == HIPPORT_HIPRAND_ORDERING_PSEUDO_DEFAULT ||
                 Order == HIPPORT_HIPRAND_ORDERING_QUASI_DEFAULT
             ? HIPRAND_STATUS_SUCCESS
             : HIPRAND_STATUS_NOT_IMPLEMENTED;
}
#endif // HIPPORT_RAND_ORDERING_SHIM
