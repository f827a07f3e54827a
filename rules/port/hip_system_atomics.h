// hipport shim for CUDA's atomicInc_system and atomicDec_system, which HIP
// lacks: the same read-modify-write as CUDA's (wrap at val), built on HIP's
// atomicCAS_system, so other devices and the host see it as one atomic step.
#ifndef HIPPORT_SYSTEM_ATOMICS_SHIM
#define HIPPORT_SYSTEM_ATOMICS_SHIM
#if !defined(HIPPORT_SHIM_HOST_TEST)
#include <hip/hip_runtime.h>
#endif
// old >= val ? 0 : old + 1, stored; returns old.
__device__ inline unsigned int hipport_atomicInc_system(unsigned int *Address, unsigned int Val) {
  unsigned int Old = *Address, Seen;
  do {
    Seen = Old;
    Old = atomicCAS_system(Address, Seen, Seen >= Val ? 0u : Seen + 1u);
  } while (Old != Seen);
  return Old;
}
// (old == 0 || old > val) ? val : old - 1, stored; returns old.
__device__ inline unsigned int hipport_atomicDec_system(unsigned int *Address, unsigned int Val) {
  unsigned int Old = *Address, Seen;
  do {
    Seen = Old;
    Old = atomicCAS_system(Address, Seen, (Seen == 0u || Seen > Val) ? Val : Seen - 1u);
  } while (Old != Seen);
  return Old;
}
#endif // HIPPORT_SYSTEM_ATOMICS_SHIM
