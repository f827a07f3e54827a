//===- HipLockstepTest.cpp - lockstep lanes and forward progress ----------===//
//
// The scheduling points (HIPCPU_STEP after a statement that touches memory,
// HIPCPU_LOOP at the top of a loop body, HIPCPU_RECONVERGE(depth) after a
// branch or loop) are
// written here by hand where hipport validate's CPU build writes them (and
// a few it drops as redundant; test/validate/lockstep.test checks its output).
// Expected values come from what SIMD hardware computes: the lanes of a wave
// execute each statement together, so code without __syncwarp that relies
// on it is right in lockstep mode and wrong when lanes run freely.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <vector>

namespace {

struct Mode {
  Mode(int Width, bool Lockstep) {
    hipcpu::setWarpSize(Width);
    hipcpu::setLockstep(Lockstep ? 1 : 0);
    hipcpu::setQuiet(true);
    hipcpu::takeDiagnostics();
    (void)hipGetLastError();
  }
  ~Mode() {
    hipcpu::setWarpSize(0);
    hipcpu::setLockstep(-1);
    hipcpu::setQuiet(false);
  }
};

// The pre-CUDA-9 warp-synchronous tail of a reduction: no __syncwarp
// between the steps, `volatile` only.
__global__ void warpSynchronousSum(const int *In, int *Out) {
  __shared__ int S[128];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * blockDim.x + T];
  HIPCPU_STEP();
  S[T + blockDim.x] = 0;
  HIPCPU_STEP();
  volatile int *V = S;
  for (int Off = warpSize / 2; Off > 0; Off /= 2) {
    HIPCPU_LOOP();
    V[T] += V[T + Off];
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
  if (T == 0) {
    Out[blockIdx.x] = V[0];
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
}

TEST(HipcpuLockstep, WarpSynchronousReductionWithoutSyncwarp) {
  for (int W : {32, 64}) {
    const int Blocks = 64;
    std::vector<int> In(Blocks * W);
    for (std::size_t I = 0; I < In.size(); ++I)
      In[I] = static_cast<int>((I * 2654435761u) % 1000);
    for (bool Lockstep : {true, false}) {
      Mode M(W, Lockstep);
      for (int &V : In) // another input per run: shared memory keeps old values
        V += 1;
      std::vector<int> Want(Blocks);
      for (int B = 0; B < Blocks; ++B)
        Want[B] =
            std::accumulate(In.begin() + B * W, In.begin() + (B + 1) * W, 0);
      std::vector<int> Out(Blocks, -1);
      hipLaunchKernelGGL(warpSynchronousSum, Blocks, W, 0, 0, In.data(),
                         Out.data());
      if (Lockstep)
        EXPECT_EQ(Out, Want) << "width " << W;
      else // lane 0 runs its steps before the other lanes have run theirs
        EXPECT_NE(Out, Want) << "width " << W;
      EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
    }
  }
}

// Each lane writes its slot, then reads its neighbour's, with no
// synchronization: on a wave the write and the read are two instructions
// that all lanes execute in turn.
__global__ void waveHandoff(int *Out, int Seed) {
  __shared__ int S[64];
  unsigned T = threadIdx.x;
  S[T] = static_cast<int>(T * 10 + blockIdx.x) + Seed;
  HIPCPU_STEP();
  int V = S[(T + 1) % warpSize];
  HIPCPU_STEP();
  Out[blockIdx.x * blockDim.x + T] = V;
  HIPCPU_STEP();
}

TEST(HipcpuLockstep, WaveWideSharedMemoryHandoff) {
  for (int W : {32, 64}) {
    const int Blocks = 8;
    for (bool Lockstep : {true, false}) {
      int Seed = Lockstep ? 100000 : 200000; // shared memory keeps old values
      std::vector<int> Want(Blocks * W);
      for (int B = 0; B < Blocks; ++B)
        for (int T = 0; T < W; ++T)
          Want[B * W + T] = ((T + 1) % W) * 10 + B + Seed;
      Mode M(W, Lockstep);
      std::vector<int> Out(Blocks * W, -1);
      hipLaunchKernelGGL(waveHandoff, Blocks, W, 0, 0, Out.data(), Seed);
      if (Lockstep)
        EXPECT_EQ(Out, Want) << "width " << W;
      else
        EXPECT_NE(Out, Want) << "width " << W;
    }
  }
}

// A branch whose two sides take different numbers of steps; after it each
// lane reads what a lane of the other side wrote. On hardware the branch
// completes for every lane before the code after it runs.
__global__ void divergentThenRead(int *Out, int Seed) {
  __shared__ int S[64];
  unsigned T = threadIdx.x;
  unsigned Half = warpSize / 2;
  if (T < Half) {
    int A = static_cast<int>(T) * 3 + Seed; // no memory: no step
    S[T] = A;
    HIPCPU_STEP();
    S[T] += 1;
    HIPCPU_STEP();
  } else {
    S[T] = Seed - static_cast<int>(T);
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
  int V = S[T ^ Half];
  HIPCPU_STEP();
  // A shuffle inside a branch: the active lanes are the branch's lanes.
  if (T < Half) {
    V += __shfl_xor(V, 1);
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
  Out[blockIdx.x * blockDim.x + T] = V;
  HIPCPU_STEP();
}

TEST(HipcpuLockstep, DivergentBranchesCompleteBeforeTheJoin) {
  for (int W : {32, 64}) {
    const int Half = W / 2;
    for (bool Lockstep : {true, false}) {
      // A seed per run: shared memory keeps the last run's values.
      int Seed = Lockstep ? 1000 : 2000;
      std::vector<int> Slot(W), Want(W);
      for (int T = 0; T < W; ++T)
        Slot[T] = T < Half ? T * 3 + Seed + 1 : Seed - T;
      for (int T = 0; T < W; ++T)
        Want[T] = Slot[T ^ Half];
      for (int T = 0; T < Half; ++T)
        Want[T] = Slot[T ^ Half] + Slot[(T ^ 1) ^ Half];
      Mode M(W, Lockstep);
      std::vector<int> Out(W, 12345);
      hipLaunchKernelGGL(divergentThenRead, 1, W, 0, 0, Out.data(), Seed);
      if (Lockstep)
        EXPECT_EQ(Out, Want) << "width " << W;
      else
        EXPECT_NE(Out, Want) << "width " << W;
      EXPECT_TRUE(hipcpu::takeDiagnostics().empty());
    }
  }
}

// Lockstep on a block of several warps with a barrier: warps are
// independent, each keeps its own lanes in step.
TEST(HipcpuLockstep, SeveralWarpsAndBarriers) {
  Mode M(32, true);
  const int Blocks = 16, Threads = 256;
  std::vector<int> In(Blocks * Threads);
  for (std::size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<int>(I % 13);
  std::vector<int> Out(Blocks * Threads / 32, -1), Want(Out.size());
  for (std::size_t K = 0; K < Want.size(); ++K)
    Want[K] = std::accumulate(In.begin() + K * 32, In.begin() + (K + 1) * 32, 0);
  // Reuses the one-wave kernel's pattern per warp via blocks of 32.
  hipLaunchKernelGGL(warpSynchronousSum, Blocks * Threads / 32, 32, 0, 0,
                     In.data(), Out.data());
  EXPECT_EQ(Out, Want);
}

//===----------------------------------------------------------------------===//
// Forward progress. Spin loops carry HIPCPU_LOOP, as the CPU build writes.
//===----------------------------------------------------------------------===//

// Lane 0 waits for a flag that lane 1 of its own warp sets later.
__global__ void spinOnNeighbour(int *Flag, int *Out) {
  volatile int *F = Flag;
  if (threadIdx.x == 0) {
    while (*F == 0) {
      HIPCPU_LOOP();
    }
    HIPCPU_RECONVERGE(1);
    Out[0] = *F;
    HIPCPU_STEP();
  } else if (threadIdx.x == 1) {
    *F = 7;
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
}

TEST(HipcpuProgress, SpinWaitOnAnotherLaneTerminates) {
  for (bool Lockstep : {false, true}) {
    Mode M(64, Lockstep);
    int Flag = 0, Out = 0;
    hipLaunchKernelGGL(spinOnNeighbour, 1, 64, 0, 0, &Flag, &Out);
    EXPECT_EQ(Out, 7);
  }
}

// Block b waits for block b+1's flag, then sets its own: block 0 (started
// first) can finish only once every block of the grid has run, so all must
// be resident at once, more of them than there are cores.
__global__ void flagChain(int *Flags, int *Order, int *Next) {
  int B = static_cast<int>(blockIdx.x);
  if (threadIdx.x == 0) {
    if (B + 1 < static_cast<int>(gridDim.x)) {
      while (atomicAdd(&Flags[B + 1], 0) == 0) {
        HIPCPU_LOOP();
      }
      HIPCPU_RECONVERGE(2);
    }
    HIPCPU_RECONVERGE(1);
    Order[B] = atomicAdd(Next, 1);
    HIPCPU_STEP();
    atomicExch(&Flags[B], 1);
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
  __syncthreads();
}

TEST(HipcpuProgress, FlagHandoffBetweenBlocks) {
  Mode M(64, false);
  const int Blocks = 8;
  std::vector<int> Flags(Blocks, 0), Order(Blocks, -1);
  int Next = 0;
  hipLaunchKernelGGL(flagChain, Blocks, 128, 0, 0, Flags.data(), Order.data(),
                     &Next);
  for (int B = 0; B < Blocks; ++B)
    EXPECT_EQ(Order[B], Blocks - 1 - B) << "block " << B;
}

// Persistent blocks: the last block produces items one by one; the others
// take item numbers from a shared counter and wait for each to be ready.
__global__ void persistentQueue(int *Items, int *Ready, int *Head, int *Out,
                                int Total) {
  int Producer = static_cast<int>(gridDim.x) - 1;
  if (static_cast<int>(blockIdx.x) == Producer) {
    if (threadIdx.x == 0) {
      for (int I = 0; I < Total; ++I) {
        HIPCPU_LOOP();
        Items[I] = I * 3 + 1;
        HIPCPU_STEP();
        __threadfence();
        HIPCPU_STEP();
        atomicExch(&Ready[I], 1);
        HIPCPU_STEP();
      }
      HIPCPU_RECONVERGE(2);
    }
    HIPCPU_RECONVERGE(1);
    return;
  }
  HIPCPU_RECONVERGE(0);
  for (;;) {
    HIPCPU_LOOP();
    int I = atomicAdd(Head, 1);
    HIPCPU_STEP();
    if (I >= Total)
      break;
    HIPCPU_RECONVERGE(1);
    while (atomicAdd(&Ready[I], 0) == 0) {
      HIPCPU_LOOP();
    }
    HIPCPU_RECONVERGE(1);
    Out[I] = Items[I] * 2 + static_cast<int>(blockIdx.x) * 0;
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
}

// In lockstep the lanes of a spinning warp take turns between back-edges,
// so the launch watch (which starts the waiting producer block) must not
// depend on the count a lane sees after its turn.
TEST(HipcpuProgress, PersistentBlockQueue) {
  for (bool Lockstep : {false, true}) {
    Mode M(64, Lockstep);
    const int Blocks = 4, Total = 2000;
    std::vector<int> Items(Total), Ready(Total, 0), Out(Total, -1);
    int Head = 0;
    hipLaunchKernelGGL(persistentQueue, Blocks, 64, 0, 0, Items.data(),
                       Ready.data(), &Head, Out.data(), Total);
    for (int I = 0; I < Total; ++I)
      ASSERT_EQ(Out[I], (I * 3 + 1) * 2)
          << "item " << I << " lockstep " << Lockstep;
  }
}

// A grid-wide barrier built from a counter: phase 2 reads what every other
// block wrote in phase 1.
__global__ void gridCounterBarrier(int *Count, int *Vals, int *Sums) {
  int B = static_cast<int>(blockIdx.x), G = static_cast<int>(gridDim.x);
  if (threadIdx.x == 0) {
    Vals[B] = B + 1;
    HIPCPU_STEP();
    __threadfence();
    HIPCPU_STEP();
    atomicAdd(Count, 1);
    HIPCPU_STEP();
    while (atomicAdd(Count, 0) < G) {
      HIPCPU_LOOP();
    }
    HIPCPU_RECONVERGE(1);
    int S = 0;
    for (int K = 0; K < G; ++K) {
      HIPCPU_LOOP();
      S += Vals[K];
      HIPCPU_STEP();
    }
    HIPCPU_RECONVERGE(1);
    Sums[B] = S;
    HIPCPU_STEP();
  }
  HIPCPU_RECONVERGE(0);
  __syncthreads();
}

TEST(HipcpuProgress, GridWideCounterBarrier) {
  for (bool Lockstep : {false, true}) {
    Mode M(32, Lockstep);
    const int Blocks = 12;
    int Count = 0;
    std::vector<int> Vals(Blocks, 0), Sums(Blocks, -1);
    hipLaunchKernelGGL(gridCounterBarrier, Blocks, 64, 0, 0, &Count,
                       Vals.data(), Sums.data());
    for (int B = 0; B < Blocks; ++B)
      EXPECT_EQ(Sums[B], Blocks * (Blocks + 1) / 2) << "block " << B;
  }
}

// A spin on a flag nothing writes is reported with kernel, block, threads
// and loop, instead of hanging the run.
__global__ void spinForever(int *Flag) {
  volatile int *F = Flag;
  while (*F == 0) {
    HIPCPU_LOOP();
  }
  HIPCPU_RECONVERGE(0);
}

TEST(HipcpuProgressDeathTest, LivelockIsReported) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("HIPCPU_HANG_S", "1", 1);
        int Flag = 0;
        hipLaunchKernelGGL(spinForever, 1, 64, 0, 0, &Flag);
      },
      ::testing::ExitedWithCode(3),
      "kernel 'spinForever' block \\(0,0,0\\).*threads 0-63 spin in the "
      "loop at .*HipLockstepTest.cpp:[0-9]+");
}

} // namespace
