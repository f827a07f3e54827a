//===- Engine.cpp - fibers, warps and blocks on CPU threads ---------------===//
//
// A grid's blocks are shared out to one OS thread per core. Each OS thread
// keeps a pool of fibers (raw Boost.Context fcontexts), one per thread of a
// block, that persist across blocks and launches, so a block costs no fiber
// creation. A fiber runs until it reaches a barrier, a warp collective, its
// end or (lockstep mode) a scheduling point, then jumps straight to the next
// ready fiber of its block: one context switch per event, not two through a
// scheduler (the scheduler fiber runs only to start a block). Lane states
// live in a byte array and a ready bit set, so finding the next fiber and
// releasing a barrier touch a few cache lines, not every lane's record.
//
// Lockstep collectives: a lane reaching a collective deposits its operand
// and blocks. When every lane of its warp is blocked (at a collective, at
// the block barrier, at a reconvergence point, or exited), the warp is
// quiescent: the lanes waiting at collectives are exactly the active lanes,
// and the results are computed. The last lane to arrive computes them and
// carries on without a switch. Lanes of one group at different call sites
// are a divergence: reported, then each site's lanes are resolved on their
// own, so nothing hangs.
//
// Lockstep mode (HIPCPU_LOCKSTEP=1, hipcpu::setLockstep): the CPU build
// puts scheduling points into device code (after statements, at loop
// back-edges, after branches and loops); at each one a lane hands over to
// the next ready lane of its warp, so the lanes of a wave advance one
// statement each in turn, and after a branch or loop they wait for each
// other (reconvergence), so divergent paths complete before the code after
// them, as on SIMD hardware. Forward progress: every 1024 loop back-edges a
// lane yields to the next ready lane of its block (spin-waits on another
// lane terminate); when no block of a launch has finished for a while and
// blocks are waiting, the pool grows by one OS thread, so resident blocks
// that wait on each other all run; and a launch in which no block finishes
// for HIPCPU_HANG_S seconds is reported with kernel, block, lanes and the
// loop they spin in.
//
//===----------------------------------------------------------------------===//
#include "Engine.h"
#include "hipcpu/detail/core.h"

#include <boost/context/detail/fcontext.hpp>

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
__thread unsigned LoopTicks;
bool LockstepOn = false;

namespace {
namespace fc {
using boost::context::detail::fcontext_t;
using boost::context::detail::transfer_t;

#if defined(__x86_64__) && defined(__linux__)
// The switch of Boost.Context's jump_fcontext minus its saving and loading
// of the x87 control word and MXCSR (fnstcw/fldcw/ldmxcsr serialize the
// pipeline and were two thirds of its time): fibers of one OS thread share
// one floating-point environment, and kernels do not change it. Callee-saved
// registers on the stack, the stack pointer as the context, and the same
// transfer_t protocol: returns {context jumped from, data passed}.
extern "C" transfer_t hipcpu_jump(fcontext_t To, void *Data);
extern "C" void hipcpu_fiber_start();
asm(R"(
  .text
  .globl hipcpu_jump
  .hidden hipcpu_jump
  .type hipcpu_jump,@function
hipcpu_jump:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, %rax
  movq %rdi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  movq %rsi, %rdx
  ret
  .size hipcpu_jump,.-hipcpu_jump
  .globl hipcpu_fiber_start
  .hidden hipcpu_fiber_start
  .type hipcpu_fiber_start,@function
hipcpu_fiber_start:
  movq %rax, %rdi
  movq %rdx, %rsi
  callq *%r12
  ud2
  .size hipcpu_fiber_start,.-hipcpu_fiber_start
)");

inline transfer_t jump_fcontext(fcontext_t To, void *Data) {
  return hipcpu_jump(To, Data);
}
/// A context whose first jump calls Fn(transfer) on the stack below Top.
inline fcontext_t make_fcontext(void *Top, std::size_t, void (*Fn)(transfer_t)) {
  auto *T = reinterpret_cast<std::uintptr_t *>(
      reinterpret_cast<std::uintptr_t>(Top) & ~std::uintptr_t(15));
  std::uintptr_t *Sp = T - 7; // r15 r14 r13 r12 rbx rbp, return address
  std::memset(Sp, 0, 7 * sizeof *Sp);
  Sp[3] = reinterpret_cast<std::uintptr_t>(Fn);
  Sp[6] = reinterpret_cast<std::uintptr_t>(&hipcpu_fiber_start);
  return Sp;
}
#else
using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
#endif
} // namespace fc

constexpr unsigned MaxThreadsPerBlock = 1024;
constexpr std::size_t MaxDynamicShared = 64 * 1024;

enum LaneState : std::uint8_t {
  Ready,
  AtCollective,
  AtBarrier,
  AtReconverge,
  Finished
};

// The fields a barrier or a switch touches share the record's first cache
// line with ThreadState: a block's 256-1024 lanes are visited in turn, and
// every extra line per lane is a cache miss per lane per barrier.
struct alignas(64) Lane : ThreadState {
  fc::fcontext_t Ctx = nullptr;
  unsigned Index = 0;
  unsigned BarGen = 0;
  const char *BarFile = nullptr;
  int BarLine = 0;
  // Collectives.
  CollectiveOp Op = CollectiveOp::Sync;
  unsigned Flags = 0;
  int GroupWidth = 0;
  const char *OpName = nullptr;
  const char *File = nullptr;
  int Line = 0;
  std::uint64_t Val = 0, Mask = 0, Res = 0;
  int Src = -1;
  const char *LoopFile = nullptr; // the loop it last yielded in
  int LoopLine = 0;
  int ReconvDepth = 0; // nesting depth of the reconvergence point it waits at
  void *StackMap = nullptr; // the fiber's stack mapping
};

struct WarpInfo {
  unsigned First = 0, NLanes = 0, NBlocked = 0, NColl = 0, NReconv = 0;
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
  std::atomic<std::uint64_t> Done{0}; // blocks finished
  std::mutex DiagMutex;
  std::set<std::string> Seen;
  bool Failed = false;
  // Progress watch (under DiagMutex): the Done count last seen and when.
  std::uint64_t WatchDone = ~0ull;
  std::chrono::steady_clock::time_point WatchSince;
  unsigned Helpers = 0;
  bool NoMoreThreads = false;
};

struct Worker {
  std::unique_ptr<Lane[]> Lanes{new Lane[MaxThreadsPerBlock]};
  std::uint8_t St[MaxThreadsPerBlock] = {};
  std::uint64_t ReadyBits[MaxThreadsPerBlock / 64] = {};
  unsigned NFibers = 0;
  fc::fcontext_t Sched = nullptr;
  BlockState Block{};
  std::vector<WarpInfo> Warps;
  unsigned NThreads = 0, NExited = 0, NAtBar = 0, BarGen = 0, BarTrue = 0;
  unsigned WidthShift = 5;
  // The first arrival's barrier site; a later one elsewhere marks the
  // barrier divergent, so a release compares sites only when it must.
  const char *BarFile = nullptr;
  int BarLine = 0;
  bool BarDivergent = false;
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
// Lane states and switching.
//===----------------------------------------------------------------------===//
inline void setState(Worker &W, unsigned I, LaneState S) {
  W.St[I] = S;
  std::uint64_t Bit = 1ull << (I & 63);
  if (S == Ready)
    W.ReadyBits[I >> 6] |= Bit;
  else
    W.ReadyBits[I >> 6] &= ~Bit;
}

/// The first ready lane at or after Start, cyclically; -1 if none.
int findReady(const Worker &W, unsigned Start) {
  unsigned NW = (W.NThreads + 63) / 64;
  if (Start >= W.NThreads)
    Start = 0;
  unsigned Wd = Start >> 6;
  std::uint64_t M = W.ReadyBits[Wd] & (~0ull << (Start & 63));
  for (unsigned K = 0; K <= NW; ++K) {
    if (M)
      return static_cast<int>((Wd << 6) + __builtin_ctzll(M));
    Wd = Wd + 1 == NW ? 0 : Wd + 1;
    M = W.ReadyBits[Wd];
  }
  return -1;
}

/// Ready lanes of Me's warp other than Me, as warp lane bits.
std::uint64_t readyInWarp(const Worker &W, const Lane &Me) {
  const WarpInfo &Wp = W.Warps[Me.WarpId];
  std::uint64_t Bits = W.ReadyBits[Wp.First >> 6] >> (Wp.First & 63);
  if (Wp.NLanes < 64)
    Bits &= (1ull << Wp.NLanes) - 1;
  return Bits & ~(1ull << Me.LaneId);
}

/// The lane to run after Me: the next ready lane of its warp (so a warp's
/// lanes keep their round-robin order), else of the block; -1 if none.
int nextLane(const Worker &W, const Lane &Me) {
  if (std::uint64_t Bits = readyInWarp(W, Me)) {
    std::uint64_t After = Bits & (~1ull << Me.LaneId);
    int L = __builtin_ctzll(After ? After : Bits);
    return static_cast<int>(W.Warps[Me.WarpId].First) + L;
  }
  return findReady(W, Me.Index + 1);
}

/// Jumps from Me to lane Next (the scheduler when -1); returns when some
/// fiber jumps back to Me. Every jump passes where the jumper's context is
/// to be kept, and the fiber jumped to stores it there.
void switchTo(Worker &W, Lane &Me, int Next) {
  fc::fcontext_t To = W.Sched;
  if (Next >= 0) {
    CurThread = &W.Lanes[Next];
    To = W.Lanes[Next].Ctx;
  }
  fc::transfer_t T = fc::jump_fcontext(To, &Me.Ctx);
  *static_cast<fc::fcontext_t *>(T.data) = T.fctx;
  CurThread = &Me;
}

/// Me is blocked: run another lane until Me is released.
inline void blockMe(Worker &W, Lane &Me) { switchTo(W, Me, nextLane(W, Me)); }

//===----------------------------------------------------------------------===//
// Warp collectives and reconvergence.
//===----------------------------------------------------------------------===//
std::uint64_t exitedLanes(const Worker &W, const WarpInfo &Wp) {
  std::uint64_t Exited = 0;
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (W.St[Wp.First + I] == Finished)
      Exited |= 1ull << I;
  return Exited;
}

void resolveGroup(Worker &W, WarpInfo &Wp, std::uint64_t S) {
  Lane *Base = &W.Lanes[Wp.First];
  Lane &A = Base[__builtin_ctzll(S)];
  std::uint64_t Existing = Wp.NLanes >= 64 ? ~0ull : ((1ull << Wp.NLanes) - 1);
  std::uint64_t Exited = exitedLanes(W, Wp), Bits = 0;
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
    setState(W, Wp.First + __builtin_ctzll(T), Ready);
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

/// Lanes of one group at several sites need not be a bug: __activemask
/// does not synchronize, and a *_sync form whose mask names only lanes
/// present at its site is complete on its own (the others run on
/// afterwards, e.g. to a __syncwarp after the branch). Resolves those;
/// false when none was, and reports the divergence.
bool resolveCompleteSites(Worker &W, WarpInfo &Wp, const std::uint64_t *Sites,
                          unsigned NSites) {
  Lane *Base = &W.Lanes[Wp.First];
  std::uint64_t Existing = Wp.NLanes >= 64 ? ~0ull : ((1ull << Wp.NLanes) - 1);
  std::uint64_t Exited = exitedLanes(W, Wp);
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
    return true;
  Lane &A = Base[__builtin_ctzll(Sites[0])];
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
  return false;
}

/// Lanes waiting at reconvergence points go on together, the innermost
/// first: lanes still inside a loop (waiting after a branch in its body)
/// finish it before those waiting after the loop go on.
void releaseReconverged(Worker &W, WarpInfo &Wp) {
  int Deepest = -1;
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (W.St[Wp.First + I] == AtReconverge)
      Deepest = std::max(Deepest, W.Lanes[Wp.First + I].ReconvDepth);
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (W.St[Wp.First + I] == AtReconverge &&
        W.Lanes[Wp.First + I].ReconvDepth == Deepest) {
      setState(W, Wp.First + I, Ready);
      --Wp.NBlocked;
      --Wp.NReconv;
    }
}

/// Called when every lane of the warp is blocked. Collectives first: the
/// lanes at one are the active lanes (the others wait after the branch).
void resolveWarp(Worker &W, WarpInfo &Wp) {
  Lane *Base = &W.Lanes[Wp.First];
  std::uint64_t Pending = 0;
  for (unsigned I = 0; I < Wp.NLanes; ++I)
    if (W.St[Wp.First + I] == AtCollective)
      Pending |= 1ull << I;
  if (!Pending && Wp.NReconv)
    releaseReconverged(W, Wp);
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
    if (NSites > 1 && resolveCompleteSites(W, Wp, Sites, NSites))
      return; // the rest wait for the next quiescent point
    for (unsigned K = 0; K < NSites; ++K)
      resolveGroup(W, Wp, Sites[K]);
    Pending &= ~Group;
  }
}

//===----------------------------------------------------------------------===//
// Block barrier and thread exit.
//===----------------------------------------------------------------------===//
/// The slow part of a release, only when the barrier was divergent or
/// threads have exited: names the threads at each site, or the exited ones.
void diagnoseBarrier(Worker &W) {
  std::vector<unsigned> Exited;
  const Lane *First = nullptr;
  std::vector<std::pair<std::string, std::vector<unsigned>>> Groups;
  for (unsigned I = 0; I < W.NThreads; ++I) {
    const Lane &Ln = W.Lanes[I];
    if (W.St[I] == Finished) {
      Exited.push_back(I);
      continue;
    }
    if (W.St[I] != AtBarrier)
      continue;
    if (!First)
      First = &Ln;
    std::string S = site(Ln.BarFile, Ln.BarLine);
    auto It = std::find_if(Groups.begin(), Groups.end(),
                           [&](auto &G) { return G.first == S; });
    if (It == Groups.end())
      Groups.push_back({S, {I}});
    else
      It->second.push_back(I);
  }
  if (W.BarDivergent && Groups.size() > 1) {
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
}

void releaseBarrier(Worker &W) {
  unsigned Idx = W.BarGen & 1;
  W.BarResult[Idx] = static_cast<int>(W.BarTrue);
  W.BarN[Idx] = static_cast<int>(W.NAtBar);
  ++W.BarGen;
  W.BarTrue = 0;
  if (W.BarDivergent || W.NExited)
    diagnoseBarrier(W);
  for (unsigned I = 0; I < W.NThreads; ++I)
    if (W.St[I] == AtBarrier) {
      setState(W, I, Ready);
      --W.Warps[I >> W.WidthShift].NBlocked;
    }
  W.NAtBar = 0;
  W.BarDivergent = false;
}

void threadExit(Worker &W, Lane &Me) {
  WarpInfo &Wp = W.Warps[Me.WarpId];
  setState(W, Me.Index, Finished);
  ++Wp.NBlocked;
  ++W.NExited;
  if (W.NAtBar > 0 && W.NAtBar + W.NExited == W.NThreads)
    releaseBarrier(W);
  if (Wp.NBlocked == Wp.NLanes && (Wp.NColl || Wp.NReconv))
    resolveWarp(W, Wp);
}

/// A fiber's body: one kernel thread after another, for ever (a fiber that
/// has finished its thread is resumed for the next block's).
void laneEntry(fc::transfer_t T) {
  *static_cast<fc::fcontext_t *>(T.data) = T.fctx;
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  for (;;) {
    W.L->Thunk(W.L->Ctx);
    threadExit(W, Me);
    blockMe(W, Me);
  }
}

//===----------------------------------------------------------------------===//
// Fibers, blocks and the pool of OS threads.
//===----------------------------------------------------------------------===//
std::size_t stackSize() {
  static std::size_t S = [] {
    int KiB = envInt("HIPCPU_STACK_KB", 256);
    return static_cast<std::size_t>(KiB < 16 ? 16 : KiB) * 1024;
  }();
  return S;
}

/// A fiber stack with a guard page, whose top is staggered: stacks of one
/// size are all aligned alike, so without an offset the hot top-of-stack
/// lines of the 256+ fibers of a block fall into the same cache sets and
/// evict each other on every switch. Never freed: fibers live as long as
/// their OS thread's worker.
fc::fcontext_t makeFiber(unsigned Index, void *&MapOut) {
  std::size_t Page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::size_t Total = stackSize() + Page;
  void *Map = mmap(nullptr, Total, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Map == MAP_FAILED)
    throw std::bad_alloc();
  mprotect(Map, Page, PROT_NONE);
  MapOut = Map;
  std::size_t Offset = (Index % 64) * 64 + ((Index / 64) % 16) * Page;
  char *Top = static_cast<char *>(Map) + Total - Offset;
  return fc::make_fcontext(Top, Total - Page - Offset, laneEntry);
}

Worker &thisWorker() {
  if (!CurWorker) {
    CurWorker = new Worker; // lives as long as its OS thread's process
    ensureAltStack();
  }
  return *CurWorker;
}

/// Frees the calling OS thread's worker, fibers included (each is parked at
/// the top of its loop, never to be resumed): a helper thread's, at its end.
void destroyWorker() {
  Worker *W = CurWorker;
  if (!W)
    return;
  std::size_t Page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  for (unsigned I = 0; I < W->NFibers; ++I)
    munmap(W->Lanes[I].StackMap, stackSize() + Page);
  delete W;
  CurWorker = nullptr;
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
      Ln.Index = I;
    }
    for (unsigned K = 0; K < W.Warps.size(); ++K) {
      W.Warps[K].First = K * Wd;
      W.Warps[K].NLanes = std::min(Wd, T - K * Wd);
    }
    W.CfgBlock = L.Block;
    W.CfgWidth = L.Width;
    W.WidthShift = Wd == 64 ? 6 : 5;
  }
  for (; W.NFibers < T; ++W.NFibers)
    W.Lanes[W.NFibers].Ctx = makeFiber(W.NFibers, W.Lanes[W.NFibers].StackMap);
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
  W.BarDivergent = false;
  for (WarpInfo &Wp : W.Warps)
    Wp.NBlocked = Wp.NColl = Wp.NReconv = 0;
  unsigned T = W.NThreads;
  std::memset(W.St, Ready, T);
  for (unsigned I = 0; I < T; I += 64)
    W.ReadyBits[I >> 6] = T - I >= 64 ? ~0ull : (1ull << (T - I)) - 1;
  CurBlock = &W.Block;
  // Lanes hand over to each other; control comes back here only when no
  // lane is ready (the block is done, or an engine bug stalled it).
  while (W.NExited < T) {
    int N = findReady(W, 0);
    if (N < 0) {
      report(W, Diagnostic::Error, "stall", "internal: block made no progress");
      if (!W.NAtBar)
        break;
      releaseBarrier(W);
      continue;
    }
    CurThread = &W.Lanes[N];
    fc::transfer_t Tr = fc::jump_fcontext(W.Lanes[N].Ctx, &W.Sched);
    *static_cast<fc::fcontext_t *>(Tr.data) = Tr.fctx;
  }
  CurThread = nullptr;
  L.Done.fetch_add(1, std::memory_order_relaxed);
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

/// One OS thread per core; the launching thread is one of them. A launch
/// whose blocks wait on each other may add threads while it runs (see
/// progressPoint); they end with it.
class Pool {
public:
  explicit Pool(unsigned Extra) {
    std::lock_guard<std::mutex> G(M);
    for (unsigned I = 0; I < Extra; ++I)
      Threads.emplace_back([this] { loop(); });
  }
  void run(LaunchInfo &L) {
    {
      std::lock_guard<std::mutex> G(M);
      Cur = &L;
      Busy = L.NumBlocks > 1 ? static_cast<unsigned>(Threads.size()) : 0;
      ++Gen;
    }
    if (Busy)
      Cv.notify_all();
    work(L);
    std::unique_lock<std::mutex> Lk(M);
    DoneCv.wait(Lk, [&] { return Busy == 0; });
    Cur = nullptr;
  }
  /// Another OS thread that joins the running launch L and ends with it;
  /// false when none could be started.
  bool addThread(LaunchInfo &L) {
    std::lock_guard<std::mutex> G(M);
    if (Cur != &L)
      return false;
    try {
      std::thread([this, &L] {
        work(L);
        destroyWorker();
        std::lock_guard<std::mutex> G(M);
        if (--Busy == 0)
          DoneCv.notify_all();
      }).detach();
    } catch (const std::system_error &) {
      return false; // out of threads: the launch goes on with those it has
    }
    ++Busy;
    return true;
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
      if (L && L->NumBlocks > 1)
        work(*L);
      else
        continue; // a one-block launch: not counted in Busy
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
int LockstepForced = -1;

bool lockstepWanted() {
  return LockstepForced >= 0 ? LockstepForced != 0
                             : envInt("HIPCPU_LOCKSTEP", 0) != 0;
}

/// A launch in which no block has finished for this long, with a lane
/// spinning in a loop, is reported as a livelock or deadlock.
double hangSeconds() { return envInt("HIPCPU_HANG_S", 60); }

[[noreturn]] void reportHang(Worker &W, Lane &Me, double Waited) {
  std::uint64_t Spinning[MaxThreadsPerBlock / 64] = {};
  std::vector<unsigned> Ids;
  for (unsigned I = 0; I < W.NThreads; ++I)
    if (W.Lanes[I].LoopLine == Me.LoopLine && W.St[I] != Finished) {
      Spinning[I >> 6] |= 1ull << (I & 63);
      Ids.push_back(I);
    }
  std::string What =
      "no block of the launch finished in " +
      std::to_string(static_cast<int>(Waited)) + " s: threads " +
      idRanges(Ids) + " spin in the loop at " +
      site(Me.LoopFile, Me.LoopLine) +
      " (a livelock or deadlock: a spin-wait on a value nothing writes, or "
      "more co-resident blocks waiting on each other than can run); "
      "HIPCPU_HANG_S sets the limit";
  report(W, Diagnostic::Error, "hang", What);
  std::fflush(stderr);
  std::_Exit(3);
}

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
  setState(W, Me.Index, AtCollective);
  ++Wp.NBlocked;
  ++Wp.NColl;
  if (Wp.NBlocked == Wp.NLanes)
    resolveWarp(W, Wp);
  if (W.St[Me.Index] != Ready)
    blockMe(W, Me);
  return Me.Res;
}

int barrier(BarrierKind Kind, int Pred, const char *File, int Line) {
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  WarpInfo &Wp = W.Warps[Me.WarpId];
  setState(W, Me.Index, AtBarrier);
  Me.BarFile = File;
  Me.BarLine = Line;
  Me.BarGen = W.BarGen;
  if (W.NAtBar == 0) {
    W.BarFile = File;
    W.BarLine = Line;
  } else if (Line != W.BarLine ||
             (File != W.BarFile && std::strcmp(File, W.BarFile) != 0)) {
    W.BarDivergent = true;
  }
  ++Wp.NBlocked;
  ++W.NAtBar;
  if (Pred)
    ++W.BarTrue;
  if (W.NAtBar + W.NExited == W.NThreads)
    releaseBarrier(W);
  else if (Wp.NBlocked == Wp.NLanes && (Wp.NColl || Wp.NReconv))
    resolveWarp(W, Wp);
  if (W.St[Me.Index] != Ready)
    blockMe(W, Me);
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

void stepPoint() {
  if (!CurThread)
    return; // host code calling a __host__ __device__ function
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  if (std::uint64_t Bits = readyInWarp(W, Me)) {
    std::uint64_t After = Bits & (~1ull << Me.LaneId);
    int L = __builtin_ctzll(After ? After : Bits);
    switchTo(W, Me, static_cast<int>(W.Warps[Me.WarpId].First) + L);
  }
}

void reconvergePoint(int Depth) {
  if (!CurThread)
    return;
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  WarpInfo &Wp = W.Warps[Me.WarpId];
  if (!Wp.NReconv && !readyInWarp(W, Me))
    return; // the others are blocked or done: nothing to wait for
  Me.ReconvDepth = Depth;
  setState(W, Me.Index, AtReconverge);
  ++Wp.NBlocked;
  ++Wp.NReconv;
  if (Wp.NBlocked == Wp.NLanes)
    resolveWarp(W, Wp);
  if (W.St[Me.Index] != Ready)
    blockMe(W, Me);
}

void progressPoint(const char *File, int Line) {
  if (!CurThread)
    return;
  Worker &W = *CurWorker;
  Lane &Me = static_cast<Lane &>(*CurThread);
  Me.LoopFile = File;
  Me.LoopLine = Line;
  // Read before the switch: the lanes run meanwhile advance the same
  // per-thread count, and in lockstep they may never leave it at a multiple.
  bool Watch = (LoopTicks & ((1u << 16) - 1)) == 0;
  int N = findReady(W, Me.Index + 1);
  if (N >= 0 && N != static_cast<int>(Me.Index))
    switchTo(W, Me, N);
  if (!Watch)
    return;
  // Every 64 Ki back-edges of this OS thread: has the launch progressed?
  LaunchInfo &L = *W.L;
  auto Now = std::chrono::steady_clock::now();
  std::uint64_t Done = L.Done.load(std::memory_order_relaxed);
  bool Grow = false;
  double Waited = 0;
  {
    std::lock_guard<std::mutex> G(L.DiagMutex);
    if (Done != L.WatchDone) {
      L.WatchDone = Done;
      L.WatchSince = Now;
      return;
    }
    Waited = std::chrono::duration<double>(Now - L.WatchSince).count();
    // Blocks still waiting to start while the running ones spin: they may
    // be what the spinning ones wait for, so give them an OS thread (one
    // per 50 ms of no progress, at most 256: each costs its fibers' stacks;
    // a launch of long blocks gets some too, which only shares the cores).
    if (L.Next.load() < L.NumBlocks && Waited > 0.05 * (L.Helpers + 1) &&
        L.Helpers < 256 && !L.NoMoreThreads) {
      ++L.Helpers;
      Grow = true;
    }
  }
  if (Grow && !pool().addThread(L)) {
    std::lock_guard<std::mutex> G(L.DiagMutex);
    L.NoMoreThreads = true;
  }
  else if (Waited > hangSeconds())
    reportHang(W, Me, Waited);
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
  L.WatchSince = std::chrono::steady_clock::now();
  ::warpSize = L.Width;
  ::blockDim = Block;
  ::gridDim = Grid;
  LockstepOn = lockstepWanted();
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

void setLockstep(int On) {
  std::lock_guard<std::mutex> G(detail::LaunchMutex);
  detail::LockstepForced = On;
}

} // namespace hipcpu
