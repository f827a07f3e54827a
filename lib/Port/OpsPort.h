//===- OpsPort.h - `port --ops`: operations files rewritten for ROCm -*- C++ -*-===//
#pragma once

#include "Core/Finding.h"
#include "Port/EditSet.h"
#include "Rules/OpsRules.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::port {

/// What `port --ops` does to one file: the edits of the mechanical items
/// (rules/ops/operations.json) and a finding for each other item, with its
/// ROCm counterpart, so nothing NVIDIA-specific is left unmentioned.
struct OpsPort {
  FileEdits Edits;
  std::map<std::string, unsigned> Rewrites; ///< rewritten items by kind
  std::vector<core::Finding> Findings;
};

/// Ports the operations items of Text (the contents of Path) for Target.
OpsPort portOps(const std::string &Path, llvm::StringRef Text,
                const rules::OpsTable &Table, rules::RocmVersion Target);

} // namespace hipport::port
