#include "Checks/InlinePtxCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <fmt/format.h>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipport::checks {

const CheckInfo InlinePtxCheck::Info = {
    "ptx-inline-asm", core::Severity::Error,
    "inline PTX assembly, with the HIP intrinsic that replaces it"};

void InlinePtxCheck::registerMatchers(MatchFinder &F) {
  F.addMatcher(asmStmt(unless(isInTemplateInstantiation())).bind("asm"), this);
}

/// The first instruction of the asm text, for the message.
static std::string firstInstruction(llvm::StringRef Asm) {
  Asm = Asm.ltrim(" \t\n{");
  while (Asm.starts_with(".reg") || Asm.starts_with("//")) {
    Asm = Asm.drop_until([](char C) { return C == ';' || C == '\n'; });
    Asm = Asm.drop_front(Asm.empty() ? 0 : 1).ltrim(" \t\n{");
  }
  return Asm.take_until([](char C) { return C == ' ' || C == '\t' || C == ';'; })
      .str();
}

static bool looksLikePtx(llvm::StringRef Asm) {
  static llvm::Regex Re("[a-z]+\\.[a-z0-9]+|%[a-z]+id|\\.reg");
  return Re.match(Asm);
}

void InlinePtxCheck::run(const MatchFinder::MatchResult &R) {
  ASTContext &C = *R.Context;
  const auto *A = R.Nodes.getNodeAs<AsmStmt>("asm");
  std::string Text;
  if (const auto *G = dyn_cast<GCCAsmStmt>(A))
    Text = G->getAsmString();
  else
    Text = A->generateAsmString(C);
  std::vector<const PtxEntry *> Hits;
  if (Table)
    Hits = Table->match(Text);
  if (C.getLangOpts().HIP && Hits.empty() && !looksLikePtx(Text))
    return;
  CheckDiag D;
  D.Level = Info.DefaultLevel;
  D.Loc = A->getAsmLoc();
  D.Range = A->getSourceRange();
  std::string Insn = firstInstruction(Text);
  if (Hits.empty()) {
    D.Message = fmt::format("inline PTX assembly '{}' does not compile for AMD "
                            "GPUs; rewrite it in HIP C++",
                            Insn);
  } else {
    const PtxEntry *E = Hits.front();
    if (E->Hip.empty())
      D.Message = fmt::format("inline PTX assembly '{}' ({}) has no direct "
                              "HIP equivalent{}",
                              Insn, E->Ptx,
                              E->Note.empty() ? "" : ": " + E->Note);
    else
      D.Message = fmt::format("inline PTX assembly '{}' ({}) does not compile "
                              "for AMD GPUs; use {}",
                              Insn, E->Ptx, E->Hip);
    for (size_t I = 1; I < Hits.size(); ++I)
      D.Notes.emplace_back(
          A->getAsmLoc(),
          fmt::format("also uses {}{}", Hits[I]->Ptx,
                      Hits[I]->Hip.empty() ? " (no direct HIP equivalent)"
                                           : "; use " + Hits[I]->Hip));
  }
  report(C, std::move(D));
}

} // namespace hipport::checks
