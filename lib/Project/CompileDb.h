//===- CompileDb.h - a compile_commands.json checked before use -*- C++ -*-===//
#pragma once

#include "llvm/Support/Error.h"

#include <string>

namespace hipport::project {

/// The database's shape, checked before clang reads it, so a bad file is
/// one error with its position ("file:line:col" or "file:/3/directory"):
/// an array of objects with string "directory" and "file", and a string
/// "command" or an array of strings "arguments".
llvm::Error checkCompileDb(const std::string &Path);

} // namespace hipport::project
