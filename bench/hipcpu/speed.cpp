//===- speed.cpp - hipcpu throughput: shuffle reduction and transpose -----===//
//
// Not a test: prints times and throughput at warpSize 32 and 64 for
//  - a shuffle reduction of 2^24 floats, one element per thread (65536
//    blocks of 256 threads: 2^24 fibers) and grid-stride (1024 blocks);
//  - a 1024x1024 tiled shared-memory transpose (32x32 tiles, 32x8 threads).
// Each in free-running and in lockstep mode. Built with -include
// hipcpu/hip_runtime.h; run by bench/hipcpu/bench.sh.
//
//===----------------------------------------------------------------------===//
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

// The scheduling points are written as hipport validate's CPU build writes
// them (lib/Validate/SchedulingPoints.h), so the same kernels measure both
// modes: free-running (points present, turned off) and lockstep.
__global__ void reduceOnePerThread(const float *In, float *Out, int N) {
  __shared__ float Partial[32]; // up to 1024 threads / 32 lanes
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = I < N ? In[I] : 0.0f; HIPCPU_STEP();
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off); HIPCPU_RECONVERGE(0);
  int Lane = threadIdx.x % warpSize, Warp = threadIdx.x / warpSize;
  if (Lane == 0)
    Partial[Warp] = V; HIPCPU_RECONVERGE(0);
  __syncthreads();
  if (Warp == 0) {
    int NWarps = blockDim.x / warpSize;
    V = Lane < NWarps ? Partial[Lane] : 0.0f; HIPCPU_STEP();
    for (int Off = warpSize / 2; Off > 0; Off /= 2)
      V += __shfl_down(V, Off); HIPCPU_RECONVERGE(1);
    if (Lane == 0)
      Out[blockIdx.x] = V; HIPCPU_RECONVERGE(1);
  } HIPCPU_RECONVERGE(0);
}

__global__ void reduceGridStride(const float *In, float *Out, int N) {
  __shared__ float Partial[32];
  float V = 0.0f;
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x)
    { HIPCPU_LOOP(); V += In[I]; } HIPCPU_RECONVERGE(0);
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off); HIPCPU_RECONVERGE(0);
  int Lane = threadIdx.x % warpSize, Warp = threadIdx.x / warpSize;
  if (Lane == 0)
    Partial[Warp] = V; HIPCPU_RECONVERGE(0);
  __syncthreads();
  if (Warp == 0) {
    int NWarps = blockDim.x / warpSize;
    V = Lane < NWarps ? Partial[Lane] : 0.0f; HIPCPU_STEP();
    for (int Off = warpSize / 2; Off > 0; Off /= 2)
      V += __shfl_down(V, Off); HIPCPU_RECONVERGE(1);
    if (Lane == 0)
      Out[blockIdx.x] = V; HIPCPU_RECONVERGE(1);
  } HIPCPU_RECONVERGE(0);
}

constexpr int Tile = 32, Rows = 8;

__global__ void transpose(const float *In, float *Out, int N) {
  __shared__ float T[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x, Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    { HIPCPU_LOOP(); T[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X]; } HIPCPU_RECONVERGE(0);
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += Rows)
    { HIPCPU_LOOP(); Out[(Y + J) * N + X] = T[threadIdx.x][threadIdx.y + J]; } HIPCPU_RECONVERGE(0);
}

double LastCpu = 0; // CPU seconds of the last timed call, all threads

/// Wall seconds of Fn; LastCpu gets its process CPU time, which stays
/// meaningful when other jobs share the cores.
template <class F> double seconds(F Fn) {
  std::clock_t C0 = std::clock();
  auto T0 = std::chrono::steady_clock::now();
  Fn();
  LastCpu = double(std::clock() - C0) / CLOCKS_PER_SEC;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

int main() {
  const int N = 1 << 24;
  std::vector<float> In(N);
  double Exact = 0;
  for (int I = 0; I < N; ++I) {
    In[I] = static_cast<float>(I % 7) - 3.0f;
    Exact += In[I];
  }
  const int M = 1024;
  std::vector<float> A(M * M), B(M * M);
  for (int I = 0; I < M * M; ++I)
    A[I] = static_cast<float>(I);
  int Bad = 0;
  std::printf("%-34s %6s %9s %9s %9s %17s %s\n", "benchmark", "width", "mode",
              "wall s", "cpu s", "throughput (wall)", "check");
  for (int W : {32, 64})
  for (int Lockstep : {0, 1}) {
    hipcpu::setWarpSize(W);
    hipcpu::setLockstep(Lockstep);
    const char *Mode = Lockstep ? "lockstep" : "free";
    {
      std::vector<float> Part(N / 256);
      // Warm-up launch creates the fibers of each worker thread.
      hipLaunchKernelGGL(reduceOnePerThread, 1, 256, 0, 0, In.data(),
                         Part.data(), 256);
      double S = seconds([&] {
        hipLaunchKernelGGL(reduceOnePerThread, N / 256, 256, 0, 0, In.data(),
                           Part.data(), N);
      });
      double Sum = 0;
      for (float P : Part)
        Sum += P;
      bool Ok = Sum == Exact;
      Bad += !Ok;
      std::printf("%-34s %6d %9s %9.3f %9.3f %9.1f Melem/s %s\n",
                  "reduce 2^24, 1 elem/thread", W, Mode, S, LastCpu, N / S / 1e6,
                  Ok ? "ok" : "WRONG");
    }
    {
      std::vector<float> Part(1024);
      double S = seconds([&] {
        hipLaunchKernelGGL(reduceGridStride, 1024, 256, 0, 0, In.data(),
                           Part.data(), N);
      });
      double Sum = 0;
      for (float P : Part)
        Sum += P;
      bool Ok = Sum == Exact;
      Bad += !Ok;
      std::printf("%-34s %6d %9s %9.3f %9.3f %9.1f Melem/s %s\n",
                  "reduce 2^24, grid-stride 1024x256", W, Mode, S, LastCpu,
                  N / S / 1e6, Ok ? "ok" : "WRONG");
    }
    {
      double S = seconds([&] {
        hipLaunchKernelGGL(transpose, dim3(M / Tile, M / Tile),
                           dim3(Tile, Rows), 0, 0, A.data(), B.data(), M);
      });
      bool Ok = true;
      for (int Y = 0; Y < M && Ok; ++Y)
        for (int X = 0; X < M; ++X)
          if (B[Y * M + X] != A[X * M + Y]) {
            Ok = false;
            break;
          }
      Bad += !Ok;
      std::printf("%-34s %6d %9s %9.3f %9.3f %9.1f MB/s    %s\n",
                  "transpose 1024x1024 (32x8 tiles)", W, Mode, S, LastCpu,
                  2.0 * M * M * sizeof(float) / S / 1e6, Ok ? "ok" : "WRONG");
    }
  }
  return Bad ? 1 : 0;
}
