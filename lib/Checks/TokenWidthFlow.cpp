#include "Checks/TokenWidthFlow.h"
#include "Checks/CudaPatterns.h"
#include "Checks/WarpCountGuard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace hipport::checks {

namespace {

/// Precedence climbing over a token range; any token it does not know makes
/// the whole range valueless.
class TokenEval {
public:
  TokenEval(const std::vector<Tok> &T, size_t B, size_t E,
            const TokenConstants &C)
      : T(T), I(B), E(E), C(C) {}

  std::optional<int64_t> all() {
    auto V = binary(0);
    if (!V || I != E)
      return std::nullopt;
    return V;
  }

private:
  static int precedence(llvm::StringRef Op) {
    return llvm::StringSwitch<int>(Op)
        .Case("|", 1)
        .Case("^", 2)
        .Case("&", 3)
        .Cases({"<<", ">>"}, 4)
        .Cases({"+", "-"}, 5)
        .Cases({"*", "/", "%"}, 6)
        .Default(0);
  }

  std::optional<int64_t> binary(int Min) {
    auto L = unary();
    while (L && I < E) {
      llvm::StringRef Op = T[I].Text;
      int P = precedence(Op);
      if (!P || P <= Min)
        break;
      ++I;
      auto R = binary(P);
      if (!R)
        return std::nullopt;
      L = apply(Op, *L, *R);
    }
    return L;
  }

  static std::optional<int64_t> apply(llvm::StringRef Op, int64_t L,
                                      int64_t R) {
    if ((Op == "/" || Op == "%") && R == 0)
      return std::nullopt;
    if ((Op == "<<" || Op == ">>") && (R < 0 || R > 62))
      return std::nullopt;
    if (Op == "|")
      return L | R;
    if (Op == "^")
      return L ^ R;
    if (Op == "&")
      return L & R;
    if (Op == "<<")
      return L << R;
    if (Op == ">>")
      return L >> R;
    if (Op == "+")
      return L + R;
    if (Op == "-")
      return L - R;
    if (Op == "*")
      return L * R;
    return Op == "/" ? L / R : L % R;
  }

  std::optional<int64_t> unary() {
    if (I >= E)
      return std::nullopt;
    llvm::StringRef S = T[I].Text;
    if (S == "-" || S == "+") {
      ++I;
      auto V = unary();
      return V && S == "-" ? std::optional<int64_t>(-*V) : V;
    }
    if (S == "(") {
      ++I;
      auto V = binary(0);
      if (!V || I >= E || T[I].Text != ")")
        return std::nullopt;
      ++I;
      return V;
    }
    ++I;
    if (T[I - 1].Kind == tok::numeric_constant)
      return literal(S);
    if (T[I - 1].Kind == tok::raw_identifier)
      return C.valueOf(S);
    return std::nullopt;
  }

  static std::optional<int64_t> literal(llvm::StringRef S) {
    S = S.rtrim("uUlL");
    uint64_t V;
    if (S.getAsInteger(0, V) || V > uint64_t(INT64_MAX))
      return std::nullopt;
    return int64_t(V);
  }

  const std::vector<Tok> &T;
  size_t I, E;
  const TokenConstants &C;
};

/// The end of the expression starting at B: the first `,` `;` `)` `]` `}`
/// (or `>` where StopAtAngle) outside brackets opened after B.
size_t exprEnd(const std::vector<Tok> &T, size_t B, bool StopAtAngle = false) {
  int Depth = 0;
  for (size_t I = B; I < T.size(); ++I) {
    llvm::StringRef S = T[I].Text;
    if (S == "(" || S == "[" || S == "{")
      ++Depth;
    else if (S == ")" || S == "]" || S == "}") {
      if (Depth-- == 0)
        return I;
    } else if (Depth == 0 && (S == "," || S == ";" || S == "?" || S == "&&" ||
                              S == "||" || (StopAtAngle && S == ">")))
      return I;
  }
  return T.size();
}

/// The end of the preprocessor directive whose `#` is at I.
size_t directiveEnd(const std::vector<Tok> &T, size_t I) {
  size_t E = I + 1;
  while (E < T.size() && !T[E].LineStart)
    ++E;
  return E;
}

/// T[I] names a constant being initialised: `const int kWarp = 32;`,
/// `static constexpr unsigned WS = 32,` (a type, then NAME `=`, with
/// `const` or `constexpr` in the few tokens before).
bool constInitAt(const std::vector<Tok> &T, size_t I) {
  if (T[I].Kind != tok::raw_identifier || T[I + 1].Text != "=" || I == 0 ||
      T[I - 1].Kind != tok::raw_identifier)
    return false;
  for (size_t J = I; J-- > 0 && I - J < 6;) {
    llvm::StringRef S = T[J].Text;
    if (S == ";" || S == "{" || S == "}" || S == "(" || S == ",")
      return false;
    if (S == "const" || S == "constexpr")
      return true;
  }
  return false;
}

} // namespace

TokenConstants::TokenConstants(const std::vector<Tok> &T) : T(T) {
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (T[I].Kind == tok::hash && T[I].LineStart &&
        T[I + 1].Text == "define" && T[I + 2].Kind == tok::raw_identifier) {
      size_t N = I + 2, E = directiveEnd(T, I);
      bool FunctionLike =
          N + 1 < E && T[N + 1].Text == "(" &&
          T[N + 1].Offset == T[N].Offset + T[N].Text.size();
      if (!FunctionLike)
        define(T[N].Text, eval(N + 1, E));
      I = E - 1;
      continue;
    }
    // `const int kWarp = 32;`, `static constexpr unsigned WS = 32,`.
    if (constInitAt(T, I))
      define(T[I].Text, eval(I + 2, exprEnd(T, I + 2)));
  }
}

void TokenConstants::define(llvm::StringRef Name, std::optional<int64_t> V) {
  auto [It, New] = Values.try_emplace(Name.str(), V);
  if (!New && It->second != V)
    It->second = std::nullopt;
}

std::optional<int64_t> TokenConstants::valueOf(llvm::StringRef Name) const {
  auto It = Values.find(Name.str());
  return It == Values.end() ? std::nullopt : It->second;
}

std::optional<int64_t> TokenConstants::eval(size_t B, size_t E) const {
  if (B >= E || E > T.size())
    return std::nullopt;
  return TokenEval(T, B, E, *this).all();
}

size_t scaledBy32(const std::vector<Tok> &T, size_t B, size_t E) {
  for (size_t J = B; J < E; ++J) {
    if (T[J].Text != "32")
      continue;
    if ((J > B && (T[J - 1].Text == "/" || T[J - 1].Text == "*")) ||
        (J + 1 < E && T[J + 1].Text == "*"))
      return J;
    // `max(32, n)`, `std::min(n, 32)`: at least or at most one warp.
    for (size_t K = J; K-- > B && J - K < 8;) {
      if (T[K].Text == ";" || T[K].Text == "{")
        break;
      if ((T[K].Text == "max" || T[K].Text == "min") && K + 1 < E &&
          T[K + 1].Text == "(") {
        auto Args = callArgs(T, K + 1);
        if (Args.size() == 2 &&
            llvm::any_of(Args, [&](const auto &A) {
              return A.first == J && A.second == J + 1;
            }))
          return J;
        break;
      }
    }
  }
  return E;
}

namespace {

} // namespace

bool shuffleLike(llvm::StringRef N) {
  return N.starts_with("__shfl") || N.starts_with("WARP_SHFL");
}

bool worksPerWarp(const std::vector<Tok> &T) {
  return llvm::any_of(T, [](const Tok &K) {
    // Cooperative-groups tiles' members (`tile.shfl_down`) too.
    return shuffleLike(K.Text) || K.Text.starts_with("__ballot") ||
           K.Text.starts_with("shfl_") || isWarpMatrixName(K.Text);
  });
}

namespace {

/// The width argument's index of a shuffle (see shuffleLike).
size_t widthArg(llvm::StringRef N) {
  return N.ends_with("_sync") ? 3 : 2;
}

/// Spelled 32-bit integer types; Typedefs adds the text's own aliases.
bool is32BitType(llvm::StringRef N, const std::set<std::string> &Typedefs) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return S == "int" || S == "unsigned" || S == "uint" || S == "uint32_t" ||
         S == "int32_t" || S == "u32" || S == "s32" || S.ends_with("_int") ||
         Typedefs.count(N.str());
}

/// `typedef int hypre_int;`, `using mask_t = unsigned;`.
std::set<std::string> typedefs32(const std::vector<Tok> &T) {
  std::set<std::string> Out;
  for (size_t I = 0; I + 3 < T.size(); ++I) {
    if (T[I].Text == "typedef") {
      size_t E = I + 1;
      while (E < T.size() && T[E].Text != ";" && E - I < 6)
        ++E;
      if (E < T.size() && T[E].Text == ";" && E >= I + 3 &&
          is32BitType(T[E - 2].Text, Out))
        Out.insert(T[E - 1].Text.str());
    } else if (T[I].Text == "using" && T[I + 2].Text == "=" &&
               I + 4 < T.size() && T[I + 4].Text == ";" &&
               is32BitType(T[I + 3].Text, Out)) {
      Out.insert(T[I + 1].Text.str());
    }
  }
  return Out;
}

/// The flat text of the tokens [B, E).
std::string joined(const std::vector<Tok> &T, size_t B, size_t E) {
  std::string S;
  for (size_t I = B; I < E && I < T.size(); ++I)
    S += T[I].Text;
  return S;
}

/// A `for` loop's parts, as token ranges.
struct ForParts {
  size_t InitB, InitE, CondB, CondE, StepB, StepE, BodyB, BodyE;
};

std::optional<ForParts> forParts(const std::vector<Tok> &T, size_t I) {
  if (T[I].Text != "for" || I + 1 >= T.size() || T[I + 1].Text != "(")
    return std::nullopt;
  size_t Close = closingBracket(T, I + 1);
  std::vector<size_t> Semis;
  int Depth = 0;
  for (size_t J = I + 2; J < Close; ++J) {
    llvm::StringRef S = T[J].Text;
    Depth += (S == "(" || S == "[" || S == "{") - (S == ")" || S == "]" || S == "}");
    if (Depth == 0 && S == ";")
      Semis.push_back(J);
  }
  if (Semis.size() != 2 || Close + 1 >= T.size())
    return std::nullopt;
  ForParts P{I + 2, Semis[0], Semis[0] + 1, Semis[1], Semis[1] + 1, Close,
             Close + 1, 0};
  if (T[Close + 1].Text == "{") {
    P.BodyB = Close + 2;
    P.BodyE = closingBracket(T, Close + 1);
  } else {
    P.BodyE = exprEnd(T, Close + 1);
    while (P.BodyE < T.size() && T[P.BodyE].Text != ";")
      P.BodyE = exprEnd(T, P.BodyE + 1);
  }
  return P;
}

enum class Step { Other, Halve, Double, Decrement };

Step stepOf(const std::vector<Tok> &T, const ForParts &P, llvm::StringRef V) {
  std::string S = joined(T, P.StepB, P.StepE), N = V.str();
  if (S == N + ">>=1" || S == N + "/=2" || S == N + "=" + N + ">>1" ||
      S == N + "=" + N + "/2")
    return Step::Halve;
  if (S == N + "<<=1" || S == N + "*=2" || S == N + "=" + N + "<<1" ||
      S == N + "=" + N + "*2" || S == N + "+=" + N)
    return Step::Double;
  if (S == "--" + N || S == N + "--" || S == N + "-=1")
    return Step::Decrement;
  return Step::Other;
}

/// The first shuffle call in the loop body that takes the loop variable V
/// and no explicit width, or T.size().
size_t shuffleOfVar(const std::vector<Tok> &T, const ForParts &P,
                    llvm::StringRef V) {
  for (size_t J = P.BodyB; J + 1 < P.BodyE; ++J) {
    if (T[J].Kind != tok::raw_identifier || !shuffleLike(T[J].Text) ||
        T[J + 1].Text != "(")
      continue;
    auto Args = callArgs(T, J + 1);
    if (Args.size() > widthArg(T[J].Text))
      continue;
    for (size_t K = J + 2; K < P.BodyE && !Args.empty() &&
                           K < Args.back().second;
         ++K)
      if (T[K].Text == V)
        return J;
  }
  return T.size();
}

/// Shuffle loops whose start or bound is the width of a 32-wide warp.
void shuffleLoops(const std::vector<Tok> &T, const TokenConstants &C,
                  const TokenFindingFn &Add) {
  for (size_t I = 0; I < T.size(); ++I) {
    auto P = forParts(T, I);
    if (!P)
      continue;
    size_t Eq = P->InitB;
    while (Eq < P->InitE && T[Eq].Text != "=")
      ++Eq;
    if (Eq == P->InitB || Eq >= P->InitE)
      continue;
    llvm::StringRef V = T[Eq - 1].Text;
    if (shuffleOfVar(T, *P, V) == T.size())
      continue;
    std::optional<int64_t> Start = C.eval(Eq + 1, P->InitE);
    Step S = stepOf(T, *P, V);
    if (Start == 16 && S == Step::Halve) {
      Add("wave64-warp-size-literal", core::Severity::Warning, T[Eq + 1],
          "shuffle loop starting at offset 16 covers a 32-wide warp; on a "
          "64-lane wavefront each half reduces separately: start at "
          "warpSize / 2");
    } else if (Start == 31 && S == Step::Decrement) {
      Add("wave64-warp-size-literal", core::Severity::Error, T[Eq + 1],
          "loop over lanes counting down from lane 31 leaves out lanes 32-63 "
          "of a 64-lane wavefront: start at warpSize - 1");
    } else if (S == Step::Double && P->CondE > P->CondB + 2 &&
               T[P->CondB].Text == V) {
      llvm::StringRef Op = T[P->CondB + 1].Text;
      std::optional<int64_t> B = C.eval(P->CondB + 2, P->CondE);
      if ((Op == "<" && B == 32) ||
          (Op == "<=" && (B == 16 || B == 31 || B == 32)))
        Add("wave64-warp-size-literal", core::Severity::Warning,
            T[P->CondB + 2],
            "shuffle loop bounded by a 32-wide warp; on a 64-lane wavefront "
            "lanes 32-63 are not covered as one group: bound it by warpSize");
    }
  }
}

bool laneLikeName(llvm::StringRef N) {
  std::string L = N.lower();
  return llvm::StringRef(L).contains("lane") && !llvm::StringRef(L).ends_with("s");
}

/// `lane == 31`, `lane < 31`, `lane_id == WARP_SIZE - 1` (= 31), and broadcasts from a
/// lane that a named constant makes 31; loops striding by 32 from a lane.
void lastLaneAndStrides(const std::vector<Tok> &T, const TokenConstants &C,
                        const TokenFindingFn &Add) {
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    llvm::StringRef S = T[I].Text;
    // `lane < 31`, `lane >= 31`: all lanes but the last, or the last.
    if ((S == "==" || S == "!=" || S == "<" || S == ">=") &&
        T[I - 1].Kind == tok::raw_identifier &&
        laneLikeName(T[I - 1].Text) && C.eval(I + 1, exprEnd(T, I + 1)) == 31)
      Add("wave64-warp-size-literal", core::Severity::Warning, T[I + 1],
          fmt::format("'{} {} ...' takes lane 31 as the last lane; on a "
                      "64-lane wavefront it is 63: use warpSize - 1",
                      T[I - 1].Text, S));
    if ((S == "__shfl" || S == "__shfl_sync") && T[I + 1].Text == "(") {
      auto Args = callArgs(T, I + 1);
      size_t L = S == "__shfl" ? 1 : 2;
      if (Args.size() > L && Args[L].second > Args[L].first + 1 &&
          C.eval(Args[L].first, Args[L].second) == 31)
        Add("wave64-warp-size-literal", core::Severity::Error,
            T[Args[L].first],
            "broadcast from lane 31 reads the middle of a 64-lane "
            "wavefront, not its last lane; use warpSize - 1");
    }
    auto P = forParts(T, I);
    if (!P || P->StepE < P->StepB + 3 || T[P->StepB + 1].Text != "+=")
      continue;
    bool FromLane = false;
    for (size_t J = P->InitB; J < P->InitE; ++J)
      FromLane |= T[J].Kind == tok::raw_identifier && J > P->InitB &&
                  T[J - 1].Text != "int" && laneLikeName(T[J].Text) &&
                  T[J + 1].Text != "=";
    if (!FromLane)
      continue;
    for (size_t J = P->StepB + 2; J < P->StepE; ++J)
      if (C.eval(J, J + 1) == 32 &&
          (P->StepE == P->StepB + 3 || T[J + 1].Text == "*" ||
           T[J - 1].Text == "*")) {
        Add("wave64-warp-size-literal", core::Severity::Warning, T[J],
            "loop from a lane index striding by 32 lanes: on a 64-lane "
            "wavefront lanes 32-63 repeat the work of lanes 0-31; stride by "
            "warpSize");
        break;
      }
  }
}

/// The index of the parameter named N in the head `(params)` opening at
/// Open: the name before a default's `=`, or a parameter's last token.
std::optional<size_t> paramIndex(const std::vector<Tok> &T, size_t Open,
                                 llvm::StringRef N) {
  auto Params = callArgs(T, Open);
  for (size_t P = 0; P < Params.size(); ++P) {
    size_t Name = Params[P].second - 1;
    for (size_t J = Params[P].first; J < Params[P].second; ++J)
      if (T[J].Text == "=") {
        Name = J - 1;
        break;
      }
    if (Name >= Params[P].first && T[Name].Text == N)
      return P;
  }
  return std::nullopt;
}

/// Shuffle wrappers of the text by name, with the index of the parameter
/// they pass on as a shuffle's width: to an intrinsic, or to a wrapper
/// found before (`cshfl(v, l, width) { sshfl(v.x, l, width); ... }`), so a
/// width defaulted to 32 is followed through wrappers of wrappers.
std::map<std::string, size_t>
shuffleWrappers(const std::vector<Tok> &T,
                const std::vector<std::pair<size_t, size_t>> &Heads) {
  std::map<std::string, size_t> W;
  for (unsigned Round = 0; Round < 3; ++Round) {
    bool Grew = false;
    for (auto [Open, Body] : Heads) {
      std::string Fn = T[Open - 1].Text.str();
      size_t End = closingBracket(T, Body);
      for (size_t K = Body; !W.count(Fn) && K + 1 < End; ++K) {
        auto It = W.find(T[K].Text.str());
        if (T[K + 1].Text != "(" || (!shuffleLike(T[K].Text) && It == W.end()))
          continue;
        auto Args = callArgs(T, K + 1);
        size_t A = It != W.end() ? It->second : widthArg(T[K].Text);
        if (A >= Args.size() || Args[A].second != Args[A].first + 1)
          continue;
        if (auto P = paramIndex(T, Open, T[Args[A].first].Text)) {
          W[Fn] = *P;
          Grew = true;
        }
      }
    }
    if (!Grew)
      break;
  }
  return W;
}

/// Per function definition (`name(params) {`): shuffle wrappers whose width
/// parameter defaults to 32, and ballots returned as 32-bit values.
void functionHeads(const std::vector<Tok> &T, const TokenConstants &C,
                   const std::set<std::string> &Typedefs,
                   const TokenFindingFn &Add) {
  std::vector<std::pair<size_t, size_t>> Heads; // '(' and '{'
  for (const FunctionSpan &F : functionDefinitions(T))
    Heads.emplace_back(F.Paren, F.Open);
  const std::map<std::string, size_t> Wrappers = shuffleWrappers(T, Heads);
  for (auto [Open, I] : Heads) {
    size_t End = closingBracket(T, I);
    llvm::StringRef Fn = T[Open - 1].Text;
    // Parameters `width = 32` that a shuffle in the body takes as its width.
    for (size_t J = Open + 1; J + 1 < I - 1; ++J) {
      if (T[J].Kind != tok::raw_identifier || T[J + 1].Text != "=" ||
          C.eval(J + 2, exprEnd(T, J + 2)) != 32)
        continue;
      for (size_t K = I; K + 1 < End; ++K) {
        auto Wrapper = Wrappers.find(T[K].Text.str());
        if ((!shuffleLike(T[K].Text) && Wrapper == Wrappers.end()) ||
            T[K + 1].Text != "(")
          continue;
        auto Args = callArgs(T, K + 1);
        size_t W = std::min(widthArg(T[K].Text), size_t(2));
        bool Takes = false;
        for (size_t A = W; A < Args.size(); ++A)
          Takes |= Args[A].second == Args[A].first + 1 &&
                   T[Args[A].first].Text == T[J].Text &&
                   (Wrapper == Wrappers.end() || A == Wrapper->second);
        if (!Takes)
          continue;
        Add("wave64-shuffle-width", core::Severity::Warning, T[J + 2],
            fmt::format("'{}' defaults to 32 and is the width of the "
                        "shuffle in '{}': every call that leaves it out "
                        "shuffles within 32-lane halves of a 64-lane "
                        "wavefront; default it to warpSize",
                        T[J].Text, Fn));
        break;
      }
    }
    // `hypre_int ballot(...) { return __ballot(p); }`
    if (!is32BitType(T[Open - 2].Text, Typedefs))
      continue;
    for (size_t K = I; K + 2 < End; ++K)
      if (T[K].Text == "return" && isBallotName(T[K + 1].Text) &&
          T[K + 2].Text == "(") {
        Add("wave64-ballot-mask-width", core::Severity::Error, T[Open - 2],
            fmt::format("'{}' returns the 64-bit result of {} as 32-bit "
                        "'{}': lanes 32-63 are lost; return uint64_t",
                        Fn, T[K + 1].Text, T[Open - 2].Text));
        break;
      }
  }
}

/// Ballots assigned to a variable the text declares 32-bit (`hypre_int m;
/// ... m = __ballot_sync(...)`), reported at the declaration, where the fix
/// goes (the nearest one before the assignment), or cast to a 32-bit type.
void ballotsInto32Bit(const std::vector<Tok> &T,
                      const std::set<std::string> &Typedefs,
                      const TokenFindingFn &Add) {
  static const std::set<llvm::StringRef> NotTypes = {
      "return", "case", "goto", "else", "do", "throw", "delete", "new",
      "typename", "sizeof", "co_return", "struct", "class", "enum"};
  /// name -> the token indices of its declarations
  std::map<llvm::StringRef, std::vector<size_t>> Decls;
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    llvm::StringRef N = T[I + 1].Text;
    if (T[I].Kind == tok::raw_identifier &&
        T[I - 1].Kind == tok::raw_identifier && !NotTypes.count(T[I - 1].Text) &&
        (N == ";" || N == "," || N == "=" || N == ")"))
      Decls[T[I].Text].push_back(I);
  }
  std::set<size_t> Reported;
  for (size_t I = 1; I + 3 < T.size(); ++I) {
    if (T[I].Kind == tok::raw_identifier && T[I + 1].Text == "=" &&
        isBallotName(T[I + 2].Text) && T[I + 3].Text == "(" &&
        T[I - 1].Kind != tok::raw_identifier) {
      auto It = Decls.find(T[I].Text);
      size_t D = T.size();
      if (It != Decls.end())
        for (size_t At : It->second)
          if (At < I)
            D = At;
      if (D < T.size() && is32BitType(T[D - 1].Text, Typedefs) &&
          Reported.insert(D).second)
        Add("wave64-ballot-mask-width", core::Severity::Error, T[D],
            fmt::format("'{}' is declared 32-bit '{}' and receives the 64-bit "
                        "result of {} below: lanes 32-63 are lost; declare "
                        "it uint64_t",
                        T[D].Text, T[D - 1].Text, T[I + 2].Text));
    }
    if (T[I].Text == "(" && is32BitType(T[I + 1].Text, Typedefs) &&
        T[I + 2].Text == ")" && isBallotName(T[I + 3].Text))
      Add("wave64-ballot-mask-width", core::Severity::Error, T[I + 1],
          fmt::format("cast of {} to 32-bit '{}': HIP ballots are 64-bit, "
                      "lanes 32-63 are lost; keep a uint64_t",
                      T[I + 3].Text, T[I + 1].Text));
  }
}

/// The name of the kernel launched by the `<<` at I (`k<<<`,
/// `k<T, 64><<<`), or "".
llvm::StringRef launchedName(const std::vector<Tok> &T, size_t I) {
  size_t J = I;
  if (J > 0 && T[J - 1].Text == ">") {
    int Depth = 0;
    while (J-- > 0) {
      Depth += (T[J].Text == ">") - (T[J].Text == "<");
      if (Depth == 0)
        break;
    }
  }
  return J > 0 && J < T.size() && T[J - 1].Kind == tok::raw_identifier
             ? T[J - 1].Text
             : llvm::StringRef();
}

/// `<<<grid, 32>>>` for a kernel that works per warp, as far as the text
/// tells: in a file that uses warp collectives, or a kernel the file does
/// not define (its body, elsewhere, may): one 32-thread warp per block is
/// half a 64-lane wavefront, in a layout that assumes 32.
/// The extents of `dim3 NAME(32, 8)`, `dim3 NAME{32u, 8}` or `dim3 NAME =
/// {32, 8, 1}` defined before token Use: the token index of each extent's
/// first token, or none.
std::vector<size_t> dim3Extents(const std::vector<Tok> &T, llvm::StringRef Name,
                                size_t Use) {
  for (size_t J = Use; J-- > 1 && Use - J < 2000;) {
    if (T[J].Text != Name || T[J - 1].Text != "dim3" || J + 2 >= T.size())
      continue;
    size_t Open = J + 1;
    if (T[Open].Text == "=" && T[Open + 1].Text == "{")
      ++Open;
    if (T[Open].Text != "(" && T[Open].Text != "{")
      return {};
    std::vector<size_t> Out;
    for (auto [B, E] : callArgs(T, Open))
      Out.push_back(B);
    return Out;
  }
  return {};
}

void oneWarpBlocks(const std::vector<Tok> &T, const TokenConstants &C,
                   const std::set<llvm::StringRef> &Wave32,
                   const TokenFindingFn &Add) {
  bool Collectives = worksPerWarp(T);
  std::set<llvm::StringRef> Defined; ///< functions the text defines
  for (size_t I = 2; I < T.size(); ++I)
    if (T[I].Text == "{" && T[I - 1].Text == ")") {
      size_t O = openingParen(T, I - 1);
      if (O > 0 && O != I - 1)
        Defined.insert(T[O - 1].Text);
    }
  std::set<size_t> Reported;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Text != "<<" || T[I + 1].Text != "<")
      continue;
    llvm::StringRef K = launchedName(T, I);
    // A wave32-only kernel's block of one 32-lane wavefront is sized for
    // the only width it runs at (as launchConfigs leaves its launches).
    if (K.empty() || (!Collectives && Defined.count(K)) || Wave32.count(K))
      continue;
    size_t Grid = exprEnd(T, I + 2);
    if (Grid >= T.size() || T[Grid].Text != ",")
      continue;
    size_t B = Grid + 1;
    if (B + 1 >= T.size() || (T[B + 1].Text != ">>" && T[B + 1].Text != ","))
      continue;
    // `<<<g, 32>>>`, or a dim3 the text defines (`dim3 threads = {32u, 8,
    // 1}`): a named width is host-launch-width's own launch rule.
    size_t At = B;
    bool Rows = false;
    if (T[B].Kind == tok::raw_identifier) {
      std::vector<size_t> X = dim3Extents(T, T[B].Text, B);
      if (X.empty())
        continue;
      At = X[0];
      Rows = X.size() > 1 && !(T[X[1]].Kind == tok::numeric_constant &&
                               C.eval(X[1], X[1] + 1) == 1);
    }
    if (T[At].Kind != tok::numeric_constant || C.eval(At, At + 1) != 32 ||
        !Reported.insert(At).second)
      continue;
    if (Rows)
      Add("wave64-host-launch-width", core::Severity::Warning, T[At],
          fmt::format("block of 32 threads per row, one 32-wide warp per "
                      "row, for kernel '{}', which works per warp or is "
                      "defined elsewhere: a 64-lane AMD wavefront spans two "
                      "rows, so per-row warp collectives (and warp-level "
                      "matrix operations) mix rows; size the row from the "
                      "device's warp width (hipDeviceAttributeWarpSize)",
                      K));
    else
      Add("wave64-host-launch-width", core::Severity::Warning, T[At],
          fmt::format("block of 32 threads, one 32-wide warp, for kernel "
                      "'{}', which works per warp or is defined elsewhere: "
                      "an AMD wavefront has 64 lanes, so half of it idles "
                      "and per-warp layouts sized for 32 lanes break; size "
                      "the block from the device's warp width "
                      "(hipDeviceAttributeWarpSize)",
                      K));
  }
}

/// The `{` of the function body around token L (not that of an if, for,
/// while or switch inside it), or T.size().
size_t enclosingBody(const std::vector<Tok> &T, size_t L) {
  static const std::set<llvm::StringRef> Statements = {"if", "for", "while",
                                                       "switch", "catch"};
  int Depth = 0;
  for (size_t I = L; I-- > 1;) {
    if (T[I].Text == "}") {
      ++Depth;
    } else if (T[I].Text == "{" && Depth-- == 0) {
      Depth = 0;
      if (T[I - 1].Text != ")")
        continue;
      size_t O = openingParen(T, I - 1);
      if (O > 0 && O != I - 1 && T[O - 1].Kind == tok::raw_identifier &&
          !Statements.count(T[O - 1].Text))
        return I;
    }
  }
  return T.size();
}

/// The launch configurations of the text, as token ranges: `<<<...>>>`,
/// and the grid, block and shared-memory arguments of the launch functions.
/// Launches of the text's wave32-only kernels (Wave32) are left out: sized
/// for the only width they run at, they are right; a wave64 device must not
/// dispatch them, which is the dispatch's finding.
std::vector<std::pair<size_t, size_t>>
launchConfigs(const std::vector<Tok> &T,
              const std::set<llvm::StringRef> &Wave32) {
  std::vector<std::pair<size_t, size_t>> Out;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    llvm::StringRef N = T[I].Text;
    bool Chevrons = N == "<<" && T[I + 1].Text == "<";
    bool Call = (N == "hipLaunchKernelGGL" || N == "cudaLaunchKernel" ||
                 N == "hipLaunchKernel") &&
                T[I + 1].Text == "(";
    if (!Chevrons && !Call)
      continue;
    if (Wave32.count(launchedKernel(T, I)))
      continue;
    if (Chevrons) {
      size_t E = I + 2;
      while (E < T.size() && T[E].Text != ">>" && T[E].Text != ";")
        ++E;
      Out.push_back({I + 2, E});
      continue;
    }
    auto Args = callArgs(T, I + 1);
    if (Args.size() > 2)
      Out.push_back({Args[1].first,
                     Args[std::min<size_t>(3, Args.size() - 1)].second});
  }
  return Out;
}

/// Launch sizes computed with 32 through the launching function's
/// variables: each name of a launch configuration is followed to its
/// definitions before the launch (`int by = MAX / 32;`, `dim3 block(bx,
/// by)`, `bx = max(32, n)`), three steps deep.
void launchFlow(const std::vector<Tok> &T,
                const std::set<llvm::StringRef> &Wave32,
                const TokenFindingFn &Add) {
  if (!worksPerWarp(T))
    return;
  std::set<size_t> Reported;
  for (auto [B, E] : launchConfigs(T, Wave32)) {
    size_t Body = enclosingBody(T, B);
    if (Body >= T.size())
      continue;
    std::vector<std::pair<std::string, unsigned>> Work;
    std::set<std::string> Seen;
    auto Names = [&](size_t From, size_t To, unsigned Depth) {
      for (size_t J = From; J < To; ++J)
        if (T[J].Kind == tok::raw_identifier && J + 1 < T.size() &&
            T[J + 1].Text != "(" &&
            (J == 0 || (T[J - 1].Text != "." && T[J - 1].Text != "->")) &&
            Seen.insert(T[J].Text.str()).second)
          Work.push_back({T[J].Text.str(), Depth});
    };
    Names(B, E, 0);
    while (!Work.empty()) {
      auto [Name, Depth] = Work.back();
      Work.pop_back();
      for (size_t J = Body + 1; J + 2 < B; ++J) {
        if (T[J].Text != Name || T[J - 1].Text == "." || T[J - 1].Text == "->")
          continue;
        size_t RB = 0, RE = 0;
        if (T[J + 1].Text == "=" && T[J + 2].Text != "=") {
          RB = J + 2;
          RE = exprEnd(T, RB);
        } else if ((T[J + 1].Text == "(" || T[J + 1].Text == "{") &&
                   T[J - 1].Text == "dim3") {
          RB = J + 2;
          RE = closingBracket(T, J + 1);
        } else {
          continue;
        }
        if (size_t K = scaledBy32(T, RB, RE); K < RE && Reported.insert(K).second)
          Add("wave64-host-launch-width", core::Severity::Warning, T[K],
              fmt::format("'{}' is computed with 32 and sizes a launch in a "
                          "file whose kernels work per warp: AMD wavefronts "
                          "have 64 lanes; size it with the device's warp "
                          "width (hipDeviceAttributeWarpSize)",
                          Name));
        if (Depth < 3)
          Names(RB, RE, Depth + 1);
      }
    }
  }
}


/// The names of a text's warp widths of 32 and of the constants computed
/// from them (see WidthLayout, its AST counterpart). A width name the text
/// uses but does not define (`kWarpSize` from a project header) counts as
/// a width of unknown value: its uses are reported as warnings.
struct WidthNames {
  std::map<std::string, bool> Derived; ///< name -> derived (else a width)
  std::set<size_t> Defs;               ///< token index of each definition
};

bool countName(llvm::StringRef N) {
  std::string L = N.lower();
  llvm::StringRef S(L);
  return warpLikeName(N) && !S.contains("bit") && !S.contains("word") &&
         !S.contains("byte") && !S.contains("mask");
}

/// `const int NAME = expr`, `constexpr ... NAME = expr`, `#define NAME expr`:
/// the index of NAME and the range of expr, for each named constant.
std::vector<std::tuple<size_t, size_t, size_t>>
constantDefs(const std::vector<Tok> &T) {
  std::vector<std::tuple<size_t, size_t, size_t>> Out;
  for (size_t I = 0; I + 2 < T.size(); ++I) {
    if (T[I].Kind == tok::hash && T[I].LineStart && T[I + 1].Text == "define" &&
        T[I + 2].Kind == tok::raw_identifier) {
      size_t E = directiveEnd(T, I);
      bool FunctionLike = I + 3 < E && T[I + 3].Text == "(" &&
                          T[I + 3].Offset == T[I + 2].Offset + T[I + 2].Text.size();
      if (!FunctionLike && I + 3 < E)
        Out.emplace_back(I + 2, I + 3, E);
      I = E - 1;
      continue;
    }
    if (constInitAt(T, I))
      Out.emplace_back(I, I + 2, exprEnd(T, I + 2));
  }
  return Out;
}

WidthNames widthNames(const std::vector<Tok> &T, const TokenConstants &C) {
  WidthNames W;
  auto Defs = constantDefs(T);
  std::set<std::string> Defined;
  for (auto [N, B, E] : Defs) {
    Defined.insert(T[N].Text.str());
    W.Defs.insert(N);
    if (warpWidthName(T[N].Text) && C.valueOf(T[N].Text) == 32)
      W.Derived[T[N].Text.str()] = false;
  }
  // Width names read, never defined here (a project header's): they seed
  // derived constants only.
  static const llvm::Regex Sized("(size|width|threads|lanes)$|^ws$",
                                 llvm::Regex::IgnoreCase);
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].Kind == tok::raw_identifier && warpWidthName(T[I].Text) &&
        Sized.match(T[I].Text) &&
        T[I].Text != "warpSize" && !Defined.count(T[I].Text.str()) &&
        !(I > 0 && (T[I - 1].Text == "." || T[I - 1].Text == "->")) &&
        !(I + 1 < T.size() && T[I + 1].Text == "("))
      W.Derived.try_emplace(T[I].Text.str(), false);
  // A width read in a shift amount counts the bits of a word (`1 << (WS -
  // 1)`): not a warp width.
  for (size_t I = 0; I + 1 < T.size(); ++I)
    if (T[I].Text == "<<" || T[I].Text == ">>") {
      size_t E = T[I + 1].Text == "(" ? closingBracket(T, I + 1) : I + 2;
      for (size_t J = I + 1; J < E && J < T.size(); ++J)
        W.Derived.erase(T[J].Text.str());
    }
  // Derived constants, to a fixed point (definitions may come in any order).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto [N, B, E] : Defs) {
      std::string Name = T[N].Text.str();
      if (W.Derived.count(Name) || warpWidthName(Name))
        continue;
      // A constant: no call, member, subscript or run-time name
      // (`const int lane = threadIdx.x % WS` is an index, not a count).
      bool From = false, Runtime = false;
      for (size_t J = B; J < E; ++J) {
        llvm::StringRef S = T[J].Text;
        Runtime |= S == "(" && J > B && T[J - 1].Kind == tok::raw_identifier;
        Runtime |= S == "." || S == "->" || S == "[" ||
                   (T[J].Kind == tok::raw_identifier &&
                    (S.starts_with("threadIdx") || S.starts_with("blockIdx") ||
                     S.starts_with("blockDim") || laneLikeName(S) ||
                     (llvm::isLower(S[0]) && S != "sizeof" && !W.Derived.count(S.str()) &&
                      !C.valueOf(S))));
        Runtime |= S == "<<" || S == ">>"; // a bit count, not a count of warps
        bool Scaled = (J > B && (T[J - 1].Text == "/" || T[J - 1].Text == "*")) ||
                      (J + 1 < E && (T[J + 1].Text == "/" || T[J + 1].Text == "*"));
        From |= (Scaled && W.Derived.count(S.str())) ||
                (countName(Name) && S == "32" && J > B && T[J - 1].Text == "/");
      }
      From &= !Runtime;
      // A function's own count (`constexpr int max_warps = 1024 / WARP_SIZE`)
      // sizes slots its warps index with the same width: consistent.
      if (From && enclosingBody(T, N) >= T.size()) {
        W.Derived[Name] = true;
        Changed = true;
      }
    }
  }
  return W;
}

bool warpIndexName(llvm::StringRef N) {
  std::string L = N.lower();
  return L == "warp" || L == "wid" || L == "warp_id" || L == "warpid" ||
         L == "warp_idx" || L == "warpidx" || L == "wave_id" || L == "waveid" ||
         L == "warp_index" || L == "warpindex";
}

/// True when the warp index at I was computed with 32 (`w = tid / 32`,
/// `tid >> 5`) in its nearest assignment before I: `w * 32 + lane` is then
/// the thread index again, right at any width.
bool consistentWarpIndex(const std::vector<Tok> &T, size_t I) {
  for (size_t J = I; J-- > 1 && I - J < 400;)
    if (T[J].Text == T[I].Text && T[J + 1].Text == "=") {
      for (size_t K = J + 2, E = exprEnd(T, J + 2); K < E; ++K)
        if (T[K].Text == "32" || (T[K].Text == "5" && T[K - 1].Text == ">>"))
          return true;
      return false;
    }
  return false;
}

/// Uses of layouts tied to 32 lanes in unparsed text: extents and indices
/// (`[...]`), loop headers and warp-index scaling that read a width or a
/// derived constant, and the derived constants' definitions; one finding a
/// line.
void widthLayouts(const std::vector<Tok> &T, const TokenConstants &C,
                  const TokenFindingFn &Add) {
  if (!worksPerWarp(T))
    return;
  WidthNames W = widthNames(T, C);
  std::vector<bool> Directive = directiveTokens(T);
  std::set<unsigned> Lines;
  std::vector<unsigned> LineOf(T.size());
  for (size_t I = 0, L = 0; I < T.size(); ++I)
    LineOf[I] = L += T[I].LineStart;
  auto add = [&](size_t I, core::Severity Sev, const std::string &M) {
    if (Lines.insert(LineOf[I]).second)
      Add("wave64-warp-constant-use", Sev, T[I], M);
  };
  std::vector<size_t> Brackets, Fors; // open '[' and for-header '('
  for (size_t I = 0; I < T.size(); ++I) {
    llvm::StringRef S = T[I].Text;
    if (S == "[")
      Brackets.push_back(I);
    else if (S == "]" && !Brackets.empty())
      Brackets.pop_back();
    if (S == "(" && I > 0 && T[I - 1].Text == "for")
      Fors.push_back(closingBracket(T, I));
    while (!Fors.empty() && Fors.back() <= I)
      Fors.pop_back();
    // `warp * 32 + lane`: a warp index scaled by a literal 32.
    if (S == "32" && I >= 2 && T[I - 1].Text == "*" &&
        warpIndexName(T[I - 2].Text) && !Directive[I] &&
        !consistentWarpIndex(T, I - 2)) {
      add(I, core::Severity::Warning,
          fmt::format("'{} * 32' scales a warp index by a 32-lane width: on a "
                      "64-lane wavefront lanes 32-63 of warp w index the "
                      "elements of warp w+1; scale by warpSize",
                      T[I - 2].Text));
      continue;
    }
    auto It = W.Derived.find(S.str());
    if (T[I].Kind != tok::raw_identifier || It == W.Derived.end() ||
        (I > 0 && (T[I - 1].Text == "." || T[I - 1].Text == "->")))
      continue;
    bool Derived = It->second;
    if (W.Defs.count(I)) {
      if (Derived)
        add(I, core::Severity::Warning,
            fmt::format("'{}' is computed from a warp width of 32: a count of "
                        "warps or of per-lane items of 32-wide warps; derive "
                        "it from the wavefront's width",
                        S));
      continue;
    }
    if (Directive[I])
      continue;
    // The width itself in place is wave64-warp-size-literal's.
    if (!Derived)
      continue;
    const char *Where = nullptr;
    if (!Brackets.empty())
      Where = "sizes or indexes an array";
    else if (!Fors.empty())
      Where = "bounds or strides a loop";
    else if ((I + 1 < T.size() && T[I + 1].Text == "*" && I + 2 < T.size() &&
              warpIndexName(T[I + 2].Text)) ||
             (I >= 2 && T[I - 1].Text == "*" && warpIndexName(T[I - 2].Text)))
      Where = "scales a warp index";
    if (!Where)
      continue;
    add(I, core::Severity::Warning,
        fmt::format("'{}' (computed from a warp width of 32) {}: a layout "
                    "of 32-wide warps; a 64-lane wavefront needs it sized and "
                    "indexed with its own width",
                    S, Where));
  }
}

/// The template parameter names of the kernels the text defines
/// (`template <typename T, int WarpSize> __global__ void k(`), by kernel.
std::map<std::string, std::vector<std::string>>
kernelTemplateParams(const std::vector<Tok> &T) {
  std::map<std::string, std::vector<std::string>> Out;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Text != "template" || T[I + 1].Text != "<")
      continue;
    int Depth = 0;
    size_t Close = I + 1;
    for (; Close < T.size(); ++Close) {
      Depth += (T[Close].Text == "<") - (T[Close].Text == ">");
      if (Depth == 0)
        break;
    }
    bool Global = false;
    size_t J = Close + 1;
    for (; J < T.size() && J < Close + 12 && T[J].Text != "(" &&
           T[J].Text != ";" && T[J].Text != "{";
         ++J)
      Global |= T[J].Text == "__global__";
    if (!Global || J >= T.size() || T[J].Text != "(" ||
        T[J - 1].Kind != tok::raw_identifier)
      continue;
    std::vector<std::string> Names;
    std::string Last;
    int D = 0;
    for (size_t K = I + 2; K <= Close; ++K) {
      llvm::StringRef S = T[K].Text;
      D += (S == "(" || S == "<") - (S == ")" || (S == ">" && K < Close));
      if ((S == "," && D == 0) || K == Close) {
        Names.push_back(Last);
        Last.clear();
      } else if (S == "=" && D == 0) {
        Names.push_back(Last);
        Last = "\x01"; // the default's tokens are not the name
      } else if (T[K].Kind == tok::raw_identifier && Last != "\x01" && D == 0) {
        Last = S.str();
      }
    }
    // A default pushed its name already; drop the marker entries.
    std::vector<std::string> Clean;
    for (const std::string &N : Names)
      if (N != "\x01")
        Clean.push_back(N);
    Out[T[J - 1].Text.str()] = Clean;
  }
  return Out;
}

/// True when the function body opening at Body asks for the device's width,
/// or is device code.
bool bodyConsultsWidth(const std::vector<Tok> &T, size_t Body) {
  for (size_t J = Body; J-- > 0 && Body - J < 40;) {
    llvm::StringRef S = T[J].Text;
    if (S == ";" || S == "}")
      break;
    if (S == "__global__" || S == "__device__")
      return true;
  }
  for (size_t J = Body + 1, E = closingBracket(T, Body); J < E && J < T.size();
       ++J) {
    llvm::StringRef S = T[J].Text;
    if (S == "warpSize" || S.ends_with("AttributeWarpSize") ||
        S.ends_with("AttrWarpSize") ||
        ((S == "warp_size" || S == "getWarpSize" || S == "get_warp_size") &&
         J + 1 < T.size() && T[J + 1].Text == "("))
      return true;
  }
  return false;
}

/// Host dispatch to kernel templates of the text with a warp width or
/// per-warp size of 32 (wave64-host-dispatch-width's token form): direct
/// launches `k<float, 32><<<...>>>`, and launch macros
/// (`#define SELECT(WQ) k<float, WQ><<<...>>>` used as `SELECT(32)`).
void hostDispatch(const std::vector<Tok> &T, const TokenConstants &C,
                  const std::set<llvm::StringRef> &Unread,
                  const TokenFindingFn &Add) {
  auto Params = kernelTemplateParams(T);
  auto role = [](llvm::StringRef P) {
    std::string L = P.lower();
    if (P.empty() || llvm::StringRef(L).contains("bit") ||
        llvm::StringRef(L).contains("word"))
      return 0;
    return warpWidthName(P) ? 2 : warpLikeName(P) ? 1 : 0;
  };
  auto report = [&](const Tok &At, llvm::StringRef K, llvm::StringRef P, int R) {
    Add("wave64-host-dispatch-width",
        R == 2 ? core::Severity::Error : core::Severity::Warning, At,
        fmt::format("host code launches '{}' with {} = 32, {}; nothing here "
                    "picks 64 for a 64-lane wavefront: dispatch on the "
                    "device's warp width (hipDeviceAttributeWarpSize) and "
                    "instantiate both",
                    K, P, R == 2 ? "its warp width" : "a per-warp size of 32-wide warps"));
  };
  // Launch macros: macro name -> (kernel, template index -> macro param).
  std::map<std::string, std::pair<std::string, std::map<size_t, size_t>>> Macros;
  std::vector<bool> Directive = directiveTokens(T);
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    if (T[I].Text != "<<" || T[I + 1].Text != "<" || T[I - 1].Text != ">")
      continue;
    llvm::StringRef K = launchedName(T, I);
    if (K.empty())
      continue;
    // The template arguments: from the name's '<' to the '>' before I.
    size_t Open = I;
    for (int Depth = 0; Open-- > 0;) {
      Depth += (T[Open].Text == ">") - (T[Open].Text == "<");
      if (Depth == 0 && T[Open].Text == "<")
        break;
    }
    std::vector<std::pair<size_t, size_t>> Args;
    for (size_t B = Open + 1, J = B, D = 0; J < I; ++J) {
      llvm::StringRef S = T[J].Text;
      if ((S == "," && D == 0) || J == I - 1) {
        Args.push_back({B, J});
        B = J + 1;
      }
      D += (S == "(" || S == "<") - (S == ")" || S == ">");
    }
    auto PIt = Params.find(K.str());
    if (Unread.count(K))
      continue;
    if (Directive[I]) {
      // Inside `#define M(a, b) ...`: map arguments to macro parameters.
      size_t H = I;
      while (H > 0 && !(T[H].Kind == tok::hash && T[H].LineStart))
        --H;
      if (H + 3 >= T.size() || T[H + 1].Text != "define" || T[H + 3].Text != "(")
        continue;
      std::vector<std::string> MP;
      for (size_t J = H + 4; J < T.size() && T[J].Text != ")"; ++J)
        if (T[J].Kind == tok::raw_identifier)
          MP.push_back(T[J].Text.str());
      auto &M = Macros[T[H + 2].Text.str()];
      M.first = K.str();
      for (size_t A = 0; A < Args.size(); ++A)
        if (Args[A].second == Args[A].first + 1)
          for (size_t P = 0; P < MP.size(); ++P)
            if (T[Args[A].first].Text == MP[P])
              M.second[A] = P;
      continue;
    }
    if (PIt == Params.end())
      continue;
    size_t Body = enclosingBody(T, I);
    if (Body >= T.size() || bodyConsultsWidth(T, Body))
      continue;
    for (size_t A = 0; A < Args.size() && A < PIt->second.size(); ++A)
      if (int R = role(PIt->second[A]);
          R && C.eval(Args[A].first, Args[A].second) == 32)
        report(T[Args[A].first], K, PIt->second[A], R);
  }
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    auto MIt = Macros.find(T[I].Text.str());
    if (MIt == Macros.end() || Directive[I] || T[I + 1].Text != "(" ||
        Unread.count(MIt->second.first))
      continue;
    size_t Body = enclosingBody(T, I);
    if (Body >= T.size() || bodyConsultsWidth(T, Body))
      continue;
    auto Args = callArgs(T, I + 1);
    auto PIt = Params.find(MIt->second.first);
    for (auto [A, P] : MIt->second.second) {
      if (P >= Args.size() || C.eval(Args[P].first, Args[P].second) != 32)
        continue;
      // The kernel's parameter name where the text defines the kernel, the
      // macro's otherwise (`WARP_Q`).
      std::string Name;
      if (PIt != Params.end() && A < PIt->second.size())
        Name = PIt->second[A];
      else
        for (size_t J = I; J-- > 0;)
          if (T[J].Text == "define" && J + 1 < T.size() &&
              T[J + 1].Text == T[I].Text) {
            std::vector<std::string> MP;
            for (size_t K = J + 3; K < T.size() && T[K].Text != ")"; ++K)
              if (T[K].Kind == tok::raw_identifier)
                MP.push_back(T[K].Text.str());
            if (P < MP.size())
              Name = MP[P];
            break;
          }
      if (int R = role(Name))
        report(T[I], MIt->second.first, Name, R);
    }
  }
}
} // namespace

/// Tokens [B, E) divide by a warp width (`/ warp_size`, `/ cudf::detail::
/// warp_size`, `/ (WARP_SIZE)`) or name a constant of Counts that does.
bool dividesByWidth(const std::vector<Tok> &T, size_t B, size_t E,
                    const std::set<std::string> &Counts) {
  for (size_t J = B; J < E; ++J) {
    if (Counts.count(T[J].Text.str()))
      return true;
    if (T[J].Text != "/")
      continue;
    size_t K = J + 1;
    while (K < E && (T[K].Text == "(" || T[K].Text == "::" ||
                     (K + 1 < E && T[K + 1].Text == "::")))
      ++K;
    if (K < E && warpWidthName(T[K].Text))
      return true;
  }
  return false;
}

bool arithmeticAt(const std::vector<Tok> &T, size_t I) {
  if (I >= T.size())
    return false;
  llvm::StringRef S = T[I].Text;
  return S == "/" || S == "*" || S == "+" || S == "-" || S == "%" ||
         S == "<<" || S == ">>";
}

/// Arrays with one slot per warp (`bitmask_type rpt_map[num_encode_warps]`,
/// num_encode_warps = encode_block_size / warp_size) whose index a literal
/// bounds (`(idx < 4) ? rpt_map[idx] : 0`, `t >= 4 || rpt_map[t]`): the
/// literal is the warp count of one width (4 warps of 32 in 128 threads, 2
/// of 64), so at the other the guard lets the index past the array.
void literalWarpCounts(const std::vector<Tok> &T, const TokenFindingFn &Add) {
  std::set<std::string> Counts; // constants that count warps
  for (auto [N, B, E] : constantDefs(T))
    if (dividesByWidth(T, B, E, Counts))
      Counts.insert(T[N].Text.str());
  std::map<std::string, std::string> Arrays; // per-warp array -> its bound
  for (size_t I = 1; I + 1 < T.size(); ++I) {
    if (T[I].Kind != tok::raw_identifier || T[I + 1].Text != "[" ||
        T[I - 1].Kind != tok::raw_identifier || T[I - 1].Text == "return")
      continue;
    size_t Close = closingBracket(T, I + 1);
    if (Close + 1 < T.size() &&
        (T[Close + 1].Text == ";" || T[Close + 1].Text == "[") &&
        dividesByWidth(T, I + 2, Close, Counts))
      Arrays[T[I].Text.str()] = joined(T, I + 2, Close);
  }
  if (Arrays.empty())
    return;
  std::set<size_t> Done;
  for (size_t I = 0; I + 3 < T.size(); ++I) {
    auto A = Arrays.find(T[I].Text.str());
    if (A == Arrays.end() || T[I + 1].Text != "[" ||
        T[I + 2].Kind != tok::raw_identifier || (I > 0 && T[I - 1].Kind == tok::raw_identifier))
      continue;
    llvm::StringRef Idx = T[I + 2].Text;
    // The statement around the use: back to `;`, `{` or `}`, on to `;`.
    size_t B = I, E = I;
    while (B > 0 && T[B - 1].Text != ";" && T[B - 1].Text != "{" &&
           T[B - 1].Text != "}")
      --B;
    while (E < T.size() && T[E].Text != ";" && T[E].Text != "{")
      ++E;
    for (size_t J = B; J + 2 < E; ++J) {
      llvm::StringRef Op = T[J + 1].Text;
      bool Cmp = Op == "<" || Op == "<=" || Op == ">" || Op == ">=";
      size_t Lit = T[J].Text == Idx ? J + 2 : T[J + 2].Text == Idx ? J : 0;
      if (!Cmp || !Lit || T[Lit].Kind != tok::numeric_constant ||
          arithmeticAt(T, Lit - 1) || arithmeticAt(T, Lit + 1))
        continue; // `idx < 512 / warp_size` computes the count
      int64_t V = 0;
      if (llvm::StringRef(plainNumber(T[Lit].Text)).getAsInteger(0, V) ||
          V < 2 || !Done.insert(Lit).second)
        continue;
      Add("wave64-warp-constant-use", core::Severity::Warning, T[Lit],
          literalWarpCountMessage(T[Lit].Text, Idx, A->first, A->second));
    }
  }
}

void widthFlowTokens(const std::vector<Tok> &T,
                     const std::set<llvm::StringRef> &Wave32,
                     const TokenFindingFn &Add) {
  TokenConstants C(T);
  std::set<std::string> Typedefs = typedefs32(T);
  shuffleLoops(T, C, Add);
  lastLaneAndStrides(T, C, Add);
  functionHeads(T, C, Typedefs, Add);
  ballotsInto32Bit(T, Typedefs, Add);
  oneWarpBlocks(T, C, Wave32, Add);
  launchFlow(T, Wave32, Add);
  widthLayouts(T, C, Add);
  hostDispatch(T, C, Wave32, Add);
  literalWarpCounts(T, Add);
}

} // namespace hipport::checks
