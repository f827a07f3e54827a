#include "Checks/TokenScan.h"
#include "Checks/CudaPatterns.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::checks {

namespace {

struct Tok {
  tok::TokenKind Kind;
  llvm::StringRef Text;
  unsigned Offset;
};

std::vector<Tok> lexAll(llvm::StringRef Text) {
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus17 = true;
  Lexer L(SourceLocation::getFromRawEncoding(1), LO, Text.begin(),
          Text.begin(), Text.end());
  std::vector<Tok> Out;
  Token T;
  while (!L.LexFromRawLexer(T)) {
    unsigned Off = T.getLocation().getRawEncoding() - 1;
    Out.push_back({T.getKind(), Text.substr(Off, T.getLength()), Off});
  }
  if (T.isNot(tok::eof)) {
    unsigned Off = T.getLocation().getRawEncoding() - 1;
    Out.push_back({T.getKind(), Text.substr(Off, T.getLength()), Off});
  }
  return Out;
}

bool isFullMask(llvm::StringRef S) {
  std::string L = S.lower();
  while (!L.empty() && (L.back() == 'u' || L.back() == 'l'))
    L.pop_back();
  return L == "0xffffffff";
}

/// The top-level arguments of the call whose '(' is at Open, as token index
/// ranges [begin, end).
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

} // namespace

std::vector<core::Finding> scanTokens(const std::string &File,
                                      llvm::StringRef Text,
                                      const std::set<std::string> &Macros) {
  std::vector<core::Finding> Out;
  auto Add = [&](const char *Id, core::Severity Level, const Tok &At,
                 const std::string &Msg) {
    core::Finding F;
    F.CheckId = Id;
    F.Level = Level;
    F.Range = {File, At.Offset, unsigned(At.Text.size())};
    F.Message = Msg + " (seen in the text: this file did not parse)";
    Out.push_back(std::move(F));
  };
  std::vector<Tok> T = lexAll(Text);
  auto Is = [&](size_t I, llvm::StringRef S) {
    return I < T.size() && T[I].Text == S;
  };
  // A compile-time warp constant in a launch configuration: `<<<...>>>`,
  // or the size arguments of a launch function or LAUNCH macro.
  auto LaunchArgs = [&](size_t B, size_t E) {
    for (size_t J = B; J < E; ++J)
      if (T[J].Kind == tok::raw_identifier && T[J].Text != "warpSize" &&
          warpLikeName(T[J].Text) && !Is(J + 1, "(")) {
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
      size_t E = I + 2;
      while (E + 1 < T.size() && !(T[E].Text == ">>" && T[E + 1].Text == ">") &&
             T[E].Text != ";")
        ++E;
      LaunchArgs(I + 2, E);
      continue;
    }
    llvm::StringRef N = T[I].Text;
    bool LaunchFn = N == "hipLaunchKernelGGL" || N == "cudaLaunchKernel" ||
                    N == "hipLaunchKernel" ||
                    (N.contains("LAUNCH") && N.upper() == N.str());
    if (T[I].Kind == tok::raw_identifier && LaunchFn && Is(I + 1, "(")) {
      auto Args = callArgs(T, I + 1);
      for (size_t A = 1; A < Args.size() && A < 4; ++A)
        LaunchArgs(Args[A].first, Args[A].second);
    }
  }
  for (size_t I = 0; I < T.size(); ++I) {
    llvm::StringRef N = T[I].Text;
    if (T[I].Kind == tok::raw_identifier && Is(I + 1, "(") &&
        !Macros.count(N.str())) {
      auto Args = callArgs(T, I + 1);
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
      if (N == "asm" || N == "__asm__" || N == "__asm")
        Add("ptx-inline-asm", core::Severity::Error, T[I],
            "inline assembly: PTX does not assemble for AMD GPUs");
    }
    if ((N == "asm" || N == "__asm__") &&
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
    if (N == "warpSize" && (Is(I + 1, "==") || Is(I + 1, "!=")) &&
        Is(I + 2, "32"))
      Add("wave64-width-guard", core::Severity::Error, T[I + 1],
          fmt::format("'warpSize {} 32' singles out 32-wide warps; AMD CDNA "
                      "wavefronts have 64 lanes",
                      T[I + 1].Text));
  }
  return Out;
}

} // namespace hipport::checks
