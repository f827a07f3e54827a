// Fidelity kernels: one CUDA source built two ways and compared.
//   GPU:    nvcc -arch=sm_90 -O2 -x cu fidelity.cu -o fidelity-gpu
//   hipcpu: g++ -std=c++17 -O2 -x c++ -I runtime/hipcpu/include
//           -include hipcpu/cuda_runtime.h fidelity.cu -lhipcpu ...
// Each run writes every output array to one file (argv[1]); compare.py
// compares the two files: integers bitwise, floating point within the ULP
// bounds stated there.
#include <cstdio>
#include <cstring>
#include <vector>
#ifdef __CUDACC__
#include <cooperative_groups.h>
#define hipLaunchKernelGGL(k, g, b, s, st, ...) k<<<(g), (b), (s), (st)>>>(__VA_ARGS__)
#endif
namespace cg = cooperative_groups;

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e));             \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static FILE *Out;
// Record: 48-byte name, 4-byte type ('i','u','f','d','h'), 4-byte count, data.
template <class T> int dump(const char *Name, char Type, T *Dev, int N) {
  std::vector<T> H(N);
  CHECK(cudaMemcpy(H.data(), Dev, N * sizeof(T), cudaMemcpyDeviceToHost));
  char Hdr[56] = {};
  std::strncpy(Hdr, Name, 47);
  Hdr[48] = Type;
  std::memcpy(Hdr + 52, &N, 4);
  std::fwrite(Hdr, 1, 56, Out);
  std::fwrite(H.data(), sizeof(T), N, Out);
  return 0;
}

constexpr int B = 256, G = 8, N = B * G;

__global__ void shuffles(const int *In, int *O) {
  int T = blockIdx.x * blockDim.x + threadIdx.x, V = In[T];
  int K = 0;
  for (int W = 32; W >= 2; W /= 2) {
    O[(K++) * N + T] = __shfl_sync(0xffffffffu, V, (T * 7) % 37, W);
    O[(K++) * N + T] = __shfl_up_sync(0xffffffffu, V, 3, W);
    O[(K++) * N + T] = __shfl_down_sync(0xffffffffu, V, 5, W);
    O[(K++) * N + T] = __shfl_xor_sync(0xffffffffu, V, 9, W);
  }
}

__global__ void votes(const int *In, unsigned *O) {
  int T = blockIdx.x * blockDim.x + threadIdx.x, V = In[T];
  O[0 * N + T] = __ballot_sync(0xffffffffu, V % 3 == 0);
  O[1 * N + T] = __any_sync(0xffffffffu, V == 77);
  O[2 * N + T] = __all_sync(0xffffffffu, V >= 0);
  O[3 * N + T] = 0;
  if (V % 4 == 1)
    O[3 * N + T] = __activemask();
  __syncwarp();
  unsigned X = static_cast<unsigned>(V) * 2654435761u;
  O[4 * N + T] = __popc(X);
  O[5 * N + T] = __popcll((unsigned long long)X << 20 | X);
  O[6 * N + T] = __ffs((int)(X & 0xFFF000u));
  O[7 * N + T] = __clz((int)(X >> (V % 31)));
  O[8 * N + T] = __brev(X);
  O[9 * N + T] = __byte_perm(X, ~X, X & 0x7777u);
  O[10 * N + T] = __clzll((long long)X << (V % 40));
  O[11 * N + T] = __ffsll((long long)X << 31);
}

__global__ void blockReduce(const float *In, float *FOut, int *IOut) {
  __shared__ float WarpSums[32];
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[T];
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down_sync(0xffffffffu, V, Off);
  if (threadIdx.x % warpSize == 0)
    WarpSums[threadIdx.x / warpSize] = V;
  __syncthreads();
  if (threadIdx.x == 0) {
    float S = 0;
    for (int W = 0; W < (int)(blockDim.x / warpSize); ++W)
      S += WarpSums[W];
    FOut[blockIdx.x] = S;
  }
  int C = __syncthreads_count(In[T] > 0.5f);
  int A = __syncthreads_and(In[T] > -2.0f);
  int O = __syncthreads_or(In[T] > 0.99f);
  if (threadIdx.x == 0) {
    IOut[blockIdx.x * 3 + 0] = C;
    IOut[blockIdx.x * 3 + 1] = A != 0;
    IOut[blockIdx.x * 3 + 2] = O != 0;
  }
}

__global__ void tiles(const int *In, int *O) {
  cg::thread_block Blk = cg::this_thread_block();
  cg::thread_block_tile<16> Tile = cg::tiled_partition<16>(Blk);
  int T = blockIdx.x * blockDim.x + threadIdx.x, V = In[T];
  for (int Off = 8; Off > 0; Off /= 2)
    V += Tile.shfl_down(V, Off);
  O[T] = Tile.shfl(V, 0);
  O[N + T] = (int)Tile.ballot(In[T] & 1);
  O[2 * N + T] = Tile.shfl_xor(In[T], 5) * 1000 + Tile.thread_rank() +
                 100 * Tile.meta_group_rank();
  Tile.sync();
}

__device__ int Counters[8];
__device__ float FSum;
__device__ double DSum;

__global__ void atomics(const int *In) {
  int T = blockIdx.x * blockDim.x + threadIdx.x, V = In[T];
  atomicAdd(&Counters[0], V);
  atomicMax(&Counters[1], V * 3 - 500);
  atomicMin(&Counters[2], V * 3 - 500);
  atomicOr(&Counters[3], 1 << (V % 31));
  atomicXor(&Counters[4], V * 7919);
  atomicInc((unsigned *)&Counters[5], 100u);
  atomicAnd(&Counters[6], ~(1 << (V % 29)));
  atomicSub(&Counters[7], V);
  atomicAdd(&FSum, (V % 16) * 0.0625f); // exactly representable sums
  atomicAdd(&DSum, V * 0.5);
}

__global__ void math(const float *X, float *O) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  float V = X[T];
  float *R = O + T;
  R[0 * N] = expf(V);
  R[1 * N] = logf(fabsf(V) + 1e-3f);
  R[2 * N] = sinf(V);
  R[3 * N] = cosf(V);
  R[4 * N] = sqrtf(fabsf(V));
  R[5 * N] = rsqrtf(fabsf(V) + 0.5f);
  R[6 * N] = fmaf(V, 1.25f, -0.5f);
  R[7 * N] = V / 3.0f;
  R[8 * N] = tanhf(V);
  R[9 * N] = powf(fabsf(V), 1.7f);
  R[10 * N] = __expf(V);
  R[11 * N] = __fdividef(V, 3.0f);
  R[12 * N] = __sinf(V);
  R[13 * N] = __logf(fabsf(V) + 1e-3f);
}

__global__ void halves(const float *X, unsigned short *O, float *F) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  __half H = __float2half(X[T] * 37.0f);
  __nv_bfloat16 Bf = __float2bfloat16(X[T] * 37.0f);
  O[T] = __half_as_ushort(H);
  unsigned short Bits;
  std::memcpy(&Bits, &Bf, 2);
  O[N + T] = Bits;
  F[T] = __half2float(__hadd(H, __float2half(1.5f)));
  F[N + T] = __bfloat162float(Bf);
}

constexpr int M = 256, Tl = 32;
__global__ void transpose(const float *In, float *O) {
  __shared__ float S[Tl][Tl + 1];
  int X = blockIdx.x * Tl + threadIdx.x, Y = blockIdx.y * Tl + threadIdx.y;
  for (int J = 0; J < Tl; J += 8)
    S[threadIdx.y + J][threadIdx.x] = In[(Y + J) * M + X];
  __syncthreads();
  X = blockIdx.y * Tl + threadIdx.x;
  Y = blockIdx.x * Tl + threadIdx.y;
  for (int J = 0; J < Tl; J += 8)
    O[(Y + J) * M + X] = S[threadIdx.x][threadIdx.y + J];
}

template <class T> T *devAlloc(int Count) {
  T *P = nullptr;
  cudaMalloc(&P, Count * sizeof(T));
  cudaMemset(P, 0, Count * sizeof(T));
  return P;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s out.bin\n", argv[0]);
    return 2;
  }
  Out = std::fopen(argv[1], "wb");
  std::vector<int> HI(N);
  std::vector<float> HF(N);
  unsigned S = 2463534242u;
  for (int I = 0; I < N; ++I) {
    S ^= S << 13;
    S ^= S >> 17;
    S ^= S << 5;
    HI[I] = (int)(S % 1000);
    HF[I] = ((int)(S % 20001) - 10000) / 1000.0f; // [-10, 10]
  }
  int *DI = devAlloc<int>(N);
  float *DF = devAlloc<float>(N);
  CHECK(cudaMemcpy(DI, HI.data(), N * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DF, HF.data(), N * 4, cudaMemcpyHostToDevice));

  int *OS = devAlloc<int>(20 * N);
  hipLaunchKernelGGL(shuffles, G, B, 0, 0, DI, OS);
  CHECK(cudaDeviceSynchronize());
  if (dump("shuffles", 'i', OS, 20 * N)) return 1;

  unsigned *OV = devAlloc<unsigned>(12 * N);
  hipLaunchKernelGGL(votes, G, B, 0, 0, DI, OV);
  CHECK(cudaDeviceSynchronize());
  if (dump("votes_and_bits", 'u', OV, 12 * N)) return 1;

  // Block sums of values with few significant bits: exact in any order.
  std::vector<float> HQ(N);
  for (int I = 0; I < N; ++I)
    HQ[I] = (HI[I] % 64) / 64.0f;
  float *DQ = devAlloc<float>(N), *FR = devAlloc<float>(G);
  int *IR = devAlloc<int>(3 * G);
  CHECK(cudaMemcpy(DQ, HQ.data(), N * 4, cudaMemcpyHostToDevice));
  hipLaunchKernelGGL(blockReduce, G, B, 0, 0, DQ, FR, IR);
  CHECK(cudaDeviceSynchronize());
  if (dump("block_reduce_sum", 'f', FR, G) || dump("syncthreads_count_and_or", 'i', IR, 3 * G))
    return 1;

  int *OT = devAlloc<int>(3 * N);
  hipLaunchKernelGGL(tiles, G, B, 0, 0, DI, OT);
  CHECK(cudaDeviceSynchronize());
  if (dump("cg_tile16", 'i', OT, 3 * N)) return 1;

  int Init[8] = {0, -1000000, 1000000, 0, 0, 0, -1, 0};
  float FZ = 0;
  double DZ = 0;
  CHECK(cudaMemcpyToSymbol(Counters, Init, sizeof Init));
  CHECK(cudaMemcpyToSymbol(FSum, &FZ, sizeof FZ));
  CHECK(cudaMemcpyToSymbol(DSum, &DZ, sizeof DZ));
  hipLaunchKernelGGL(atomics, G, B, 0, 0, DI);
  CHECK(cudaDeviceSynchronize());
  int HC[8];
  float HFS;
  double HDS;
  CHECK(cudaMemcpyFromSymbol(HC, Counters, sizeof HC));
  CHECK(cudaMemcpyFromSymbol(&HFS, FSum, sizeof HFS));
  CHECK(cudaMemcpyFromSymbol(&HDS, DSum, sizeof HDS));
  int *DC = devAlloc<int>(8);
  float *DFS = devAlloc<float>(1);
  double *DDS = devAlloc<double>(1);
  CHECK(cudaMemcpy(DC, HC, sizeof HC, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DFS, &HFS, 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DDS, &HDS, 8, cudaMemcpyHostToDevice));
  if (dump("atomics_int", 'i', DC, 8) || dump("atomic_add_float_exact", 'f', DFS, 1) ||
      dump("atomic_add_double_exact", 'd', DDS, 1))
    return 1;

  float *OM = devAlloc<float>(14 * N);
  hipLaunchKernelGGL(math, G, B, 0, 0, DF, OM);
  CHECK(cudaDeviceSynchronize());
  const char *MathNames[14] = {"expf", "logf", "sinf", "cosf", "sqrtf", "rsqrtf",
                               "fmaf", "div", "tanhf", "powf", "__expf",
                               "__fdividef", "__sinf", "__logf"};
  for (int K = 0; K < 14; ++K) {
    char Name[48];
    std::snprintf(Name, sizeof Name, "math_%s", MathNames[K]);
    if (dump(Name, 'f', OM + K * N, N)) return 1;
  }

  unsigned short *OH = devAlloc<unsigned short>(2 * N);
  float *OHF = devAlloc<float>(2 * N);
  hipLaunchKernelGGL(halves, G, B, 0, 0, DF, OH, OHF);
  CHECK(cudaDeviceSynchronize());
  if (dump("half_bf16_bits", 'h', OH, 2 * N) || dump("half_bf16_arith", 'f', OHF, 2 * N))
    return 1;

  std::vector<float> HM(M * M);
  for (int I = 0; I < M * M; ++I)
    HM[I] = I * 0.5f;
  float *DM = devAlloc<float>(M * M), *DT = devAlloc<float>(M * M);
  CHECK(cudaMemcpy(DM, HM.data(), M * M * 4, cudaMemcpyHostToDevice));
  hipLaunchKernelGGL(transpose, dim3(M / Tl, M / Tl), dim3(Tl, 8), 0, 0, DM, DT);
  CHECK(cudaDeviceSynchronize());
  if (dump("transpose_256", 'f', DT, M * M)) return 1;

  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  std::fprintf(stderr, "device: %s, warpSize %d\n", P.name, P.warpSize);
  std::fclose(Out);
  return 0;
}
