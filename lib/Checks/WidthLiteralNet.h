//===- WidthLiteralNet.h - wave64-width-literal: the recall net -*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Core/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace hipport::checks {

/// The recall net under the shape checks: a 32, 31 or 0x1f written in the
/// same statement as a lane, warp or thread quantity
/// (`lane`, `warp_id`, `threadIdx`, `num_threads`, `block_size`, `dim3`, a
/// launch, a name the file gives `threadIdx.x`), on the raw text of every project file, parsed or not. Real
/// wave64 fixes touch such places far more often than any one shape
/// (bench/wave64-real: grep finds 0.72-0.95 of them); the shape checks each
/// see one form. A lane-mask variable set to 0xffffffff too (masks passed to
/// intrinsics are wave64-lane-mask-literal's). A warning where the statement
/// names lanes or warps, or the file is warp-aware (shuffles, ballots, warp
/// or lane names); a note elsewhere. Lines another width check reports on
/// are left to it.
struct WidthLiteralNet {
  static const CheckInfo Info;
};

/// True for the net's findings: hints to read, not proven sites. The report
/// prices them as notes (its cost model was fitted on proven findings).
bool isWidthNetHint(llvm::StringRef CheckId);

/// Findings of the net on File's text; Inactive(offset) is true for code
/// the preprocessor skipped in the pass that judged the file.
std::vector<core::Finding>
widthLiteralFindings(const std::string &File, llvm::StringRef Text,
                     const std::function<bool(unsigned)> &Inactive);

} // namespace hipport::checks
