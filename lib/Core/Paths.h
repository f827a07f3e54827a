//===- Paths.h - path facts every layer shares -----------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipport::core {

/// True when Path is Dir or lies below it (component-wise: /a/bc is not
/// under /a/b).
bool isUnder(llvm::StringRef Path, llvm::StringRef Dir);

/// The built-in rule tables: $HIPPORT_RULES_DIR (what --rules-dir sets), else
/// ../share/hipport/rules beside the installed binary or plugin, else the
/// source tree's rules/ compiled in (a build directory).
std::string rulesDirectory();

/// hipport's documentation (checks/<id>.md): $HIPPORT_DOCS_DIR, else the
/// docs beside the rules (source tree: rules/../docs; installed:
/// share/hipport/rules/../../doc/hipport).
std::string docsDirectory();

} // namespace hipport::core
