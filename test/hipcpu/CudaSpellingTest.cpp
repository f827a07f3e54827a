//===- CudaSpellingTest.cpp - the CUDA spelling and the host API ----------===//
//
// Compiled with -include hipcpu/cuda_runtime.h: 32-bit masks, default width
// 32, and the cuda* host API (memory, symbols, streams, events, errors).
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

static_assert(std::is_same_v<decltype(__ballot_sync(0u, 1)), unsigned int>,
              "CUDA's ballot is 32-bit");
static_assert(std::is_same_v<decltype(__activemask()), unsigned int>,
              "CUDA's activemask is 32-bit");

struct Quiet {
  explicit Quiet(int W = 0) {
    hipcpu::setWarpSize(W);
    hipcpu::setQuiet(true);
    hipcpu::takeDiagnostics();
    (void)hipcpu::host::getLastError(); // start from a clean error state
  }
  ~Quiet() {
    hipcpu::setWarpSize(0);
    hipcpu::setQuiet(false);
  }
};

__global__ void widthKernel(int *Out) { Out[threadIdx.x] = warpSize; }

TEST(CudaSpelling, DefaultWidthIs32AndPropertiesAgree) {
  if (std::getenv("HIPCPU_WARP_SIZE"))
    GTEST_SKIP() << "HIPCPU_WARP_SIZE overrides the spelling's default";
  Quiet Q;
  std::vector<int> Out(8);
  hipLaunchKernelGGL(widthKernel, 1, 8, 0, 0, Out.data());
  EXPECT_EQ(Out[0], 32);
  cudaDeviceProp P;
  ASSERT_EQ(cudaGetDeviceProperties(&P, 0), cudaSuccess);
  EXPECT_EQ(P.warpSize, 32);
  int A = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&A, cudaDevAttrWarpSize, 0), cudaSuccess);
  EXPECT_EQ(A, 32);
  hipcpu::setWarpSize(64);
  ASSERT_EQ(cudaGetDeviceProperties(&P, 0), cudaSuccess);
  EXPECT_EQ(P.warpSize, 64);
}

__global__ void ballotSyncKernel(const int *In, unsigned *Out) {
  unsigned M = __ballot_sync(0xffffffffu, In[threadIdx.x]);
  Out[threadIdx.x] = M;
}

TEST(CudaSpelling, BallotSyncIs32BitAtBothWidths) {
  const int B = 128;
  std::vector<int> In(B);
  std::vector<unsigned> Out(B);
  for (int I = 0; I < B; ++I)
    In[I] = (I % 5) == 0 || I % 64 == 40;
  for (int W : {32, 64}) {
    Quiet Q(W);
    hipLaunchKernelGGL(ballotSyncKernel, 1, B, 0, 0, In.data(), Out.data());
    for (int T = 0; T < B; ++T) {
      unsigned Expect = 0;
      int Base = T - T % W;
      for (int L = 0; L < 32; ++L) // only lanes the 32-bit mask can name
        if (In[Base + L])
          Expect |= 1u << L;
      EXPECT_EQ(Out[T], Expect) << "width " << W << " thread " << T;
    }
    // CUDA's rule: all lanes named by the mask take part; extra lanes at
    // width 64 are not an error in this spelling.
    EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
  }
}

__global__ void partialMaskKernel(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 16)
    V = __shfl_xor_sync(0xffffffffu, V, 1); // names lanes 16-31, which skip
  __syncthreads(); // lanes 16-31 wait here, alive, while 0-15 shuffle
  Out[threadIdx.x] = V;
}

TEST(CudaSpelling, SyncMaskNamingAbsentLanesIsReported) {
  Quiet Q(32);
  std::vector<int> Out(32);
  hipLaunchKernelGGL(partialMaskKernel, 1, 32, 0, 0, Out.data());
  auto D = hipcpu::takeDiagnostics();
  ASSERT_EQ(D.size(), 1u);
  EXPECT_NE(D[0].Message.find("CUDA requires every lane named"),
            std::string::npos)
      << D[0].Message;
  for (int T = 0; T < 32; ++T)
    EXPECT_EQ(Out[T], T < 16 ? (T ^ 1) : T);
}

__device__ int DeviceCounter;
__constant__ float Coeffs[4];

__global__ void symbolKernel(float *Out) {
  Out[threadIdx.x] = Coeffs[threadIdx.x % 4] * 2.0f;
  atomicAdd(&DeviceCounter, 1);
}

TEST(CudaHostApi, MemoryAndSymbols) {
  Quiet Q;
  const int N = 256;
  float *D = nullptr, *H = nullptr, *M = nullptr;
  ASSERT_EQ(cudaMalloc(&D, N * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&H, N * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&M, N * sizeof(float)), cudaSuccess);
  for (int I = 0; I < N; ++I)
    H[I] = I * 1.5f;
  ASSERT_EQ(cudaMemcpy(D, H, N * sizeof(float), cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cudaMemset(M, 0, N * sizeof(float)), cudaSuccess);
  ASSERT_EQ(
      cudaMemcpyAsync(M, D, N / 2 * sizeof(float), cudaMemcpyDeviceToDevice, 0),
      cudaSuccess);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(M[I], I < N / 2 ? I * 1.5f : 0.0f);
  ASSERT_EQ(cudaMemsetAsync(D, 0xFF, sizeof(float)), cudaSuccess);
  unsigned Bits;
  std::memcpy(&Bits, D, 4);
  EXPECT_EQ(Bits, 0xFFFFFFFFu);

  float C[4] = {1, 2, 3, 4};
  int Zero = 0, Count = -1;
  ASSERT_EQ(cudaMemcpyToSymbol(Coeffs, C, sizeof C), cudaSuccess);
  ASSERT_EQ(cudaMemcpyToSymbol(DeviceCounter, &Zero, sizeof Zero), cudaSuccess);
  hipLaunchKernelGGL(symbolKernel, 2, 64, 0, 0, D);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromSymbol(&Count, DeviceCounter, sizeof Count),
            cudaSuccess);
  EXPECT_EQ(Count, 128);
  for (int I = 0; I < 64; ++I)
    EXPECT_EQ(D[I], C[I % 4] * 2.0f);
  EXPECT_EQ(cudaMemcpyToSymbol(Coeffs, C, sizeof C, 8), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaFree(D), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(H), cudaSuccess);
  EXPECT_EQ(cudaFree(M), cudaSuccess);
}

__global__ void spinKernel(int *Out, int Iters) {
  volatile int X = 0;
  for (int I = 0; I < Iters; ++I)
    X = X + 1;
  Out[blockIdx.x * blockDim.x + threadIdx.x] = X;
}

TEST(CudaHostApi, StreamsAndEventTiming) {
  Quiet Q;
  cudaStream_t S;
  cudaEvent_t A, B, C;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&A), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&B), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&C), cudaSuccess);
  std::vector<int> Out(4 * 64);
  auto T0 = std::chrono::steady_clock::now();
  cudaEventRecord(A, S);
  hipLaunchKernelGGL(spinKernel, 4, 64, 0, S, Out.data(), 20000);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  cudaEventRecord(B, S);
  auto T1 = std::chrono::steady_clock::now();
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(B), cudaSuccess);
  for (int V : Out)
    ASSERT_EQ(V, 20000); // in order: the kernel finished before the record
  float Ms = -1;
  ASSERT_EQ(cudaEventElapsedTime(&Ms, A, B), cudaSuccess);
  double Wall = std::chrono::duration<double, std::milli>(T1 - T0).count();
  EXPECT_GE(Ms, 20.0f);
  EXPECT_LE(Ms, Wall + 1.0);
  EXPECT_EQ(cudaEventElapsedTime(&Ms, A, C), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess) << "GetLastError resets";
  EXPECT_EQ(cudaStreamQuery(S), cudaSuccess);
  cudaEventDestroy(A);
  cudaEventDestroy(B);
  cudaEventDestroy(C);
  cudaStreamDestroy(S);
}

__global__ void argvKernel(int *Out, int Scale, double Offset) {
  Out[threadIdx.x] = static_cast<int>(threadIdx.x * Scale + Offset);
}

TEST(CudaHostApi, ErrorsAndLaunchForms) {
  Quiet Q;
  std::vector<int> Out(32);
  int *P = Out.data();
  int Scale = 3;
  double Offset = 0.5 + 7;
  void *Args[] = {&P, &Scale, &Offset};
  ASSERT_EQ(cudaLaunchKernel(argvKernel, dim3(1), dim3(32), Args, 0, nullptr),
            cudaSuccess);
  for (int T = 0; T < 32; ++T)
    EXPECT_EQ(Out[T], T * 3 + 7);

  EXPECT_EQ(cudaLaunchKernel(argvKernel, dim3(1), dim3(2048), Args),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(P, P, 4, static_cast<cudaMemcpyKind>(9)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidMemcpyDirection),
               "cudaErrorInvalidMemcpyDirection");
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  int N = 0;
  EXPECT_EQ(cudaGetDeviceCount(&N), cudaSuccess);
  EXPECT_EQ(N, 1);
}

} // namespace
