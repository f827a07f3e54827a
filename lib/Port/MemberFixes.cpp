//===- MemberFixes.cpp - members of CUDA types the target HIP lacks -------===//
//
// Some members of CUDA's types have no counterpart in older HIP releases, and
// a rename cannot help: the rewrite depends on the member's class, which only
// the CUDA parse knows (rules/port/member-fixes.json lists each member, its
// class and the oldest release that has it; newer targets keep the call):
//  - `tile.meta_group_rank()` / `tile.meta_group_size()` of a
//    thread_block_tile: before 5.7, HIP makes tiles from a thread block only
//    (its tiled_partition<N> has no other parent), so they are the thread's
//    block rank over the tile size and the number of tiles, rounded up (as
//    HIP's own definition from 5.7), with the tile spelled once;
//  - `prop.uuid` of cudaDeviceProp: hipDeviceProp_t has it from 6.0; before,
//    hipport_prop_uuid(prop) (hip_device_prop_uuid.h) asks the device at the
//    properties' PCI location; its persistingL2CacheMaxSize and
//    accessPolicyMaxWindowSize are 0, what AMD GPUs have.
//
//===----------------------------------------------------------------------===//
#include "Port/AstFix.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Core/Paths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

using namespace clang;

namespace hipport::port {

static llvm::Expected<std::vector<MemberFix>>
readMemberFixes(const std::string &File) {
  auto Read = readTableJson(File);
  if (!Read)
    return Read.takeError();
  nlohmann::json &J = *Read;
  if (!J.is_object() || !J.contains("members") || !J["members"].is_array())
    return tableError(File, "", "expected an object with a 'members' array");
  std::vector<MemberFix> Out;
  for (size_t I = 0; I < J["members"].size(); ++I) {
    const nlohmann::json &E = J["members"][I];
    std::string At = "/members/" + std::to_string(I);
    if (!E.is_object())
      return tableError(File, At, "expected an object");
    for (auto &[K, V] : E.items())
      if ((K != "cuda" && K != "class" && K != "hip_since" && K != "rewrite" &&
           K != "shim") ||
          !V.is_string())
        return tableError(File, At + "/" + K,
                                "unknown key, or not a string");
    if (!E.contains("cuda") || !E.contains("class") ||
        !E.contains("hip_since") || !E.contains("rewrite"))
      return tableError(File, At,
                              "needs 'cuda', 'class', 'hip_since', 'rewrite'");
    MemberFix F;
    F.Cuda = E["cuda"];
    F.Class = E["class"];
    F.Rewrite = E["rewrite"];
    if (E.contains("shim"))
      F.Shim = E["shim"];
    auto Since = rules::RocmVersion::parse(E["hip_since"]);
    if (!Since)
      return tableError(File, At + "/hip_since", "expected a version X.Y");
    F.HipSince = *Since;
    if (F.Cuda != "meta_group_rank" && F.Cuda != "meta_group_size" &&
        F.Cuda != "uuid" && F.Cuda != "persistingL2CacheMaxSize" &&
        F.Cuda != "accessPolicyMaxWindowSize")
      return tableError(File, At + "/cuda",
                              "no rewrite known for this member");
    Out.push_back(std::move(F));
  }
  return Out;
}

llvm::Expected<const std::vector<MemberFix> *> memberFixes() {
  static RulesTable<std::vector<MemberFix>> Table("port/member-fixes.json",
                                                  readMemberFixes);
  return Table.get();
}

namespace {

class MemberFixVisitor : public RecursiveASTVisitor<MemberFixVisitor> {
public:
  MemberFixVisitor(ASTContext &Ctx, FixContext &C,
                   const std::vector<MemberFix> &Table)
      : Ctx(Ctx), C(C) {
    rules::RocmVersion Target =
        C.opts().Target.Rocm.value_or(C.rules().newestRocm());
    for (const MemberFix &F : Table)
      if (Target < F.HipSince)
        Needed[F.Cuda] = &F;
  }
  bool empty() const { return Needed.empty(); }
  // A tile's size is a template argument: calls in a template resolve in its
  // instantiations, which propose the same edit at the same place (merged).
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// `tile.meta_group_rank()`: a member call, or a static one (CUDA's
  /// tiles of a thread block declare both members static).
  bool VisitCallExpr(CallExpr *E) {
    const auto *ME =
        dyn_cast<MemberExpr>(E->getCallee()->IgnoreParenImpCasts());
    if (!ME || E->getNumArgs() != 0)
      return true;
    const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!MD || !MD->getIdentifier())
      return true;
    auto It = Needed.find(MD->getName());
    if (It == Needed.end() || It->second->Class != "thread_block_tile")
      return true;
    const Expr *Obj = ME->getBase();
    if (!Obj || Obj->isImplicitCXXThis())
      return true;
    Obj = Obj->IgnoreImpCasts(); // the tile, not the base class declaring it
    const CXXRecordDecl *RD = classOf(Obj->getType());
    if (!RD || !inCudaNamespace(RD, "cooperative_groups") ||
        RD->getName() != It->second->Class)
      return true;
    CharSourceRange Call = fileRange(E->getSourceRange());
    CharSourceRange Base = fileRange(Obj->getSourceRange());
    if (Call.isInvalid() || Base.isInvalid())
      return true;
    if (tiledFromTile(RD)) {
      C.finding(Call.getBegin(), "port-member-fix", core::Severity::Warning,
                fmt::format("'{}' of a tile partitioned from a tile has no "
                            "HIP counterpart before ROCm 5.7; left unchanged",
                            MD->getName().str()));
      return true;
    }
    // The tile is spelled once, as the user wrote it (renames inside it
    // still apply): rank / size, and (block size - 1) / size + 1 tiles.
    std::string Size = ME->isArrow() ? "->size()" : ".size()";
    bool Rank = MD->getName() == "meta_group_rank";
    wrap(Base, Call,
         Rank ? "(cooperative_groups::this_thread_block().thread_rank() / "
              : "((cooperative_groups::this_thread_block().size() - 1) / ",
         Size + (Rank ? ")" : " + 1)"), *It->second,
         fmt::format("'{}' is not in HIP before ROCm 5.7; a HIP tile there "
                     "is always partitioned from the thread block, so it is "
                     "computed from the block",
                     MD->getName().str()));
    return true;
  }

  /// Fields of cudaDeviceProp that hipDeviceProp_t lacks.
  bool VisitMemberExpr(MemberExpr *E) {
    const ValueDecl *D = E->getMemberDecl();
    if (!D->getIdentifier() || !isa<FieldDecl>(D))
      return true;
    auto It = Needed.find(D->getName());
    if (It == Needed.end() || It->second->Class != "cudaDeviceProp")
      return true;
    const CXXRecordDecl *RD =
        classOf(E->getBase()->IgnoreImpCasts()->getType());
    if (!RD || !RD->getIdentifier() || RD->getName() != It->second->Class ||
        !C.ownedFile(C.sm().getExpansionLoc(RD->getLocation())).empty())
      return true; // the project's own struct of that name
    CharSourceRange Whole = fileRange(E->getSourceRange());
    CharSourceRange Base = fileRange(E->getBase()->getSourceRange());
    if (Whole.isInvalid() || Base.isInvalid())
      return true;
    if (It->second->Cuda == "uuid") {
      wrap(Base, Whole,
           E->isArrow() ? "hipport_prop_uuid(*" : "hipport_prop_uuid(", ")",
           *It->second,
           "'uuid' is not in hipDeviceProp_t before ROCm 6.0; "
           "hipport_prop_uuid (hip_device_prop_uuid.h) asks the device at the "
           "properties' PCI location");
      return true;
    }
    // What AMD GPUs have: no persisting L2 lines, no access-policy windows.
    wrap(Base, Whole, "((void)", ", 0)", *It->second,
         fmt::format("'{}' is not in hipDeviceProp_t before ROCm 6.0; AMD "
                     "GPUs keep no L2 lines persisting, so it is 0",
                     D->getName().str()));
    return true;
  }

private:
  static const CXXRecordDecl *classOf(QualType T) {
    T = T.getNonReferenceType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    return T->getAsCXXRecordDecl();
  }

  static bool inCudaNamespace(const Decl *D, llvm::StringRef NS) {
    for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *N = dyn_cast<NamespaceDecl>(DC))
        if (N->getIdentifier() && N->getName() == NS)
          return true;
    return false;
  }

  /// thread_block_tile<N, thread_block_tile<M, ...>>: its meta group is the
  /// parent tile's, which the block-based form does not compute.
  static bool tiledFromTile(const CXXRecordDecl *RD) {
    const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD);
    if (!S || S->getTemplateArgs().size() < 2)
      return false;
    const TemplateArgument &P = S->getTemplateArgs()[1];
    if (P.getKind() != TemplateArgument::Type)
      return false;
    const CXXRecordDecl *Parent = P.getAsType()->getAsCXXRecordDecl();
    return Parent && Parent->getName() != "thread_block";
  }

  CharSourceRange fileRange(SourceRange X) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(X), C.sm(), Ctx.getLangOpts());
    if (R.isInvalid() || C.ownedFile(R.getBegin()).empty())
      return {};
    return R;
  }

  /// Whole becomes Before + Base + After: the text after Base (the member
  /// access) is replaced, Base stays.
  void wrap(CharSourceRange Base, CharSourceRange Whole,
            const std::string &Before, const std::string &After,
            const MemberFix &F, const std::string &Why) {
    SourceManager &SM = C.sm();
    unsigned From = SM.getFileOffset(Base.getEnd()),
             To = SM.getFileOffset(Whole.getEnd());
    if (SM.getFileID(Base.getEnd()) != SM.getFileID(Whole.getEnd()) ||
        To < From)
      return;
    C.edit(Base.getBegin(), 0, Before, F.Rewrite);
    C.edit(Base.getEnd(), To - From, After, "");
    if (!F.Shim.empty())
      C.needShim(Whole.getBegin(), F.Shim);
    C.finding(Whole.getBegin(), "port-member-fix", core::Severity::Note, Why);
  }

  ASTContext &Ctx;
  FixContext &C;
  std::map<std::string, const MemberFix *, std::less<>> Needed;
};

} // namespace

void fixMembers(ASTContext &Ctx, FixContext &C) {
  auto *Table = loadedOrNull(memberFixes());
  if (!Table)
    return;
  MemberFixVisitor V(Ctx, C, *Table);
  if (V.empty())
    return;
  traverseProjectDecls(Ctx, C, V);
}

} // namespace hipport::port
