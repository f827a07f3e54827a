#include "Core/Finding.h"

namespace hipport::core {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

bool parseSeverity(const std::string &Text, Severity &Out) {
  for (Severity S : {Severity::Note, Severity::Remark, Severity::Warning,
                     Severity::Error})
    if (Text == severityName(S)) {
      Out = S;
      return true;
    }
  return false;
}

} // namespace hipport::core
