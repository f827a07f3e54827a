#include "Checks/Fixer.h"

#include "Core/FileWriter.h"

#include "clang/AST/ASTContext.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace hipport::checks {

std::optional<std::string> deviceWarpWidthQuery(clang::ASTContext &C) {
  auto Declared = [&](llvm::StringRef Name) {
    return !C.getTranslationUnitDecl()->lookup(&C.Idents.get(Name)).empty();
  };
  if (Declared("hipDeviceGetAttribute"))
    return std::string(
        "[] { int D = 0, W = 32; hipGetDevice(&D); "
        "hipDeviceGetAttribute(&W, hipDeviceAttributeWarpSize, D); "
        "return W; }()");
  if (Declared("cudaDeviceGetAttribute"))
    return std::string("[] { int D = 0, W = 32; cudaGetDevice(&D); "
                       "cudaDeviceGetAttribute(&W, cudaDevAttrWarpSize, D); "
                       "return W; }()");
  return std::nullopt;
}

std::string applyToText(const std::string &Text,
                        const std::vector<core::FixIt> &Fixes) {
  std::string Out;
  Out.reserve(Text.size());
  size_t Pos = 0;
  for (const core::FixIt &F : Fixes) {
    Out.append(Text, Pos, F.Range.Offset - Pos);
    Out += F.Replacement;
    Pos = F.Range.Offset + F.Range.Length;
  }
  Out.append(Text, Pos, std::string::npos);
  return Out;
}

namespace {

bool sameFix(const core::FixIt &A, const core::FixIt &B) {
  return A.Range.Offset == B.Range.Offset && A.Range.Length == B.Range.Length &&
         A.Replacement == B.Replacement;
}

/// Two edits collide when their ranges intersect, or when both insert at
/// one point (their order would be a guess).
bool overlaps(const core::FixIt &A, const core::FixIt &B) {
  unsigned AB = A.Range.Offset, AE = AB + A.Range.Length;
  unsigned BB = B.Range.Offset, BE = BB + B.Range.Length;
  if (AB == BB)
    return true;
  return AB < BE && BB < AE;
}

} // namespace

llvm::Expected<FixOutcome>
applyFixes(const std::vector<core::Finding> &Findings,
           llvm::function_ref<bool(llvm::StringRef)> Select) {
  // Findings per file, in the order lint reports them (file, offset).
  std::map<std::string, std::vector<const core::Finding *>> ByFile;
  for (const core::Finding &F : Findings) {
    if (F.Fixes.empty() || !Select(F.CheckId))
      continue;
    bool OneFile = std::all_of(F.Fixes.begin(), F.Fixes.end(), [&](auto &X) {
      return X.Range.File == F.Fixes.front().Range.File;
    });
    if (!OneFile)
      continue; // never produced by the checks; refuse rather than guess
    ByFile[F.Fixes.front().Range.File].push_back(&F);
  }

  FixOutcome Out;
  for (auto &[File, List] : ByFile) {
    auto Text = core::readFile(File);
    if (!Text)
      return Text.takeError();
    std::vector<core::FixIt> Accepted;
    unsigned Count = 0;
    for (const core::Finding *F : List) {
      std::vector<core::FixIt> New;
      bool Conflict = false;
      for (const core::FixIt &X : F->Fixes) {
        if (X.Range.Offset + X.Range.Length > Text->size()) {
          Conflict = true; // the file changed since it was linted
          break;
        }
        bool Dup = false;
        for (const core::FixIt &A : Accepted) {
          if (sameFix(A, X)) {
            Dup = true;
            break;
          }
          Conflict |= overlaps(A, X);
        }
        for (const core::FixIt &N : New)
          Conflict |= overlaps(N, X);
        if (!Dup)
          New.push_back(X);
      }
      if (Conflict) {
        Out.Conflicts.push_back(F);
        continue;
      }
      Count += unsigned(New.size());
      Accepted.insert(Accepted.end(), New.begin(), New.end());
    }
    if (Accepted.empty())
      continue;
    std::sort(Accepted.begin(), Accepted.end(), [](auto &A, auto &B) {
      return A.Range.Offset < B.Range.Offset;
    });
    core::FileWriter W(std::string(llvm::sys::path::parent_path(File)));
    bool Changed = false;
    if (llvm::Error E =
            W.write(File, applyToText(*Text, Accepted), /*Backup=*/false,
                    Changed))
      return std::move(E);
    if (Changed)
      Out.Applied.emplace_back(File, Count);
  }
  return Out;
}

} // namespace hipport::checks
