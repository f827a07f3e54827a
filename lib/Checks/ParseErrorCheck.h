//===- ParseErrorCheck.h - lint-parse-error ---------------------*- C++ -*-===//
#pragma once

#include "Checks/Check.h"
#include "Core/Finding.h"
#include "Frontend/Frontend.h"

#include <functional>
#include <optional>

namespace hipport::checks {

/// A translation unit clang could not parse. Its AST checks saw part of it
/// at best, so a CI gate must not pass it silently: lint fails closed.
struct ParseErrorCheck {
  static const CheckInfo Info;
};

/// The finding for a TU that did not parse: at clang's first error when that
/// lies in a project file (Owns), else at the TU's first line; none when the
/// TU parsed.
std::optional<core::Finding>
parseErrorFinding(const frontend::TUOutcome &O,
                  const std::function<bool(const std::string &)> &Owns);

} // namespace hipport::checks
