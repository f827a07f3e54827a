//===- PendingPort.cpp - CUDA code the build skips and a port enables -----===//
#include "Checks/PendingPort.h"

#include "Checks/TokenText.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace hipport::checks {
namespace {

/// A name that shows the file already knows HIP or AMD: a port has been
/// here, so what it leaves out of the HIP build it leaves out on purpose.
bool hipAwareName(const std::vector<Tok> &T, size_t I) {
  llvm::StringRef S = T[I].Text;
  return S.contains("HIP") || S.contains("ROCM") || S.contains("HCC") ||
         S.contains("AMDGCN") || S.starts_with("__GFX") ||
         S.starts_with("__gfx") ||
         (S == "hip" && I + 1 < T.size() && T[I + 1].Text == "/");
}

/// The project's own switch for its CUDA build (`HYPRE_USING_CUDA`,
/// `USE_CUDA`, `GGML_USE_CUDA`), not a macro of the toolkit or compiler
/// (`__CUDA_ARCH__`, `__CUDACC__`, `CUDA_VERSION`, `CUDART_VERSION`), whose
/// branches are NVIDIA-only on purpose.
bool cudaSwitch(llvm::StringRef S) {
  return S.contains("CUDA") && !S.starts_with("__") &&
         !S.ends_with("VERSION") && !S.starts_with("CUDA_ARCH");
}

struct Directive {
  llvm::StringRef Kind; ///< if, ifdef, ifndef, elif, else, endif, ...
  size_t Hash;          ///< token index of the `#`
  size_t End;           ///< one past its last token
};

std::vector<Directive> directives(const std::vector<Tok> &T) {
  std::vector<Directive> Out;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!T[I].LineStart || T[I].Text != "#" ||
        T[I + 1].Kind != clang::tok::raw_identifier)
      continue;
    size_t E = I + 2;
    while (E < T.size() && !T[E].LineStart)
      ++E;
    Out.push_back({T[I + 1].Text, I, E});
  }
  return Out;
}

/// The switch a `#if`/`#ifdef` line tests positively, if any.
std::optional<llvm::StringRef> switchOf(const std::vector<Tok> &T,
                                        const Directive &D) {
  if (D.Kind != "if" && D.Kind != "ifdef")
    return std::nullopt;
  for (size_t I = D.Hash + 2; I < D.End; ++I) {
    if (T[I].Kind != clang::tok::raw_identifier || !cudaSwitch(T[I].Text))
      continue;
    size_t P = I - 1; // skip `defined (`
    if (T[P].Text == "(")
      --P;
    if (T[P].Text == "defined")
      --P;
    if (T[P].Text == "!")
      continue;
    return T[I].Text;
  }
  return std::nullopt;
}

} // namespace

std::vector<PendingRegion>
pendingPortRegions(llvm::StringRef Text,
                   const std::vector<std::pair<unsigned, unsigned>> &Skipped) {
  std::vector<PendingRegion> Out;
  // Most files with a skipped branch name no CUDA switch: no lexing then.
  if (Skipped.empty() || !Text.contains("CUDA"))
    return Out;
  std::vector<Tok> T = lexAll(Text);
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].Kind == clang::tok::raw_identifier && hipAwareName(T, I))
      return Out;
  std::vector<Directive> Ds = directives(T);
  for (const auto &[SkipB, SkipE] : Skipped) {
    auto It = std::find_if(Ds.begin(), Ds.end(), [&](const Directive &D) {
      return T[D.Hash].Offset >= SkipB;
    });
    if (It == Ds.end() || T[It->Hash].Offset > SkipE)
      continue;
    std::optional<llvm::StringRef> Switch = switchOf(T, *It);
    if (!Switch)
      continue;
    // Its matching close: an `#else` or `#elif` is a branch for the other
    // build, so the group is not waiting for a port.
    int Depth = 0;
    for (auto J = It + 1; J != Ds.end(); ++J) {
      if (J->Kind == "if" || J->Kind == "ifdef" || J->Kind == "ifndef") {
        ++Depth;
      } else if (J->Kind == "endif" && Depth > 0) {
        --Depth;
      } else if (Depth == 0 &&
                 (J->Kind == "else" || J->Kind == "elif" ||
                  J->Kind == "elifdef" || J->Kind == "elifndef")) {
        break;
      } else if (Depth == 0 && J->Kind == "endif") {
        Out.push_back({T[It->Hash].Offset, T[J->Hash].Offset, Switch->str()});
        break;
      }
    }
  }
  return Out;
}

const PendingRegion *regionAt(const std::vector<PendingRegion> &Regions,
                              unsigned Offset) {
  for (const PendingRegion &R : Regions)
    if (R.Begin <= Offset && Offset <= R.End)
      return &R;
  return nullptr;
}

std::string inPendingRegion(llvm::StringRef Message, const PendingRegion &R) {
  return fmt::format("{} (in CUDA code that {} guards with no HIP branch: "
                     "this build skips it, lint read it as the HIP build of "
                     "a port that enables it)",
                     Message.str(), R.Switch);
}

} // namespace hipport::checks
