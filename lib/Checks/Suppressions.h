//===- Suppressions.h - comments that silence a finding --------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipport::checks {

/// True when a comment silences CheckId on the line Line, itself the text of
/// the finding's line, or on the line above (Above):
///   // hipport-lint: ignore[check-id, other-id]   (same line or line above)
///   // NOLINT(check-id)                            (same line)
///   // NOLINTNEXTLINE(check-id)                    (line above)
/// Ids may be globs ("wave64-*") and may carry clang-tidy's "hipport-"
/// prefix; a bare NOLINT or ignore[*] silences every check.
bool isSuppressed(llvm::StringRef CheckId, llvm::StringRef Line,
                  llvm::StringRef Above);

} // namespace hipport::checks
