//===- Engine.cpp - fibers, warps and blocks on CPU threads ---------------===//
//
// A grid's blocks are shared out to one OS thread per core. Each OS thread
// keeps a pool of fibers (Boost.Context), one per thread of a block, that
// persist across blocks and launches, so a block costs no fiber creation.
// A block is run by a round-robin scheduler: each fiber runs until it
// reaches a barrier, a warp collective or its end.
//
// Lockstep collectives: a lane reaching a collective deposits its operand
// and blocks. When every lane of its warp is blocked (at a collective, at
// the block barrier, or exited), the warp is quiescent: the lanes waiting at
// collectives are exactly the active lanes, and the results are computed.
// The last lane to arrive computes them and carries on without a switch.
// Lanes of one group at different call sites are a divergence: reported,
// then each site's lanes are resolved on their own, so nothing hangs.
//
//===----------------------------------------------------------------------===//
#include "Engine.h"
#include "hipcpu/detail/core.h"

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>

int warpSize = 32;
dim3 blockDim;
dim3 gridDim;

namespace hipcpu::detail {

__thread ThreadState *CurThread;
__thread BlockState *CurBlock;

namespace {
namespace ctx = boost::context;

constexpr unsigned MaxThreadsPerBlock = 1024;
constexpr std::size_t MaxDynamicShared = 64 * 1024;

enum LaneState : std::uint8_t { Ready, AtCollective, AtBarrier, Finished };

struct Lane : ThreadState {
  ctx::fiber F;
  LaneState State = Ready;
  CollectiveOp Op = CollectiveOp::Sync;
  unsigned Flags = 0;
  int GroupWidth = 0;
  const char *OpName = nullptr;
  const char *File = nullptr;
  int Line = 0;
  std::uint64_t Val = 0, Mask = 0, Res = 0;
  int Src = -1;
  const char *BarFile = nullptr;
  int BarLine = 0;
  unsigned BarGen = 0;
};

struct WarpInfo {
  unsigned First = 0, NLanes = 0, NBlocked = 0, NColl = 0;
};

struct LaunchInfo {
  const char *Name;
  dim3 Grid, Block;
  std::size_t Shared;
  int Width;
  KernelThunk Thunk;
  void *Ctx;
  std::uint64_t NumBlocks;
  unsigned NThreads;
  std::atomic<std::uint64_t> Next{0};
  std::mutex DiagMutex;
  std::set<std::string> Seen;
  bool Failed = false;
};

struct Worker {
  std::unique_ptr<Lane[]> Lanes{new Lane[MaxThreadsPerBlock]};
  unsigned NFibers = 0;
  ctx::fiber Sched;
  BlockState Block{};
  std::vector<WarpInfo> Warps;
  unsigned NThreads = 0, NExited = 0, NAtBar = 0, BarGen = 0, BarTrue = 0;
  int BarResult[2] = {0, 0}, BarN[2] = {0, 0};
  LaunchInfo *L = nullptr;
  dim3 CfgBlock{0, 0, 0};
  int CfgWidth = 0;
  std::vector<unsigned char> DynShared;
};

__thread Worker *CurWorker;

//===----------------------------------------------------------------------===//
// Settings and diagnostics.
//===----------------------------------------------------------------------===//
std::atomic<int> ForcedWidth{0};
std::atomic<int> Quiet{-1};
std::mutex DiagListMutex;
std::vector<Diagnostic> DiagList;

int envInt(const char *Name, int Default) {
  const char *V = std::getenv(Name);
  return V && *V ? std::atoi(V) : Default;
}

bool quiet() {
  int Q = Quiet.load();
  return Q < 0 ? envInt("HIPCPU_QUIET", 0) != 0 : Q != 0;
}

std::string blockName(const BlockState &B) {
  return "(" + std::to_string(B.BlockIdx.x) + "," +
         std::to_string(B.BlockIdx.y) + "," + std::to_string(B.BlockIdx.z) +
         ")";
}

/// "0-15,32-47" for a bit set of lane numbers.
std::string laneRanges(std::uint64_t Bits) {
  std::string S;
  for (int I = 0; I < 64;) {
    if (!((Bits >> I) & 1)) {
      ++I;
      continue;
    }
    int J = I;
    while (J + 1 < 64 && ((Bits >> (J + 1)) & 1))
      ++J;
    if (!S.empty())
      S += ",";
    S += std::to_string(I);
    if (J > I)
      S += "-" + std::to_string(J);
    I = J + 1;
  }
  return S.empty() ? "none" : S;
}

std::string idRanges(const std::vector<unsigned> &Ids) {
  std::string S;
  for (std::size_t I = 0; I < Ids.size();) {
    std::size_t J = I;
    while (J + 1 < Ids.size() && Ids[J + 1] == Ids[J] + 1)
      ++J;
    if (!S.empty())
      S += ",";
    S += std::to_string(Ids[I]);
    if (J > I)
      S += "-" + std::to_string(Ids[J]);
    I = J + 1;
  }
  return S;
}

std::string site(const char *File, int Line) {
  return std::string(File ? File : "?") + ":" + std::to_string(Line);
}

/// Records a diagnostic once per launch and key (the same bug in every block
/// of a large grid is one report, naming the first block that showed it).
void report(Worker &W, Diagnostic::SeverityKind Sev, const std::string &Key,
            const std::string &What) {
  LaunchInfo &L = *W.L;
  {
    std::lock_guard<std::mutex> G(L.DiagMutex);
    if (Sev == Diagnostic::Error)
      L.Failed = true;
    if (!L.Seen.insert(Key).second)
      return;
  }
  std::string Msg = std::string("hipcpu: ") +
                    (Sev == Diagnostic::Error ? "error: " : "warning: ") +
                    "kernel '" + L.Name + "' block " + blockName(W.Block) +
                    " (warpSize " + std::to_string(L.Width) + "): " + What;
  if (!quiet())
    std::fprintf(stderr, "%s\n", Msg.c_str());
  std::lock_guard<std::mutex> G(DiagListMutex);
  DiagList.push_back({Sev, std::move(Msg)});
}

//===----------------------------------------------------------------------===//
// Scheduling.
//===----------------------------------------------------------------------===//
inline void yieldToScheduler(Worker &W) {
  W.Sched = std::move(W.Sched).resume();
}

void resolveGroup(Worker &W, WarpInfo &Wp, std::uint64_t S) {
  Lane *Base = &W.Lanes[Wp.First];
  Lane &A = Base[__builtin_ctzll(S)];
  std::uint64_t Existing = Wp.NLanes >= 64 ? ~0ull : ((1ull << Wp.NLanes) - 1);
  std::uint64_t Exited = 0, Bits = 0;
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (Base[I].State == Finished)
      Exited |= 1ull << I;
  for (std::uint64_t T = S; T; T &= T - 1) {
    int I = __builtin_ctzll(T);
    if (Base[I].Val)
      Bits |= 1ull << I;
  }
  // Mask rules of the *_sync forms: HIP requires the mask to equal the
  // active lanes; CUDA requires every non-exited lane it names to take part.
  if (A.Flags & (MaskHip | MaskCuda)) {
    for (std::uint64_t T = S; T; T &= T - 1) {
      Lane &Ln = Base[__builtin_ctzll(T)];
      std::uint64_t M = Ln.Mask & Existing;
      bool Bad = (Ln.Flags & MaskHip) ? M != S : (M & ~S & ~Exited) != 0;
      if (!Bad)
        continue;
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "0x%llx", (unsigned long long)Ln.Mask);
      report(
          W, Diagnostic::Warning, std::string("mask:") + site(A.File, A.Line),
          std::string(A.OpName) + " at " + site(A.File, A.Line) + " in warp " +
              std::to_string(A.WarpId) + ": mask " + Buf + " names lanes " +
              laneRanges(M) + " but the active lanes are " + laneRanges(S) +
              ((Ln.Flags & MaskHip)
                   ? " (HIP requires the mask to equal the active lanes)"
                   : " (CUDA requires every lane named to take part)"));
      break;
    }
  }
  for (std::uint64_t T = S; T; T &= T - 1) {
    Lane &Ln = Base[__builtin_ctzll(T)];
    switch (A.Op) {
    case CollectiveOp::Shuffle:
      Ln.Res = (Ln.Src >= 0 && Ln.Src < 64 && ((S >> Ln.Src) & 1))
                   ? Base[Ln.Src].Val
                   : Ln.Val;
      break;
    case CollectiveOp::Ballot:
      Ln.Res = Bits;
      break;
    case CollectiveOp::Any:
      Ln.Res = Bits != 0;
      break;
    case CollectiveOp::All:
      Ln.Res = Bits == S;
      break;
    case CollectiveOp::Active:
      Ln.Res = S;
      break;
    case CollectiveOp::Sync:
      Ln.Res = 0;
      break;
    }
  }
  for (std::uint64_t T = S; T; T &= T - 1)
    Base[__builtin_ctzll(T)].State = Ready;
  unsigned N = __builtin_popcountll(S);
  Wp.NBlocked -= N;
  Wp.NColl -= N;
}

bool sameSite(const Lane &A, const Lane &B) {
  // Call sites are file and line (plus the operation, which tells apart two
  // different collectives written on one line).
  return A.Line == B.Line && A.Op == B.Op && A.GroupWidth == B.GroupWidth &&
         (A.OpName == B.OpName || std::strcmp(A.OpName, B.OpName) == 0) &&
         (A.File == B.File || std::strcmp(A.File, B.File) == 0);
}

/// Called when every lane of the warp is blocked.
void resolveWarp(Worker &W, WarpInfo &Wp) {
  Lane *Base = &W.Lanes[Wp.First];
  std::uint64_t Pending = 0;
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (Base[I].State == AtCollective)
      Pending |= 1ull << I;
  while (Pending) {
    int L0 = __builtin_ctzll(Pending);
    Lane &A = Base[L0];
    unsigned GW = static_cast<unsigned>(A.GroupWidth);
    if (GW == 0 || GW > 64)
      GW = 64;
    unsigned Seg = static_cast<unsigned>(L0) / GW * GW;
    std::uint64_t SegMask = GW >= 64 ? ~0ull : (((1ull << GW) - 1) << Seg);
    std::uint64_t Group = Pending & SegMask;
    // At most one site per lane; a fixed array keeps the common path free of
    // heap allocation.
    std::uint64_t Sites[64];
    unsigned NSites = 0;
    for (std::uint64_t T = Group; T; T &= T - 1) {
      int I = __builtin_ctzll(T);
      bool Found = false;
      for (unsigned K = 0; K < NSites; ++K)
        if (sameSite(Base[__builtin_ctzll(Sites[K])], Base[I])) {
          Sites[K] |= 1ull << I;
          Found = true;
          break;
        }
      if (!Found)
        Sites[NSites++] = 1ull << I;
    }
    if (NSites > 1) {
      // Lanes at several sites need not be a bug: __activemask does not
      // synchronize, and a *_sync form whose mask names only lanes present
      // at its site is complete on its own (the others run on afterwards,
      // e.g. to a __syncwarp after the branch). Resolve those first; the
      // rest wait for the next quiescent point.
      std::uint64_t Existing =
          Wp.NLanes >= 64 ? ~0ull : ((1ull << Wp.NLanes) - 1);
      std::uint64_t Exited = 0;
      for (unsigned I = 0; I < Wp.NLanes; ++I)
        if (Base[I].State == Finished)
          Exited |= 1ull << I;
      bool Progress = false;
      for (unsigned K = 0; K < NSites; ++K) {
        Lane &R = Base[__builtin_ctzll(Sites[K])];
        bool Complete = R.Op == CollectiveOp::Active;
        if (!Complete && (R.Flags & (MaskHip | MaskCuda))) {
          std::uint64_t Named = R.Mask & Existing & ~Exited;
          Complete = Named && (Named & ~Sites[K]) == 0;
        }
        if (Complete) {
          resolveGroup(W, Wp, Sites[K]);
          Progress = true;
        }
      }
      if (Progress)
        return;
      std::string What =
          "divergent warp collective in warp " + std::to_string(A.WarpId) + ":";
      std::string Key = "diverge:";
      for (unsigned K = 0; K < NSites; ++K) {
        Lane &R = Base[__builtin_ctzll(Sites[K])];
        What += std::string(K ? ";" : "") + " lanes " + laneRanges(Sites[K]) +
                " at " + R.OpName + " (" + site(R.File, R.Line) + ")";
        Key += site(R.File, R.Line) + ";";
      }
      What += "; lanes of one warp must reach the same collective";
      report(W, Diagnostic::Error, Key, What);
    }
    for (unsigned K = 0; K < NSites; ++K)
      resolveGroup(W, Wp, Sites[K]);
    Pending &= ~Group;
  }
}

void releaseBarrier(Worker &W) {
  unsigned Idx = W.BarGen & 1;
  W.BarResult[Idx] = static_cast<int>(W.BarTrue);
  W.BarN[Idx] = static_cast<int>(W.NAtBar);
  ++W.BarGen;
  W.BarTrue = 0;
  Lane *First = nullptr;
  bool Divergent = false;
  std::vector<unsigned> Exited;
  for (unsigned I = 0; I < W.NThreads; ++I) {
    Lane &Ln = W.Lanes[I];
    if (Ln.State == Finished) {
      Exited.push_back(I);
    } else if (Ln.State == AtBarrier) {
      if (!First)
        First = &Ln;
      else if (Ln.BarLine != First->BarLine ||
               std::strcmp(Ln.BarFile, First->BarFile) != 0)
        Divergent = true;
    }
  }
  if (Divergent) {
    // Name the threads at each barrier call site.
    std::vector<std::pair<std::string, std::vector<unsigned>>> Groups;
    for (unsigned I = 0; I < W.NThreads; ++I) {
      Lane &Ln = W.Lanes[I];
      if (Ln.State != AtBarrier)
        continue;
      std::string S = site(Ln.BarFile, Ln.BarLine);
      auto It = std::find_if(Groups.begin(), Groups.end(),
                             [&](auto &G) { return G.first == S; });
      if (It == Groups.end())
        Groups.push_back({S, {I}});
      else
        It->second.push_back(I);
    }
    std::string What = "threads wait at different __syncthreads:";
    std::string Key = "bardiv:";
    for (auto &G : Groups) {
      What += " threads " + idRanges(G.second) + " at " + G.first + ";";
      Key += G.first + ";";
    }
    What += " a barrier must be reached by every thread of the block";
    report(W, Diagnostic::Error, Key, What);
  }
  if (!Exited.empty() && First) {
    report(W, Diagnostic::Warning,
           "barexit:" + site(First->BarFile, First->BarLine),
           "__syncthreads at " + site(First->BarFile, First->BarLine) +
               " is not reached by threads " + idRanges(Exited) +
               ", which have exited (undefined behaviour in CUDA and HIP; "
               "released here as hardware usually does)");
  }
  for (unsigned I = 0; I < W.NThreads; ++I) {
    Lane &Ln = W.Lanes[I];
    if (Ln.State == AtBarrier) {
      Ln.State = Ready;
      --W.Warps[Ln.WarpId].NBlocked;
    }
  }
  W.NAtBar = 0;
}

void threadExit(Worker &W) {
  Lane &Me = static_cast<Lane &>(*CurThread);
  WarpInfo &Wp = W.Warps[Me.WarpId];
  Me.State = Finished;
  ++Wp.NBlocked;
  ++W.NExited;
  if (W.NAtBar > 0 && W.NAtBar + W.NExited == W.NThreads)
    releaseBarrier(W);
  if (Wp.NBlocked == Wp.NLanes && Wp.NColl)
    resolveWarp(W, Wp);
}

ctx::fiber fiberMain(Worker *W, ctx::fiber &&Sink) {
  W->Sched = std::move(Sink);
  for (;;) {
    W->L->Thunk(W->L->Ctx);
    threadExit(*W);
    yieldToScheduler(*W);
  }
  return {};
}

std::size_t stackSize() {
  static std::size_t S = [] {
    int KiB = envInt("HIPCPU_STACK_KB", 256);
    return static_cast<std::size_t>(KiB < 16 ? 16 : KiB) * 1024;
  }();
  return S;
}

/// Fiber stacks with a guard page, whose tops are staggered: stacks of one
/// size are all aligned alike, so without an offset the hot top-of-stack
/// lines of the 256+ fibers of a block fall into the same cache sets and
/// evict each other on every switch.
class StaggeredStack {
public:
  StaggeredStack(std::size_t Size, unsigned Index) : Size(Size), Index(Index) {}
  ctx::stack_context allocate() {
    std::size_t Page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::size_t Total = Size + Page;
    void *Map = mmap(nullptr, Total, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Map == MAP_FAILED)
      throw std::bad_alloc();
    mprotect(Map, Page, PROT_NONE);
    std::size_t Offset = (Index % 64) * 64 + ((Index / 64) % 16) * Page;
    ctx::stack_context SC;
    SC.size = Total - Offset;
    SC.sp = static_cast<char *>(Map) + Total - Offset;
    return SC;
  }
  void deallocate(ctx::stack_context &SC) {
    std::size_t Page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::size_t Total = Size + Page;
    munmap(static_cast<char *>(SC.sp) + (Total - SC.size) - Total, Total);
  }

private:
  std::size_t Size;
  unsigned Index;
};

Worker &thisWorker() {
  if (!CurWorker) {
    CurWorker = new Worker; // lives as long as its OS thread's process
    ensureAltStack();
  }
  return *CurWorker;
}

void prepare(Worker &W, LaunchInfo &L) {
  W.L = &L;
  unsigned T = L.NThreads;
  if (W.CfgBlock.x != L.Block.x || W.CfgBlock.y != L.Block.y ||
      W.CfgBlock.z != L.Block.z || W.CfgWidth != L.Width) {
    unsigned Wd = static_cast<unsigned>(L.Width);
    W.Warps.assign((T + Wd - 1) / Wd, WarpInfo{});
    for (unsigned I = 0; I < T; ++I) {
      Lane &Ln = W.Lanes[I];
      Ln.ThreadIdx = {I % L.Block.x, (I / L.Block.x) % L.Block.y,
                      I / (L.Block.x * L.Block.y)};
      Ln.LaneId = I % Wd;
      Ln.WarpId = I / Wd;
    }
    for (unsigned K = 0; K < W.Warps.size(); ++K) {
      W.Warps[K].First = K * Wd;
      W.Warps[K].NLanes = std::min(Wd, T - K * Wd);
    }
    W.CfgBlock = L.Block;
    W.CfgWidth = L.Width;
  }
  for (; W.NFibers < T; ++W.NFibers) {
    Worker *WP = &W;
    W.Lanes[W.NFibers].F = ctx::fiber(
        std::allocator_arg, StaggeredStack(stackSize(), W.NFibers),
        [WP](ctx::fiber &&S) { return fiberMain(WP, std::move(S)); });
  }
  if (W.DynShared.size() < std::max<std::size_t>(L.Shared, 64))
    W.DynShared.resize(std::max<std::size_t>(L.Shared, 64));
  W.Block.DynamicShared = W.DynShared.data();
  W.Block.DynamicSharedBytes = L.Shared;
  W.Block.BlockDim = L.Block;
  W.Block.GridDim = L.Grid;
  W.NThreads = T;
}

void runBlock(Worker &W, std::uint64_t B) {
  LaunchInfo &L = *W.L;
  W.Block.BlockIdx = {
      static_cast<unsigned>(B % L.Grid.x),
      static_cast<unsigned>((B / L.Grid.x) % L.Grid.y),
      static_cast<unsigned>(B / (std::uint64_t(L.Grid.x) * L.Grid.y))};
  W.NExited = W.NAtBar = W.BarTrue = 0;
  for (WarpInfo &Wp : W.Warps)
    Wp.NBlocked = Wp.NColl = 0;
  unsigned T = W.NThreads;
  for (unsigned I = 0; I < T; ++I)
    W.Lanes[I].State = Ready;
  CurBlock = &W.Block;
  while (W.NExited < T) {
    bool Ran = false;
    for (unsigned I = 0; I < T; ++I) {
      Lane &Ln = W.Lanes[I];
      if (Ln.State != Ready)
        continue;
      Ran = true;
      CurThread = &Ln;
      Ln.F = std::move(Ln.F).resume();
    }
    if (!Ran && W.NExited < T) {
      // Unreachable by construction (quiescent warps and complete barriers
      // are always released); kept so an engine bug cannot hang a run.
      report(W, Diagnostic::Error, "stall", "internal: block made no progress");
      if (W.NAtBar)
        releaseBarrier(W);
      else
        break;
    }
  }
  CurThread = nullptr;
}

void work(LaunchInfo &L) {
  Worker &W = thisWorker();
  prepare(W, L);
  for (;;) {
    std::uint64_t B = L.Next.fetch_add(1, std::memory_order_relaxed);
    if (B >= L.NumBlocks)
      break;
    runBlock(W, B);
  }
  CurBlock = nullptr;
  W.L = nullptr;
}

/// One OS thread per core; the launching thread is one of them.
class Pool {
public:
  explicit Pool(unsigned Extra) {
    for (unsigned I = 0; I < Extra; ++I)
      Threads.emplace_back([this] { loop(); });
  }
  void run(LaunchInfo &L) {
    if (L.NumBlocks > 1 && !Threads.empty()) {
      {
        std::lock_guard<std::mutex> G(M);
        Cur = &L;
        Busy = static_cast<unsigned>(Threads.size());
        ++Gen;
      }
      Cv.notify_all();
      work(L);
      std::unique_lock<std::mutex> Lk(M);
      DoneCv.wait(Lk, [&] { return Busy == 0; });
    } else {
      work(L);
    }
  }

private:
  void loop() {
    std::uint64_t Seen = 0;
    for (;;) {
      LaunchInfo *L;
      {
        std::unique_lock<std::mutex> Lk(M);
        Cv.wait(Lk, [&] { return Gen != Seen; });
        Seen = Gen;
        L = Cur;
      }
      work(*L);
      std::lock_guard<std::mutex> G(M);
      if (--Busy == 0)
        DoneCv.notify_all();
    }
  }
  std::mutex M;
  std::condition_variable Cv, DoneCv;
  LaunchInfo *Cur = nullptr;
  std::uint64_t Gen = 0;
  unsigned Busy = 0;
  std::vector<std::thread> Threads;
};

Pool &pool() {
  static Pool *P = [] {
    int N = envInt("HIPCPU_THREADS", 0);
    if (N <= 0)
      N = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return new Pool(static_cast<unsigned>(N - 1)); // never destroyed: its
    // threads may still sit in a wait at exit
  }();
  return *P;
}

std::mutex LaunchMutex;

} // namespace

//===----------------------------------------------------------------------===//
// Entry points used by the headers.
//===----------------------------------------------------------------------===//
std::uint64_t collective(CollectiveOp Op, const char *OpName,
                         std::uint64_t Value, int Src, std::uint64_t Mask,
                         unsigned Flags, int GroupWidth, const char *File,
                         int Line) {
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  WarpInfo &Wp = W.Warps[Me.WarpId];
  Me.Op = Op;
  Me.OpName = OpName;
  Me.Val = Value;
  Me.Src = Src;
  Me.Mask = Mask;
  Me.Flags = Flags;
  Me.GroupWidth = GroupWidth;
  Me.File = File;
  Me.Line = Line;
  Me.State = AtCollective;
  ++Wp.NBlocked;
  ++Wp.NColl;
  if (Wp.NBlocked == Wp.NLanes)
    resolveWarp(W, Wp);
  if (Me.State != Ready)
    yieldToScheduler(W);
  return Me.Res;
}

int barrier(BarrierKind Kind, int Pred, const char *File, int Line) {
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  WarpInfo &Wp = W.Warps[Me.WarpId];
  Me.State = AtBarrier;
  Me.BarFile = File;
  Me.BarLine = Line;
  Me.BarGen = W.BarGen;
  ++Wp.NBlocked;
  ++W.NAtBar;
  if (Pred)
    ++W.BarTrue;
  if (W.NAtBar + W.NExited == W.NThreads)
    releaseBarrier(W);
  else if (Wp.NBlocked == Wp.NLanes && Wp.NColl)
    resolveWarp(W, Wp);
  if (Me.State != Ready)
    yieldToScheduler(W);
  unsigned Idx = Me.BarGen & 1;
  switch (Kind) {
  case BarrierKind::Plain:
    return 0;
  case BarrierKind::Count:
    return W.BarResult[Idx];
  case BarrierKind::And:
    return W.BarResult[Idx] == W.BarN[Idx];
  case BarrierKind::Or:
    return W.BarResult[Idx] > 0;
  }
  return 0;
}

int launch(const char *Name, dim3 Grid, dim3 Block, std::size_t SharedBytes,
           int DefaultWidth, KernelThunk Thunk, void *Ctx) {
  std::uint64_t Threads = std::uint64_t(Block.x) * Block.y * Block.z;
  if (Threads == 0 || Threads > MaxThreadsPerBlock || Block.z > 64 ||
      Grid.x == 0 || Grid.y == 0 || Grid.z == 0 || Grid.y > 65535 ||
      Grid.z > 65535)
    return 9; // invalid configuration
  if (SharedBytes > MaxDynamicShared)
    return 1; // invalid value
  std::lock_guard<std::mutex> G(LaunchMutex);
  LaunchInfo L;
  L.Name = Name;
  L.Grid = Grid;
  L.Block = Block;
  L.Shared = SharedBytes;
  L.Width = effectiveWarpSize(DefaultWidth);
  L.Thunk = Thunk;
  L.Ctx = Ctx;
  L.NumBlocks = std::uint64_t(Grid.x) * Grid.y * Grid.z;
  L.NThreads = static_cast<unsigned>(Threads);
  ::warpSize = L.Width;
  ::blockDim = Block;
  ::gridDim = Grid;
  pool().run(L);
  return L.Failed ? 719 : 0;
}

void trap(const char *What, const char *File, int Line) {
  char Where[256] = "host code";
  describeCurrentThread(Where, sizeof Where);
  std::fprintf(stderr, "hipcpu: %s at %s:%d in %s\n", What, File, Line, Where);
  std::abort();
}

bool describeCurrentThread(char *Buf, std::size_t Size) {
  Worker *W = CurWorker;
  if (!W || !W->L || !CurThread)
    return false;
  const BlockState &B = W->Block;
  const ThreadState &T = *CurThread;
  std::snprintf(Buf, Size,
                "kernel '%s', block (%u,%u,%u), thread (%u,%u,%u) (warp %u, "
                "lane %u, warpSize %d)",
                W->L->Name, B.BlockIdx.x, B.BlockIdx.y, B.BlockIdx.z,
                T.ThreadIdx.x, T.ThreadIdx.y, T.ThreadIdx.z, T.WarpId, T.LaneId,
                W->L->Width);
  return true;
}

} // namespace hipcpu::detail

namespace hipcpu {

std::vector<Diagnostic> takeDiagnostics() {
  std::lock_guard<std::mutex> G(detail::DiagListMutex);
  std::vector<Diagnostic> Out;
  Out.swap(detail::DiagList);
  return Out;
}

void setWarpSize(int Width) { detail::ForcedWidth = Width; }

int effectiveWarpSize(int SpellingDefault) {
  int W = detail::ForcedWidth.load();
  if (W == 0)
    W = detail::envInt("HIPCPU_WARP_SIZE", SpellingDefault);
  if (W != 32 && W != 64) {
    std::fprintf(stderr,
                 "hipcpu: warp size %d not supported (32 or 64); "
                 "using %d\n",
                 W, SpellingDefault);
    W = SpellingDefault;
  }
  return W;
}

void setQuiet(bool On) { detail::Quiet = On ? 1 : 0; }

} // namespace hipcpu
