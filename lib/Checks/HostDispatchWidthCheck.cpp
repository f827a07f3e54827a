#include "Checks/HostDispatchWidthCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo HostDispatchWidthCheck::Info = {
    "wave64-host-dispatch-width", core::Severity::Error,
    "host code picks a kernel instantiation whose warp-width or per-warp "
    "template argument is 32, with no instantiation for 64"};

void HostDispatchWidthCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(declRefExpr(unless(isExpansionInSystemHeader()),
                           to(functionDecl(hasAttr(attr::CUDAGlobal),
                                           isTemplateInstantiation())),
                           unless(isInTemplateInstantiation()))
                   .bind("ref"),
               this);
}

void HostDispatchWidthCheck::registerPPCallbacks(const SourceManager &SM,
                                                 Preprocessor &PP) {
  Regions.clear();
  PP.addPPCallbacks(Regions.watch(SM));
}

/// True when S reads the device's width: a name or member `warpSize`, the
/// warp-size attribute enumerators, a call named for the width.
static bool readsWidth(const Stmt *S) {
  if (!S)
    return false;
  static const llvm::Regex Call("^(get_?)?[wW]arp_?[sS]ize$");
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    llvm::StringRef N = DRE->getDecl()->getName();
    if (N == "warpSize" || N.ends_with("AttributeWarpSize") ||
        N.ends_with("AttrWarpSize"))
      return true;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (ME->getMemberDecl()->getName() == "warpSize")
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (Call.match(calleeName(CE)))
      return true;
  for (const Stmt *Ch : S->children())
    if (readsWidth(Ch))
      return true;
  return false;
}

/// A function that asks for the device's width may dispatch on it; a
/// dispatch on anything else (`if (k <= 32) select<32>...`) picks 32 for
/// every device.
bool HostDispatchWidthCheck::consultsWidth(const FunctionDecl *F) {
  auto [It, New] = Consults.try_emplace(F, false);
  if (New)
    It->second = readsWidth(F->getBody());
  return It->second;
}

/// How a kernel template's parameter ties the kernel to the warp width:
/// 2 when it is the width (named like one, or used as one in the body),
/// 1 when it is a per-warp size (`NumWarpQ`, `kWarpTile`), 0 otherwise.
static int widthRole(const NonTypeTemplateParmDecl *P, const FunctionDecl *Pattern,
                     ASTContext &C) {
  // `Bits`, `WordBits`: 32 bits of a word, whatever the body does with it.
  std::string N = P->getName().lower();
  if (llvm::StringRef(N).contains("bit") || llvm::StringRef(N).contains("word"))
    return 0;
  if (warpWidthName(P->getName()))
    return 2;
  if (Pattern && Pattern->getBody() &&
      !widthUsesOf(Pattern->getBody(), P, C).empty())
    return 2;
  return warpLikeName(P->getName()) ? 1 : 0;
}

void HostDispatchWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *K = cast<FunctionDecl>(Ref->getDecl());
  const FunctionTemplateDecl *T = K->getPrimaryTemplate();
  const TemplateArgumentList *Args = K->getTemplateSpecializationArgs();
  const FunctionDecl *Caller = enclosingFunction(Ref, C);
  if (!T || !Args || !Caller || Caller->hasAttr<CUDADeviceAttr>() ||
      Caller->hasAttr<CUDAGlobalAttr>())
    return;
  const TemplateParameterList *Ps = T->getTemplateParameters();
  for (unsigned I = 0; I < Ps->size() && I < Args->size(); ++I) {
    const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Ps->getParam(I));
    const TemplateArgument &A = Args->get(I);
    if (!P || A.getKind() != TemplateArgument::Integral)
      continue;
    int64_t V = A.getAsIntegral().getExtValue();
    if (V != 32 && V != 64)
      continue;
    int Role = widthRole(P, K->getTemplateInstantiationPattern(), C);
    if (!Role)
      continue;
    if (V != 32 || consultsWidth(Caller))
      continue;
    SourceLocation Loc = Ref->getBeginLoc();
    if (I < Ref->getNumTemplateArgs()) {
      const TemplateArgumentLoc &AL = Ref->getTemplateArgs()[I];
      Loc = AL.getLocation();
      ConstantOrigin O = constantOrigin(AL.getSourceExpression(), C, {32});
      if (O.named() && Regions.contains(O.Loc, C.getSourceManager()))
        continue;
    }
    Loc = C.getSourceManager().getExpansionLoc(Loc);
    CheckDiag D;
    D.Loc = Loc;
    D.Level = Role == 2 ? core::Severity::Error : core::Severity::Warning;
    D.Message = fmt::format(
        "host code launches '{}' with {} = 32, {}; nothing here picks 64 for "
        "a 64-lane wavefront: dispatch on the device's warp width "
        "(hipDeviceAttributeWarpSize) and instantiate both",
        K->getNameAsString(), P->getName(),
        Role == 2 ? "its warp width" : "a per-warp size of 32-wide warps");
    D.Notes.emplace_back(P->getLocation(), "template parameter declared here");
    if (Reported.insert(D.Loc.getRawEncoding()).second)
      report(C, std::move(D));
  }
}

void HostDispatchWidthCheck::onEndOfTranslationUnit() {
  Reported.clear();
  Consults.clear();
}

} // namespace hipport::checks
