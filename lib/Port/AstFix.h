//===- AstFix.h - fix-ups the AST pass makes beyond renaming ---*- C++ -*-===//
#pragma once

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Core/Paths.h"
#include "Port/PortTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"

#include <mutex>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace hipport::port {

/// What a fix-up may do: edit the project's own files and report findings,
/// through the bookkeeping of the rename pass (ownership, merging across TUs).
class FixContext {
public:
  virtual ~FixContext() = default;
  /// The project file holding Loc (a file location), or "" if not ours.
  virtual std::string ownedFile(clang::SourceLocation Loc) = 0;
  /// Replaces Len bytes at the file location Loc. Rewrite names the fix-up
  /// for --stats; give it on one edit per fix only.
  virtual void edit(clang::SourceLocation Loc, unsigned Len, std::string Text,
                    std::string Rewrite) = 0;
  virtual void finding(clang::SourceLocation Loc, std::string Id,
                       core::Severity S, std::string Msg) = 0;
  /// The file holding Loc needs hipport's shim rules/port/<Shim> (one of
  /// name-shims.json's), inlined by the token pass.
  virtual void needShim(clang::SourceLocation Loc, std::string Shim) = 0;
  virtual const PortOptions &opts() const = 0;
  virtual const rules::RuleSet &rules() const = 0;
  virtual clang::SourceManager &sm() = 0;
};

/// Compound assignments a project defines for CUDA vector types
/// (helper_math.h's `operator+=(float4 &, float4)`) that HIP's vector types
/// define as members too: both are exact matches, so HIP calls them
/// ambiguous. Element-wise definitions are guarded out for HIP (HIP's own
/// operator means the same); others are reported.
void guardVectorOperators(clang::ASTContext &Ctx, FixContext &C);

/// Brace lists shorter than a CUDA vector type (`float4 v = {0};`), which
/// HIP's vector types reject, get the missing components as 0.
void padVectorBraceInits(clang::ASTContext &Ctx, FixContext &C);

/// Overloads of one project function on CUDA types that HIP merges
/// (cudaError_t and CUresult are both hipError_t): the later definition is
/// compiled only where the earlier one is not.
void collapseOverloads(clang::ASTContext &Ctx, FixContext &C);

} // namespace hipport::port

namespace hipport::port {

/// One C++ convenience template of cuda_runtime.h (rules/port/cxx-overloads.json).
struct CxxOverload {
  std::string Cuda;
  unsigned Arg = 0;    ///< the typed argument
  std::string Cast;    ///< the C API's type there, `void **`
  std::optional<rules::RocmVersion> HipSince; ///< HIP's own template, if any
};

/// The table, read and validated once; errors name file and JSON pointer.
llvm::Expected<const std::vector<CxxOverload> *> cxxOverloads();

/// Calls that resolved to one of those templates in the CUDA parse get the
/// cast the C API needs where the target HIP lacks the template:
/// `cudaMalloc(&p, n)` -> `hipMalloc(reinterpret_cast<void **>(&p), n)`.
void castTypedPointerArgs(clang::ASTContext &Ctx, FixContext &C);

} // namespace hipport::port

namespace hipport::port {

/// rules/port/call-fixes.json: CUDA's min/max family by name (-> the HIP
/// name to call), and the parameters CUDA defaults and the target HIP does
/// not (by function, the last such parameter's index).
struct CallFixTable {
  std::map<std::string, std::string, std::less<>> MinMax;
  std::map<std::string, unsigned, std::less<>> DefaultArgs;
};

/// The table, read and validated once; errors name file and JSON pointer.
llvm::Expected<const CallFixTable *> callFixes();

/// min/max calls get their arguments cast to the type CUDA's chosen overload
/// computes in (and umin/llmin/... call min); defaults the target HIP lacks
/// are spelled out.
void fixCalls(clang::ASTContext &Ctx, FixContext &C);

/// One member rules/port/member-fixes.json lists.
struct MemberFix {
  std::string Cuda;    ///< member name
  std::string Class;   ///< its CUDA class (unqualified)
  std::string Rewrite; ///< --stats id
  std::string Shim;    ///< a name-shims.json shim it needs, or ""
  rules::RocmVersion HipSince;
};

/// The table, read and validated once; errors name file and JSON pointer.
llvm::Expected<const std::vector<MemberFix> *> memberFixes();

/// Members the target HIP lacks (thread_block_tile::meta_group_rank,
/// cudaDeviceProp::uuid), rewritten from the AST for targets older than
/// the release that has them.
void fixMembers(clang::ASTContext &Ctx, FixContext &C);

/// "File:At: Msg", a fix-up table's content error (At: a JSON pointer).
inline llvm::Error tableError(const std::string &File, const std::string &At,
                              const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s:%s: %s",
                                 File.c_str(), At.c_str(), Msg.c_str());
}

/// A fix-up table's JSON; syntax errors with line and column.
inline llvm::Expected<nlohmann::json> readTableJson(const std::string &File) {
  auto Text = core::readFile(File);
  if (!Text)
    return Text.takeError();
  nlohmann::json J;
  if (llvm::Error E = core::parseJson(File, *Text, J))
    return std::move(E);
  return J;
}

/// A table under rules/ read once per process, the first time a pass asks:
/// each fix-up keeps one as a static, so a bad file is one error per run.
template <class T> class RulesTable {
public:
  using Reader = llvm::Expected<T> (*)(const std::string &File);
  RulesTable(std::string Relative, Reader Read)
      : Relative(std::move(Relative)), Read(Read) {}

  llvm::Expected<const T *> get() {
    std::call_once(Once, [this] {
      auto R = Read(core::rulesDirectory() + "/" + Relative);
      if (R)
        Table = std::move(*R);
      else
        Error = llvm::toString(R.takeError());
    });
    if (!Error.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                     Error.c_str());
    return &Table;
  }

private:
  std::string Relative;
  Reader Read;
  std::once_flag Once;
  T Table;
  std::string Error;
};

/// The fix-up table, or null where it does not load: portProject reports
/// the error once, and the fix-up then does nothing.
template <class T> const T *loadedOrNull(llvm::Expected<const T *> Table) {
  if (Table)
    return *Table;
  llvm::consumeError(Table.takeError());
  return nullptr;
}

/// Traverses only the declarations written in the project's own files: the
/// toolkit's headers are most of a TU and hold nothing to fix.
template <class Visitor>
void traverseProjectDecls(clang::ASTContext &Ctx, FixContext &C, Visitor &V) {
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!C.ownedFile(C.sm().getExpansionLoc(D->getLocation())).empty())
      V.TraverseDecl(D);
}

} // namespace hipport::port
