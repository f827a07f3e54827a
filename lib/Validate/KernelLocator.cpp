//===- KernelLocator.cpp - where kernels are, in the port and in headers --===//
#include "Validate/KernelLocator.h"

#include "Core/FileWriter.h"
#include "Core/SourceText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace path = llvm::sys::path;

namespace hipport::validate {


std::optional<Definition> findDefinition(llvm::StringRef T,
                                         llvm::StringRef Name) {
  for (size_t At = T.find("__global__"); At != llvm::StringRef::npos;
       At = T.find("__global__", At + 10)) {
    size_t I = At + 10;
    while (true) {
      size_t Paren = T.find('(', I);
      size_t Stop = T.find_first_of(";{", I);
      if (Paren == llvm::StringRef::npos || (Stop != llvm::StringRef::npos &&
                                             Stop < Paren))
        break;
      size_t E = Paren;
      while (E > I && llvm::isSpace(T[E - 1]))
        --E;
      size_t B = E;
      while (B > I && (llvm::isAlnum(T[B - 1]) || T[B - 1] == '_'))
        --B;
      llvm::StringRef Id = T.slice(B, E);
      size_t Close = core::matchingBracket(T, Paren, '(', ')');
      if (Close == llvm::StringRef::npos)
        break;
      if (Id == "__launch_bounds__" || Id == "__attribute__" ||
          Id == "__declspec" || Id == "alignas") {
        I = Close + 1;
        continue;
      }
      if (Id != Name)
        break;
      size_t Body = T.find_first_of(";{", Close);
      if (Body == llvm::StringRef::npos || T[Body] == ';')
        break;
      size_t BodyEnd = core::matchingBracket(T, Body, '{', '}');
      if (BodyEnd == llvm::StringRef::npos)
        break;
      Definition D;
      D.Begin = unsigned(At);
      D.End = unsigned(BodyEnd + 1);
      D.Line = unsigned(T.take_front(B).count('\n') + 1);
      return D;
    }
  }
  return std::nullopt;
}


std::string includingUnit(const project::Project &P, const std::string &File) {
  const project::ProjectFile *F = P.find(File);
  if (!F || F->Role != project::FileRole::Header)
    return File;
  std::string Base = path::filename(File).str();
  for (const project::ProjectFile &T : P.files()) {
    if (T.Role != project::FileRole::TranslationUnit)
      continue;
    auto Text = core::readFile(T.Path);
    if (!Text) {
      llvm::consumeError(Text.takeError());
      continue;
    }
    for (llvm::StringRef L : llvm::split(*Text, '\n')) {
      L = L.ltrim();
      if (!L.consume_front("#"))
        continue;
      L = L.ltrim();
      if (L.consume_front("include") &&
          (L.contains("/" + Base + "\"") || L.contains("\"" + Base + "\"")))
        return T.Path;
    }
  }
  return File;
}

} // namespace hipport::validate
