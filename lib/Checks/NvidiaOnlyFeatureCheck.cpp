#include "Checks/NvidiaOnlyFeatureCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo NvidiaOnlyFeatureCheck::Info = {
    "nvidia-only-feature", core::Severity::Error,
    "NVIDIA-only device features (wmma, cp.async, clusters, TMA, "
    "__nanosleep, __match/__reduce_*_sync, >64 KiB shared memory)"};

/// LDS per workgroup on CDNA up to gfx942 (MI300); gfx950 has 160 KiB.
static constexpr int64_t LdsLimit = 64 * 1024;

const std::vector<llvm::StringRef> &NvidiaOnlyFeatureCheck::features() {
  static const std::vector<llvm::StringRef> Names = {
      "__nanosleep",         "__match_any_sync",        "__match_all_sync",
      "__reduce_add_sync",   "__reduce_min_sync",       "__reduce_max_sync",
      "__reduce_and_sync",   "__reduce_or_sync",        "__reduce_xor_sync",
      "__pipeline_memcpy_async", "__pipeline_commit",   "__pipeline_wait_prior",
      "__pipeline_arrive_on", "memcpy_async",           "make_pipeline",
      "this_cluster",        "cudaLaunchKernelEx",      "cuTensorMapEncodeTiled",
      "cuTensorMapEncodeIm2col"};
  return Names;
}

NvidiaOnlyFeatureCheck::NvidiaOnlyFeatureCheck(
    std::shared_ptr<const rules::RuleSet> R, rules::TargetOptions T)
    : Check(Info), Rules(std::move(R)), Target(std::move(T)) {
  if (Rules)
    return;
  // The clang-tidy plugin has no command line for tables: the built-in ones.
  static const std::shared_ptr<const rules::RuleSet> Builtin = [] {
    auto RS = rules::RuleSet::loadBuiltin();
    if (!RS) {
      llvm::consumeError(RS.takeError());
      return std::make_shared<const rules::RuleSet>();
    }
    return std::make_shared<const rules::RuleSet>(std::move(*RS));
  }();
  Rules = Builtin;
}

std::string NvidiaOnlyFeatureCheck::advice(llvm::StringRef Name) const {
  const rules::RuleEntry *E = Rules->find(Name);
  if (!E)
    return "no HIP counterpart";
  rules::Mapping M = Rules->resolve(*E, Target);
  if (M.Act == rules::Mapping::Action::Rename)
    return "";
  return M.Note.empty() ? "no HIP counterpart" : M.Note;
}

void NvidiaOnlyFeatureCheck::registerMatchers(MatchFinder &F) {
  auto NotInst = unless(isInTemplateInstantiation());
  std::vector<std::string> Names;
  for (llvm::StringRef N : features())
    Names.push_back(N.str());
  F.addMatcher(callExpr(callee(functionDecl(hasAnyName(std::vector<llvm::StringRef>(Names.begin(), Names.end()))).bind("fn")),
                        NotInst)
                   .bind("call"),
               this);
  F.addMatcher(callExpr(callee(functionDecl(nameMatches(namesWmma))
                                   .bind("wmma")),
                        NotInst)
                   .bind("call"),
               this);
  F.addMatcher(functionDecl(hasAttr(attr::CUDAClusterDims)).bind("cluster"),
               this);
  F.addMatcher(varDecl(hasAttr(attr::CUDAShared), unless(isInstantiated())).bind("shared"),
               this);
  F.addMatcher(
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal),
                   unless(isInstantiated()))
          .bind("kernel"),
      this);
  F.addMatcher(
      callExpr(callee(functionDecl(hasAnyName("cudaFuncSetAttribute",
                                              "hipFuncSetAttribute"))),
               hasArgument(1, ignoringParenImpCasts(declRefExpr(to(
                                  enumConstantDecl(matchesName(
                                      "MaxDynamicSharedMemorySize")))))),
               NotInst)
          .bind("attr"),
      this);
  F.addMatcher(cudaKernelCallExpr(NotInst).bind("launch"), this);
  F.addMatcher(callExpr(callee(functionDecl(hasName("hipLaunchKernelGGL"))),
                        NotInst)
                   .bind("ggl"),
               this);
}

/// Static shared memory declared directly in S (not in nested lambdas).
static void sharedVars(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->hasAttr<CUDASharedAttr>() && !VD->hasExternalStorage())
          Out.push_back(VD);
  for (const Stmt *C : S->children())
    sharedVars(C, Out);
}

static int64_t byteSize(const VarDecl *VD, const ASTContext &C) {
  QualType T = VD->getType();
  if (T->isDependentType() || T->isIncompleteType() ||
      !T->isConstantSizeType())
    return 0;
  return C.getTypeSizeInChars(T).getQuantity();
}

void NvidiaOnlyFeatureCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  CheckDiag D;
  D.Level = Info.DefaultLevel;
  auto tooBig = [&](const Expr *Size, const char *What) {
    auto V = intValue(Size, C);
    if (!V || *V <= LdsLimit)
      return;
    D.Loc = Size->getBeginLoc();
    D.Range = Size->getSourceRange();
    D.Message = fmt::format("{} of {} bytes exceeds the 64 KiB of LDS per "
                            "workgroup on AMD CDNA GPUs (gfx90a, gfx942)",
                            What, *V);
    report(C, std::move(D));
  };
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("call")) {
    std::string Advice, What;
    if (const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn")) {
      What = Fn->getName().str();
      Advice = advice(Fn->getName());
      if (Advice.empty())
        return; // HIP has it at the target: hipport port renames it
    } else if (const auto *W = R.Nodes.getNodeAs<FunctionDecl>("wmma")) {
      What = "nvcuda::wmma::" + W->getName().str();
      const rules::Library *L = rules::builtinLibrary("wmma");
      Advice = fmt::format("tensor-core fragments map to {} on AMD matrix "
                           "cores",
                           L ? L->Rocm : "the AMD matrix-core library");
    }
    D.Loc = Call->getBeginLoc();
    D.Range = Call->getSourceRange();
    D.Message = fmt::format("{} is NVIDIA-only: {}", What, Advice);
    report(C, std::move(D));
    return;
  }
  if (const auto *F = R.Nodes.getNodeAs<FunctionDecl>("cluster")) {
    const auto *A = F->getAttr<CUDAClusterDimsAttr>();
    D.Loc = A->getLocation();
    D.Message = fmt::format("__cluster_dims__ on '{}' is NVIDIA-only: AMD GPUs "
                            "have no thread-block clusters",
                            F->getName().str());
    report(C, std::move(D));
    return;
  }
  if (const auto *VD = R.Nodes.getNodeAs<VarDecl>("shared")) {
    int64_t N = byteSize(VD, C);
    if (N <= LdsLimit)
      return;
    D.Loc = VD->getLocation();
    D.Message = fmt::format("__shared__ '{}' of {} bytes exceeds the 64 KiB "
                            "of LDS per workgroup on AMD CDNA GPUs (gfx90a, "
                            "gfx942)",
                            VD->getName().str(), N);
    report(C, std::move(D));
    return;
  }
  if (const auto *K = R.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    std::vector<const VarDecl *> Vars;
    sharedVars(K->getBody(), Vars);
    int64_t Sum = 0;
    for (const VarDecl *V : Vars) {
      int64_t N = byteSize(V, C);
      if (N > LdsLimit)
        return; // reported on the variable itself
      Sum += N;
    }
    if (Sum <= LdsLimit)
      return;
    D.Loc = K->getLocation();
    D.Message = fmt::format("kernel '{}' declares {} bytes of static shared "
                            "memory, more than the 64 KiB of LDS per "
                            "workgroup on AMD CDNA GPUs (gfx90a, gfx942)",
                            K->getName().str(), Sum);
    for (const VarDecl *V : Vars)
      D.Notes.emplace_back(V->getLocation(),
                           fmt::format("{} bytes here", byteSize(V, C)));
    report(C, std::move(D));
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("attr")) {
    if (Call->getNumArgs() > 2)
      tooBig(Call->getArg(2), "MaxDynamicSharedMemorySize");
    return;
  }
  if (const auto *L = R.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
    const CallExpr *Cfg = L->getConfig();
    if (Cfg && Cfg->getNumArgs() > 2 &&
        !isa<CXXDefaultArgExpr>(Cfg->getArg(2)))
      tooBig(Cfg->getArg(2), "dynamic shared memory in the launch");
    return;
  }
  if (const auto *G = R.Nodes.getNodeAs<CallExpr>("ggl")) {
    if (G->getNumArgs() > 3)
      tooBig(G->getArg(3), "dynamic shared memory in the launch");
  }
}

} // namespace hipport::checks
