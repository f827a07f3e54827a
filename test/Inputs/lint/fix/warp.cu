// Input of lint-fix.test: wave64 bugs whose fix-its make the code 64-bit.
#include <cstdint>

#define FULL 0xffffffff

__global__ void votes(int *out, const int *flags) {
  int lane = threadIdx.x % warpSize;
  unsigned mask = __ballot_sync(0xffffffff, flags[threadIdx.x] > 0);
  uint32_t act = __activemask();
  int n = __popc(mask);
  unsigned long long below = (1u << lane) - 1;
  float v = __shfl_down_sync(FULL, float(n), 1);
  out[threadIdx.x] = n + int(act) + int(below) + int(v);
}
