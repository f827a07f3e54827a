//===- RuleDocs.h - docs/rules/ rendered from the rule tables ---*- C++ -*-===//
#pragma once

#include "Rules/RuleSet.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace hipport::rules {

/// The reference pages of docs/rules/, keyed by file name: index.md and one
/// <family>.md per family. The tables are the single source of truth, so the
/// pages are generated and a test fails when the committed ones drift.
std::map<std::string, std::string> renderRuleDocs(const RuleSet &RS);

/// A one-line example of what the port does with E under the target M was
/// resolved for: the entry's own "example" when it has one, else one built
/// from its kind ("cublasSgemm(...)  ->  hipblasSgemm(...)").
std::string exampleLine(const RuleEntry &E, const Mapping &M);

/// Writes renderRuleDocs(RS) into OutDir (created if missing).
llvm::Error writeRuleDocs(const RuleSet &RS, const std::string &OutDir);

} // namespace hipport::rules
