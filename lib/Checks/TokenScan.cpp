#include "Checks/TokenScan.h"
#include "Checks/CudaPatterns.h"
#include "Checks/LogicalWarps.h"
#include "Checks/TokenText.h"
#include "Checks/TokenWidthFlow.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

#include <functional>

using namespace clang;

namespace hipport::checks {

namespace {

bool isFullMask(llvm::StringRef S) { return plainNumber(S) == "0xffffffff"; }

/// The index of the width argument of a shuffle called by name: the
/// intrinsics, and PyTorch's wrappers (ATen/cuda/DeviceUtils.cuh:
/// `WARP_SHFL(value, lane, width = warpSize, mask)`), which torch extensions
/// call; 0 for other names.
unsigned calledShuffleWidthIndex(llvm::StringRef N) {
  return shuffleLike(N) ? shuffleWidthIndex(N) : 0;
}

/// Lane math with 32 on a thread or lane index somewhere in the text
/// (`threadIdx.x % 32`, `(threadIdx.x + d) & 31`, `lane & 31`): a lane or
/// thread name within the few tokens before `% 32` or `& 31`.
bool hasLaneMath32(const std::vector<Tok> &T) {
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    if (!((T[I].Text == "%" && T[I + 1].Text == "32") ||
          (T[I].Text == "&" && T[I + 1].Text == "31")))
      continue;
    for (size_t J = I > 10 ? I - 10 : 0; J < I; ++J) {
      std::string L = T[J].Text.lower();
      if (T[J].Text == "threadIdx" || L == "tid" || L.find("lane") == 0)
        return true;
    }
  }
  return false;
}

/// A ballot kept in 32 bits, as far as the text tells: `unsigned m =
/// __ballot(p)`, `uint32_t const m = ns::__ballot_sync(...)`, `int m =
/// __activemask()` (HIP's are 64-bit: lanes 32-63 vanish), or the result of a
/// project's wrapper named for a ballot (`uint32_t m = ballot(p)`, a
/// warning: the text may not show what it returns), and a ballot counted with the
/// 32-bit `__popc`/`__ffs` (`__popc(__ballot(p))`). I is a call's name.
template <typename AddFn>
void ballotTokens(const std::vector<Tok> &T, size_t I,
                  const std::vector<std::pair<size_t, size_t>> &Args,
                  AddFn &Add) {
  llvm::StringRef N = T[I].Text;
  if (N == "__popc" || N == "__ffs") {
    if (Args.size() == 1 && I + 2 < T.size() && isBallotName(T[I + 2].Text))
      Add("wave64-ballot-mask-width", core::Severity::Error, T[I],
          fmt::format("{} counts 32 bits of a 64-bit lane mask; use {}ll", N,
                      N));
    return;
  }
  // A project's wrapper (`ballot(p)`, `warp_ballot(p)`): the text does not
  // show what it returns, so a warning.
  std::string Lower = N.lower();
  llvm::StringRef L(Lower);
  bool Wrapper = !isBallotName(N) &&
                 (L.ends_with("ballot") || L.ends_with("ballot_sync"));
  if (!isBallotName(N) && !Wrapper)
    return;
  // `hip_extensions::__ballot_sync(...)`: from the qualified name's start.
  size_t At = I;
  while (At >= 2 && T[At - 1].Text == "::" &&
         T[At - 2].Kind == tok::raw_identifier)
    At -= 2;
  if (At < 3 || T[At - 1].Text != "=" ||
      T[At - 2].Kind != tok::raw_identifier)
    return;
  // `uint32_t const m`, `unsigned int const m`.
  size_t TyAt = At - 3;
  if (T[TyAt].Text == "const" && TyAt > 0)
    --TyAt;
  llvm::StringRef Ty = T[TyAt].Text;
  // `unsigned int m` ends in `int`.
  if (Ty == "uint32_t" || Ty == "int32_t" || Ty == "int" || Ty == "unsigned" ||
      Ty == "uint")
    Add("wave64-ballot-mask-width",
        Wrapper ? core::Severity::Warning : core::Severity::Error, T[At - 2],
        fmt::format("result of {} stored in 32-bit '{}': HIP ballots and lane "
                    "masks are 64-bit, lanes 32-63 are lost; use uint64_t{}",
                    N, Ty,
                    Wrapper ? " (if the wrapper returns the 64-bit ballot)"
                            : ""));
}

/// A shuffle called without its width (see calledShuffleWidthIndex), in a file
/// whose lane math assumes 32 lanes, unless an argument is set from the
/// device's width (a tree over the whole wavefront, written so on purpose).
/// Not an xor: lane ^ m is the partner at any width above m, so a missing
/// width changes nothing for masks below 32, and a mask of 32 or more is
/// the tree's start (judged where the loop begins), not its width.
/// I is the call's name.
template <typename AddFn>
void shuffleTokens(const std::vector<Tok> &T, size_t I,
                   const std::vector<std::pair<size_t, size_t>> &Args,
                   AddFn &Add) {
  unsigned Width = calledShuffleWidthIndex(T[I].Text);
  if (!Width || Args.size() < 2 || Args.size() > Width ||
      T[I].Text.contains_insensitive("shfl_xor"))
    return;
  for (auto [B, E] : Args)
    if (E == B + 1 && T[B].Kind == tok::raw_identifier &&
        setFromQueriedWidth(T, B, T[B].Text))
      return;
  Add("wave64-shuffle-width", core::Severity::Warning, T[I],
      fmt::format("{} without a width argument spans the whole 64-lane "
                  "wavefront, but the lane math of this file assumes 32 "
                  "lanes; pass the width explicitly or compute lanes from "
                  "warpSize",
                  T[I].Text));
}

enum class Body { None, Host, Device };

/// What the `{` after the declaration head H opens, at file scope or in a
/// namespace or class: a host function body, a device function body, or
/// something else (namespace, class, initializer).
Body bodyKind(const std::vector<Tok> &T, const std::vector<bool> &Dir,
              size_t Begin, size_t End) {
  bool Call = false;
  for (size_t I = Begin; I < End; ++I) {
    if (Dir[I])
      continue;
    llvm::StringRef N = T[I].Text;
    // `template <class T, int N = 4>` heads a function or a class alike:
    // its parameters say neither.
    if (N == "template" && I + 1 < End && T[I + 1].Text == "<") {
      int Depth = 0;
      for (++I; I < End; ++I) {
        llvm::StringRef A = T[I].Text;
        Depth += A == "<" ? 1 : A == ">" ? -1 : A == ">>" ? -2 : 0;
        if (Depth <= 0)
          break;
      }
      continue;
    }
    if (N == "namespace" || N == "extern" || N == "=" ||
        ((N == "class" || N == "struct" || N == "union" || N == "enum") &&
         !Call))
      return Body::None;
    // `__launch_bounds__(n)` heads kernels only; projects spell
    // `__global__` as a macro (`CUDF_KERNEL`, `DEVICE_FN`, `GLOBAL_FN`).
    if (N == "__global__" || N == "__device__" || N == "__launch_bounds__" ||
        (T[I].Kind == tok::raw_identifier && N.upper() == N.str() &&
         (N.contains("DEVICE") || N.contains("GLOBAL") ||
          N.contains("KERNEL"))))
      return Body::Device;
    Call |= N == "(";
  }
  return Call ? Body::Host : Body::None;
}

/// For every token, whether it lies in the body of a host function (a
/// lambda in one included, unless it says __device__), as far as braces
/// and declaration heads tell without a parse.
std::vector<bool> hostBodyTokens(const std::vector<Tok> &T,
                                 const std::vector<bool> &Dir) {
  std::vector<bool> Host(T.size());
  std::vector<Body> Stack;
  size_t Head = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    Body Cur = Stack.empty() ? Body::None : Stack.back();
    Host[I] = Cur == Body::Host;
    if (Dir[I])
      continue;
    llvm::StringRef N = T[I].Text;
    if (N == "{") {
      Body K = bodyKind(T, Dir, Head, I);
      Stack.push_back(Cur == Body::None      ? K
                      : K == Body::Device    ? Body::Device
                                             : Cur);
      Head = I + 1;
    } else if (N == "}") {
      if (!Stack.empty())
        Stack.pop_back();
      Head = I + 1;
    } else if (N == ";") {
      Head = I + 1;
    }
  }
  return Host;
}

/// `int kWarpSize = 32;`: a declaration of the name, not a read; so is
/// the brace initialisation of a template type's object
/// (`std::atomic<int> warp_size{0};`).
bool declares(const std::vector<Tok> &T, size_t I) {
  if (I == 0 || I + 1 >= T.size())
    return false;
  llvm::StringRef P = T[I - 1].Text;
  llvm::StringRef Next = T[I + 1].Text;
  if (P == ">" && Next == "{")
    return true;
  if (T[I - 1].Kind != tok::raw_identifier || P == "return" || P == "case" ||
      P == "sizeof" || P == "throw")
    return false;
  return Next == "=" || Next == "{" || Next == ";" || Next == "[";
}

/// `constexpr int ws = rocprim::warp_size();`: a declaration the compiler
/// evaluates, in the host pass with the host pass's idea of the width.
bool constexprDecl(const std::vector<Tok> &T, size_t I) {
  for (size_t J = I; J-- > 0 && I - J < 6;) {
    llvm::StringRef S = T[J].Text;
    if (S == ";" || S == "{" || S == "}" || S == "(" || S == ",")
      return false;
    if (S == "constexpr")
      return true;
  }
  return false;
}

/// Names that hold a width known only at run time, as the text shows:
/// initialised from a call or from warpSize (`int ws = warp_size();`,
/// `= prop.warpSize`), or passed by address to a call (`&ws`, filled by
/// hipDeviceGetAttribute).
std::set<std::string> runtimeNames(const std::vector<Tok> &T) {
  std::set<std::string> Out;
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (T[I].Kind != tok::raw_identifier)
      continue;
    if (I > 1 && T[I - 1].Text == "&" &&
        (T[I - 2].Text == "(" || T[I - 2].Text == ","))
      Out.insert(T[I].Text.str());
    if (T[I + 1].Text != "=" || !declares(T, I) || constexprDecl(T, I))
      continue;
    for (size_t J = I + 2; J < T.size() && T[J].Text != ";"; ++J)
      if (T[J].Text == "warpSize" ||
          (T[J].Kind == tok::raw_identifier && J + 1 < T.size() &&
           T[J + 1].Text == "(")) {
        Out.insert(T[I].Text.str());
        break;
      }
  }
  return Out;
}

/// Names the text declares as pointers or references in a statement of
/// their own (`char *ws = get_workspace();`): storage, never a width. The
/// type starts the statement, so `n = count * ws;` and `(tile * ws)` are
/// products.
std::set<std::string> pointerNames(const std::vector<Tok> &T) {
  static const std::set<llvm::StringRef> Starts = {";", "{", "}", "const",
                                                   "static"};
  static const std::set<llvm::StringRef> Ends = {"=", ";", ",", "["};
  std::set<std::string> Out;
  for (size_t I = 3; I + 1 < T.size(); ++I)
    if (T[I].Kind == tok::raw_identifier &&
        (T[I - 1].Text == "*" || T[I - 1].Text == "&") &&
        T[I - 2].Kind == tok::raw_identifier && Starts.count(T[I - 3].Text) &&
        Ends.count(T[I + 1].Text))
      Out.insert(T[I].Text.str());
  return Out;
}

/// True at the tokens that name a parameter of the function definition
/// whose body holds them (`int32_t num_lanes`, `const Vec &wave`): a value
/// the caller passes at run time, never a compile-time width. Defs:
/// functionDefinitions(T).
std::vector<bool> parameterUses(const std::vector<Tok> &T,
                                const std::vector<FunctionSpan> &Defs) {
  std::vector<bool> Out(T.size(), false);
  for (const FunctionSpan &F : Defs) {
    std::set<llvm::StringRef> Params;
    size_t Close = closingBracket(T, F.Paren);
    int Depth = 0;
    for (size_t J = F.Paren + 1; J < Close; ++J) {
      llvm::StringRef S = T[J].Text;
      if (S == "(" || S == "[" || S == "<" || S == "{")
        ++Depth;
      else if (S == ")" || S == "]" || S == ">" || S == "}")
        --Depth;
      else if (Depth == 0 && T[J].Kind == tok::raw_identifier &&
               J > F.Paren + 1 && J + 1 <= Close &&
               (T[J + 1].Text == "," || T[J + 1].Text == ")" ||
                T[J + 1].Text == "=" || T[J + 1].Text == "["))
        Params.insert(S);
    }
    for (size_t J = F.Open; J < F.Close && J < T.size(); ++J)
      if (T[J].Kind == tok::raw_identifier && Params.count(T[J].Text))
        Out[J] = true;
  }
  return Out;
}

/// The names of the calls whose parentheses enclose token I, innermost
/// first, within its statement.
std::vector<llvm::StringRef> enclosingCalls(const std::vector<Tok> &T,
                                            size_t I) {
  std::vector<llvm::StringRef> Out;
  int Depth = 0;
  for (size_t J = I; J-- > 0 && I - J < 64;) {
    if (T[J].Text == ")")
      ++Depth;
    else if (T[J].Text == "(" && Depth-- == 0 && J > 0) {
      Out.push_back(T[J - 1].Text);
      Depth = 0;
    } else if (T[J].Text == ";" || T[J].Text == "{") {
      break;
    }
  }
  return Out;
}

/// True when token I is inside the parentheses of a check or assertion
/// (`TORCH_CHECK(`, `assert(`, `REQUIRE(`).
bool inAssertion(const std::vector<Tok> &T, size_t I) {
  return llvm::any_of(enclosingCalls(T, I), [](llvm::StringRef Name) {
    std::string N = Name.upper();
    llvm::StringRef S(N);
    return S.contains("CHECK") || S.contains("ASSERT") || S.contains("REQUIRE");
  });
}

} // namespace

/// The end of the `<<<...>>>` configuration whose `<<` is at I: its `>>`,
/// or the `;` that cuts it short.
static size_t chevronEnd(const std::vector<Tok> &T, size_t I) {
  size_t E = I + 2;
  while (E + 1 < T.size() && !(T[E].Text == ">>" && T[E + 1].Text == ">") &&
         T[E].Text != ";")
    ++E;
  return E;
}

/// The token ranges [begin, end) of the shared-memory sizes of the text's
/// `<<<grid, block, shared, ...>>>` launches.
static std::vector<std::pair<size_t, size_t>>
sharedMemoryArgs(const std::vector<Tok> &T) {
  std::vector<std::pair<size_t, size_t>> Out;
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].Text == "<<" && T[I + 1].Text == "<")
      if (auto A = topLevelArgs(T, I + 2, chevronEnd(T, I)); A.size() > 2)
        Out.push_back(A[2]);
  return Out;
}

/// Token I is read only by launches' shared-memory sizes (Shared): it is in
/// one, or in the initialiser of a local (`int n = ...;`) every later use
/// of which in its block is, through one more local at most.
static bool
sharedMemoryOnly(const std::vector<Tok> &T, size_t I,
                 const std::vector<std::pair<size_t, size_t>> &Shared,
                 unsigned Depth) {
  auto Holds = [&](auto R) { return R.first <= I && I < R.second; };
  if (llvm::any_of(Shared, Holds))
    return true;
  if (Depth > 1)
    return false;
  size_t S = I;
  while (S > 0 && T[S - 1].Text != ";" && T[S - 1].Text != "{" &&
         T[S - 1].Text != "}")
    --S;
  size_t Eq = S;
  while (Eq < I && T[Eq].Text != "=")
    ++Eq;
  // A declaration: a type, its name, `=`.
  if (Eq >= I || Eq < S + 2 || T[Eq - 1].Kind != tok::raw_identifier)
    return false;
  llvm::StringRef Name = T[Eq - 1].Text;
  unsigned Level = 0, Uses = 0;
  for (size_t J = I + 1; J < T.size(); ++J) {
    if (T[J].Text == "{") {
      ++Level;
    } else if (T[J].Text == "}") {
      if (Level-- == 0)
        break;
    } else if (T[J].Text == Name && T[J].Kind == tok::raw_identifier &&
               T[J - 1].Text != "." && T[J - 1].Text != "->") {
      if (!sharedMemoryOnly(T, J, Shared, Depth + 1))
        return false;
      ++Uses;
    }
  }
  return Uses > 0;
}

/// Token I, a warp width, counts warps (`n / W`, `(n + W - 1) / W`) for
/// launches' shared memory only: slots for the host's warps are enough for
/// a device whose wavefronts are at least as wide.
static bool
warpSlotsForSharedMemory(const std::vector<Tok> &T, size_t I,
                         const std::vector<std::pair<size_t, size_t>> &Shared) {
  bool Divisor = I > 0 && T[I - 1].Text == "/";
  bool CeilTerm = I + 5 < T.size() && T[I + 1].Text == "-" &&
                  T[I + 2].Text == "1" && T[I + 3].Text == ")" &&
                  T[I + 4].Text == "/" && T[I + 5].Text == T[I].Text;
  return (Divisor || CeilTerm) && sharedMemoryOnly(T, I, Shared, 0);
}

/// A compile-time warp width read in host code: the host pass never sees
/// the device pass's width (64 on CDNA, 32 on RDNA), so launch sizes, warp
/// counts and buffer sizes computed from it disagree with the device.
static void hostWidthReads(
    const std::vector<Tok> &T, const std::set<std::string> &NotWidths,
    const std::vector<bool> &Params,
    const std::function<void(const Tok &, const std::string &)> &Add) {
  std::vector<bool> Dir = directiveTokens(T);
  std::vector<bool> Host = hostBodyTokens(T, Dir);
  std::vector<std::pair<size_t, size_t>> Shared = sharedMemoryArgs(T);
  auto Is = [&](size_t J, llvm::StringRef S) {
    return J < T.size() && T[J].Text == S;
  };
  for (size_t I = 0; I < T.size(); ++I) {
    if (!Host[I] || Dir[I] || Params[I] || T[I].Kind != tok::raw_identifier ||
        !warpWidthName(T[I].Text) || T[I].Text == "warpSize" ||
        NotWidths.count(T[I].Text.str()))
      continue;
    // A static_assert is judged by the compiler in each pass: it cannot
    // make host and device sizes disagree at run time; a message printed
    // sizes nothing. An object with members (`wave.Dim()`) or a standard
    // name (`std::ws`) is no width.
    std::vector<llvm::StringRef> Calls = enclosingCalls(T, I);
    if (Is(I + 1, "(") || Is(I + 1, ".") || Is(I + 1, "->") ||
        (I > 0 && (T[I - 1].Text == "." || T[I - 1].Text == "->")) ||
        (I > 1 && T[I - 1].Text == "::" && T[I - 2].Text == "std") ||
        llvm::is_contained(Calls, "static_assert") ||
        llvm::any_of(Calls, isPrintName) ||
        warpSlotsForSharedMemory(T, I, Shared))
      continue;
    if (declares(T, I)) {
      // `constexpr int warp_size = rocprim::warp_size();` in host code: the
      // host pass's width, fixed at compile time.
      if (constexprDecl(T, I) && I + 3 < T.size() && T[I + 1].Text == "=" &&
          T[I + 2].Kind == tok::raw_identifier)
        Add(T[I], fmt::format(
                      "host code fixes the warp width '{}' at compile time: "
                      "the host pass evaluates it without the device's "
                      "target (64 on CDNA, 32 on RDNA), so launches chosen "
                      "from it fit one width only; query it at run time "
                      "(hipDeviceAttributeWarpSize)",
                      T[I].Text));
      continue;
    }
    Add(T[I], fmt::format(
                  "host code reads the compile-time warp width '{}': the "
                  "host pass never sees the device's width (64 on CDNA, 32 "
                  "on RDNA), so sizes computed from it disagree with the "
                  "device on some target; query it at run time "
                  "(hipDeviceAttributeWarpSize)",
                  T[I].Text));
  }
}

/// A compile-time warp constant in a launch configuration: `<<<...>>>`, or
/// the size arguments of a launch function or LAUNCH macro; launches of the
/// text's wave32-only kernels (Wave32) are not read.
template <typename AddFn>
void launchTokens(const std::vector<Tok> &T,
                  const std::set<std::string> &Runtime,
                  const std::vector<bool> &Params,
                  const std::set<llvm::StringRef> &Wave32, AddFn &Add) {
  auto Is = [&](size_t I, llvm::StringRef S) {
    return I < T.size() && T[I].Text == S;
  };
  bool Collectives = worksPerWarp(T);
  // Shared memory of one slot per 32-lane warp (`n / 32`, `num_warps *
  // sizeof(float)`) holds the fewer slots of 64-lane warps too: the third
  // size of a `<<<...>>>` is read for other widths only.
  auto PerWarpSlots = [&](size_t B, size_t E) {
    for (size_t J = B; J < E; ++J)
      if ((T[J].Text == "32" && J > B && T[J - 1].Text == "/") ||
          (T[J].Kind == tok::raw_identifier && countsWarpsName(T[J].Text)))
        return true;
    return false;
  };
  auto LaunchArgs = [&](size_t B, size_t E) {
    // `n / 32`, `4 * 32` in the launch of a file that works per warp.
    if (size_t J = scaledBy32(T, B, E); Collectives && J < E) {
      Add("wave64-host-launch-width", core::Severity::Warning, T[J],
          "launch configuration scaled by 32 in a file whose kernels work "
          "per warp: AMD wavefronts have 64 lanes; size it with the "
          "device's warp width (hipDeviceAttributeWarpSize)");
      return;
    }
    for (size_t J = B; J < E; ++J)
      if (T[J].Kind == tok::raw_identifier && T[J].Text != "warpSize" &&
          warpLikeName(T[J].Text) && !Is(J + 1, "(") && !Params[J] &&
          !Runtime.count(T[J].Text.str())) {
        Add("wave64-host-launch-width", core::Severity::Warning, T[J],
            fmt::format("launch configuration sized with the compile-time "
                        "warp constant '{}'; host code never sees the "
                        "device's width: query it at run time "
                        "(hipDeviceAttributeWarpSize)",
                        T[J].Text));
        return;
      }
  };
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Text == "<<" && T[I + 1].Text == "<") {
      size_t E = chevronEnd(T, I);
      if (!Wave32.count(launchedKernel(T, I))) {
        // Grid, block, shared memory, stream: with per-warp slots, the
        // sizes end before the shared memory's comma.
        auto Sizes = topLevelArgs(T, I + 2, E);
        bool Slots = Sizes.size() > 2 &&
                     PerWarpSlots(Sizes[2].first, Sizes[2].second);
        LaunchArgs(I + 2, Slots ? Sizes[2].first - 1 : E);
      }
      continue;
    }
    llvm::StringRef N = T[I].Text;
    bool LaunchFn = N == "hipLaunchKernelGGL" || N == "cudaLaunchKernel" ||
                    N == "hipLaunchKernel" ||
                    (N.contains("LAUNCH") && N.upper() == N.str());
    if (T[I].Kind == tok::raw_identifier && LaunchFn && Is(I + 1, "(") &&
        !Wave32.count(launchedKernel(T, I))) {
      auto Args = callArgs(T, I + 1);
      for (size_t A = 1; A < Args.size() && A < 4; ++A)
        LaunchArgs(Args[A].first, Args[A].second);
    }
  }
}

std::vector<core::Finding> scanTokens(const std::string &File,
                                      llvm::StringRef Text,
                                      const std::set<std::string> &Macros,
                                      llvm::StringRef Why) {
  std::vector<core::Finding> Out;
  std::vector<Tok> T = lexAll(Text);
  std::vector<FunctionSpan> Defs = functionDefinitions(T);
  std::vector<FunctionSpan> Wave32 = wave32OnlyDefinitions(T, Defs);
  auto Add = [&](const char *Id, core::Severity Level, const Tok &At,
                 const std::string &Msg) {
    core::Finding F;
    F.CheckId = Id;
    F.Level = Level;
    F.Range = {File, At.Offset, unsigned(At.Text.size())};
    F.Message = fmt::format("{} (seen in the text: {})", Msg, Why);
    // Code for 32-wide wavefronts only: its 32 is the width it runs at.
    if (llvm::StringRef(Id).starts_with("wave64-") &&
        llvm::any_of(Wave32, [&](const FunctionSpan &S) {
          unsigned End = S.Close < T.size() ? T[S.Close].Offset : Text.size();
          return T[S.Open].Offset <= At.Offset && At.Offset <= End;
        })) {
      F.Level = core::Severity::Note;
      F.Message = fmt::format("{} (seen in the text: {})",
                              rightAtEitherWidth(Msg, LaneGroups::Wave32Only),
                              Why);
    }
    Out.push_back(std::move(F));
  };
  auto Is = [&](size_t I, llvm::StringRef S) {
    return I < T.size() && T[I].Text == S;
  };
  std::set<std::string> Runtime = runtimeNames(T);
  // Launches of wave32-only kernels are sized for the only width they run
  // at, and those of lane-free kernels only count threads: not read (see
  // launchConfigs).
  std::set<llvm::StringRef> Unread = definitionNames(T, Wave32);
  std::set<llvm::StringRef> LaneFree = laneFreeKernels(T, Defs);
  Unread.insert(LaneFree.begin(), LaneFree.end());
  std::vector<bool> Params = parameterUses(T, Defs);
  launchTokens(T, Runtime, Params, Unread, Add);
  widthFlowTokens(T, Unread, Add);
  bool LaneMath32 = hasLaneMath32(T);
  std::vector<bool> Directive = directiveTokens(T);
  for (size_t I = 0; I < T.size(); ++I) {
    llvm::StringRef N = T[I].Text;
    if (T[I].Kind == tok::raw_identifier && Is(I + 1, "(") &&
        !Macros.count(N.str())) {
      auto Args = callArgs(T, I + 1);
      ballotTokens(T, I, Args, Add);
      // A macro body is not a call (`#define __shfl_xor_sync(m, v, l)
      // __shfl_xor(v, l)` maps a name); its uses are.
      if (LaneMath32 && !Directive[I])
        shuffleTokens(T, I, Args, Add);
      bool Sync = N.starts_with("__") && N.ends_with("_sync");
      if ((Sync || N == "__syncwarp") && !Args.empty() &&
          Args[0].second == Args[0].first + 1 &&
          isFullMask(T[Args[0].first].Text))
        Add("wave64-lane-mask-literal", core::Severity::Error,
            T[Args[0].first],
            fmt::format("lane mask {} of {} names lanes 0-31 only; AMD "
                        "wavefronts have 64 lanes",
                        T[Args[0].first].Text, N));
      unsigned Lane = N == "__shfl" ? 1 : N == "__shfl_sync" ? 2 : 0;
      if (Lane && Args.size() > Lane &&
          Args[Lane].second == Args[Lane].first + 1 &&
          T[Args[Lane].first].Text == "31")
        Add("wave64-warp-size-literal", core::Severity::Error,
            T[Args[Lane].first],
            "broadcast from lane 31 reads the middle of a 64-lane "
            "wavefront, not its last lane; use warpSize - 1");
      if (isAsmKeyword(N))
        Add("ptx-inline-asm", core::Severity::Error, T[I],
            "inline assembly: PTX does not assemble for AMD GPUs");
    }
    if (isAsmKeyword(N) &&
        (Is(I + 1, "volatile") || Is(I + 1, "__volatile__")) && Is(I + 2, "("))
      Add("ptx-inline-asm", core::Severity::Error, T[I],
          "inline assembly: PTX does not assemble for AMD GPUs");
    if (N == "threadIdx" && Is(I + 1, ".") && Is(I + 2, "x") &&
        ((Is(I + 3, "%") && Is(I + 4, "32")) ||
         (Is(I + 3, "&") && Is(I + 4, "31"))))
      Add("wave64-warp-size-literal", core::Severity::Warning, T[I + 3],
          fmt::format("lane index 'threadIdx.x {} {}' assumes 32-wide "
                      "warps; AMD wavefronts have 64 lanes: use warpSize",
                      T[I + 3].Text, T[I + 4].Text));
    // `warpSize == 32`, and a query's result (`at::cuda::warp_size()`)
    // compared with 32 or 64: the code refuses one of the AMD widths.
    size_t Op = I + 1;
    if (T[I].Kind == tok::raw_identifier && N != "warpSize" && Is(I + 1, "(") &&
        Is(I + 2, ")")) {
      std::string L = N.lower();
      llvm::erase(L, '_');
      if (llvm::StringRef(L).ends_with("warpsize"))
        Op = I + 3;
    } else if (N != "warpSize") {
      Op = 0;
    }
    if (Op && (Is(Op, "==") || Is(Op, "!=")) &&
        (Is(Op + 1, "32") || (Is(Op + 1, "64") && inAssertion(T, I))))
      Add("wave64-width-guard",
          T[Op + 1].Text == "32" ? core::Severity::Error
                                 : core::Severity::Warning,
          T[Op],
          fmt::format("'{} {} {}' singles out {}-wide warps; AMD wavefronts "
                      "have 64 lanes on CDNA and 32 on RDNA",
                      Op == I + 1 ? N.str() : N.str() + "()", T[Op].Text,
                      T[Op + 1].Text, T[Op + 1].Text));
  }
  // One host-launch-width finding a line: a launch already reported there
  // says the same.
  std::set<size_t> Lines;
  auto LineOf = [&](unsigned Off) { return Text.take_front(Off).count('\n'); };
  for (const core::Finding &F : Out)
    if (F.CheckId == "wave64-host-launch-width")
      Lines.insert(LineOf(F.Range.Offset));
  std::set<std::string> NotWidths = pointerNames(T);
  NotWidths.insert(Runtime.begin(), Runtime.end());
  auto HostRead = [&](const Tok &At, const std::string &Msg) {
    if (Lines.insert(LineOf(At.Offset)).second)
      Add("wave64-host-launch-width", core::Severity::Warning, At, Msg);
  };
  hostWidthReads(T, NotWidths, Params, HostRead);
  return Out;
}

} // namespace hipport::checks
