//===- BackendRegistry.cpp - the validate backends, from Backends.def -----===//
#include "Validate/Backend.h"

namespace hipport::validate {

#define BACKEND(F) const Backend &F();
#include "Validate/Backends.def"

const std::vector<const Backend *> &backends() {
  static const std::vector<const Backend *> All = {
#define BACKEND(F) &F(),
#include "Validate/Backends.def"
  };
  return All;
}

const Backend *findBackend(llvm::StringRef Name) {
  for (const Backend *B : backends())
    if (B->name() == Name)
      return B;
  return nullptr;
}

std::string backendNames() {
  std::string S;
  for (const Backend *B : backends())
    S += (S.empty() ? "" : ", ") + B->name().str();
  return S;
}

} // namespace hipport::validate
