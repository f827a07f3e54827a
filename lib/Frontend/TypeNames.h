//===- TypeNames.h - the declaration a type spelling names -----*- C++ -*-===//
#pragma once

#include "clang/AST/TypeLoc.h"

namespace hipport::frontend {

/// The declaration a written type names and where its name is spelled.
struct NamedType {
  const clang::NamedDecl *Decl = nullptr;
  clang::SourceLocation NameLoc;
};

/// For a typedef, tag, using or template-specialization spelling, the
/// declaration it names (an identifier) and the location of that name;
/// Decl is null for every other TypeLoc. Port renames at NameLoc; report
/// counts the use.
NamedType namedType(clang::TypeLoc TL);

} // namespace hipport::frontend
