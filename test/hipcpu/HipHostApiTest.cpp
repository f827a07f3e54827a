//===- HipHostApiTest.cpp - the hip* host API
//------------------------------===//
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

namespace {

__device__ unsigned long long Histogram[8];

__global__ void histogramKernel(const int *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Histogram[In[I] & 7], 1ull);
}

TEST(HipHostApi, MemoryStreamsEventsSymbols) {
  hipcpu::setQuiet(true);
  const int N = 5000;
  int *In = nullptr, *Pinned = nullptr;
  ASSERT_EQ(hipMalloc(&In, N * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipHostMalloc(&Pinned, N * sizeof(int)), hipSuccess);
  std::vector<unsigned long long> Expect(8, 0);
  for (int I = 0; I < N; ++I) {
    Pinned[I] = (I * 7919) % 1000;
    ++Expect[Pinned[I] & 7];
  }
  hipStream_t S;
  hipEvent_t A, B;
  ASSERT_EQ(hipStreamCreateWithFlags(&S, hipStreamNonBlocking), hipSuccess);
  ASSERT_EQ(hipEventCreate(&A), hipSuccess);
  ASSERT_EQ(hipEventCreate(&B), hipSuccess);
  unsigned long long Zero[8] = {};
  ASSERT_EQ(hipMemcpyToSymbolAsync(HIP_SYMBOL(Histogram), Zero, sizeof Zero, 0,
                                   hipMemcpyHostToDevice, S),
            hipSuccess);
  ASSERT_EQ(
      hipMemcpyAsync(In, Pinned, N * sizeof(int), hipMemcpyHostToDevice, S),
      hipSuccess);
  hipEventRecord(A, S);
  hipLaunchKernelGGL(histogramKernel, (N + 255) / 256, 256, 0, S, In, N);
  hipEventRecord(B, S);
  ASSERT_EQ(hipStreamSynchronize(S), hipSuccess);
  unsigned long long Got[8];
  ASSERT_EQ(hipMemcpyFromSymbol(Got, HIP_SYMBOL(Histogram), sizeof Got),
            hipSuccess);
  for (int K = 0; K < 8; ++K)
    EXPECT_EQ(Got[K], Expect[K]);
  float Ms = -1;
  ASSERT_EQ(hipEventElapsedTime(&Ms, A, B), hipSuccess);
  EXPECT_GE(Ms, 0.0f);
  hipDeviceProp_t P;
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  if (!std::getenv("HIPCPU_WARP_SIZE"))
    EXPECT_EQ(P.warpSize, 64) << "the HIP spelling defaults to wave64";
  EXPECT_EQ(hipGetErrorName(hipErrorOutOfMemory),
            std::string("hipErrorOutOfMemory"));
  EXPECT_EQ(hipFree(In), hipSuccess);
  EXPECT_EQ(hipHostFree(Pinned), hipSuccess);
  hipEventDestroy(A);
  hipEventDestroy(B);
  hipStreamDestroy(S);
  hipcpu::setQuiet(false);
}

} // namespace
