//===- Json.h - JSON text to a value, errors with file and position -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace hipport::core {

/// Parses Text, the contents of Path, into J. Never throws: a syntax error
/// is "Path:line:col: invalid JSON: ...", and so is anything else the parser
/// refuses (a number out of range).
llvm::Error parseJson(const std::string &Path, llvm::StringRef Text,
                      nlohmann::json &J);

/// The placeholder of a streamed array in a frame (see writeStreamed).
inline constexpr const char *StreamedArray = "@@hipport-streamed-array@@";

/// Writes Frame as Frame.dump(2) would with the one member whose value is
/// StreamedArray replaced by an array of N elements, Element(I) each, made
/// one at a time: a report of a million findings is never one JSON value
/// in memory (#17). The output is byte for byte what dump(2) gives.
/// Frame is called twice, before and after the elements (a summary after
/// the array may count them).
void writeStreamed(llvm::raw_ostream &OS,
                   const std::function<nlohmann::json()> &Frame, size_t N,
                   const std::function<nlohmann::json(size_t)> &Element);

} // namespace hipport::core
