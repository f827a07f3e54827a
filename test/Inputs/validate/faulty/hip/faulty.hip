// A port gone wrong: one kernel traps, the other
// never terminates (inputs lie in [0, 100], so the loop never breaks).
#include <hip/hip_runtime.h>

__global__ void crashes(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 5)
    __builtin_trap();
  if (i < n)
    out[i] += 1;
}

__global__ void hangs(int *out, int n) {
  for (;;)
    if (atomicAdd(&out[0], 0) < 0)
      break;
}

int main() {
  int *d;
  hipMalloc(&d, 128 * sizeof(int));
  crashes<<<2, 64>>>(d, 128);
  hangs<<<2, 64>>>(d, 128);
  return 0;
}
