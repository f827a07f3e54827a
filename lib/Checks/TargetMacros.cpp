#include "Checks/TargetMacros.h"

#include "Core/AmdTargets.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>

using namespace clang;

namespace hipport::checks {

bool isAmdTargetMacro(llvm::StringRef Name) {
  static const std::set<std::string> Table = [] {
    std::set<std::string> S = {"__AMDGCN_WAVEFRONT_SIZE__", "__HIP_PLATFORM_AMD__",
                               "__HIP_PLATFORM_HCC__"};
    if (auto T = core::amdTargets()) {
      for (const core::AmdTarget &A : *T)
        for (const auto &M : A.Macros)
          S.insert(M.first);
    } else {
      llvm::consumeError(T.takeError());
    }
    return S;
  }();
  static const llvm::Regex Target("^__(gfx[0-9a-f]+|GFX[0-9]+)__$");
  return Table.count(Name.str()) || Target.match(Name);
}

bool isHipPlatformMacro(llvm::StringRef Name) {
  return Name == "__HIP_PLATFORM_AMD__" || Name == "__HIP_PLATFORM_HCC__" ||
         Name == "__HIP__" || Name == "__HIPCC__";
}

std::vector<std::string> hipPlatformDefines() {
  return {"-D__HIP_PLATFORM_AMD__=1", "-D__HIP_PLATFORM_HCC__=1",
          "-D__HIPCC__=1"};
}

namespace {

/// An AMD macro whose value differs between the host and a device pass.
bool isDevicePassMacro(llvm::StringRef Name) {
  return isAmdTargetMacro(Name) && !isHipPlatformMacro(Name);
}

/// A macro named for the HIP or ROCm build (`USE_ROCM`, `__IS_HIP_COMPILE__`,
/// `MAGMA_HAVE_HIP`), not the device pass's own `__HIP_DEVICE_COMPILE__`.
bool hipBuildName(llvm::StringRef Name) {
  static const llvm::Regex Re("ROCM|HIP|AMD", llvm::Regex::IgnoreCase);
  return Re.match(Name) && !Name.contains("DEVICE_COMPILE");
}

class TargetTestWatcher : public PPCallbacks {
public:
  TargetTestWatcher(const SourceManager &SM, const Preprocessor &PP,
                    std::function<bool(llvm::StringRef)> Owns, bool &Tested)
      : SM(SM), PP(PP), Owns(std::move(Owns)), Tested(Tested) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    condition(Loc, Cond);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    condition(Loc, Cond);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Elifdef(SourceLocation Loc, const Token &Name,
               const MacroDefinition &) override {
    name(Loc, Name);
  }
  void Elifndef(SourceLocation Loc, const Token &Name,
                const MacroDefinition &) override {
    name(Loc, Name);
  }

private:
  void name(SourceLocation Loc, const Token &Name) {
    if (!Tested && Name.getIdentifierInfo() &&
        tests(Name.getIdentifierInfo()->getName()) && ours(Loc))
      Tested = true;
  }

  /// An AMD target or platform macro; or a HIP build macro that the
  /// command line defines (`-DUSE_ROCM`, `-D__IS_HIP_COMPILE__=1`): the
  /// build that defines it compiles the code with the HIP compiler, so
  /// the TU is judged as the HIP passes see it.
  bool tests(llvm::StringRef Name) {
    if (isAmdTargetMacro(Name))
      return true;
    if (!hipBuildName(Name))
      return false;
    const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Name));
    return MI && SM.isWrittenInCommandLineFile(MI->getDefinitionLoc());
  }

  /// The condition's text, since an undefined macro in `#if X == 64`
  /// leaves no other trace.
  void condition(SourceLocation Loc, SourceRange Cond) {
    if (Tested || Cond.isInvalid() || !ours(Loc))
      return;
    llvm::StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Cond), SM, LangOptions());
    static const llvm::Regex Ident("[A-Za-z_][A-Za-z0-9_]*");
    llvm::SmallVector<llvm::StringRef, 1> M;
    while (Ident.match(Text, &M)) {
      if (tests(M[0])) {
        Tested = true;
        return;
      }
      Text = Text.substr(M[0].data() - Text.data() + M[0].size());
    }
  }

  bool ours(SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return false;
    FileID FID = SM.getFileID(Loc);
    auto It = Owned.find(FID.getHashValue());
    if (It != Owned.end())
      return It->second;
    bool Own = false;
    if (auto FE = SM.getFileEntryRefForID(FID))
      Own = Owns(FE->getName());
    return Owned[FID.getHashValue()] = Own;
  }

  const SourceManager &SM;
  const Preprocessor &PP;
  std::function<bool(llvm::StringRef)> Owns;
  bool &Tested;
  std::map<unsigned, bool> Owned;
};

/// True when the condition's text names a macro that differs per pass.
bool conditionTests(SourceRange Cond, const SourceManager &SM) {
  if (Cond.isInvalid())
    return false;
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getCharRange(Cond), SM, LangOptions());
  static const llvm::Regex Ident("[A-Za-z_][A-Za-z0-9_]*");
  llvm::SmallVector<llvm::StringRef, 1> M;
  while (Ident.match(Text, &M)) {
    if (isDevicePassMacro(M[0]))
      return true;
    Text = Text.substr(M[0].data() - Text.data() + M[0].size());
  }
  return false;
}

class RegionWatcher : public PPCallbacks {
public:
  RegionWatcher(const SourceManager &SM, TargetRegions &Out)
      : SM(SM), Out(Out) {}
  // System headers are never ours; their thousands of #ifs are not read.
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    Open.push_back({Loc, !SM.isInSystemHeader(Loc) && conditionTests(Cond, SM)});
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    Open.push_back({Loc, tests(Name)});
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    Open.push_back({Loc, tests(Name)});
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    if (!Open.empty() && !SM.isInSystemHeader(Loc))
      Open.back().second |= conditionTests(Cond, SM);
  }
  void Elifdef(SourceLocation, const Token &Name,
               const MacroDefinition &) override {
    if (!Open.empty())
      Open.back().second |= tests(Name);
  }
  void Elifndef(SourceLocation, const Token &Name,
                const MacroDefinition &) override {
    if (!Open.empty())
      Open.back().second |= tests(Name);
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    auto [Begin, Tests] = Open.back();
    Open.pop_back();
    if (!Tests || SM.isInSystemHeader(Begin) ||
        SM.getFileID(Begin) != SM.getFileID(Loc))
      return;
    Out.Ranges.push_back({SM.getFileID(Begin), SM.getFileOffset(Begin),
                          SM.getFileOffset(Loc)});
  }

private:
  static bool tests(const Token &Name) {
    return Name.getIdentifierInfo() &&
           isDevicePassMacro(Name.getIdentifierInfo()->getName());
  }
  const SourceManager &SM;
  TargetRegions &Out;
  std::vector<std::pair<SourceLocation, bool>> Open;
};

} // namespace

std::unique_ptr<PPCallbacks> TargetRegions::watch(const SourceManager &SM) {
  return std::make_unique<RegionWatcher>(SM, *this);
}

bool TargetRegions::contains(SourceLocation Loc,
                             const SourceManager &SM) const {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getSpellingLoc(Loc);
  FileID F = SM.getFileID(Loc);
  unsigned Off = SM.getFileOffset(Loc);
  for (const Range &R : Ranges)
    if (R.File == F && R.Begin <= Off && Off <= R.End)
      return true;
  return false;
}

std::unique_ptr<PPCallbacks>
watchTargetTests(const SourceManager &SM, const Preprocessor &PP,
                 std::function<bool(llvm::StringRef)> Owns, bool &Tested) {
  return std::make_unique<TargetTestWatcher>(SM, PP, std::move(Owns), Tested);
}

} // namespace hipport::checks
