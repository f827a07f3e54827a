//===- HipIntrinsicsTest.cpp - device intrinsics at widths 32 and 64 ------===//
//
// Compiled with -include hipcpu/hip_runtime.h, as a user's kernel file is.
// Each test runs its kernel at warpSize 32 and 64 and compares with values
// computed here on the host from the documented semantics (WAVE64.md), not
// from the engine's code.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

constexpr int Block = 128;

class HipWidth : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override {
    hipcpu::setWarpSize(GetParam());
    hipcpu::setQuiet(true);
    hipcpu::takeDiagnostics();
    (void)hipGetLastError(); // start from a clean error state
  }
  void TearDown() override {
    hipcpu::setWarpSize(0);
    hipcpu::setQuiet(false);
  }
  int W() const { return GetParam(); }
};

int laneOf(int Tid, int W) { return Tid % W; }

// Reference semantics, written from the HIP/CUDA documentation.
int refShflSrc(int Lane, int Src, int Width) {
  return Lane / Width * Width + ((Src % Width) + Width) % Width;
}
int refUpSrc(int Lane, int D, int Width) {
  return Lane % Width >= D ? Lane - D : Lane;
}
int refDownSrc(int Lane, int D, int Width) {
  return Lane % Width + D < Width ? Lane + D : Lane;
}
int refXorSrc(int Lane, int M, int Width) {
  int T = Lane ^ M;
  return T / Width > Lane / Width ? Lane : T; // beyond own segment: own value
}

__global__ void shuffleKernel(const int *In, int *Out, int Mode, int Arg,
                              int Width) {
  int Tid = threadIdx.x;
  int V = In[Tid];
  int R = 0;
  switch (Mode) {
  case 0:
    R = __shfl(V, Arg, Width);
    break;
  case 1:
    R = __shfl_up(V, Arg, Width);
    break;
  case 2:
    R = __shfl_down(V, Arg, Width);
    break;
  case 3:
    R = __shfl_xor(V, Arg, Width);
    break;
  case 4:
    R = __shfl_sync(~0ull, V, Arg, Width);
    break;
  case 5:
    R = __shfl_up_sync(~0ull, V, Arg, Width);
    break;
  case 6:
    R = __shfl_down_sync(~0ull, V, Arg, Width);
    break;
  case 7:
    R = __shfl_xor_sync(~0ull, V, Arg, Width);
    break;
  }
  Out[Tid] = R;
}

TEST_P(HipWidth, ShufflesFollowWidthSegments) {
  std::vector<int> In(Block), Out(Block);
  for (int I = 0; I < Block; ++I)
    In[I] = I * 7 + 3;
  for (int Mode = 0; Mode < 8; ++Mode)
    for (int Width : {W(), 16, 8, 2})
      for (int Arg : {0, 1, 3, 5, 15, 31, 33, 63}) {
        hipLaunchKernelGGL(shuffleKernel, dim3(1), dim3(Block), 0, 0, In.data(),
                           Out.data(), Mode, Arg, Width);
        ASSERT_EQ(hipGetLastError(), hipSuccess);
        for (int T = 0; T < Block; ++T) {
          int Lane = laneOf(T, W()), WarpBase = T - Lane;
          int Src = 0;
          switch (Mode % 4) {
          case 0:
            Src = refShflSrc(Lane, Arg, Width);
            break;
          case 1:
            Src = refUpSrc(Lane, Arg, Width);
            break;
          case 2:
            Src = refDownSrc(Lane, Arg, Width);
            break;
          case 3:
            Src = refXorSrc(Lane, Arg, Width);
            break;
          }
          if (Src >= W())
            Src = Lane; // no such lane in this warp
          ASSERT_EQ(Out[T], In[WarpBase + Src])
              << "mode " << Mode << " width " << Width << " arg " << Arg
              << " thread " << T;
        }
      }
}

__global__ void shuffleTypesKernel(float *F, double *D, __half *H,
                                   long long *L) {
  int T = threadIdx.x;
  F[T] = __shfl_xor(F[T], 1);
  D[T] = __shfl_down(D[T], 2);
  H[T] = __shfl(H[T], 0);
  L[T] = __shfl_up(L[T], 1);
}

TEST_P(HipWidth, ShufflesMoveEveryScalarType) {
  std::vector<float> F(Block);
  std::vector<double> D(Block);
  std::vector<__half> H(Block);
  std::vector<long long> L(Block);
  for (int I = 0; I < Block; ++I) {
    F[I] = I + 0.25f;
    D[I] = I * 1e10 + 0.5;
    H[I] = __float2half(static_cast<float>(I));
    L[I] = (1ll << 40) * I + I;
  }
  auto F0 = F;
  auto D0 = D;
  auto H0 = H;
  auto L0 = L;
  hipLaunchKernelGGL(shuffleTypesKernel, 1, Block, 0, 0, F.data(), D.data(),
                     H.data(), L.data());
  for (int T = 0; T < Block; ++T) {
    int Lane = T % W(), Base = T - Lane;
    EXPECT_EQ(F[T], F0[Base + (Lane ^ 1)]);
    EXPECT_EQ(D[T], D0[Lane + 2 < W() ? T + 2 : T]);
    EXPECT_EQ(float(H[T]), float(H0[Base]));
    EXPECT_EQ(L[T], L0[Lane >= 1 ? T - 1 : T]);
  }
}

__global__ void voteKernel(const int *Pred, unsigned long long *Ballot,
                           int *Any, int *All, unsigned long long *Active,
                           int *LaneId, int *Ws) {
  int T = threadIdx.x;
  Ballot[T] = __ballot(Pred[T]);
  Any[T] = __any(Pred[T]) + 2 * __any_sync(~0ull, Pred[T]);
  All[T] = __all(Pred[T]) + 2 * __all_sync(~0ull, Pred[T]);
  LaneId[T] = static_cast<int>(__lane_id());
  Ws[T] = warpSize;
  if (Pred[T])
    Active[T] = __activemask();
  else
    Active[T] = 0;
}

TEST_P(HipWidth, VotesAreSixtyFourBitAndPerWarp) {
  std::vector<int> Pred(Block), Any(Block), All(Block), LaneId(Block),
      Ws(Block);
  std::vector<unsigned long long> Ballot(Block), Active(Block);
  for (int Pattern = 0; Pattern < 3; ++Pattern) {
    for (int I = 0; I < Block; ++I)
      Pred[I] = Pattern == 0   ? (I % 3 == 0)
                : Pattern == 1 ? 1
                               : (I % W() == 45);
    hipLaunchKernelGGL(voteKernel, 1, Block, 0, 0, Pred.data(), Ballot.data(),
                       Any.data(), All.data(), Active.data(), LaneId.data(),
                       Ws.data());
    for (int T = 0; T < Block; ++T) {
      int Base = T - T % W();
      unsigned long long Expect = 0;
      bool AnyP = false, AllP = true;
      for (int L = 0; L < W(); ++L) {
        bool P = Pred[Base + L] != 0;
        if (P)
          Expect |= 1ull << L;
        AnyP |= P;
        AllP &= P;
      }
      EXPECT_EQ(Ballot[T], Expect) << "thread " << T;
      EXPECT_EQ(Any[T], AnyP ? 3 : 0);
      EXPECT_EQ(All[T], AllP ? 3 : 0);
      EXPECT_EQ(Active[T], Pred[T] ? Expect : 0ull);
      EXPECT_EQ(LaneId[T], T % W());
      EXPECT_EQ(Ws[T], W());
    }
  }
}

// Integer intrinsics, checked against bit-by-bit loops.
__global__ void bitsKernel(const unsigned *A, const unsigned *B,
                           unsigned *Out) {
  int T = threadIdx.x;
  unsigned X = A[T], Y = B[T];
  unsigned long long XL = (static_cast<unsigned long long>(Y) << 32) | X;
  unsigned *O = Out + T * 10;
  O[0] = __popc(X);
  O[1] = __popcll(XL);
  O[2] = __ffs(static_cast<int>(X));
  O[3] = __ffsll(static_cast<long long>(XL));
  O[4] = __clz(static_cast<int>(X));
  O[5] = __clzll(static_cast<long long>(XL));
  O[6] = __brev(X);
  O[7] = __byte_perm(X, Y, Y & 0x7777u);
  O[8] = static_cast<unsigned>(__brevll(XL) >> 32);
  O[9] = __umulhi(X, Y);
}

TEST_P(HipWidth, IntegerIntrinsicsMatchBitLoops) {
  std::vector<unsigned> A(Block), B(Block), Out(Block * 10);
  std::uint32_t S = 12345;
  for (int I = 0; I < Block; ++I) {
    S = S * 1664525u + 1013904223u;
    A[I] = I % 17 == 0 ? 0 : S >> (I % 29);
    S = S * 1664525u + 1013904223u;
    B[I] = I % 13 == 0 ? 0 : S;
  }
  hipLaunchKernelGGL(bitsKernel, 1, Block, 0, 0, A.data(), B.data(),
                     Out.data());
  for (int T = 0; T < Block; ++T) {
    unsigned X = A[T], Y = B[T];
    unsigned long long XL = (static_cast<unsigned long long>(Y) << 32) | X;
    unsigned Pop = 0, PopL = 0, Ffs = 0, FfsL = 0, Clz = 32, ClzL = 64, Rev = 0,
             RevHi = 0;
    for (int K = 0; K < 32; ++K)
      Pop += (X >> K) & 1;
    for (int K = 0; K < 64; ++K)
      PopL += (XL >> K) & 1;
    for (int K = 31; K >= 0; --K)
      if ((X >> K) & 1)
        Ffs = K + 1;
    for (int K = 63; K >= 0; --K)
      if ((XL >> K) & 1)
        FfsL = K + 1;
    for (int K = 0; K < 32; ++K)
      if ((X >> K) & 1) {
        Clz = 31 - K;
      }
    for (int K = 0; K < 64; ++K)
      if ((XL >> K) & 1)
        ClzL = 63 - K;
    for (int K = 0; K < 32; ++K)
      Rev |= ((X >> K) & 1u) << (31 - K);
    // High word of the 64-bit reverse is the reverse of the low word.
    RevHi = Rev;
    unsigned char Bytes[8];
    for (int K = 0; K < 4; ++K) {
      Bytes[K] = (X >> (8 * K)) & 0xFF;
      Bytes[K + 4] = (Y >> (8 * K)) & 0xFF;
    }
    unsigned Sel = Y & 0x7777u, Perm = 0;
    for (int K = 0; K < 4; ++K)
      Perm |= static_cast<unsigned>(Bytes[(Sel >> (4 * K)) & 7]) << (8 * K);
    unsigned *O = &Out[T * 10];
    EXPECT_EQ(O[0], Pop);
    EXPECT_EQ(O[1], PopL);
    EXPECT_EQ(O[2], Ffs);
    EXPECT_EQ(O[3], FfsL);
    EXPECT_EQ(O[4], Clz);
    EXPECT_EQ(O[5], ClzL);
    EXPECT_EQ(O[6], Rev);
    EXPECT_EQ(O[7], Perm);
    EXPECT_EQ(O[8], RevHi);
    EXPECT_EQ(O[9], static_cast<unsigned>(
                        (static_cast<unsigned long long>(X) * Y) >> 32));
  }
}

__global__ void barrierKernel(const int *Pred, int *Out) {
  int T = threadIdx.x;
  Out[T * 3 + 0] = __syncthreads_count(Pred[T]);
  Out[T * 3 + 1] = __syncthreads_and(Pred[T]);
  Out[T * 3 + 2] = __syncthreads_or(Pred[T]);
}

TEST_P(HipWidth, BarrierReductions) {
  std::vector<int> Pred(Block), Out(Block * 3);
  for (int Pattern = 0; Pattern < 3; ++Pattern) {
    int Count = 0;
    for (int I = 0; I < Block; ++I) {
      Pred[I] = Pattern == 0 ? (I % 5 == 1) : Pattern == 1 ? 1 : 0;
      Count += Pred[I] != 0;
    }
    hipLaunchKernelGGL(barrierKernel, 1, Block, 0, 0, Pred.data(), Out.data());
    for (int T = 0; T < Block; ++T) {
      EXPECT_EQ(Out[T * 3 + 0], Count);
      EXPECT_EQ(Out[T * 3 + 1] != 0, Count == Block);
      EXPECT_EQ(Out[T * 3 + 2] != 0, Count > 0);
    }
  }
}

// Each block fills its static shared array and reads a neighbour's slot
// after __syncthreads: isolation between blocks running concurrently.
__global__ void sharedKernel(int *Out) {
  __shared__ int Tile[Block];
  int T = threadIdx.x;
  Tile[T] = static_cast<int>(blockIdx.x) * 1000 + T;
  __syncthreads();
  Out[blockIdx.x * Block + T] = Tile[(T + 1) % Block];
}

TEST_P(HipWidth, StaticSharedIsPerBlock) {
  constexpr int Blocks = 64;
  std::vector<int> Out(Blocks * Block);
  hipLaunchKernelGGL(sharedKernel, Blocks, Block, 0, 0, Out.data());
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Block; ++T)
      ASSERT_EQ(Out[B * Block + T], B * 1000 + (T + 1) % Block);
}

extern __shared__ float ExternTile[];
HIPCPU_DYNAMIC_SHARED_STORAGE(float, ExternTile);

__global__ void dynamicSharedKernel(float *Out, int N) {
  HIP_DYNAMIC_SHARED(double, Tile);
  int T = threadIdx.x;
  Tile[T] = T * 0.5 + blockIdx.x;
  ExternTile[T] = static_cast<float>(T) * 2.0f;
  __syncthreads();
  Out[blockIdx.x * N + T] =
      static_cast<float>(Tile[N - 1 - T]) + ExternTile[(T + 3) % N];
}

TEST_P(HipWidth, DynamicSharedBothSpellings) {
  constexpr int Blocks = 8;
  std::vector<float> Out(Blocks * Block);
  hipLaunchKernelGGL(dynamicSharedKernel, Blocks, Block, Block * sizeof(double),
                     0, Out.data(), Block);
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Block; ++T)
      ASSERT_EQ(Out[B * Block + T],
                static_cast<float>((Block - 1 - T) * 0.5 + B) +
                    static_cast<float>((T + 3) % Block) * 2.0f);
}

__global__ void indexKernel(uint4 *Out) {
  int Linear =
      threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int Block3 = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int PerBlock = blockDim.x * blockDim.y * blockDim.z;
  Out[Block3 * PerBlock + Linear] = make_uint4(
      threadIdx.x | threadIdx.y << 8 | threadIdx.z << 16,
      blockIdx.x | blockIdx.y << 8 | blockIdx.z << 16, __lane_id(), warpSize);
}

TEST_P(HipWidth, ThreeDimensionalIndices) {
  dim3 Grid(3, 2, 2), Blk(8, 4, 3);
  int PerBlock = 96, Blocks = 12;
  std::vector<uint4> Out(PerBlock * Blocks);
  hipLaunchKernelGGL(indexKernel, Grid, Blk, 0, 0, Out.data());
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < PerBlock; ++T) {
      uint4 V = Out[B * PerBlock + T];
      unsigned Tx = T % 8, Ty = T / 8 % 4, Tz = T / 32;
      unsigned Bx = B % 3, By = B / 3 % 2, Bz = B / 6;
      EXPECT_EQ(V.x, Tx | Ty << 8 | Tz << 16);
      EXPECT_EQ(V.y, Bx | By << 8 | Bz << 16);
      EXPECT_EQ(V.z, static_cast<unsigned>(T % W()));
      EXPECT_EQ(V.w, static_cast<unsigned>(W()));
    }
}

namespace cg = cooperative_groups;

template <unsigned N>
__global__ void tileKernel(const int *In, int *Sum, unsigned long long *Ballot,
                           int *Rank) {
  cg::thread_block Blk = cg::this_thread_block();
  auto Tile = cg::tiled_partition<N>(Blk);
  int T = Blk.thread_rank();
  int V = In[T];
  for (unsigned Off = N / 2; Off > 0; Off /= 2)
    V += Tile.shfl_down(V, Off);
  V = Tile.shfl(V, 0);
  Tile.sync();
  Sum[T] = V;
  Ballot[T] = Tile.ballot(In[T] % 2);
  Rank[T] = Tile.thread_rank() + 1000 * Tile.meta_group_rank();
  Blk.sync();
}

template <unsigned N> void checkTile(int W) {
  std::vector<int> In(Block), Sum(Block), Rank(Block);
  std::vector<unsigned long long> Ballot(Block);
  for (int I = 0; I < Block; ++I)
    In[I] = (I * 37) % 11;
  hipLaunchKernelGGL(tileKernel<N>, 1, Block, 0, 0, In.data(), Sum.data(),
                     Ballot.data(), Rank.data());
  ASSERT_EQ(hipGetLastError(), hipSuccess) << "tile " << N << " width " << W;
  for (int T = 0; T < Block; ++T) {
    int Base = T / N * N, S = 0;
    unsigned long long B = 0;
    for (unsigned K = 0; K < N; ++K) {
      S += In[Base + K];
      if (In[Base + K] % 2)
        B |= 1ull << K;
    }
    EXPECT_EQ(Sum[T], S) << "tile " << N << " thread " << T;
    EXPECT_EQ(Ballot[T], B);
    EXPECT_EQ(Rank[T], static_cast<int>(T % N + 1000 * (T / N)));
  }
}

TEST_P(HipWidth, CooperativeGroupTiles) {
  checkTile<4>(W());
  checkTile<16>(W());
  checkTile<32>(W());
  if (W() == 64)
    checkTile<64>(W());
  EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
}

__global__ void atomicKernel(int *I, unsigned *U, unsigned long long *UL,
                             float *F, double *D) {
  int T = threadIdx.x + blockIdx.x * blockDim.x;
  atomicAdd(&I[0], T);
  atomicSub(&I[1], T);
  atomicMin(&I[2], -T);
  atomicMax(&I[3], T);
  atomicAnd(&I[4], ~(1 << (T % 31)));
  atomicOr(&I[5], 1 << (T % 31));
  atomicXor(&I[6], T);
  atomicCAS(&I[7], T, T + 1); // increments only in thread order, if at all
  atomicExch(&I[8], 7);
  atomicAdd(&U[0], 2u);
  atomicInc(&U[1], 9u);
  atomicDec(&U[2], 9u);
  atomicMax(&U[3], static_cast<unsigned>(T));
  atomicAdd(&UL[0], 1ull << 33);
  atomicOr(&UL[1], 1ull << (T % 64));
  atomicCAS(&UL[2], 0ull, 5ull);
  atomicAdd(&F[0], 0.5f);
  atomicMax(&F[1], static_cast<float>(T));
  atomicMin(&F[2], -static_cast<float>(T));
  atomicExch(&F[3], 2.5f);
  atomicAdd(&D[0], 0.25);
  atomicSub(&D[1], 1.0);
}

TEST_P(HipWidth, AtomicsAcrossConcurrentBlocks) {
  constexpr int Blocks = 32, N = Blocks * Block;
  std::vector<int> I(9, 0);
  I[2] = 0;
  I[4] = -1;
  I[7] = 0;
  std::vector<unsigned> U(4, 0);
  U[2] = 0;
  std::vector<unsigned long long> UL(3, 0);
  std::vector<float> F(4, 0.0f);
  std::vector<double> D(2, 0.0);
  hipLaunchKernelGGL(atomicKernel, Blocks, Block, 0, 0, I.data(), U.data(),
                     UL.data(), F.data(), D.data());
  long long Sum = 1ll * N * (N - 1) / 2;
  int Xor = 0;
  for (int T = 0; T < N; ++T)
    Xor ^= T;
  EXPECT_EQ(I[0], static_cast<int>(Sum));
  EXPECT_EQ(I[1], static_cast<int>(-Sum));
  EXPECT_EQ(I[2], -(N - 1));
  EXPECT_EQ(I[3], N - 1);
  EXPECT_EQ(I[4], static_cast<int>(0x80000000u));
  EXPECT_EQ(I[5], 0x7FFFFFFF);
  EXPECT_EQ(I[6], Xor);
  EXPECT_GE(I[7], 1); // thread 0 always finds 0
  EXPECT_EQ(I[8], 7);
  EXPECT_EQ(U[0], 2u * N);
  EXPECT_EQ(U[1], static_cast<unsigned>(N % 10)); // wraps at 9 -> 0
  // atomicDec from 0 wraps to 9, then counts down: N steps.
  unsigned Dec = 0;
  for (int K = 0; K < N; ++K)
    Dec = (Dec == 0 || Dec > 9) ? 9 : Dec - 1;
  EXPECT_EQ(U[2], Dec);
  EXPECT_EQ(U[3], static_cast<unsigned>(N - 1));
  EXPECT_EQ(UL[0], static_cast<unsigned long long>(N) << 33);
  EXPECT_EQ(UL[1], ~0ull);
  EXPECT_EQ(UL[2], 5ull);
  EXPECT_EQ(F[0], 0.5f * N); // exact: all partial sums are representable
  EXPECT_EQ(F[1], static_cast<float>(N - 1));
  EXPECT_EQ(F[2], -static_cast<float>(N - 1));
  EXPECT_EQ(F[3], 2.5f);
  EXPECT_EQ(D[0], 0.25 * N);
  EXPECT_EQ(D[1], -1.0 * N);
}

__global__ void syncwarpKernel(int *Buf, int *Out) {
  int T = threadIdx.x;
  Buf[T] = T * 2;
  __syncwarp();
  int Lane = __lane_id();
  int Partner = T - Lane + (Lane + 1) % warpSize;
  Out[T] = Buf[Partner];
}

TEST_P(HipWidth, SyncwarpOrdersWarpMemory) {
  std::vector<int> Buf(Block, -1), Out(Block);
  hipLaunchKernelGGL(syncwarpKernel, 1, Block, 0, 0, Buf.data(), Out.data());
  for (int T = 0; T < Block; ++T) {
    int Lane = T % W();
    EXPECT_EQ(Out[T], (T - Lane + (Lane + 1) % W()) * 2);
  }
  EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
}

INSTANTIATE_TEST_SUITE_P(Widths, HipWidth, ::testing::Values(32, 64),
                         [](const auto &Info) {
                           return "wave" + std::to_string(Info.param);
                         });

//===----------------------------------------------------------------------===//
// Width-independent pieces.
//===----------------------------------------------------------------------===//
TEST(HipcpuScalars, HalfAndBfloat16RoundToNearestEven) {
  // Values and their binary16 encodings from IEEE 754.
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f)), 0x3C00);
  EXPECT_EQ(__half_as_ushort(__float2half(-2.0f)), 0xC000);
  EXPECT_EQ(__half_as_ushort(__float2half(65504.0f)), 0x7BFF);
  EXPECT_EQ(__half_as_ushort(__float2half(1e6f)), 0x7C00);
  EXPECT_EQ(__half_as_ushort(__float2half(5.960464477539063e-08f)), 0x0001);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0).
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f + 1.0f / 2048)), 0x3C00);
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f + 3.0f / 2048)), 0x3C02);
  for (unsigned B = 0; B < 0x7C00; B += 7) // every finite value round-trips
    ASSERT_EQ(__half_as_ushort(__float2half(__half2float(__ushort_as_half(B)))),
              B);
  EXPECT_EQ(float(__hadd(__float2half(1.5f), __float2half(2.25f))), 3.75f);
  EXPECT_EQ(__bfloat162float(__float2bfloat16(1.0f + 1.0f / 256)), 1.0f);
  EXPECT_EQ(__bfloat162float(__float2bfloat16(1.0f + 3.0f / 256)),
            1.0f + 1.0f / 64);
  EXPECT_EQ(float(__nv_bfloat16(3.0f) * __nv_bfloat16(0.5f)), 1.5f);
}

TEST(HipcpuScalars, VectorTypesAndFastMath) {
  EXPECT_EQ(alignof(float4), 16u);
  EXPECT_EQ(alignof(float2), 8u);
  EXPECT_EQ(alignof(double2), 16u);
  EXPECT_EQ(sizeof(float3), 12u);
  EXPECT_EQ(alignof(int4), 16u);
  float4 V = make_float4(1, 2, 3, 4);
  EXPECT_EQ(V.x + V.y + V.z + V.w, 10.0f);
  EXPECT_EQ(__fdividef(1.0f, 4.0f), 0.25f);
  EXPECT_EQ(rsqrtf(4.0f), 0.5f);
  EXPECT_EQ(__fmaf_rn(2.0f, 3.0f, 1.0f), 7.0f);
  EXPECT_EQ(__saturatef(1.5f), 1.0f);
  EXPECT_EQ(__saturatef(-0.5f), 0.0f);
  EXPECT_EQ(__float_as_uint(1.0f), 0x3F800000u);
  EXPECT_EQ(__float2int_rn(2.5f), 2);
  EXPECT_EQ(__float2int_rn(3.5f), 4);
  EXPECT_NEAR(__expf(1.0f), 2.718281828f, 1e-6);
  int X = 5;
  EXPECT_EQ(__ldg(&X), 5);
  EXPECT_EQ(min(3, 7u), 3u);
  EXPECT_EQ(max(-1.0f, 2.0f), 2.0f);
}

} // namespace
