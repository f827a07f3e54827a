#include "Port/OpsPort.h"

#include <fmt/format.h>

namespace hipport::port {

OpsPort portOps(const std::string &Path, llvm::StringRef Text,
                const rules::OpsTable &Table, rules::RocmVersion Target) {
  OpsPort R;
  for (const rules::OpsHit &H :
       rules::scanOpsText(Text, /*IsSource=*/false, Table, Target)) {
    core::Finding F;
    F.CheckId = H.Pattern->Kind;
    F.Range = {Path, H.Offset, unsigned(H.Text.size())};
    if (!H.Edits.empty()) {
      for (const rules::OpsEdit &E : H.Edits)
        R.Edits.add({E.Offset, E.Length, E.Text, EditOrigin::Token, "", ""});
      ++R.Rewrites[H.Pattern->Kind];
      if (H.Note.empty())
        continue;
      F.Level = core::Severity::Note;
      F.Message = fmt::format("rewritten for ROCm {}: {}", Target.str(), H.Note);
    } else if (H.Pattern->PortsItself) {
      F.Level = core::Severity::Note;
      F.Message = H.Counterpart;
    } else {
      F.Level = core::Severity::Warning;
      F.Message = fmt::format("not rewritten for ROCm {} (no mechanical "
                              "form): {}",
                              Target.str(), H.Counterpart);
    }
    R.Findings.push_back(std::move(F));
  }
  return R;
}

} // namespace hipport::port
