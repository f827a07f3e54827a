#include "Checks/TokenText.h"
#include "Checks/CudaPatterns.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <cctype>
#include <set>

using namespace clang;

namespace hipport::checks {

std::vector<Tok> lexAll(llvm::StringRef Text) {
  LangOptions LO;
  // C++14 and later lex digit separators (`0xffff'ffffu`) as one literal.
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  Lexer L(SourceLocation::getFromRawEncoding(1), LO, Text.begin(),
          Text.begin(), Text.end());
  std::vector<Tok> Out;
  Token T;
  while (!L.LexFromRawLexer(T)) {
    unsigned Off = T.getLocation().getRawEncoding() - 1;
    Out.push_back({T.getKind(), Text.substr(Off, T.getLength()), Off,
                   T.isAtStartOfLine()});
  }
  if (T.isNot(tok::eof)) {
    unsigned Off = T.getLocation().getRawEncoding() - 1;
    Out.push_back({T.getKind(), Text.substr(Off, T.getLength()), Off});
  }
  return Out;
}

std::string plainNumber(llvm::StringRef Literal) {
  std::string L;
  for (char C : Literal)
    if (C != '\'')
      L += char(std::tolower(static_cast<unsigned char>(C)));
  while (!L.empty() && (L.back() == 'u' || L.back() == 'l'))
    L.pop_back();
  return L;
}

std::vector<std::pair<size_t, size_t>> callArgs(const std::vector<Tok> &T,
                                                size_t Open) {
  std::vector<std::pair<size_t, size_t>> Args;
  int Depth = 0;
  size_t Begin = Open + 1;
  for (size_t I = Open; I < T.size(); ++I) {
    tok::TokenKind K = T[I].Kind;
    if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace)
      ++Depth;
    else if (K == tok::r_paren || K == tok::r_square || K == tok::r_brace) {
      if (--Depth == 0) {
        if (I > Begin)
          Args.push_back({Begin, I});
        return Args;
      }
    } else if (K == tok::comma && Depth == 1) {
      Args.push_back({Begin, I});
      Begin = I + 1;
    }
  }
  return {};
}

std::vector<std::pair<size_t, size_t>>
topLevelArgs(const std::vector<Tok> &T, size_t B, size_t E) {
  std::vector<std::pair<size_t, size_t>> Args;
  int Depth = 0;
  size_t Begin = B;
  for (size_t I = B; I < E && I < T.size(); ++I) {
    tok::TokenKind K = T[I].Kind;
    Depth += (K == tok::l_paren || K == tok::l_square || K == tok::l_brace) -
             (K == tok::r_paren || K == tok::r_square || K == tok::r_brace);
    if (K == tok::comma && Depth == 0) {
      Args.push_back({Begin, I});
      Begin = I + 1;
    }
  }
  Args.push_back({Begin, E});
  return Args;
}

std::vector<bool> directiveTokens(const std::vector<Tok> &T) {
  std::vector<bool> In(T.size());
  bool Directive = false;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T[I].LineStart)
      Directive = T[I].Kind == tok::hash;
    In[I] = Directive;
  }
  return In;
}

size_t closingBracket(const std::vector<Tok> &T, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < T.size(); ++I) {
    tok::TokenKind K = T[I].Kind;
    if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace)
      ++Depth;
    else if ((K == tok::r_paren || K == tok::r_square || K == tok::r_brace) &&
             --Depth == 0)
      return I;
  }
  return T.size();
}

size_t openingParen(const std::vector<Tok> &T, size_t Close) {
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    if (T[I].Text == ")")
      ++Depth;
    else if (T[I].Text == "(" && --Depth == 0)
      return I;
  }
  return Close;
}

std::vector<FunctionSpan> functionDefinitions(const std::vector<Tok> &T) {
  static const std::set<llvm::StringRef> Keywords = {
      "if", "for", "while", "switch", "catch", "return", "sizeof"};
  std::vector<FunctionSpan> Out;
  for (size_t I = 2; I < T.size(); ++I) {
    if (T[I].Text != "{" || T[I - 1].Text != ")")
      continue;
    size_t Paren = openingParen(T, I - 1);
    if (Paren != I - 1 && Paren >= 2 &&
        T[Paren - 1].Kind == tok::raw_identifier &&
        !Keywords.count(T[Paren - 1].Text))
      Out.push_back({Paren, I, closingBracket(T, I)});
  }
  return Out;
}

bool isKernelDefinition(const std::vector<Tok> &T, const FunctionSpan &F) {
  for (size_t I = F.Paren - 1; I-- > 0;) {
    llvm::StringRef P = T[I].Text;
    if (P == ";" || P == "}" || P == "{")
      return false;
    if (P == "__global__")
      return true;
  }
  return false;
}

std::vector<FunctionSpan>
wave32OnlyDefinitions(const std::vector<Tok> &T,
                      const std::vector<FunctionSpan> &Defs) {
  // By name: a helper may be defined (and overloaded) more than once.
  std::set<llvm::StringRef> W32, W64;
  auto Name = [&](const FunctionSpan &F) { return T[F.Paren - 1].Text; };
  for (const FunctionSpan &F : Defs)
    for (size_t I = F.Open; I < F.Close && I < T.size(); ++I)
      if (T[I].Kind == tok::raw_identifier &&
          T[I].Text.starts_with("__builtin_amdgcn_")) {
        if (T[I].Text.ends_with("_w32"))
          W32.insert(Name(F));
        if (T[I].Text.ends_with("_w64"))
          W64.insert(Name(F));
      }
  // A caller of the text's own wave32-only helpers is one too; a launch is
  // no call (the host code that dispatches a kernel is judged apart).
  std::set<llvm::StringRef> Kernels;
  for (const FunctionSpan &F : Defs)
    if (isKernelDefinition(T, F))
      Kernels.insert(Name(F));
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionSpan &F : Defs) {
      if (W32.count(Name(F)) || W64.count(Name(F)))
        continue;
      for (size_t I = F.Open; I < F.Close && I < T.size(); ++I)
        if (T[I].Kind == tok::raw_identifier && W32.count(T[I].Text) &&
            !W64.count(T[I].Text) && !Kernels.count(T[I].Text) &&
            T[I].Text != Name(F)) {
          W32.insert(Name(F));
          Changed = true;
          break;
        }
    }
  }
  std::vector<FunctionSpan> Out;
  for (const FunctionSpan &F : Defs)
    if (W32.count(Name(F)) && !W64.count(Name(F)))
      Out.push_back(F);
  return Out;
}

/// A token that works on lanes: a warp-level name, or the literal of lane
/// math by 32 (`% 32`, `& 31`, `>> 5`, `/ 32`).
static bool laneLevelToken(const std::vector<Tok> &T, size_t I) {
  if (T[I].Kind == tok::numeric_constant && I > 0) {
    std::string N = plainNumber(T[I].Text);
    llvm::StringRef Op = T[I - 1].Text;
    return ((N == "32" || N == "0x20") && (Op == "%" || Op == "/")) ||
           ((N == "31" || N == "0x1f") && Op == "&") ||
           (N == "5" && Op == ">>");
  }
  if (T[I].Kind != tok::raw_identifier)
    return false;
  // Cooperative groups' tiles too (`tiled_partition<32>(block)`).
  return crossLaneName(T[I].Text) ||
         T[I].Text.contains_insensitive("tiled_partition") ||
         T[I].Text.contains_insensitive("coalesced");
}

std::set<llvm::StringRef>
laneFreeKernels(const std::vector<Tok> &T,
                const std::vector<FunctionSpan> &Defs) {
  // Lane-level by name, through the text's own callees (fixed point).
  std::set<llvm::StringRef> Lane;
  for (const FunctionSpan &F : Defs)
    for (size_t I = F.Open; I < F.Close && I < T.size(); ++I)
      if (laneLevelToken(T, I)) {
        Lane.insert(T[F.Paren - 1].Text);
        break;
      }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionSpan &F : Defs) {
      llvm::StringRef Name = T[F.Paren - 1].Text;
      if (Lane.count(Name))
        continue;
      for (size_t I = F.Open; I + 1 < F.Close && I + 1 < T.size(); ++I)
        if (T[I].Kind == tok::raw_identifier && T[I].Text != Name &&
            Lane.count(T[I].Text) && T[I + 1].Text == "(") {
          Lane.insert(Name);
          Changed = true;
          break;
        }
    }
  }
  std::set<llvm::StringRef> Out;
  for (const FunctionSpan &F : Defs)
    if (isKernelDefinition(T, F) && !Lane.count(T[F.Paren - 1].Text))
      Out.insert(T[F.Paren - 1].Text);
  return Out;
}

std::set<llvm::StringRef> definitionNames(const std::vector<Tok> &T,
                                          const std::vector<FunctionSpan> &Defs) {
  std::set<llvm::StringRef> Out;
  for (const FunctionSpan &F : Defs)
    Out.insert(T[F.Paren - 1].Text);
  return Out;
}

llvm::StringRef launchedKernel(const std::vector<Tok> &T, size_t I) {
  if (T[I].Text == "<<") { // `k<T, 4><<<grid, block>>>`
    size_t J = I;
    int Depth = 0;
    while (J-- > 0) {
      llvm::StringRef P = T[J].Text;
      if (P == ">")
        ++Depth;
      else if (P == ">>")
        Depth += 2;
      else if (P == "<")
        --Depth;
      else if (Depth == 0)
        return T[J].Kind == tok::raw_identifier ? P : llvm::StringRef();
      if (Depth < 0)
        return {};
    }
    return {};
  }
  if (I + 1 >= T.size() || T[I + 1].Text != "(")
    return {};
  auto Args = callArgs(T, I + 1); // hipLaunchKernelGGL(HIP_KERNEL_NAME(k<..>), ...)
  if (Args.empty())
    return {};
  for (size_t J = Args[0].first; J < Args[0].second; ++J)
    if (T[J].Kind == tok::raw_identifier && T[J].Text != "HIP_KERNEL_NAME")
      return T[J].Text;
  return {};
}

/// True when the value Name holds at token I was set from the device's
/// width, as far as the text tells: its nearest earlier `Name = ...` reads
/// warpSize or calls a function named for the width
/// (`__builtin_amdgcn_wavefrontsize()`), itself or through a name it reads
/// (`offset = wave_size >> 1` with `wave_size =
/// __builtin_amdgcn_wavefrontsize()`). The text's twin of the AST's
/// isQueriedWidth, for shuffle offsets.
bool setFromQueriedWidth(const std::vector<Tok> &T, size_t I,
                         llvm::StringRef Name, unsigned Depth) {
  for (size_t K = I; K-- > 0 && I - K < 4000;) {
    if (T[K].Text != Name || K + 2 >= T.size() || T[K + 1].Text != "=")
      continue;
    for (size_t J = K + 2; J < T.size() && T[J].Text != ";" &&
                           T[J].Text != "," && T[J].Text != "{";
         ++J) {
      if (T[J].Kind != tok::raw_identifier)
        continue;
      // `warpSize` itself, or a call (`getWarpSize()`); a name such as
      // WARP_SIZE may be any constant.
      if (T[J].Text == "warpSize" ||
          (queriesWidthByName(T[J].Text) && J + 1 < T.size() &&
           T[J + 1].Text == "("))
        return true;
      if (Depth < 1 && T[J].Text != Name &&
          setFromQueriedWidth(T, K, T[J].Text, Depth + 1))
        return true;
    }
    return false;
  }
  return false;
}

} // namespace hipport::checks
