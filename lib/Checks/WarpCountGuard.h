//===- WarpCountGuard.h - literal warp counts bounding per-warp slots -*- C++ -*-===//
#pragma once

#include "Checks/Check.h"

#include <optional>
#include <string>

namespace clang {
class ArraySubscriptExpr;
class ASTContext;
} // namespace clang

namespace hipport::checks {

/// The message for a literal that bounds the index of an array with one
/// slot per warp (shared by the AST check and the token scan).
std::string literalWarpCountMessage(llvm::StringRef Literal, llvm::StringRef Index,
                                    llvm::StringRef Array, llvm::StringRef Count);

/// Sub indexes an array sized with a count of warps (`rpt_map[num_warps]`,
/// num_warps = 128 / warp_size) by a variable that a literal bounds in a
/// condition around it (`(idx < 4) ? rpt_map[idx] : 0`, `t >= 4 ||
/// rpt_map[t]`, `if (i < 4) slots[i + 1]`): the literal is the warp count of
/// one width. The finding, at the literal; none otherwise.
std::optional<CheckDiag> literalWarpCountGuard(const clang::ArraySubscriptExpr *Sub,
                                               clang::ASTContext &C);

} // namespace hipport::checks
