//===- Frontend.h - one clang parse per translation unit -------*- C++ -*-===//
#pragma once

#include "Project/Project.h"

#include "clang/Basic/SourceLocation.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class DiagnosticsEngine;
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace hipport::frontend {

/// An error clang reported while parsing a TU.
struct ParseError {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
  /// The tokens written after the error's position (a few), for the
  /// recovery parse to tell `ns::f(` from `ns::T x`.
  std::vector<std::string> Next;
};

struct TUOutcome {
  std::string File;
  bool Parsed = false; ///< false: clang reported errors; AST results partial
  std::vector<ParseError> Errors;
  /// The AST results come from a recovery parse (see Recovery.h): missing
  /// headers read as empty files, unknown names stubbed. Parsed stays false
  /// and Errors are the plain parse's.
  bool Recovered = false;
  unsigned RecoveryParses = 0; ///< parses after the plain one
  std::vector<ParseError> RecoveredErrors; ///< what the recovery parse left
  std::vector<std::string> StubbedHeaders, StubbedNames;
  bool Crashed = false; ///< clang crashed in a recovery parse (abandoned)
};

/// Makes the action that analyses one TU; called once per TU, possibly
/// from several threads at once.
using ActionFactory =
    std::function<std::unique_ptr<clang::FrontendAction>(const std::string &TU)>;

/// Makes an extra consumer (with any PPCallbacks it needs) for one TU, so a
/// second analysis can ride on a parse another one already pays for.
using ConsumerFactory = std::function<std::unique_ptr<clang::ASTConsumer>(
    clang::CompilerInstance &CI, const std::string &TU)>;

/// Edits the command line of one TU before it is parsed (a second parse of
/// the same TU as another compiler pass sees it).
using ArgsAdjuster =
    std::function<void(const std::string &TU, std::vector<std::string> &Args)>;

/// The text of a TU the caller already holds (null: none), so that clang
/// parses that text instead of reading the file again (#17: a big file
/// held once, not twice). It must stay alive and unchanged during the parse.
using ContentsFn = std::function<const std::string *(const std::string &TU)>;

struct ParseOptions {
  unsigned Jobs = 1;
  std::string Verb = "parse"; ///< shown in the progress line
  ArgsAdjuster Adjust;        ///< none: the project's command line as is
  /// A TU that fails is parsed again with stubs for what its missing
  /// headers declare (Recovery.h); lint only: nothing may be written from
  /// such an AST.
  bool Recover = false;
  ContentsFn Contents;        ///< none: clang reads every file from disk
};

/// The command line of a CUDA or HIP TU turned into the HIP device pass for
/// an AMD target: `-x hip --cuda-device-only --offload-arch=Arch`, the CUDA
/// toolkit's flags dropped, Defines (the target's predefined macros) added.
/// With RuntimeHeader (hip/hip_runtime.h where HIP is installed), that
/// header comes first, as in a hipified TU: the precompiled prelude then
/// holds it, and CUDA-spelled code finds HIP's intrinsics.
void toHipDevicePass(std::vector<std::string> &Args, const std::string &Arch,
                     const std::vector<std::string> &Defines,
                     const std::string &RuntimeHeader = "");

/// The same TU as the HIP host pass sees it for AMD: `-x hip
/// --cuda-host-only`, with Defines (the HIP platform macros, which host and
/// device passes share) and RuntimeHeader as above.
void toHipHostPass(std::vector<std::string> &Args,
                   const std::vector<std::string> &Defines,
                   const std::string &RuntimeHeader = "");

/// Parses every TU of the list with its project command line, running the
/// action of Factory on each. TUs run in parallel on Jobs threads; the
/// outcomes come back in the order of TUs.
std::vector<TUOutcome> parseAll(const project::Project &P,
                                const std::vector<std::string> &TUs,
                                const ActionFactory &Factory,
                                const ParseOptions &Opts);

/// The clang resource directory compiled in (builtin and CUDA wrapper headers).
std::string clangResourceDir();

/// Whether parses skip the function bodies written in system headers
/// (nothing walks them; HIPPORT_SKIP_SYSTEM_BODIES=off parses every body).
bool skipSystemBodies();

/// Where the errors of the parse that Diags reports for lie (their
/// expansion locations), as far as the frontend's collector has seen them;
/// none when Diags is not a parse of parseAll's.
std::vector<clang::SourceLocation>
errorLocations(const clang::DiagnosticsEngine &Diags);

/// Inner, with the bodies of system headers' functions skipped when
/// skipSystemBodies(): what the precompiled prelude is built with, so that
/// it holds what a parse without it would (and its build and PCH are
/// smaller).
std::unique_ptr<clang::ASTConsumer>
withSystemBodiesSkipped(clang::CompilerInstance &CI,
                        std::unique_ptr<clang::ASTConsumer> Inner);

} // namespace hipport::frontend
