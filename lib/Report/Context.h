//===- Context.h - when, by what, for what target a report was made -*- C++ -*-===//
#pragma once

#include "Report/ReportModel.h"

#include <string>
#include <vector>

namespace hipport::report {

/// The report's date, UTC ISO 8601: SOURCE_DATE_EPOCH when set (so a report
/// can be reproduced byte for byte), else now.
std::string reportDate();

/// Arguments joined as a shell would read them back (quoted when needed).
std::string shellJoin(const std::vector<std::string> &Args);

/// This process's command line (/proc/self/cmdline), the program named by
/// its base name; empty where the platform does not say.
std::vector<std::string> processArguments();

} // namespace hipport::report
