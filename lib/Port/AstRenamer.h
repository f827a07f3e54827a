//===- AstRenamer.h - rename CUDA names the parser resolved ----*- C++ -*-===//
#pragma once

#include "Port/PortTypes.h"
#include "Project/Project.h"

#include <memory>

namespace clang {
class FrontendAction;
}

namespace hipport::port {

/// The action run on each TU: visits every reference to a declaration from
/// outside the project (calls, types in every position, enum constants,
/// members, macros, #ifdef tests) whose name is in the rules, and proposes an
/// edit at its spelling in a project file. Also rewrites kernel launches when
/// asked, and records the names the project declares itself.
std::unique_ptr<clang::FrontendAction>
makeAstRenameAction(const project::Project &P, const rules::RuleSet &Rules,
                    const PortOptions &Opts, AstFacts &Out);

} // namespace hipport::port
