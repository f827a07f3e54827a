//===- Program.h - program mode: sources, output, reports ------*- C++ -*-===//
#pragma once

#include "Validate/OutputCompare.h"
#include "Validate/Validator.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace hipport::validate {

/// True when Text defines a main() at the start of a line.
bool definesMain(llvm::StringRef Text);

/// The translation units (relative to P's root) of P's one executable: the
/// one that defines main() (Main, matched without its extension, where
/// several do) first, then every one that defines none. Errors say which
/// sources define main().
llvm::Expected<std::vector<std::string>>
programSources(const project::Project &P, llvm::StringRef Main);

void printProgramText(llvm::raw_ostream &OS, const ProgramResult &R);
nlohmann::json programToJson(const ProgramResult &R);

} // namespace hipport::validate
