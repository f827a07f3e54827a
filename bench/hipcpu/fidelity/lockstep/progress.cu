// Lockstep and forward-progress fidelity (issue #16, item 4): kernels whose
// result depends on the lanes of a warp executing together, or on every
// resident block making progress. Plain CUDA without scheduling points:
// on hipcpu, `hipport validate --program` writes them (lockstep is its
// default). Prints every result; run.sh compares the GPU's stdout with
// hipcpu's at width 32.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(E),         \
                  __LINE__);                                                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

// Pre-CUDA-9 warp-synchronous tail: volatile, no __syncwarp.
__global__ void warpSynchronousSum(const int *In, int *Out) {
  __shared__ int S[64];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * 32 + T];
  S[T + 32] = 0;
  volatile int *V = S;
  for (int Off = 16; Off > 0; Off /= 2)
    V[T] += V[T + Off];
  if (T == 0)
    Out[blockIdx.x] = V[0];
}

// Each lane writes its slot, then reads its neighbour's, unsynchronised.
__global__ void waveHandoff(int *Out) {
  __shared__ int S[32];
  volatile int *V = S;
  unsigned T = threadIdx.x;
  V[T] = static_cast<int>(T * 10 + blockIdx.x);
  int R = V[(T + 1) % 32];
  Out[blockIdx.x * 32 + T] = R;
}

// Two branch sides of different lengths; after the join each lane reads a
// slot the other side wrote, then a shuffle among the first half's lanes.
__global__ void divergentThenRead(int *Out) {
  __shared__ int S[32];
  volatile int *V = S;
  unsigned T = threadIdx.x;
  if (T < 16) {
    V[T] = static_cast<int>(T) * 3 + 1000;
    V[T] += 1;
  } else {
    V[T] = 1000 - static_cast<int>(T);
  }
  int R = V[T ^ 16];
  if (T < 16)
    R += __shfl_xor_sync(0x0000ffffu, R, 1);
  Out[T] = R;
}

// Lane 0 waits for a flag that lane 1 of its own warp sets.
__global__ void spinOnNeighbour(int *Flag, int *Out) {
  volatile int *F = Flag;
  if (threadIdx.x == 0) {
    while (*F == 0) {
    }
    Out[0] = *F;
  } else if (threadIdx.x == 1) {
    *F = 7;
  }
}

// Block b waits for block b+1, then takes the next ticket.
__global__ void flagChain(int *Flags, int *Order, int *Next) {
  int B = static_cast<int>(blockIdx.x);
  if (threadIdx.x == 0) {
    if (B + 1 < static_cast<int>(gridDim.x)) {
      while (atomicAdd(&Flags[B + 1], 0) == 0) {
      }
    }
    Order[B] = atomicAdd(Next, 1);
    __threadfence();
    atomicExch(&Flags[B], 1);
  }
  __syncthreads();
}

// The last block produces items; the others take them from a counter.
__global__ void persistentQueue(int *Items, int *Ready, int *Head, int *Out,
                                int Total) {
  int Producer = static_cast<int>(gridDim.x) - 1;
  if (static_cast<int>(blockIdx.x) == Producer) {
    if (threadIdx.x == 0) {
      for (int I = 0; I < Total; ++I) {
        Items[I] = I * 3 + 1;
        __threadfence();
        atomicExch(&Ready[I], 1);
      }
    }
    return;
  }
  for (;;) {
    int I = atomicAdd(Head, 1);
    if (I >= Total)
      break;
    while (atomicAdd(&Ready[I], 0) == 0) {
    }
    __threadfence();
    Out[I] = reinterpret_cast<volatile int *>(Items)[I] * 2;
  }
}

// A grid-wide barrier built from a counter.
__global__ void gridCounterBarrier(int *Count, int *Vals, int *Sums) {
  int B = static_cast<int>(blockIdx.x), G = static_cast<int>(gridDim.x);
  if (threadIdx.x == 0) {
    Vals[B] = B + 1;
    __threadfence();
    atomicAdd(Count, 1);
    while (atomicAdd(Count, 0) < G) {
    }
    int S = 0;
    for (int K = 0; K < G; ++K)
      S += reinterpret_cast<volatile int *>(Vals)[K];
    Sums[B] = S;
  }
  __syncthreads();
}

static void print(const char *Name, const int *V, int N) {
  std::printf("%s", Name);
  for (int I = 0; I < N; ++I)
    std::printf(" %d", V[I]);
  std::printf("\n");
}

static int *deviceInts(int N, const int *From = nullptr) {
  int *D = nullptr;
  if (cudaMalloc(&D, N * sizeof(int)) != cudaSuccess)
    return nullptr;
  cudaMemset(D, 0, N * sizeof(int));
  if (From)
    cudaMemcpy(D, From, N * sizeof(int), cudaMemcpyHostToDevice);
  return D;
}

static int lockstepKernels() {
  const int Blocks = 64;
  static int In[Blocks * 32], Out[Blocks * 32];
  for (int I = 0; I < Blocks * 32; ++I)
    In[I] = static_cast<int>((I * 2654435761u) % 1000);
  int *DIn = deviceInts(Blocks * 32, In), *DOut = deviceInts(Blocks * 32);
  warpSynchronousSum<<<Blocks, 32>>>(DIn, DOut);
  CHECK(cudaMemcpy(Out, DOut, Blocks * sizeof(int), cudaMemcpyDeviceToHost));
  print("warp_synchronous_sum", Out, Blocks);
  waveHandoff<<<8, 32>>>(DOut);
  CHECK(cudaMemcpy(Out, DOut, 8 * 32 * sizeof(int), cudaMemcpyDeviceToHost));
  print("wave_handoff", Out, 8 * 32);
  divergentThenRead<<<1, 32>>>(DOut);
  CHECK(cudaMemcpy(Out, DOut, 32 * sizeof(int), cudaMemcpyDeviceToHost));
  print("divergent_then_read", Out, 32);
  CHECK(cudaFree(DIn));
  CHECK(cudaFree(DOut));
  return 0;
}

static int progressKernels() {
  const int Blocks = 8, Total = 2000, BarrierBlocks = 12;
  static int Host[Total];
  int *Flag = deviceInts(1), *One = deviceInts(1);
  spinOnNeighbour<<<1, 32>>>(Flag, One);
  CHECK(cudaMemcpy(Host, One, sizeof(int), cudaMemcpyDeviceToHost));
  print("spin_on_neighbour", Host, 1);
  int *Flags = deviceInts(Blocks), *Order = deviceInts(Blocks),
      *Next = deviceInts(1);
  flagChain<<<Blocks, 128>>>(Flags, Order, Next);
  CHECK(cudaMemcpy(Host, Order, Blocks * sizeof(int), cudaMemcpyDeviceToHost));
  print("flag_chain_order", Host, Blocks);
  int *Items = deviceInts(Total), *Ready = deviceInts(Total),
      *Head = deviceInts(1), *Out = deviceInts(Total);
  persistentQueue<<<4, 64>>>(Items, Ready, Head, Out, Total);
  CHECK(cudaMemcpy(Host, Out, Total * sizeof(int), cudaMemcpyDeviceToHost));
  print("persistent_queue", Host, Total);
  int *Count = deviceInts(1), *Vals = deviceInts(BarrierBlocks),
      *Sums = deviceInts(BarrierBlocks);
  gridCounterBarrier<<<BarrierBlocks, 64>>>(Count, Vals, Sums);
  CHECK(cudaMemcpy(Host, Sums, BarrierBlocks * sizeof(int),
                   cudaMemcpyDeviceToHost));
  print("grid_counter_barrier", Host, BarrierBlocks);
  for (int *P : {Flag, One, Flags, Order, Next, Items, Ready, Head, Out, Count,
                 Vals, Sums})
    CHECK(cudaFree(P));
  return 0;
}

int main() {
  if (lockstepKernels() || progressKernels())
    return 1;
  CHECK(cudaDeviceSynchronize());
  std::printf("done\n");
  return 0;
}
