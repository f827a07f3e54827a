#include "Validate/FixApplier.h"

#include "Core/FileWriter.h"

#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace hipport::validate {

std::string applyFixesToText(const std::string &Text,
                             std::vector<core::FixIt> Fixes,
                             std::vector<std::string> *Skipped) {
  std::sort(Fixes.begin(), Fixes.end(),
            [](const core::FixIt &A, const core::FixIt &B) {
              return std::tie(A.Range.Offset, A.Range.Length, A.Replacement) <
                     std::tie(B.Range.Offset, B.Range.Length, B.Replacement);
            });
  Fixes.erase(std::unique(Fixes.begin(), Fixes.end(),
                          [](const core::FixIt &A, const core::FixIt &B) {
                            return A.Range.Offset == B.Range.Offset &&
                                   A.Range.Length == B.Range.Length &&
                                   A.Replacement == B.Replacement;
                          }),
              Fixes.end());
  // Forwards to choose (the first of overlapping fix-its wins), then
  // backwards to apply, so that earlier offsets stay valid.
  std::vector<const core::FixIt *> Taken;
  size_t TakenEnd = 0;
  for (const core::FixIt &X : Fixes) {
    size_t B = X.Range.Offset, E = B + X.Range.Length;
    if (E > Text.size() || (!Taken.empty() && B < TakenEnd)) {
      if (Skipped)
        Skipped->push_back(fmt::format("{}:{}: overlapping fix-it skipped",
                                       X.Range.File, B));
      continue;
    }
    Taken.push_back(&X);
    TakenEnd = E;
  }
  std::string Out = Text;
  for (auto It = Taken.rbegin(); It != Taken.rend(); ++It)
    Out.replace((*It)->Range.Offset, (*It)->Range.Length, (*It)->Replacement);
  return Out;
}

llvm::Expected<FixSummary> applyFixes(const std::vector<core::Finding> &Findings,
                                      bool Backup) {
  std::map<std::string, std::vector<core::FixIt>> ByFile;
  for (const core::Finding &F : Findings)
    for (const core::FixIt &X : F.Fixes)
      ByFile[X.Range.File].push_back(X);
  FixSummary S;
  for (auto &[File, Fixes] : ByFile) {
    auto Text = core::readFile(File);
    if (!Text)
      return Text.takeError();
    size_t Before = S.Skipped.size();
    std::string New = applyFixesToText(*Text, Fixes, &S.Skipped);
    S.Applied += unsigned(Fixes.size() - (S.Skipped.size() - Before));
    if (New == *Text)
      continue;
    core::FileWriter W(std::string(llvm::sys::path::parent_path(File)));
    bool Changed = false;
    if (auto E = W.write(File, New, Backup, Changed))
      return std::move(E);
    if (Changed)
      S.FilesChanged.push_back(File);
  }
  return S;
}

} // namespace hipport::validate
