#include "Report/Automation.h"
#include "Checks/WidthLiteralNet.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace hipport::report {

namespace {

const char *const Kinds[] = {"lint-error", "inline-ptx", "unsupported-api",
                             "lint-warning", "build", "ops"};

/// Inline PTX is found twice, by the ptx-* lint checks and by the kernel
/// walk; the lint finding is the precise place, the kernel the fallback
/// when lint did not run.
bool isPtxCheck(llvm::StringRef Check) { return Check.starts_with("ptx-"); }

} // namespace

int manualRank(const std::string &Kind) {
  for (int I = 0; I < int(std::size(Kinds)); ++I)
    if (Kind == Kinds[I])
      return I;
  return int(std::size(Kinds));
}

const char *manualTitle(const std::string &Kind) {
  if (Kind == "lint-error")
    return "lint errors (wave64, NVIDIA-only constructs)";
  if (Kind == "inline-ptx")
    return "inline PTX";
  if (Kind == "unsupported-api")
    return "unsupported CUDA names (no HIP counterpart on the target)";
  if (Kind == "lint-warning")
    return "lint warnings";
  if (Kind == "build")
    return "build items without a rewrite";
  if (Kind == "ops")
    return "operations items without a rewrite";
  return "other";
}

void automation(Report &R) {
  Automation &A = R.Auto;
  A = Automation();
  auto Automatic = [&](const std::string &File, unsigned N) {
    A.Automatic += N;
    A.AutomaticByFile[File] += N;
  };
  for (const ApiUse &U : R.Api) {
    if (U.ThirdParty)
      continue;
    if (U.Status == "unsupported") {
      A.Sites.push_back({"unsupported-api", U.First,
                         fmt::format("{} ({}), {} use(s)", U.Name, U.Family,
                                     U.Calls),
                         U.Calls});
      unsigned Placed = 0;
      for (const auto &[File, N] : U.CallsByFile) {
        A.SourceManualByFile[File] += N;
        Placed += N;
      }
      if (Placed < U.Calls)
        A.SourceManualByFile[U.First.File] += U.Calls - Placed;
    } else if (!U.Hip.empty() && U.Hip != U.Name) {
      unsigned Placed = 0;
      for (const auto &[File, N] : U.CallsByFile) {
        Automatic(File, N);
        Placed += N;
      }
      if (Placed < U.Calls)
        Automatic(U.First.File, U.Calls - Placed);
    }
  }

  bool PtxFromLint = false;
  for (const LintFinding &F : R.Findings) {
    if ((F.Severity != "error" && F.Severity != "warning") ||
        checks::isWidthNetHint(F.Check))
      continue;
    bool Ptx = isPtxCheck(F.Check);
    PtxFromLint |= Ptx;
    A.Sites.push_back({Ptx ? "inline-ptx" : "lint-" + F.Severity, F.Loc,
                       fmt::format("{} [{}]", F.Message, F.Check), 1});
    ++A.SourceManualByFile[F.Loc.File];
  }
  if (!PtxFromLint)
    for (const Kernel &K : R.Kernels)
      if (K.InlineAsm && !K.ThirdParty && K.Lang != Dialect::Hip) {
        A.Sites.push_back({"inline-ptx", K.Loc,
                           fmt::format("kernel {}: {} asm statement(s)",
                                       K.Name, K.InlineAsm),
                           K.InlineAsm});
        A.SourceManualByFile[K.Loc.File] += K.InlineAsm;
      }

  // The same flag in the same file is one edit however often it repeats.
  std::set<std::tuple<std::string, std::string, std::string>> Seen;
  for (const BuildItem &B : R.Build) {
    if (!Seen.insert({B.Loc.File, B.Check, B.Message}).second)
      continue;
    if (B.Rewrite)
      Automatic(B.Loc.File, 1);
    else
      A.Sites.push_back(
          {"build", B.Loc, fmt::format("{} [{}]", B.Message, B.Check), 1});
  }

  // Operations: what `port --ops` rewrites, and Triton kernels, which
  // retarget themselves, are automatic; the rest is a site per kind and file.
  std::set<std::pair<std::string, std::string>> OpsSeen;
  for (const OpsItem &O : R.Operations) {
    if (O.Rewritten || O.PortsItself) {
      Automatic(O.Loc.File, 1);
      continue;
    }
    if (OpsSeen.insert({O.Kind, O.Loc.File}).second)
      A.Sites.push_back(
          {"ops", O.Loc, fmt::format("{}: {} [{}]", O.Text, O.Rocm, O.Kind), 1});
  }

  std::stable_sort(A.Sites.begin(), A.Sites.end(), [](auto &X, auto &Y) {
    return std::make_pair(manualRank(X.Kind), X.Loc) <
           std::make_pair(manualRank(Y.Kind), Y.Loc);
  });
  for (const ManualSite &S : A.Sites)
    A.Manual += S.Count;
}

} // namespace hipport::report
