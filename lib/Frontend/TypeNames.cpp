#include "Frontend/TypeNames.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace hipport::frontend {

NamedType namedType(TypeLoc TL) {
  NamedType N;
  if (auto T = TL.getAs<TypedefTypeLoc>())
    N = {T.getDecl(), T.getNameLoc()};
  else if (auto T = TL.getAs<TagTypeLoc>())
    N = {T.getDecl(), T.getNameLoc()};
  else if (auto T = TL.getAs<UsingTypeLoc>())
    N = {T.getDecl(), T.getNameLoc()};
  else if (auto T = TL.getAs<TemplateSpecializationTypeLoc>())
    N = {T.getTypePtr()->getTemplateName().getAsTemplateDecl(),
         T.getTemplateNameLoc()};
  if (N.Decl && !N.Decl->getDeclName().isIdentifier())
    N.Decl = nullptr;
  return N;
}

} // namespace hipport::frontend
