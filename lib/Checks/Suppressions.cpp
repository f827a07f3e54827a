#include "Checks/Suppressions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/GlobPattern.h"

namespace hipport::checks {

/// True when the comma-separated List names Id.
static bool listNames(llvm::StringRef List, llvm::StringRef Id) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    P.consume_front("hipport-");
    if (P == Id)
      return true;
    if (P.contains('*')) {
      auto G = llvm::GlobPattern::create(P);
      if (G && G->match(Id))
        return true;
    }
  }
  return false;
}

/// Finds `Marker` (optionally followed by Open list Close) in Text.
static bool marks(llvm::StringRef Text, llvm::StringRef Marker, char Open,
                  char Close, llvm::StringRef Id, bool BareMeansAll) {
  size_t Pos = 0;
  while ((Pos = Text.find(Marker, Pos)) != llvm::StringRef::npos) {
    llvm::StringRef Rest = Text.drop_front(Pos + Marker.size());
    Pos += Marker.size();
    // NOLINT must not match NOLINTNEXTLINE.
    if (!Rest.empty() && (isalnum(Rest[0]) || Rest[0] == '_'))
      continue;
    if (Rest.consume_front(llvm::StringRef(&Open, 1))) {
      size_t End = Rest.find(Close);
      if (End != llvm::StringRef::npos && listNames(Rest.take_front(End), Id))
        return true;
      continue;
    }
    if (BareMeansAll)
      return true;
  }
  return false;
}

bool isSuppressed(llvm::StringRef CheckId, llvm::StringRef Line,
                  llvm::StringRef Above) {
  for (llvm::StringRef L : {Line, Above})
    if (marks(L, "hipport-lint: ignore", '[', ']', CheckId, false))
      return true;
  if (marks(Line, "NOLINT", '(', ')', CheckId, true))
    return true;
  return marks(Above, "NOLINTNEXTLINE", '(', ')', CheckId, true);
}

} // namespace hipport::checks
