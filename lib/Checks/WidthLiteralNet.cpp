#include "Checks/WidthLiteralNet.h"
#include "Checks/CudaPatterns.h"
#include "Checks/LogicalWarps.h"
#include "Checks/TokenText.h"
#include "Checks/TokenWidthFlow.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace hipport::checks {

const CheckInfo WidthLiteralNet::Info = {
    "wave64-width-literal", core::Severity::Warning,
    "a 32, 31 or 0x1f in the same statement as a lane, warp or thread "
    "quantity, and lane masks set to 0xffffffff: the recall net under the "
    "shape checks"};

bool isWidthNetHint(llvm::StringRef CheckId) {
  return CheckId == WidthLiteralNet::Info.Id;
}

namespace {

enum class Literal { None, Width, LastLane, FullMask };

Literal literalKind(const Tok &K) {
  if (K.Kind != tok::numeric_constant)
    return Literal::None;
  std::string L = plainNumber(K.Text);
  if (L == "32" || L == "0x20")
    return Literal::Width;
  if (L == "31" || L == "0x1f")
    return Literal::LastLane;
  if (L == "0xffffffff")
    return Literal::FullMask;
  return Literal::None;
}

/// What a token of the statement says about the 32 beside it. Slot, a
/// `__shared__` array bound, is the weakest hint and gives a note at most:
/// per-warp slots sized for 32-lane warps are enough at 64 (fewer warps); it
/// is their lane indexing that breaks, which SlotArrayFlow follows.
enum class Context { None, Slot, Thread, Lane, Word };

Context contextOfName(llvm::StringRef Name) {
  std::string L = Name.lower();
  llvm::StringRef S(L);
  // Lanes first: `kBytesPerWarp * (kThreads / 32)` counts warps.
  if (warpLikeName(Name) || (S.contains("lane") && !S.contains("plane")) ||
      shuffleLike(Name) || S.contains("ballot") || S.starts_with("shfl_") ||
      S.contains("activemask") || S == "__any" || S == "__all")
    return Context::Lane;
  // `31 - __clz(n)`: log2 by leading zeros, a bit position of an int.
  if (S == "sizeof" || S.contains("bit") || S.contains("word") ||
      S.contains("clz") ||
      S.contains("byte") || S.contains("bank") || S.contains("align"))
    return Context::Word;
  if (S.contains("thread") || S.contains("blockdim") || S == "tid" ||
      S.starts_with("tid") || S.ends_with("tid") || S.contains("_tid") ||
      S == "tpp" || S.ends_with("_tpp") || S.starts_with("tpp_") ||
      S.contains("block_size") || S.contains("blocksize") ||
      S.contains("block_dim") || S == "dim3" || S == "wid" ||
      S.contains("launch"))
    return Context::Thread;
  if (S == "__shared__")
    return Context::Slot;
  return Context::None;
}

/// `<<<` (raw lexing splits it into `<<` and `<`): a kernel launch.
bool isLaunch(const std::vector<Tok> &T, size_t I) {
  return T[I].Text == "<<" && I + 1 < T.size() && T[I + 1].Text == "<";
}

/// Names the text gives the thread index (`int const t = threadIdx.x;`,
/// `uint32_t t = threadIdx.x, ...`): any name a file uses for it, `t` as
/// often as `tid`. With Member, only that one (`"y"`: `const int wi =
/// threadIdx.y;`, the row index of a 2-D block).
std::set<llvm::StringRef> threadIndexNames(const std::vector<Tok> &T,
                                           llvm::StringRef Member = "") {
  std::set<llvm::StringRef> Out;
  for (size_t I = 0; I + 5 < T.size(); ++I)
    if (T[I].Kind == tok::raw_identifier && T[I + 1].Text == "=" &&
        T[I + 2].Text == "threadIdx" && T[I + 3].Text == "." &&
        (Member.empty() || T[I + 4].Text == Member) &&
        (T[I + 5].Text == ";" || T[I + 5].Text == ","))
      Out.insert(T[I].Text);
  return Out;
}

/// A member `lanes()` (`t.lanes()`, `op->dtype.lanes()`): a vector data
/// type's element count, as code generators (TVM, Halide) name it.
bool vectorLanesCall(const std::vector<Tok> &T, size_t I) {
  return I > 0 && I + 1 < T.size() && T[I].Text == "lanes" &&
         (T[I - 1].Text == "." || T[I - 1].Text == "->") &&
         T[I + 1].Text == "(";
}

/// `lanes` names a vector type's lane count in a file that calls a member
/// `lanes()`: its 32s count elements of a data type, not warp lanes.
/// (Only that name: a variable set from `t.lanes()` may be any `n`.)
std::set<llvm::StringRef> vectorLaneNames(const std::vector<Tok> &T) {
  for (size_t I = 0; I < T.size(); ++I)
    if (vectorLanesCall(T, I))
      return {"lanes"};
  return {};
}

/// Names the text sets from a ballot (`unsigned int bitmap = __ballot(p);`):
/// lane masks, whatever their names say (a "bitmap" of lanes is no word).
std::set<llvm::StringRef> ballotNames(const std::vector<Tok> &T) {
  std::set<llvm::StringRef> Out;
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (T[I].Kind == tok::raw_identifier && T[I + 1].Text == "=" &&
        (T[I + 2].Text == "__ballot" || T[I + 2].Text == "__ballot_sync" ||
         T[I + 2].Text == "__activemask"))
      Out.insert(T[I].Text);
  return Out;
}

/// True when a parameter in Params sits in the launch sizes of the macro
/// body [B, E): top-level in a `<<<grid, block, ...>>>` configuration, the
/// grid or block of hipLaunchKernelGGL, or an argument of `dim3`.
bool paramSizesLaunch(const std::vector<Tok> &T, size_t B, size_t E,
                      const std::set<llvm::StringRef> &Params) {
  auto Has = [&](size_t From, size_t To) {
    for (size_t J = From; J < To && J < E; ++J)
      if (Params.count(T[J].Text))
        return true;
    return false;
  };
  for (size_t I = B; I < E; ++I) {
    if (isLaunch(T, I)) {
      int Depth = 0;
      for (size_t J = I + 2; J < E && T[J].Text != ">>"; ++J) {
        if (T[J].Text == "(" || T[J].Text == "[" || T[J].Text == "{")
          ++Depth;
        else if (T[J].Text == ")" || T[J].Text == "]" || T[J].Text == "}")
          --Depth;
        else if (Depth == 0 && Params.count(T[J].Text))
          return true;
      }
    }
    bool Ggl = T[I].Text == "hipLaunchKernelGGL";
    if ((Ggl || T[I].Text == "dim3") && I + 1 < E && T[I + 1].Text == "(") {
      auto Args = callArgs(T, I + 1);
      for (size_t A = Ggl ? 1 : 0; A < Args.size() && A < 3; ++A)
        if (Has(Args[A].first, Args[A].second))
          return true;
    }
    // `dim3 block(P)`: a variable of type dim3.
    if (T[I].Text == "dim3" && I + 2 < E && T[I + 2].Text == "(" &&
        Has(I + 3, closingBracket(T, I + 2)))
      return true;
  }
  return false;
}

/// Function-like macros the file defines that launch or whose name reads as
/// a launch (`LAUNCH_V7(NW_, BKV_, D_, MT_)`), each with, per parameter,
/// whether it reaches a launch's size in the body (`<<<grid, NW_ * 32>>>`).
/// The other parameters fill template arguments, shared bytes or kernel
/// arguments: a literal passed there (a KV tile length, a head size) is no
/// lane count.
/// A macro none of whose parameters sizes a launch says nothing of any
/// literal passed to it; its body, read where it is written, does.
std::map<llvm::StringRef, std::vector<bool>>
launchMacroParams(const std::vector<Tok> &T) {
  std::map<llvm::StringRef, std::vector<bool>> Out;
  for (size_t I = 0; I + 3 < T.size(); ++I) {
    if (!T[I].LineStart || T[I].Text != "#" || T[I + 1].Text != "define" ||
        T[I + 3].Text != "(" ||
        T[I + 3].Offset != T[I + 2].Offset + T[I + 2].Text.size())
      continue;
    size_t Close = closingBracket(T, I + 3);
    size_t End = Close + 1;
    while (End < T.size() && !T[End].LineStart)
      ++End;
    bool Launches = false;
    for (size_t J = Close + 1; J < End && !Launches; ++J)
      Launches = isLaunch(T, J) || T[J].Text == "hipLaunchKernelGGL";
    if (!Launches && contextOfName(T[I + 2].Text) != Context::Thread)
      continue;
    std::vector<bool> &Sizes = Out[T[I + 2].Text];
    for (size_t J = I + 4; J < Close; ++J)
      if (T[J].Kind == tok::raw_identifier)
        Sizes.push_back(paramSizesLaunch(T, Close + 1, End, {T[J].Text}));
  }
  return Out;
}

/// What the file's own names mean: thread indices, vector lane counts, lane
/// masks, and the file's launch macros (per parameter: sizes the launch).
struct FileNames {
  std::set<llvm::StringRef> Threads, VectorLanes, Ballots;
  std::map<llvm::StringRef, std::vector<bool>> LaunchMacros;
  /// Kernels the text defines for 32-wide wavefronts only
  /// (wave32OnlyDefinitions).
  std::set<llvm::StringRef> Wave32Kernels;
  /// Names of threadIdx.y (threadIndexNames(T, "y")).
  std::set<llvm::StringRef> Rows;
  /// Kernels with no lane-level code (laneFreeKernels).
  std::set<llvm::StringRef> LaneFree;
};

bool sizelessLaunch(const FileNames &N, llvm::StringRef Macro) {
  auto It = N.LaunchMacros.find(Macro);
  return It != N.LaunchMacros.end() &&
         llvm::none_of(It->second, [](bool B) { return B; });
}

Context contextOf(const std::vector<Tok> &T, size_t I, const FileNames &N) {
  if (isLaunch(T, I))
    return Context::Thread; // `k<<<grid, 32>>>`
  if (T[I].Kind != tok::raw_identifier)
    return Context::None;
  if (N.VectorLanes.count(T[I].Text))
    return Context::Word;
  if (N.Ballots.count(T[I].Text))
    return Context::Lane;
  if (sizelessLaunch(N, T[I].Text))
    return Context::None;
  Context C = contextOfName(T[I].Text);
  return C == Context::None && N.Threads.count(T[I].Text) ? Context::Thread
                                                          : C;
}

/// A file with no GPU code in its text has no warps to assume.
bool hasGpuCode(const std::vector<Tok> &T) {
  static const std::set<llvm::StringRef> Marks = {
      "__global__", "__device__", "threadIdx", "blockDim", "dim3",
      "warpSize", "__launch_bounds__", "hipLaunchKernelGGL",
      "cudaLaunchKernel", "hipLaunchKernel"};
  for (size_t I = 0; I < T.size(); ++I)
    if (Marks.count(T[I].Text) || isLaunch(T, I))
      return true;
  return worksPerWarp(T);
}

/// Code that knows it runs in warps: it works per warp (shuffles, ballots)
/// or names warps, lanes or wavefronts (`warpSize`, `kWarpSize`, `lane_id`).
bool warpAware(const std::vector<Tok> &T) {
  return worksPerWarp(T) || llvm::any_of(T, [](const Tok &K) {
           return K.Kind == tok::raw_identifier &&
                  contextOfName(K.Text) == Context::Lane;
         });
}

/// A statement's tokens [B, E) and the tokens [CtxB, CtxE) its 32s are
/// judged by: the statement itself; a whole `#define` body (a macro is read
/// as one unit: its lane index may be a parameter); a `for` header with the
/// first tokens of its body (`for (i = 0; i < n; i += 32) { int c = i +
/// tid;`).
struct Statement {
  size_t B, E, CtxB, CtxE;
};

/// Statements: split at `;` outside brackets, at `{` and `}`, and around
/// preprocessor directives (a `#define` body is code too).
std::vector<Statement> statements(const std::vector<Tok> &T) {
  std::vector<bool> Dir = directiveTokens(T);
  std::vector<Statement> Out;
  size_t B = 0, DirB = 0;
  int Depth = 0;
  auto Close = [&](size_t E) {
    if (E > B)
      Out.push_back({B, E, Dir[B] ? DirB : B, E});
    B = E;
  };
  for (size_t I = 0; I < T.size(); ++I) {
    bool NewDirective = Dir[I] && T[I].LineStart && T[I].Text == "#";
    if (NewDirective || (I > 0 && Dir[I - 1] && !Dir[I])) {
      Close(I);
      Depth = 0;
      if (NewDirective)
        DirB = I;
    }
    llvm::StringRef S = T[I].Text;
    if (S == "(" || S == "[")
      ++Depth;
    else if ((S == ")" || S == "]") && Depth > 0)
      --Depth;
    else if (S == "{" || S == "}") {
      Close(I);
      Close(I + 1);
      Depth = 0;
    } else if (S == ";" && Depth == 0)
      Close(I + 1);
  }
  Close(T.size());
  for (Statement &St : Out) {
    if (Dir[St.B]) {
      size_t End = St.CtxB + 1;
      while (End < T.size() && Dir[End] &&
             !(T[End].LineStart && T[End].Text == "#"))
        ++End;
      St.CtxE = End;
    } else if (T[St.B].Text == "for") {
      size_t End = std::min(T.size(), St.E + 48);
      St.CtxE = End;
      for (size_t I = St.E; I < End; ++I)
        if (T[I].Text == "}") {
          St.CtxE = I;
          break;
        }
    }
  }
  return Out;
}

/// A directive other than `#define` (`#if X == 32`, `#include`, `#pragma`).
bool nonDefineDirective(const std::vector<Tok> &T, size_t B, size_t E) {
  return E - B >= 2 && T[B].Text == "#" && T[B].LineStart &&
         T[B + 1].Text != "define";
}

/// The unmatched `(` or `[` nearest before token I, or npos where the
/// statement begins first (its block, with InForHeader: past the `;`s of a
/// `for` header).
size_t enclosingOpen(const std::vector<Tok> &T, size_t I,
                     bool InForHeader = false) {
  int Depth = 0;
  for (size_t J = I; J-- > 0;) {
    llvm::StringRef S = T[J].Text;
    if (S == ")" || S == "]")
      ++Depth;
    else if ((S == "(" || S == "[") && Depth-- == 0)
      return J;
    else if ((S == ";" && !InForHeader) || S == "{" || S == "}")
      break;
  }
  return std::string::npos;
}

/// The 32 is the width argument of a shuffle (`__shfl_xor(v, m, 32)`,
/// `WARP_SHFL(v, l, 32)`): a 32-lane logical group, right at 64 unless the
/// lane math around it says otherwise, which wave64-shuffle-width judges.
bool shuffleWidthArg(const std::vector<Tok> &T, size_t I) {
  size_t J = enclosingOpen(T, I);
  if (J == std::string::npos || J == 0 || T[J].Text == "[" ||
      !shuffleLike(T[J - 1].Text))
    return false;
  auto Args = callArgs(T, J);
  unsigned W = shuffleWidthIndex(T[J - 1].Text);
  return W < Args.size() && Args[W].first <= I && I < Args[W].second;
}

/// The literal is an argument of one of the file's launch macros at a
/// parameter that sizes no launch (`LAUNCH_V7(4, 32, D_, 1)` with BKV_ =
/// 32 a template argument): a data size, not a lane count.
bool nonSizingLaunchArg(const std::vector<Tok> &T, size_t I,
                        const FileNames &N) {
  for (size_t J = enclosingOpen(T, I); J != std::string::npos && J > 0;
       J = enclosingOpen(T, J)) {
    auto It = N.LaunchMacros.find(T[J - 1].Text);
    if (T[J].Text != "(" || It == N.LaunchMacros.end())
      continue;
    auto Args = callArgs(T, J);
    for (size_t A = 0; A < Args.size() && A < It->second.size(); ++A)
      if (Args[A].first <= I && I < Args[A].second)
        return !It->second[A];
    return false;
  }
  return false;
}

/// The literal sits in a launch (`k<<<grid, 32>>>`) of one of Kernels:
/// wave32-only kernels (k calls an RDNA `_w32` builtin: the block of the
/// only width it runs at, as the token scan's launch reading leaves it too)
/// or lane-free ones (laneFreeKernels: the block only counts threads).
bool launchArgOf(const std::vector<Tok> &T, size_t B, size_t I,
                 const std::set<llvm::StringRef> &Kernels) {
  for (size_t J = I; J-- > B;)
    if (isLaunch(T, J))
      return Kernels.count(launchedKernel(T, J));
  return false;
}

/// The statement [B, E) routes by the width: it compares a width the code
/// asks for at run time (`k <= 32 && getWarpSizeCurrentDevice() == 32`
/// picks the path for the device it runs on), or tests for 32 and for 64
/// (`kWarpSize == 32 || kWarpSize == 64` accepts either width). Its 32s
/// are tied to that test. A guard that refuses 64 is wave64-width-guard's.
bool routesByWidth(const std::vector<Tok> &T, size_t B, size_t E) {
  auto Cmp = [&](size_t J) {
    return J >= B && J < E && (T[J].Text == "==" || T[J].Text == "!=");
  };
  bool Tests32 = false, Tests64 = false;
  for (size_t J = B; J < E; ++J) {
    if (T[J].Kind == tok::raw_identifier && queriesWidthName(T[J].Text) &&
        J + 1 < E && T[J + 1].Text == "(") {
      size_t Close = closingBracket(T, J + 1);
      if (Cmp(Close + 1) || (J > 0 && Cmp(J - 1)))
        return true;
    }
    if (T[J].Kind != tok::numeric_constant ||
        !(Cmp(J + 1) || (J > 0 && Cmp(J - 1))))
      continue;
    std::string N = plainNumber(T[J].Text);
    Tests32 |= N == "32";
    Tests64 |= N == "64";
  }
  return Tests32 && Tests64;
}

/// The literal is an operand of inline assembly (`asm volatile("bar.sync
/// %0, %1;" :: "r"(id), "r"(n * 32))`): NVIDIA-only code with no AMD
/// meaning, which ptx-inline-asm reports; its 32s are no HIP width.
bool insideAsm(const std::vector<Tok> &T, size_t I) {
  for (size_t J = enclosingOpen(T, I); J != std::string::npos;
       J = enclosingOpen(T, J)) {
    size_t K = J;
    while (K > 0 && (T[K - 1].Text == "volatile" ||
                     T[K - 1].Text == "__volatile__"))
      --K;
    if (K > 0 && isAsmKeyword(T[K - 1].Text))
      return true;
  }
  return false;
}

/// Object-like macros the text defines more than once (`#if __GFX9__
/// #define WS 64 #else #define WS 32`): the value is picked per target, and
/// where no pass read the file the text alone cannot say which branch counts.
std::set<llvm::StringRef> redefined(const std::vector<Tok> &T) {
  std::set<llvm::StringRef> Once, Twice;
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (T[I].LineStart && T[I].Text == "#" && T[I + 1].Text == "define" &&
        !Once.insert(T[I + 2].Text).second)
      Twice.insert(T[I + 2].Text);
  return Twice;
}

bool isShift(llvm::StringRef P) {
  return P == "<<" || P == ">>" || P == "<<=" || P == ">>=";
}

/// The literal at I is part of a shift amount: `v <<= (t * w) & 0x1f`,
/// `1u << (i & 31)`, `m >> (32 - n)`. Walks back through its operand, out
/// of the parentheses around it, to a shift operator; an assignment, a
/// comparison or a separator ends the operand first. `&`, `^` and `|` bind
/// looser than `<<`: `v << s & 31` masks the shifted value, not the amount.
bool inShiftAmount(const std::vector<Tok> &T, size_t I) {
  int Depth = 0;
  bool Bitwise = false; ///< an `&`, `^` or `|` of this level, passed
  for (size_t J = I; J-- > 0;) {
    llvm::StringRef P = T[J].Text;
    if (P == ")" || P == "]") {
      ++Depth;
    } else if (P == "(" || P == "[") {
      if (Depth == 0 && J > 0 && T[J - 1].Kind == tok::raw_identifier)
        return false; // a call's argument
      if (Depth == 0)
        Bitwise = false; // out to the enclosing expression
      Depth = std::max(Depth - 1, 0);
    } else if (Depth == 0 && isShift(P)) {
      return P.ends_with("=") || !Bitwise;
    } else if (Depth == 0 && (P == "&" || P == "^" || P == "|")) {
      Bitwise = true;
    } else if (Depth == 0 &&
               (P == ";" || P == "," || P == "{" || P == "}" || P == "=" ||
                P == "?" || P == ":" || P == "<" || P == ">" || P == "==" ||
                P == "!=" || P == "<=" || P == ">=" || P == "&&" ||
                P == "||" || P == "return")) {
      return false;
    }
  }
  return false;
}

/// The literal is a factor of a product with the row index of a 2-D block
/// (`wi * 8 * 32`, `32 * threadIdx.y`): the stride between rows of a block
/// 32 threads wide, a thread's place in its block at any wave width. Two
/// rows share a 64-lane wavefront; a collective that mixes them is judged
/// where it is called.
bool rowStride(const std::vector<Tok> &T, size_t I, const FileNames &N) {
  auto isRow = [&](size_t J) {
    return N.Rows.count(T[J].Text) ||
           (T[J].Text == "y" && J >= 2 && T[J - 1].Text == "." &&
            T[J - 2].Text == "threadIdx");
  };
  for (size_t J = I; J >= 2 && T[J - 1].Text == "*";) {
    J -= 2;
    if (isRow(J))
      return true;
  }
  for (size_t K = I; K + 2 < T.size() && T[K + 1].Text == "*";) {
    K += 2;
    if (T[K].Text == "threadIdx" && K + 2 < T.size() && T[K + 1].Text == "." &&
        T[K + 2].Text == "y")
      return true;
    if (isRow(K))
      return true;
  }
  return false;
}

/// The literal is a factor of the step of a loop over the block's threads:
/// `for (int i = tid; ...; i += NWARP * 32)`, tid the thread index. The
/// step counts the block's threads (warps times lanes), which the launch
/// gives whatever the width; each element is still visited once. A bare
/// `i += 32` strides by a row of 32 (a `dim3(32, 8)` block): judged.
bool blockStrideStep(const std::vector<Tok> &T, size_t I, const FileNames &N) {
  size_t J = enclosingOpen(T, I, /*InForHeader=*/true);
  if (J == std::string::npos || J == 0 || T[J].Text != "(" ||
      T[J - 1].Text != "for")
    return false;
  std::vector<size_t> Semis;
  for (size_t K = J + 1; K < I && Semis.size() < 3; ++K)
    if (T[K].Text == ";")
      Semis.push_back(K);
  if (Semis.size() != 2 || Semis[0] < J + 4)
    return false;
  size_t S = Semis[0];
  bool FromThread = (T[S - 2].Text == "=" && N.Threads.count(T[S - 1].Text)) ||
                    (S >= J + 6 && T[S - 4].Text == "=" &&
                     T[S - 3].Text == "threadIdx" && T[S - 1].Text == "x");
  size_t Eq = T[S - 2].Text == "=" ? S - 2 : S - 4;
  bool Factor =
      T[I - 1].Text == "*" || (I + 1 < T.size() && T[I + 1].Text == "*");
  return FromThread && Factor && Semis[1] + 2 < I &&
         T[Semis[1] + 1].Text == T[Eq - 1].Text && T[Semis[1] + 2].Text == "+=";
}

/// The literal initializes a local variable (`auto warp =
/// cg::tiled_partition<32>(...)`, statement [B, E) of one of Defs, one
/// declarator) that its function names after it only in branches this pass
/// drops (`#else` of `#ifdef USE_ROCM`): its 32 reaches nothing. A name
/// the text never names again may still be read by a macro of another
/// file (`smem_size` in a launch macro), and stays judged; so does one at
/// file scope, which other files may name.
bool unusedDeclaration(const std::vector<Tok> &T, size_t B, size_t E,
                       size_t I, const std::vector<FunctionSpan> &Defs,
                       const std::function<bool(unsigned)> &Inactive) {
  auto In = llvm::find_if(Defs, [&](const FunctionSpan &F) {
    return F.Open < B && I < F.Close;
  });
  if (In == Defs.end())
    return false;
  // Only a statement that declares one name: no `for (int i = ...` header,
  // no `n = ..., num_warps = n / 32`.
  size_t Eq = B;
  while (Eq < I && T[Eq].Text != "=" && T[Eq].Text != "(")
    ++Eq;
  if (Eq == I || T[Eq].Text != "=" ||
      std::any_of(T.begin() + Eq, T.begin() + I,
                  [](const Tok &K) { return K.Text == ","; }))
    return false;
  // A declaration: a type before the name, no member (`cfg.block = 32`).
  if (Eq < B + 2 || T[Eq - 1].Kind != tok::raw_identifier ||
      T[Eq - 2].Text == "." || T[Eq - 2].Text == "->")
    return false;
  llvm::StringRef Name = T[Eq - 1].Text;
  bool Dropped = false;
  for (size_t K = E; K < In->Close; ++K)
    if (T[K].Text == Name) {
      if (!Inactive(T[K].Offset))
        return false;
      Dropped = true;
    }
  return Dropped;
}

/// The 32 is a shift amount (`x >> 32`: the halves of a 64-bit word; `1u <<
/// (i & 31)`: a bit of a 32-bit word), an alignment (`alignas(32)`), a
/// case label or the value of a count of warps, never a warp width. A lane
/// mask built so is wave64-lane-mask-literal's.
/// The literal is all or a factor of a count of warps made of literals
/// only: `kNumMaxWarpGroups = 32;`, `#define MAX_NUM_WARPS (64 * 64 * 32)`
/// (hypre's). Warps times lanes would count threads: here 32 counts warps.
bool countOfWarps(const std::vector<Tok> &T, size_t I) {
  auto Factor = [&](size_t J) {
    return T[J].Kind == tok::numeric_constant || T[J].Text == "*" ||
           T[J].Text == "(" || T[J].Text == ")";
  };
  size_t B = I, E = I + 1;
  while (B > 0 && Factor(B - 1) && !T[B].LineStart)
    --B;
  while (E < T.size() && Factor(E) && !T[E].LineStart)
    ++E;
  if (B == 0)
    return false;
  // `NAME = ...;`, or the whole body of `#define NAME ...`.
  bool Assigned = T[B - 1].Text == "=" && B >= 2 &&
                  countsWarpsName(T[B - 2].Text) && E < T.size() &&
                  T[E].Text == ";";
  bool Defined = B >= 2 && T[B - 2].Text == "define" &&
                 countsWarpsName(T[B - 1].Text) &&
                 (E == T.size() || T[E].LineStart);
  return Assigned || Defined;
}

/// The literal is an argument of a data type's constructor that takes a
/// bit count (`DataType::UInt(32)`, `IntegerType::get(ctx, 32)`,
/// `Type::getIntNTy(ctx, 32)`): code generators and compilers name the
/// width of a value's type, not a count of lanes.
bool typeBitsArg(const std::vector<Tok> &T, size_t I) {
  size_t Open = enclosingOpen(T, I);
  if (Open == std::string::npos || Open == 0 || T[Open].Text != "(")
    return false;
  llvm::StringRef Fn = T[Open - 1].Text;
  if (Fn == "get" && Open >= 3 && T[Open - 2].Text == "::")
    Fn = T[Open - 3].Text;
  return llvm::is_contained({"Int", "UInt", "Float", "BFloat", "Bits"}, Fn) ||
         Fn.ends_with("IntegerType") || Fn.ends_with("IntNTy") ||
         Fn.ends_with("FloatType");
}

bool notAWidth(const std::vector<Tok> &T, size_t I) {
  if (I == 0)
    return false;
  llvm::StringRef P = T[I - 1].Text;
  // `case 32:` names one value a switch dispatches on (a block size, an
  // expert count); the code under it is read on its own.
  if (isShift(P) || inShiftAmount(T, I) || P == "case")
    return true;
  if (countOfWarps(T, I) || typeBitsArg(T, I))
    return true;
  return P == "(" && I >= 2 &&
         T[I - 2].Text.lower().find("align") != std::string::npos;
}

/// `K % 32 == 0`: a divisibility test of one name that is no thread, lane
/// or warp quantity (a matrix extent, a length): the 32 is a data format,
/// whatever else its statement names.
bool dataDivisibility(const std::vector<Tok> &T, size_t I,
                      const FileNames &N) {
  if (I < 3 || I + 2 >= T.size() || T[I - 1].Text != "%" ||
      T[I - 2].Kind != tok::raw_identifier ||
      !(T[I + 1].Text == "==" || T[I + 1].Text == "!=") ||
      T[I + 2].Text != "0")
    return false;
  llvm::StringRef Before = T[I - 3].Text;
  bool Whole = llvm::is_contained({"(", "&&", "||", "=", "!", ",", "return"},
                                  Before);
  return Whole && contextOf(T, I - 2, N) == Context::None;
}

/// The literal is the default argument of a parameter of a function whose
/// body is empty (`__device__ void __syncwarp(unsigned mask = 0xffffffff)
/// {}`, a no-op stand-in): nothing ever reads it.
bool defaultOfEmptyFunction(const std::vector<Tok> &T, size_t I) {
  size_t Open = enclosingOpen(T, I);
  if (Open == std::string::npos || T[Open].Text != "(")
    return false;
  size_t Close = closingBracket(T, Open);
  return Close + 2 < T.size() && T[Close + 1].Text == "{" &&
         T[Close + 2].Text == "}";
}

/// `mask = 0xffffffff` (`constexpr uint32_t kMask = 0xffffffff;`): a
/// lane-mask variable set to 32 lanes. Full masks passed to intrinsics are
/// the AST's and the token scan's (wave64-lane-mask-literal), which see
/// through the macros that drop them on HIP.
bool laneMaskInit(const std::vector<Tok> &T, size_t I) {
  return I >= 2 && T[I - 1].Text == "=" &&
         T[I - 2].Kind == tok::raw_identifier &&
         T[I - 2].Text.lower().find("mask") != std::string::npos &&
         !defaultOfEmptyFunction(T, I);
}

struct Verdict {
  Context Kind = Context::None;
  llvm::StringRef Name; ///< the lane or thread quantity it was seen with
};

/// The strongest context of tokens [B, E): lanes or warps, else threads
/// unless the statement counts bits or bytes (a 32 of a word's width).
Verdict judge(const std::vector<Tok> &T, size_t B, size_t E,
              const FileNames &Names) {
  Verdict Lane, Thread, Slot;
  bool Word = false;
  for (size_t I = B; I < E; ++I) {
    Context C = contextOf(T, I, Names);
    if (C == Context::Lane && Lane.Name.empty())
      Lane = {C, T[I].Text};
    else if (C == Context::Thread && Thread.Name.empty())
      Thread = {C, T[I].Text == "<<" ? llvm::StringRef("<<<") : T[I].Text};
    else if (C == Context::Slot && Slot.Name.empty())
      Slot = {C, T[I].Text};
    else if (C == Context::Word)
      Word = true;
  }
  if (!Lane.Name.empty())
    return Lane;
  if (Word)
    return {};
  return Thread.Name.empty() ? Slot : Thread;
}

std::string message(Literal L, const Tok &At, const Verdict &V) {
  const char *What =
      L == Literal::Width      ? "reads as the lane count of a 32-wide warp"
      : L == Literal::LastLane ? "reads as the last lane (or lane mask) of a "
                                 "32-wide warp"
                               : "reads as a mask of 32 lanes";
  return fmt::format(
      "'{}' beside '{}' {}; AMD wavefronts have 64 lanes: if it is the warp "
      "width, derive it from warpSize (width net: a literal next to a {} "
      "quantity, not a proven width use)",
      At.Text.str(), V.Name.str(), What,
      V.Kind == Context::Lane   ? "lane or warp"
      : V.Kind == Context::Slot ? "shared-memory slot"
                                : "thread");
}

/// Name is a shift amount in [B, E) (`1 << lane`, `w >> lane`): a bit
/// position in a word, not a warp lane.
bool shiftAmount(const std::vector<Tok> &T, size_t B, size_t E,
                 llvm::StringRef Name) {
  for (size_t I = B + 1; I < E; ++I)
    if (T[I].Text == Name && (T[I - 1].Text == "<<" || T[I - 1].Text == ">>" ||
                              T[I - 1].Text == "<<=" || T[I - 1].Text == ">>="))
      return true;
  return false;
}

/// `lane = i % 32` (or `& 31`) in [B, E): the body splits an index into
/// 32-lane groups and names the part a lane, and never shifts by it (a
/// `vecLane` that picks a bit of a 32-bit word is word width). Returns the
/// 32's token, or 0.
size_t laneSplit(const std::vector<Tok> &T, size_t B, size_t E) {
  for (size_t I = B + 3; I < E; ++I) {
    Literal L = literalKind(T[I]);
    bool Split = (L == Literal::Width && T[I - 1].Text == "%") ||
                 (L == Literal::LastLane && T[I - 1].Text == "&");
    if (!Split)
      continue;
    for (size_t J = I; J-- > B + 1;) {
      llvm::StringRef S = T[J].Text;
      if (S == ";" || S == "{" || S == "}")
        break;
      if (S == "=" && T[J - 1].Kind == tok::raw_identifier) {
        if (contextOfName(T[J - 1].Text) == Context::Lane &&
            !shiftAmount(T, B, E, T[J - 1].Text))
          return I;
        break;
      }
    }
  }
  return 0;
}

/// [B, E) counts blocks of 32 items with a rounding-up division
/// (`divUp(numVecs, 32)`, `ceil_div(n, 32)`, `DIV_ROUND_UP(n, 32)`).
bool countsBlocksOf32(const std::vector<Tok> &T, size_t B, size_t E) {
  for (size_t I = B + 1; I + 1 < E; ++I) {
    if (literalKind(T[I]) != Literal::Width || T[I - 1].Text != "," ||
        T[I + 1].Text != ")")
      continue;
    size_t Open = openingParen(T, I + 1);
    std::string Callee = Open > 0 ? T[Open - 1].Text.lower() : "";
    if (llvm::StringRef(Callee).contains("div") ||
        llvm::StringRef(Callee).contains("ceil") ||
        llvm::StringRef(Callee).contains("round"))
      return true;
  }
  return false;
}

/// Host code (a file with no GPU code) with a function that splits an index
/// into 32-lane groups (`int lane = i % 32;`) lays data out as the device's
/// warps read it (interleaved codes, packed per-lane words), in that function
/// and in the file's others that count blocks of 32 items (a packer of 4-bit
/// codes beside a packer of words, `divUp(numVecs, 32)`): each 32 such a
/// function divides, multiplies or takes a remainder by, or passes to a
/// call, is that width.
std::vector<core::Finding>
hostLayoutFindings(const std::string &File, llvm::StringRef Text,
                   const std::vector<Tok> &T,
                   const std::function<bool(unsigned)> &Inactive) {
  std::vector<core::Finding> Out;
  std::vector<FunctionSpan> Outermost;
  size_t Done = 0; ///< end of the last body read: nested ones are in it
  for (const FunctionSpan &F : functionDefinitions(T))
    if (F.Open >= Done && F.Close < T.size()) {
      Outermost.push_back(F);
      Done = F.Close;
    }
  size_t Anchor = 0;
  for (const FunctionSpan &F : Outermost) {
    size_t A = laneSplit(T, F.Open, F.Close);
    if (A && !Inactive(T[A].Offset)) {
      Anchor = A;
      break;
    }
  }
  if (!Anchor)
    return Out;
  unsigned AnchorLine = 1 + Text.take_front(T[Anchor].Offset).count('\n');
  for (const FunctionSpan &Fn : Outermost) {
    size_t B = Fn.Open, E = Fn.Close;
    if (!laneSplit(T, B, E) && !countsBlocksOf32(T, B, E))
      continue; // word and bit math beside the layout
    std::set<size_t> Lines;
    for (size_t I = B + 1; I < E; ++I) {
      if (literalKind(T[I]) != Literal::Width || Inactive(T[I].Offset))
        continue;
      llvm::StringRef P = T[I - 1].Text, N = T[I + 1].Text;
      bool Arith = P == "/" || P == "%" || P == "*" || N == "*" ||
                   (P == "," && N == ")");
      if (!Arith || !Lines.insert(Text.rfind('\n', T[I].Offset)).second)
        continue;
      core::Finding F;
      F.CheckId = WidthLiteralNet::Info.Id;
      F.Level = core::Severity::Warning;
      F.Range = {File, T[I].Offset, unsigned(T[I].Text.size())};
      F.Message = fmt::format(
          "'32' groups items by 32 in code that splits indices into 32-lane "
          "groups (line {}): a layout for the device's 32-wide warps; AMD "
          "wavefronts have 64 lanes: if the device side reads it by warp, "
          "take the width from the device (hipDeviceAttributeWarpSize) here "
          "too (width net: a warp layout in a file with no CUDA or HIP GPU "
          "code, such as host-side packing)",
          AnchorLine);
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

/// The literal starts an XOR butterfly from 32 (`for (int i = 32; i >= 1;
/// i /= 2) v += __shfl_xor(v, i);`) in a kernel that reads no
/// `threadIdx.y`, `.z` nor `blockDim.y`, `.z`: blocks of one row, so the
/// step of 32 joins two halves of the same row and the tree reduces all 64
/// lanes of the wavefront. Code written for wave64, not a 32-lane width. In
/// a kernel of rows (`dim3(32, 8)`) the same step mixes two rows: judged.
bool rowButterflyFrom32(const std::vector<Tok> &T, size_t I,
                        const std::vector<FunctionSpan> &Defs) {
  if (I < 1 || T[I - 1].Text != "=" || plainNumber(T[I].Text) != "32")
    return false;
  size_t Open = enclosingOpen(T, I, /*InForHeader=*/true);
  if (Open == std::string::npos || Open == 0 || T[Open - 1].Text != "for")
    return false;
  size_t Close = closingBracket(T, Open);
  bool Halves = false, Xor = false;
  for (size_t K = I; K < Close; ++K)
    Halves |= T[K].Text == "/=" || T[K].Text == ">>=";
  for (size_t K = Close + 1; K < T.size() && T[K].Text != ";"; ++K)
    Xor |= T[K].Text.starts_with("__shfl_xor");
  if (!Halves || !Xor)
    return false;
  const FunctionSpan *In = nullptr;
  for (const FunctionSpan &F : Defs)
    if (F.Open < I && I < F.Close && (!In || F.Open > In->Open))
      In = &F;
  if (!In || !isKernelDefinition(T, *In))
    return false;
  for (size_t K = In->Open; K + 2 < In->Close; ++K)
    if ((T[K].Text == "threadIdx" || T[K].Text == "blockDim") &&
        T[K + 1].Text == "." && (T[K + 2].Text == "y" || T[K + 2].Text == "z"))
      return false;
  return true;
}

/// A branch that runs only where a quantity equals a literal: `if
/// (group_size_ == 32) { LAUNCH(T, 32); }`. The literal inside it is that
/// quantity's value passed on (a template or macro argument), and means
/// what the quantity means.
struct EchoBranch {
  size_t B, E; ///< the branch's tokens
  std::string Value; ///< the literal echoed; empty: every width literal
};

/// The branches of `if (... Name == V ...)` (or `V == Name`) where V is a
/// width literal and Name names neither lanes, warps nor threads (a
/// quantization group size, a head dimension): its 32s are Name's. So are
/// those of a branch on the device's width (`if (warp_size == 32)`,
/// warp_size = rocprim::warp_size()): code that runs only at 32 lanes. A
/// branch on a warp width equal to 64 (`if constexpr (kWarpSize == 64)`)
/// runs only on 64-lane wavefronts: its 32s are halves of that wave,
/// written for 64, whatever they count.
std::vector<EchoBranch> echoBranches(const std::vector<Tok> &T) {
  std::vector<EchoBranch> Out;
  auto BranchEnd = [&](size_t B) {
    if (T[B].Text == "{")
      return closingBracket(T, B);
    size_t E = B;
    for (; E < T.size() && T[E].Text != ";"; ++E)
      if (T[E].Text == "(" || T[E].Text == "[")
        E = closingBracket(T, E);
    return E;
  };
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (T[I].Text != "if")
      continue;
    size_t Open = T[I + 1].Text == "constexpr" ? I + 2 : I + 1;
    if (T[Open].Text != "(")
      continue;
    size_t Close = closingBracket(T, Open);
    if (Close + 1 >= T.size())
      continue;
    for (size_t J = Open + 1; J + 2 <= Close; ++J) {
      if (T[J + 1].Text != "==")
        continue;
      size_t Name = J, Lit = J + 2;
      if (T[Name].Kind == tok::numeric_constant)
        std::swap(Name, Lit);
      if (T[Name].Kind == tok::raw_identifier &&
          T[Lit].Kind == tok::numeric_constant &&
          plainNumber(T[Lit].Text) == "64" && warpWidthName(T[Name].Text)) {
        Out.push_back({Close + 1, BranchEnd(Close + 1), ""});
        continue;
      }
      if (literalKind(T[Lit]) != Literal::Width ||
          T[Name].Kind != tok::raw_identifier)
        continue;
      Context C = contextOfName(T[Name].Text);
      bool Queried = T[Name].Text == "warpSize" ||
                     setFromQueriedWidth(T, Name, T[Name].Text);
      if ((C == Context::Lane || C == Context::Thread) && !Queried)
        continue;
      Out.push_back({Close + 1, BranchEnd(Close + 1), plainNumber(T[Lit].Text)});
      Out.push_back({Lit, Lit + 1, plainNumber(T[Lit].Text)}); // the test
    }
  }
  return Out;
}

/// The name of the function whose whole body returns one literal, the
/// statement [B, E) (`constexpr int warp_size() { return 32; }`); "" for
/// any other.
llvm::StringRef soleReturnOf(const std::vector<Tok> &T, size_t B, size_t E) {
  if (E != B + 3 || T[B].Text != "return" || B < 3 || T[B - 1].Text != "{" ||
      E >= T.size() || T[E].Text != "}")
    return "";
  size_t J = B - 2;
  while (J > 0 && (T[J].Text == "const" || T[J].Text == "noexcept" ||
                   T[J].Text == "override"))
    --J;
  size_t Open = T[J].Text == ")" ? openingParen(T, J) : J;
  if (Open == J || Open == 0 || T[Open - 1].Kind != tok::raw_identifier)
    return "";
  return T[Open - 1].Text;
}

bool echoed(const std::vector<EchoBranch> &Echoes, const std::vector<Tok> &T,
            size_t I) {
  return llvm::any_of(Echoes, [&](const EchoBranch &X) {
    return X.B <= I && I < X.E &&
           (X.Value.empty() || plainNumber(T[I].Text) == X.Value);
  });
}

} // namespace

std::vector<core::Finding>
widthLiteralFindings(const std::string &File, llvm::StringRef Text,
                     const std::function<bool(unsigned)> &Inactive) {
  std::vector<core::Finding> Out;
  std::vector<Tok> T = lexAll(Text);
  if (!hasGpuCode(T))
    return hostLayoutFindings(File, Text, T, Inactive);
  bool WarpAware = warpAware(T);
  std::set<llvm::StringRef> Redefined = redefined(T);
  std::vector<FunctionSpan> Defs = functionDefinitions(T);
  std::vector<FunctionSpan> Wave32 = wave32OnlyDefinitions(T, Defs);
  FileNames Names{threadIndexNames(T), vectorLaneNames(T), ballotNames(T),
                  launchMacroParams(T), definitionNames(T, Wave32),
                  threadIndexNames(T, "y"), laneFreeKernels(T, Defs)};
  auto Within = [](const std::vector<FunctionSpan> &Spans, size_t I) {
    return llvm::any_of(Spans, [&](const FunctionSpan &S) {
      return S.Open <= I && I <= S.Close;
    });
  };
  std::vector<EchoBranch> Echoes = echoBranches(T);
  std::set<size_t> Lines; ///< offsets of the line starts reported on
  for (const Statement &St : statements(T)) {
    auto [B, E, CtxB, CtxE] = St;
    if (nonDefineDirective(T, CtxB, CtxE) ||
        (T[CtxB].Text == "#" && CtxB + 2 < CtxE &&
         Redefined.count(T[CtxB + 2].Text)))
      continue;
    if (routesByWidth(T, B, E))
      continue;
    std::optional<Verdict> V;
    for (size_t I = B; I < E; ++I) {
      Literal L = literalKind(T[I]);
      if (L == Literal::None || notAWidth(T, I) || Inactive(T[I].Offset) ||
          shuffleWidthArg(T, I) || nonSizingLaunchArg(T, I, Names) ||
          launchArgOf(T, B, I, Names.Wave32Kernels) ||
          launchArgOf(T, B, I, Names.LaneFree) || blockStrideStep(T, I, Names) ||
          dataDivisibility(T, I, Names) ||
          rowStride(T, I, Names) ||
          unusedDeclaration(T, B, E, I, Defs, Inactive) ||
          insideAsm(T, I) || echoed(Echoes, T, I) ||
          (L == Literal::FullMask && !(WarpAware && laneMaskInit(T, I))))
        continue;
      if (!V)
        V = judge(T, CtxB, CtxE, Names);
      Verdict Seen =
          L == Literal::FullMask ? Verdict{Context::Lane, T[I - 2].Text} : *V;
      // A function named for the width that returns 32 (`constexpr int
      // warp_size() { return 32; }`): its name is the 32's context.
      llvm::StringRef Fn = L == Literal::Width ? soleReturnOf(T, B, E) : "";
      if (Seen.Kind == Context::None && !Fn.empty() &&
          contextOfName(Fn) == Context::Lane)
        Seen = {Context::Lane, Fn};
      if (Seen.Kind == Context::None)
        continue;
      size_t LineStart = Text.rfind('\n', T[I].Offset);
      if (!Lines.insert(LineStart).second)
        continue;
      core::Finding F;
      F.CheckId = WidthLiteralNet::Info.Id;
      bool Strong = Seen.Kind == Context::Lane ||
                    (Seen.Kind == Context::Thread && WarpAware);
      F.Level = Strong ? core::Severity::Warning : core::Severity::Note;
      F.Range = {File, T[I].Offset, unsigned(T[I].Text.size())};
      F.Message = message(L, T[I], Seen);
      if (L == Literal::Width && rowButterflyFrom32(T, I, Defs)) {
        F.Level = core::Severity::Note;
        F.Message = "'32' starts an XOR butterfly over all 64 lanes of the "
                    "wavefront in a kernel of one-row blocks (no threadIdx.y "
                    "or .z): right at wave64; on a 32-lane (RDNA) wavefront "
                    "its first step adds each lane to itself (width net)";
      }
      // Code for 32-wide wavefronts only, as the token scan reads it.
      if (Within(Wave32, I)) {
        F.Level = core::Severity::Note;
        F.Message = rightAtEitherWidth(F.Message, LaneGroups::Wave32Only);
      }
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

} // namespace hipport::checks
