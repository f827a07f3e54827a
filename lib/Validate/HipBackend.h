//===- HipBackend.h - hipcc builds, shared by hip and compile-only -*- C++ -*-===//
#pragma once

#include "Validate/Backend.h"

namespace hipport::validate {

/// The hipcc command for the sources of R, for --offload-arch (-c: one
/// object, no link).
std::vector<std::string> hipccCommand(const Toolchain &TC,
                                      const BuildRequest &R, bool ObjectOnly);

} // namespace hipport::validate
