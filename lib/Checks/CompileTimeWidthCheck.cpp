#include "Checks/CompileTimeWidthCheck.h"
#include "Checks/CudaPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo CompileTimeWidthCheck::Info = {
    "wave64-compile-time-width", core::Severity::Warning,
    "warp width fixed for every AMD target (no test of the target): 64 is "
    "wrong on wave32 (RDNA) targets, 32 on wave64 (CDNA) ones"};

namespace {

/// `USE_ROCM`, `__HIP_PLATFORM_AMD__`, `GGML_USE_HIP`: the AMD build as a
/// whole, whatever the target.
bool platformName(llvm::StringRef N) {
  static const llvm::Regex Re("ROCM|HIP|AMD", llvm::Regex::IgnoreCase);
  return Re.match(N) && !N.contains("DEVICE_COMPILE");
}

/// `__GFX9__`, `__gfx90a__`, `__AMDGCN_WAVEFRONT_SIZE`: one target's.
bool targetName(llvm::StringRef N) {
  static const llvm::Regex Re("__GFX|__gfx|WAVEFRONT_SIZE|amdgcn_processor|"
                              "amdgcn_target_id|RDNA|CDNA");
  return Re.match(N);
}

/// `__AMDGCN_WAVEFRONT_SIZE(__)`: the width macro older AMD compilers
/// define in the device pass. LLVM 22's no longer does (rules/targets/
/// amd.json), and no host pass ever did.
bool waveMacroName(llvm::StringRef N) {
  return N.starts_with("__AMDGCN_WAVEFRONT_SIZE");
}

/// What an open `#if` group says: whether it tests the target, and
/// whether its active branch is the AMD one.
struct Group {
  bool Target = false;
  bool Amd = false;
  /// Every target test so far is of the wave macro (no `__GFX9__`).
  bool WaveOnly = true;
  /// The active branch is taken where the wave macro is not defined (the
  /// `#else` of `#ifdef __AMDGCN_WAVEFRONT_SIZE`).
  bool Fallback = false;
  bool FirstFallback = false; ///< the first branch was a fallback
  unsigned Begin = 0; ///< where the AMD branch began, when Amd
  unsigned Start = 0; ///< where the group began
  FileID File;
};

class Watcher : public PPCallbacks {
public:
  Watcher(CompileTimeWidthCheck &C, const SourceManager &SM, Preprocessor &PP)
      : C(C), SM(SM), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    open(Loc, text(Cond), /*Negated=*/false);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    open(Loc, name(Name), false);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    open(Loc, name(Name), true);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    branch(Loc, text(Cond), false);
  }
  void Else(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    // The other branch of `#ifndef USE_ROCM` is the AMD one, and of
    // `#ifdef USE_ROCM` the other platform's.
    bool WasAmd = Open.back().Amd;
    close(Loc);
    Open.back().Fallback = Open.back().Target && Open.back().WaveOnly &&
                           !Open.back().FirstFallback;
    Open.back().Amd = !WasAmd && ElseIsAmd.back();
    if (Open.back().Amd)
      Open.back().Begin = SM.getFileOffset(SM.getExpansionLoc(Loc));
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    close(Loc);
    // A group that tests the target picks the width per target, in every
    // branch (the host pass's branch included).
    const Group &G = Open.back();
    SourceLocation At = SM.getExpansionLoc(Loc);
    if (G.Target && SM.getFileID(At) == G.File)
      C.TargetGroups.push_back(
          {G.File.getHashValue(), G.Start, SM.getFileOffset(At)});
    Open.pop_back();
    ElseIsAmd.pop_back();
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    SourceLocation Loc = Name.getLocation();
    if (!Name.getIdentifierInfo() || MI->isFunctionLike() ||
        MI->getNumTokens() != 1 || SM.isInSystemHeader(Loc) ||
        !warpWidthName(Name.getIdentifierInfo()->getName()))
      return;
    const Token &T = MI->getReplacementToken(0);
    llvm::StringRef V(T.getLiteralData(), T.getLength());
    if (T.isNot(tok::numeric_constant) || (V != "64" && V != "32"))
      return;
    // 64 anywhere in an AMD build; 32 only where the code chose it for
    // AMD (a 32 outside any AMD branch is NVIDIA's, warp-size-literal's).
    // A fixed width where the wave macro is missing is the width of every
    // target on compilers that do not define it.
    bool Branch = false, Fallback = false;
    for (const Group &G : Open) {
      if (G.Target && !(G.WaveOnly && G.Fallback))
        return;
      Branch |= G.Amd;
      Fallback |= G.Target;
    }
    if (Fallback)
      C.reportFallback(SM, PP.getLangOpts(), Loc,
                       Name.getIdentifierInfo()->getName(), V == "64" ? 64 : 32);
    else if (Branch || (V == "64" && PP.isMacroDefined("__HIP_PLATFORM_AMD__")))
      C.reportAt(SM, PP.getLangOpts(), Loc, Name.getIdentifierInfo()->getName(),
                 V == "64" ? 64 : 32);
  }

private:
  std::string text(SourceRange R) {
    if (R.isInvalid())
      return "";
    return Lexer::getSourceText(CharSourceRange::getCharRange(R), SM,
                                LangOptions())
        .str();
  }
  static std::string name(const Token &T) {
    return T.getIdentifierInfo() ? T.getIdentifierInfo()->getName().str() : "";
  }
  /// The condition's verdict: (tests the target, the active branch is AMD,
  /// the #else branch would be AMD).
  void verdict(llvm::StringRef Cond, bool Negated, bool &Target, bool &Amd,
               bool &Else, bool &Wave) {
    static const llvm::Regex Ident("[A-Za-z_][A-Za-z0-9_]*");
    llvm::SmallVector<llvm::StringRef, 1> M;
    bool Platform = false;
    llvm::StringRef T = Cond;
    while (Ident.match(T, &M)) {
      Target |= targetName(M[0]);
      Wave &= !targetName(M[0]) || waveMacroName(M[0]);
      Platform |= platformName(M[0]);
      T = T.substr(M[0].data() - T.data() + M[0].size());
    }
    Negated |= Cond.contains('!');
    Amd = Platform && !Negated;
    Else = Platform && Negated;
  }
  void open(SourceLocation Loc, llvm::StringRef Cond, bool Negated) {
    Group G;
    bool Else = false;
    verdict(Cond, Negated, G.Target, G.Amd, Else, G.WaveOnly);
    // `#ifndef __AMDGCN_WAVEFRONT_SIZE`, `#if !defined(...)`.
    G.Fallback = G.FirstFallback =
        G.Target && G.WaveOnly && (Negated || Cond.contains('!'));
    SourceLocation At = SM.getExpansionLoc(Loc);
    G.File = SM.getFileID(At);
    G.Begin = G.Start = SM.getFileOffset(At);
    Open.push_back(G);
    ElseIsAmd.push_back(Else);
  }
  void branch(SourceLocation Loc, llvm::StringRef Cond, bool Negated) {
    if (Open.empty())
      return;
    close(Loc);
    bool Target = false, Amd = false, Else = false;
    verdict(Cond, Negated, Target, Amd, Else, Open.back().WaveOnly);
    // `#elif !defined(__HIP_DEVICE_COMPILE__)` after a wave-macro test: the
    // macro is missing there too.
    Open.back().Fallback = Open.back().Target && Open.back().WaveOnly &&
                           !Open.back().FirstFallback &&
                           (!Target || Cond.contains('!'));
    Open.back().Target |= Target;
    Open.back().Amd = Amd;
    Open.back().Begin = SM.getFileOffset(SM.getExpansionLoc(Loc));
  }
  /// Ends the active branch: an AMD branch with no target test around it
  /// is kept for the declarations in it.
  void close(SourceLocation Loc) {
    const Group &G = Open.back();
    if (!G.Amd || SM.isInSystemHeader(Loc))
      return;
    for (const Group &O : Open)
      if (O.Target)
        return;
    SourceLocation At = SM.getExpansionLoc(Loc);
    if (SM.getFileID(At) == G.File)
      C.AmdBranches.push_back(
          {G.File.getHashValue(), G.Begin, SM.getFileOffset(At)});
  }

  CompileTimeWidthCheck &C;
  const SourceManager &SM;
  Preprocessor &PP;
  std::vector<Group> Open;
  std::vector<bool> ElseIsAmd;
};

} // namespace

void CompileTimeWidthCheck::registerPPCallbacks(const SourceManager &SM,
                                                Preprocessor &PP) {
  AmdBranches.clear();
  TargetGroups.clear();
  PP.addPPCallbacks(std::make_unique<Watcher>(*this, SM, PP));
}

void CompileTimeWidthCheck::reportAt(const SourceManager &SM,
                                     const LangOptions &LO, SourceLocation Loc,
                                     llvm::StringRef Name, int Width) {
  CheckDiag D;
  D.Loc = Loc;
  if (Width == 32) {
    D.Message = fmt::format(
        "warp width '{}' is fixed at 32 for every AMD target: wave64 targets "
        "(CDNA, e.g. gfx90a; MI100 to MI355) run 64-lane wavefronts, so lanes "
        "32-63 fall outside everything sized or indexed from it; pick it per "
        "target (`__GFX9__`, `__AMDGCN_WAVEFRONT_SIZE`) or use warpSize",
        Name);
    report(SM, LO, std::move(D));
    return;
  }
  D.Message = fmt::format(
      "warp width '{}' is fixed at 64 for every AMD target: wave32 targets "
      "(RDNA, e.g. gfx1100) run 32-lane wavefronts, so slots, strides and "
      "lane ranges sized from it are wrong there; pick it per target "
      "(`__GFX9__`, `__AMDGCN_WAVEFRONT_SIZE`) or use warpSize",
      Name);
  report(SM, LO, std::move(D));
}

void CompileTimeWidthCheck::reportFallback(const SourceManager &SM,
                                           const LangOptions &LO,
                                           SourceLocation Loc,
                                           llvm::StringRef Name, int Width) {
  CheckDiag D;
  D.Loc = Loc;
  D.Message = fmt::format(
      "warp width '{}' falls back to {} where __AMDGCN_WAVEFRONT_SIZE is not "
      "defined: every host pass, and the device pass of compilers that no "
      "longer define it (LLVM 22), take this branch, so it is the width of "
      "every target there, wrong on {}; pick it with the target macros "
      "(`__GFX9__` for wave64) or use warpSize",
      Name, Width, Width == 64 ? "wave32 (RDNA)" : "wave64 (CDNA)");
  report(SM, LO, std::move(D));
}

void CompileTimeWidthCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(varDecl(hasType(isConstQualified()),
                       hasInitializer(ignoringImpCasts(
                           integerLiteral(anyOf(equals(64), equals(32))))),
                       unless(isExpansionInSystemHeader()))
                   .bind("var"),
               this);
}

void CompileTimeWidthCheck::run(const MatchFinder::MatchResult &R) {
  const auto *VD = R.Nodes.getNodeAs<VarDecl>("var");
  if (!VD || !warpWidthName(VD->getName()))
    return;
  const SourceManager &SM = *R.SourceManager;
  SourceLocation At = SM.getExpansionLoc(VD->getLocation());
  unsigned File = SM.getFileID(At).getHashValue(), Off = SM.getFileOffset(At);
  auto In = [&](const std::vector<Range> &Rs) {
    return llvm::any_of(Rs, [&](const Range &B) {
      return B.File == File && B.Begin <= Off && Off <= B.End;
    });
  };
  if (In(TargetGroups))
    return;
  bool InAmd = In(AmdBranches);
  int Width = intValue(VD->getInit(), *R.Context).value_or(0) == 64 ? 64 : 32;
  // HIP code is the AMD build's whatever its branches (for 64; a 32 must
  // be chosen in an AMD branch, see the macro case).
  if (InAmd || (Width == 64 && R.Context->getLangOpts().HIP))
    reportAt(SM, R.Context->getLangOpts(), At, VD->getName(), Width);
}

} // namespace hipport::checks
