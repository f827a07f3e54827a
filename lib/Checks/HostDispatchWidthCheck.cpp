#include "Checks/HostDispatchWidthCheck.h"
#include "Checks/CudaPatterns.h"
#include "Checks/LogicalWarps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
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
  // Also in instantiations of host templates (`template <typename T> void
  // run() { k<32, T><<<...>>>; }`), whose launches name the kernel through
  // dependent arguments: each place is reported once (Reported).
  F.addMatcher(declRefExpr(unless(isExpansionInSystemHeader()),
                           to(functionDecl(isTemplateInstantiation())))
                   .bind("ref"),
               this);
  F.addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                        unless(isInTemplateInstantiation()))
                   .bind("mcall"),
               this);
}

namespace {
/// Records the macro uses that pass a literal 32 for a parameter named like
/// a per-warp size (WidthArgUse), written in a file (not inside another
/// macro's expansion).
class WarpArgWatcher : public PPCallbacks {
public:
  WarpArgWatcher(const SourceManager &SM,
                 std::vector<HostDispatchWidthCheck::WarpArgUse> &Out)
      : SM(SM), Out(Out) {}
  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *Args) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI || !Args || !MI->isFunctionLike() || Range.getBegin().isMacroID() ||
        SM.isInSystemHeader(Range.getBegin()))
      return;
    for (unsigned I = 0; I < MI->getNumParams(); ++I) {
      llvm::StringRef P = MI->params()[I]->getName();
      std::string L = P.lower();
      if (!warpLikeName(P) || llvm::StringRef(L).contains("bit") ||
          llvm::StringRef(L).contains("word"))
        continue;
      const Token *A = Args->getUnexpArgument(I);
      if (A && A->is(tok::numeric_constant) && A[1].is(tok::eof) &&
          llvm::StringRef(A->getLiteralData(), A->getLength()) == "32")
        Out.push_back({Range.getBegin(), Range.getEnd(), A->getLocation(),
                       Name.getIdentifierInfo()->getName().str(), P.str()});
    }
  }

private:
  const SourceManager &SM;
  std::vector<HostDispatchWidthCheck::WarpArgUse> &Out;
};
} // namespace

void HostDispatchWidthCheck::registerPPCallbacks(const SourceManager &SM,
                                                 Preprocessor &PP) {
  Regions.clear();
  WarpArgs.clear();
  PP.addPPCallbacks(Regions.watch(SM));
  PP.addPPCallbacks(std::make_unique<WarpArgWatcher>(SM, WarpArgs));
}

/// A call that a macro use builds from a per-warp size of 32
/// (`SELECT_CALL(float, true, 32)` expanding to
/// `runSelect_float_true_32_(...)`, a function picked by the 32 through
/// token pasting or an argument): the same dispatch as a kernel template's
/// 32, for functions the TU only declares. Kernel templates are run's.
void HostDispatchWidthCheck::macroCall(const CallExpr *Call, ASTContext &C) {
  const SourceManager &SM = C.getSourceManager();
  SourceLocation B = Call->getBeginLoc();
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (WarpArgs.empty() || !B.isMacroID() || !Callee ||
      Callee->isTemplateInstantiation() || Callee->hasAttr<CUDAGlobalAttr>() ||
      isa<CUDAKernelCallExpr>(Call))
    return;
  // The macro expands to the call itself.
  CharSourceRange Use = SM.getExpansionRange(B);
  const WarpArgUse *W = nullptr;
  for (const WarpArgUse &U : WarpArgs)
    if (U.Begin == Use.getBegin())
      W = &U;
  if (!W || !SM.isAtStartOfImmediateMacroExpansion(B))
    return;
  const FunctionDecl *Caller = enclosingFunction(Call, C);
  if (!Caller || Caller->hasAttr<CUDADeviceAttr>() ||
      Caller->hasAttr<CUDAGlobalAttr>() || consultsWidth(Caller) ||
      Regions.contains(W->Arg, SM) ||
      !Reported.insert(W->Arg.getRawEncoding()).second)
    return;
  CheckDiag D;
  D.Loc = W->Arg;
  D.Level = core::Severity::Warning;
  D.Message = fmt::format(
      "host code calls '{}' through '{}' with {} = 32, a per-warp size of "
      "32-wide warps; nothing here picks 64 for a 64-lane wavefront: "
      "dispatch on the device's warp width (hipDeviceAttributeWarpSize) and "
      "instantiate both",
      Callee->getName(), W->Macro, W->Param);
  report(C, std::move(D));
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

/// The role (as widthRole) of the kernel parameters that the host function
/// template instantiation F passes its parameter P to, through template
/// arguments (`template <int NumWarpQ> void scan() { k<NumWarpQ><<<...>>>; }`):
/// the value is followed to the kernel it picks, Depth host templates deep.
static int forwardedRole(const FunctionDecl *F,
                         const NonTypeTemplateParmDecl *P, ASTContext &C,
                         unsigned Depth);

static int forwardedRoleIn(const Stmt *S, const NonTypeTemplateParmDecl *P,
                           ASTContext &C, unsigned Depth) {
  if (!S)
    return 0;
  int Role = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *G = dyn_cast<FunctionDecl>(DRE->getDecl());
    const FunctionTemplateDecl *T = G ? G->getPrimaryTemplate() : nullptr;
    for (unsigned I = 0; T && I < DRE->getNumTemplateArgs(); ++I) {
      const auto *Sub = dyn_cast_or_null<SubstNonTypeTemplateParmExpr>(
          DRE->getTemplateArgs()[I].getSourceExpression());
      if (!Sub || Sub->getParameter() != P ||
          I >= T->getTemplateParameters()->size())
        continue;
      const auto *Q = dyn_cast<NonTypeTemplateParmDecl>(
          T->getTemplateParameters()->getParam(I));
      if (!Q)
        continue;
      Role = std::max(Role, G->hasAttr<CUDAGlobalAttr>()
                                ? widthRole(Q, G->getTemplateInstantiationPattern(), C)
                                : forwardedRole(G, Q, C, Depth + 1));
    }
  }
  for (const Stmt *Ch : S->children())
    Role = std::max(Role, forwardedRoleIn(Ch, P, C, Depth));
  return Role;
}

static int forwardedRole(const FunctionDecl *F,
                         const NonTypeTemplateParmDecl *P, ASTContext &C,
                         unsigned Depth) {
  if (Depth > 2 || !F->hasBody() || F->hasAttr<CUDADeviceAttr>())
    return 0;
  return forwardedRoleIn(F->getBody(), P, C, Depth);
}

/// Where the 32 of a template argument is written: at the macro use when it
/// is an argument there (`SELECT(32)`), in a project macro's definition when
/// it is written there (`#define RUN_ALL ... RUN(128, 32, 2)`), the place to
/// edit either way.
static SourceLocation writtenAt(SourceLocation Loc, const SourceManager &SM) {
  if (!Loc.isMacroID())
    return Loc;
  CharSourceRange Use = SM.getExpansionRange(Loc);
  SourceLocation Spelled = SM.getSpellingLoc(Loc);
  if (SM.isInSystemHeader(Spelled) ||
      SM.isPointWithin(Spelled, Use.getBegin(), Use.getEnd()))
    return Use.getBegin();
  return Spelled;
}

void HostDispatchWidthCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("mcall"))
    return macroCall(Call, C);
  const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *K = cast<FunctionDecl>(Ref->getDecl());
  const FunctionTemplateDecl *T = K->getPrimaryTemplate();
  const TemplateArgumentList *Args = K->getTemplateSpecializationArgs();
  const FunctionDecl *Caller = enclosingFunction(Ref, C);
  if (!T || !Args || !Caller || Caller->hasAttr<CUDADeviceAttr>() ||
      Caller->hasAttr<CUDAGlobalAttr>() || K->hasAttr<CUDADeviceAttr>())
    return;
  bool Kernel = K->hasAttr<CUDAGlobalAttr>();
  const TemplateParameterList *Ps = T->getTemplateParameters();
  for (unsigned I = 0; I < Ps->size() && I < Args->size(); ++I) {
    const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Ps->getParam(I));
    const TemplateArgument &A = Args->get(I);
    if (!P || A.getKind() != TemplateArgument::Integral)
      continue;
    int64_t V = A.getAsIntegral().getExtValue();
    if (V != 32 && V != 64)
      continue;
    int Role = Kernel ? widthRole(P, K->getTemplateInstantiationPattern(), C)
                      : forwardedRole(K, P, C, 0);
    const FunctionDecl *Pattern = K->getTemplateInstantiationPattern();
    // A width (role 2) in a kernel whose result does not depend on it; a
    // count of warps still sizes its block (`k<WarpsPerBlock>` with
    // `__launch_bounds__(WarpsPerBlock * warpSize)`).
    if (!Role || (Kernel && Role == 2 && Pattern && Pattern->getBody() &&
                  widthFree(laneGroups(C).at(Pattern->getBody()->getBeginLoc()))))
      continue;
    if (V != 32 || consultsWidth(Caller))
      continue;
    SourceLocation Loc = Ref->getBeginLoc();
    if (I < Ref->getNumTemplateArgs()) {
      const TemplateArgumentLoc &AL = Ref->getTemplateArgs()[I];
      // A host template's own parameter (`k<NumWarpQ>` in `scan<..., 32>`):
      // reported where the caller writes the 32 (forwardedRole).
      if (isa_and_nonnull<SubstNonTypeTemplateParmExpr>(AL.getSourceExpression()))
        continue;
      Loc = AL.getLocation();
      ConstantOrigin O = constantOrigin(AL.getSourceExpression(), C, {32});
      if (O.named() && Regions.contains(O.Loc, C.getSourceManager()))
        continue;
    }
    Loc = writtenAt(Loc, C.getSourceManager());
    CheckDiag D;
    D.Loc = Loc;
    D.Level = Role == 2 ? core::Severity::Error : core::Severity::Warning;
    D.Message = fmt::format(
        "host code {} '{}' with {} = 32, {}; nothing here picks 64 for "
        "a 64-lane wavefront: dispatch on the device's warp width "
        "(hipDeviceAttributeWarpSize) and instantiate both",
        Kernel ? "launches" : "picks", K->getNameAsString(), P->getName(),
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
