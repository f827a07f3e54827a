#include "Report/Libraries.h"

#include "Rules/Library.h"

namespace hipport::report {

const std::vector<LibraryInfo> &libraries() {
  static const std::vector<LibraryInfo> Table = [] {
    std::vector<LibraryInfo> Out;
    for (const rules::Library &L : rules::builtinLibraries()) {
      if (L.Language)
        continue;
      LibraryInfo I;
      I.Id = L.Family;
      I.Name = L.Name;
      I.Rocm = L.Rocm;
      I.Maturity = L.Maturity;
      I.Mapped = L.Mapped;
      I.HeaderPrefixes = L.CudaIncludes;
      I.Families = {L.Family};
      Out.push_back(std::move(I));
    }
    return Out;
  }();
  return Table;
}

const LibraryInfo *libraryForHeader(llvm::StringRef Include) {
  for (const LibraryInfo &L : libraries())
    for (const std::string &P : L.HeaderPrefixes)
      if (Include.starts_with(P))
        return &L;
  return nullptr;
}

const LibraryInfo *libraryForFamily(llvm::StringRef Family) {
  for (const LibraryInfo &L : libraries())
    for (const std::string &F : L.Families)
      if (Family == F)
        return &L;
  return nullptr;
}

} // namespace hipport::report
