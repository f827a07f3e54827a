//===- HipCoverageTest.cpp - the host, device and fp16 API real programs use -===//
#include <gtest/gtest.h>

#include <cmath>

namespace {

__global__ void fmaHalf2(__half2 *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = __hfma2(X[I], __float2half2_rn(2.0f), __floats2half2_rn(1.0f, -1.0f));
}

TEST(HipCoverage, Half2Arithmetic) {
  const int N = 64;
  __half2 *X = nullptr;
  ASSERT_EQ(hipHostAlloc(&X, N * sizeof(__half2), hipHostAllocDefault),
            hipSuccess);
  for (int I = 0; I < N; ++I)
    X[I] = __floats2half2_rn(float(I), I + 0.5f);
  ASSERT_EQ(hipFuncSetCacheConfig(fmaHalf2, hipFuncCachePreferL1), hipSuccess);
  hipLaunchKernelGGL(fmaHalf2, dim3(1), dim3(N), 0, 0, X, N);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  for (int I = 0; I < N; ++I) {
    float2 F = __half22float2(X[I]);
    EXPECT_EQ(F.x, float(__half(2.0f * I + 1)));
    EXPECT_EQ(F.y, float(__half(2.0f * I)));
  }
  __half2 S = X[1] + X[2] - __halves2half2(__half(1.0f), __half(0.0f));
  EXPECT_EQ(__low2float(S), 7.0f);
  EXPECT_EQ(__high2float(S), 6.0f);
  EXPECT_TRUE(std::isnan(float(__hmax_nan(__half(1.0f), __half(NAN)))));
  ASSERT_EQ(hipHostFree(X), hipSuccess);
}

TEST(HipCoverage, DeviceAttributesAndLimits) {
  int V = -1;
  ASSERT_EQ(hipDeviceGetAttribute(&V, hipDeviceAttributeMemoryClockRate, 0),
            hipSuccess);
  EXPECT_GT(V, 0);
  ASSERT_EQ(hipDeviceGetAttribute(&V, hipDeviceAttributeMaxBlockDimY, 0),
            hipSuccess);
  EXPECT_GT(V, 0);
  std::size_t L = 0;
  ASSERT_EQ(hipDeviceSetLimit(hipLimitStackSize, 4096), hipSuccess);
  ASSERT_EQ(hipDeviceGetLimit(&L, hipLimitStackSize), hipSuccess);
  EXPECT_EQ(L, 4096u);
  int Grid = 0, Block = 0;
  ASSERT_EQ(hipOccupancyMaxPotentialBlockSize(&Grid, &Block, fmaHalf2),
            hipSuccess);
  EXPECT_GT(Grid, 0);
  EXPECT_GT(Block, 0);
}

TEST(HipCoverage, PitchedCopiesAndArrays) {
  char Host[4][10];
  for (int R = 0; R < 4; ++R)
    for (int C = 0; C < 10; ++C)
      Host[R][C] = char(R * 10 + C);
  void *D = nullptr;
  std::size_t Pitch = 0;
  ASSERT_EQ(hipMallocPitch(&D, &Pitch, 10, 4), hipSuccess);
  EXPECT_GE(Pitch, 10u);
  ASSERT_EQ(hipMemcpy2D(D, Pitch, Host, 10, 10, 4, hipMemcpyHostToDevice),
            hipSuccess);
  hipChannelFormatDesc Desc = hipCreateChannelDesc(8, 0, 0, 0, 0);
  hipArray_t A = nullptr;
  ASSERT_EQ(hipMallocArray(&A, &Desc, 10, 4), hipSuccess);
  ASSERT_EQ(hipMemcpy2DToArray(A, 0, 0, D, Pitch, 10, 4, hipMemcpyDeviceToDevice),
            hipSuccess);
  char Back[4][10] = {};
  ASSERT_EQ(hipMemcpy2DFromArray(Back, 10, A, 0, 0, 10, 4,
                                 hipMemcpyDeviceToHost),
            hipSuccess);
  EXPECT_EQ(Back[3][9], 39);
  EXPECT_EQ(Back[1][0], 10);
  ASSERT_EQ(hipFreeArray(A), hipSuccess);
  ASSERT_EQ(hipFree(D), hipSuccess);
}

namespace cg = cooperative_groups;

// simpleCooperativeGroups' pattern: one reduction over a run-time group,
// given the block and then a 16-lane tile.
__device__ int groupSum(cg::thread_group G, int *X, int V) {
  int Lane = G.thread_rank();
  for (int I = G.size() / 2; I > 0; I /= 2) {
    X[Lane] = V;
    G.sync();
    if (Lane < I)
      V += X[Lane + I];
    G.sync();
  }
  return G.thread_rank() == 0 ? V : -1;
}
__global__ void groupSums(int *Block, int *Tiles) {
  __shared__ int Work[128];
  cg::thread_block B = cg::this_thread_block();
  int S = groupSum(B, Work, B.thread_rank());
  if (B.thread_rank() == 0)
    *Block = S;
  B.sync();
  cg::thread_block_tile<16> T16 = cg::tiled_partition<16>(B);
  cg::thread_group T = cg::tiled_partition(B, 16);
  int Off = B.thread_rank() - T.thread_rank();
  int R = groupSum(T, Work + Off, T16.thread_rank());
  if (T.thread_rank() == 0)
    Tiles[T.meta_group_rank()] = R;
}

TEST(HipCoverage, RunTimeThreadGroups) {
  for (int W : {32, 64}) {
    hipcpu::setWarpSize(W);
    int *Block = nullptr, *Tiles = nullptr;
    ASSERT_EQ(hipMallocManaged(&Block, sizeof(int)), hipSuccess);
    ASSERT_EQ(hipMallocManaged(&Tiles, 8 * sizeof(int)), hipSuccess);
    hipLaunchKernelGGL(groupSums, dim3(1), dim3(128), 0, 0, Block, Tiles);
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
    EXPECT_EQ(*Block, 127 * 128 / 2) << W;
    for (int I = 0; I < 8; ++I)
      EXPECT_EQ(Tiles[I], 15 * 16 / 2) << W << " tile " << I;
    hipFree(Block);
    hipFree(Tiles);
  }
  hipcpu::setWarpSize(64);
}

} // namespace
