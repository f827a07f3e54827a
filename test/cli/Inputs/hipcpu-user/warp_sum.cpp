// Sums lane ids across one wave with __shfl_down; the total depends on the
// width the engine runs at (HIPCPU_WARP_SIZE), as on hardware.
#include <cstdio>

__global__ void waveSum(int *Out) {
  int V = threadIdx.x;
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if (threadIdx.x == 0)
    *Out = V;
}

int main() {
  hipDeviceProp_t Prop;
  hipGetDeviceProperties(&Prop, 0);
  int *Out = nullptr;
  hipMalloc(&Out, sizeof(int));
  hipLaunchKernelGGL(waveSum, dim3(1), dim3(Prop.warpSize), 0, 0, Out);
  int Host = 0;
  hipMemcpy(&Host, Out, sizeof(int), hipMemcpyDeviceToHost);
  std::printf("wave %d sum %d\n", Prop.warpSize, Host);
  return 0;
}
