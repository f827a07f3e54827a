//===- TokenRenamer.h - rules-restricted pass over raw tokens --*- C++ -*-===//
#pragma once

#include "Port/PortTypes.h"

namespace hipport::port {

/// Renames rule names in a file's raw tokens: macro bodies, #if-inactive
/// code, directives, include lines, and files no TU parsed. In code the
/// parser saw it agrees with the AST pass (identical edits merge), and it is
/// the whole port where no CUDA toolkit exists. Member names are left to the
/// AST pass: a bare `.name` token has no type to check.
class TokenRenamer {
public:
  TokenRenamer(const rules::RuleSet &Rules, const PortOptions &Opts)
      : Rules(Rules), Opts(Opts) {}

  /// Adds edits for Text (the contents of File) to Out; findings (names left
  /// unsupported, fallbacks taken) to Findings; counts to Stats. With
  /// NeedsRuntimeInclude (a .cu file, which relied on nvcc's implicit
  /// include), the HIP runtime becomes the file's first HIP header. Names in
  /// UserDeclared (the project's own, as the TUs that see File declare
  /// them) are left alone.
  /// AstShims: the name-shims.json shim files the AST pass's fix-ups of
  /// File need (inlined with those of the names the pass renames).
  void run(const std::string &File, const std::string &Text,
           const std::set<std::string> &UserDeclared,
           bool NeedsRuntimeInclude, FileEdits &Out,
           std::vector<core::Finding> &Findings, FileStats &Stats,
           const std::set<std::string> &AstShims = {}) const;

private:
  const rules::RuleSet &Rules;
  const PortOptions &Opts;
};

/// The message of a name left in place.
std::string unsupportedMessage(const rules::Mapping &M);

} // namespace hipport::port
