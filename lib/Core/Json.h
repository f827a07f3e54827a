//===- Json.h - JSON text to a value, errors with file and position -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hipport::core {

/// Parses Text, the contents of Path, into J. Never throws: a syntax error
/// is "Path:line:col: invalid JSON: ...", and so is anything else the parser
/// refuses (a number out of range).
llvm::Error parseJson(const std::string &Path, llvm::StringRef Text,
                      nlohmann::json &J);

} // namespace hipport::core
