//===- HipWave64BugsTest.cpp - wave64 bugs show as wrong numbers ----------===//
//
// The reason hipcpu exists: code that assumes 32 lanes is right at width 32
// and wrong at 64, and the engine reports divergence and barrier misuse
// instead of hanging. Expected values are computed on the host.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

namespace {

struct WidthGuard {
  explicit WidthGuard(int W) {
    hipcpu::setWarpSize(W);
    hipcpu::setQuiet(true);
    hipcpu::takeDiagnostics();
    (void)hipcpu::host::getLastError(); // start from a clean error state
  }
  ~WidthGuard() {
    hipcpu::setWarpSize(0);
    hipcpu::setQuiet(false);
  }
};

// The tree hardcodes 32 lanes; the leader test uses warpSize. At width 64
// lane 0 sums lanes 0-31 only and lane 32 is no leader: half is lost.
__global__ void reduceHardcoded32(const int *In, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int V = I < N ? In[I] : 0;
  for (int Off = 16; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if ((threadIdx.x & (warpSize - 1)) == 0)
    atomicAdd(Out, V);
}

__global__ void reduceWarpSize(const int *In, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int V = I < N ? In[I] : 0;
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if ((threadIdx.x & (warpSize - 1)) == 0)
    atomicAdd(Out, V);
}

std::vector<int> inputs(int N) {
  std::vector<int> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 2654435761u) % 1000;
  return In;
}

TEST(HipcpuWave64, HardcodedReductionRightAt32WrongAt64) {
  const int N = 4096;
  auto In = inputs(N);
  int Total = std::accumulate(In.begin(), In.end(), 0);
  int LowHalves = 0; // what the hardcoded tree keeps at width 64
  for (int I = 0; I < N; ++I)
    if (I % 64 < 32)
      LowHalves += In[I];
  for (int W : {32, 64}) {
    WidthGuard G(W);
    int Hard = 0, Good = 0;
    hipLaunchKernelGGL(reduceHardcoded32, N / 256, 256, 0, 0, In.data(), &Hard,
                       N);
    hipLaunchKernelGGL(reduceWarpSize, N / 256, 256, 0, 0, In.data(), &Good, N);
    EXPECT_EQ(Good, Total) << "width " << W;
    if (W == 32)
      EXPECT_EQ(Hard, Total);
    else
      EXPECT_EQ(Hard, LowHalves);
    EXPECT_NE(W == 64 ? Hard : -1, Total);
    EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
  }
}

__global__ void ballotCount(const int *In, int *Count32, int *Count64) {
  int T = threadIdx.x;
  unsigned int Narrow = __ballot(In[T] > 0); // the bug: 64-bit mask truncated
  unsigned long long Wide = __ballot(In[T] > 0);
  Count32[T] = __popc(Narrow);
  Count64[T] = __popcll(Wide);
}

TEST(HipcpuWave64, BallotInUnsignedLosesUpperLanes) {
  const int B = 128;
  std::vector<int> In(B), C32(B), C64(B);
  for (int I = 0; I < B; ++I)
    In[I] = I % 3 == 0 ? 1 : 0;
  for (int W : {32, 64}) {
    WidthGuard G(W);
    hipLaunchKernelGGL(ballotCount, 1, B, 0, 0, In.data(), C32.data(),
                       C64.data());
    for (int T = 0; T < B; ++T) {
      int Base = T - T % W, All = 0, Low = 0;
      for (int L = 0; L < W; ++L)
        if (In[Base + L] > 0) {
          ++All;
          Low += L < 32;
        }
      EXPECT_EQ(C64[T], All);
      EXPECT_EQ(C32[T], Low);
      if (W == 64)
        EXPECT_LT(C32[T], C64[T]); // lanes 32-63 vanished
      else
        EXPECT_EQ(C32[T], C64[T]);
    }
  }
}

// Planted bug: odd and even lanes shuffle at different call sites.
__global__ void divergentShuffle(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x % 2)
    V = __shfl_down(V, 1);
  else
    V = __shfl_up(V, 1);
  Out[threadIdx.x] = V;
}

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

TEST(HipcpuDiagnostics, DivergentCollectiveNamesKernelBlockLanes) {
  for (int W : {32, 64}) {
    WidthGuard G(W);
    std::vector<int> Out(W);
    hipLaunchKernelGGL(divergentShuffle, dim3(2), dim3(W), 0, 0, Out.data());
    EXPECT_EQ(hipGetLastError(), hipErrorLaunchFailure);
    EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
    auto D = hipcpu::takeDiagnostics();
    ASSERT_EQ(D.size(), 1u) << "one report per launch and bug";
    EXPECT_EQ(D[0].Severity, hipcpu::Diagnostic::Error);
    const std::string &M = D[0].Message;
    EXPECT_TRUE(contains(M, "kernel 'divergentShuffle'")) << M;
    EXPECT_TRUE(contains(M, "block (0,0,0)") || contains(M, "block (1,0,0)"))
        << M;
    EXPECT_TRUE(contains(M, "divergent warp collective")) << M;
    // Lane lists are written as sets of single lanes; check both parities.
    EXPECT_TRUE(contains(M, "lanes 0,2,4")) << M;
    EXPECT_TRUE(contains(M, "lanes 1,3,5")) << M;
    EXPECT_TRUE(contains(M, "__shfl_down")) << M;
    EXPECT_TRUE(contains(M, "__shfl_up")) << M;
    EXPECT_TRUE(contains(M, "HipWave64BugsTest.cpp")) << M;
  }
}

__global__ void divergentBarrier(int *Out) {
  if (threadIdx.x < 40)
    __syncthreads();
  else
    __syncthreads();
  Out[threadIdx.x] = 1;
}

__global__ void earlyExitBarrier(int *Out, int N) {
  if (static_cast<int>(threadIdx.x) >= N)
    return;
  __syncthreads();
  Out[threadIdx.x] = 1;
}

TEST(HipcpuDiagnostics, BarrierNotReachedByAllThreads) {
  WidthGuard G(64);
  std::vector<int> Out(128, 0);
  hipLaunchKernelGGL(divergentBarrier, 1, 128, 0, 0, Out.data());
  EXPECT_EQ(hipGetLastError(), hipErrorLaunchFailure);
  auto D = hipcpu::takeDiagnostics();
  ASSERT_EQ(D.size(), 1u);
  EXPECT_TRUE(contains(D[0].Message, "kernel 'divergentBarrier'"));
  EXPECT_TRUE(contains(D[0].Message, "threads 0-39 at")) << D[0].Message;
  EXPECT_TRUE(contains(D[0].Message, "threads 40-127 at")) << D[0].Message;
  EXPECT_EQ(std::accumulate(Out.begin(), Out.end(), 0), 128); // no hang
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
  (void)hipGetLastError();

  hipLaunchKernelGGL(earlyExitBarrier, 1, 128, 0, 0, Out.data(), 100);
  EXPECT_EQ(hipGetLastError(), hipSuccess) << "a warning, not a failure";
  D = hipcpu::takeDiagnostics();
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Severity, hipcpu::Diagnostic::Warning);
  EXPECT_TRUE(contains(D[0].Message, "threads 100-127")) << D[0].Message;
}

__global__ void syncMaskKernel(int *Out) {
  Out[threadIdx.x] =
      __shfl_down_sync(0xffffffff, static_cast<int>(threadIdx.x), 1);
}

TEST(HipcpuDiagnostics, ThirtyTwoBitSyncMaskAtWave64) {
  std::vector<int> Out(64);
  {
    WidthGuard G(32);
    hipLaunchKernelGGL(syncMaskKernel, 1, 64, 0, 0, Out.data());
    EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
  }
  {
    WidthGuard G(64);
    hipLaunchKernelGGL(syncMaskKernel, 1, 64, 0, 0, Out.data());
    auto D = hipcpu::takeDiagnostics();
    ASSERT_EQ(D.size(), 1u);
    EXPECT_TRUE(contains(D[0].Message, "mask 0xffffffff")) << D[0].Message;
    EXPECT_TRUE(contains(D[0].Message, "active lanes are 0-63"))
        << D[0].Message;
    for (int T = 0; T < 64; ++T)
      EXPECT_EQ(Out[T], T < 63 ? T + 1 : T);
  }
}

__global__ void writePastEnd(float *Buf, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Buf[I] = 1.0f; // no bounds check: the last block writes past N
  (void)N;
}

TEST(HipcpuCheckedDeathTest, OutOfBoundsWriteNamesKernelBlockThread) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        hipcpu::setChecked(true);
        float *Buf = nullptr;
        const int N = 1000; // 4 blocks of 256 cover 1024 elements
        hipMalloc(&Buf, N * sizeof(float));
        hipLaunchKernelGGL(writePastEnd, 4, 256, 0, 0, Buf, N);
      },
      "out-of-bounds write .* 0 bytes past the end of a 4000-byte device "
      "buffer .* kernel 'writePastEnd', block \\(3,0,0\\), thread "
      "\\(232,0,0\\)");
}

TEST(HipcpuChecked, InBoundsWorkIsUnaffected) {
  hipcpu::setChecked(true);
  float *Buf = nullptr;
  ASSERT_EQ(hipMalloc(&Buf, 1024 * sizeof(float)), hipSuccess);
  hipLaunchKernelGGL(writePastEnd, 4, 256, 0, 0, Buf, 1024);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  for (int I = 0; I < 1024; ++I)
    ASSERT_EQ(Buf[I], 1.0f);
  EXPECT_EQ(hipFree(Buf), hipSuccess);
  hipcpu::setChecked(false);
}

} // namespace
