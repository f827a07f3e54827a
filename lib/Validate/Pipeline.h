//===- Pipeline.h - the stages both validate modes run ---------*- C++ -*-===//
//
// choose reference -> open trees -> plan -> build -> run -> compare ->
// explain -> record. Kernel mode and program mode are two Modes: they differ
// in their unit (a driver per source file, or the whole program) and their
// comparator (buffers, or exit code and output); every other stage is here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Project/Project.h"
#include "Validate/Backend.h"
#include "Validate/LaunchMirror.h"
#include "Validate/Process.h"
#include "Validate/Validator.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipport::validate {

/// One build of one unit for one backend and width (Wave 0: the build
/// serves every width of the backend).
struct Build {
  const Backend *B = nullptr;
  int Wave = 0;
  std::string Unit; ///< what it builds: a source file, or "program"
  BuildRequest Req;
  std::string Dir;
  /// Written to Req.Sources[0] before the build (a generated driver).
  std::string DriverText;
  bool Ok = false;
  std::string Error;
};

/// What every stage reads and the first stages fill in.
struct Session {
  explicit Session(const ValidateOptions &O) : Opts(O) {}
  const ValidateOptions &Opts;
  Toolchain TC;
  /// The reference backend; null when a golden record is the reference.
  const Backend *Ref = nullptr;
  std::string GoldenDir;
  std::string ReferenceLabel;
  std::vector<const Backend *> Targets;
  std::optional<project::Project> Cuda, Hip;
  std::string Work;
  bool RemoveWork = false;
  /// Backends that cannot run here, and why.
  std::map<const Backend *, std::string> Missing;
  std::vector<std::string> Warnings;
  /// -I/-D/-U/... from after `--`, absolute.
  std::vector<std::string> UserFlags;
  /// Some file of the port tests a macro the AMD target predefines, so the
  /// port's hipcpu builds differ per width.
  bool PortTestsTargetMacros = false;
  std::vector<Build> Builds;
  /// Launch mirrors already written, by tree root.
  std::map<std::string, std::string> Mirrors;
  /// The original's launch edits, when a parse (spec derivation) already
  /// collected them.
  std::unique_ptr<LaunchEdits> CudaLaunches;
  /// The port's launch mirror, written while the original is parsed:
  /// "" when done, otherwise the error.
  std::future<std::string> HipMirror;

  const project::Project &tree(const Backend &B) const {
    return B.buildsOriginal() ? *Cuda : *Hip;
  }
  /// The width a build of B for width W is made for: W when the build
  /// depends on the width, 0 otherwise.
  int buildWave(const Backend &B, int W) const;
  /// The launch mirror of B's tree (written once), or its root when B is
  /// not on hipcpu.
  llvm::Expected<std::string> sourceRoot(const Backend &B);
  /// Where File (absolute, in B's tree) is in sourceRoot(B).
  std::string sourceOf(const Backend &B, const std::string &File) const;
};

/// A unit and its comparator: the mode-specific stages.
class Mode {
public:
  virtual ~Mode() = default;
  /// Whether a golden record can stand for the reference.
  virtual bool takesGolden() const = 0;
  /// Decides what to build: adds to S.Builds.
  virtual llvm::Error plan(Session &S) = 0;
  /// Runs the reference and every target of every unit.
  virtual void run(Session &S) = 0;
  virtual void compare(Session &S) = 0;
  /// Says why failures failed (lint of the port's failing kernels).
  virtual void explain(Session &) {}
  /// Keeps what was run for later (golden records).
  virtual void record(Session &) {}
};

/// The whole pipeline; errors are input errors only.
llvm::Error runPipeline(Session &S, Mode &M);

/// Runs Fn(0..N-1) on Jobs threads.
void parallel(size_t N, unsigned Jobs, const std::function<void(size_t)> &Fn);

/// The index in S.Builds of the build of Unit for B at width W, or none.
std::optional<size_t> findBuild(const Session &S, const Backend &B,
                                const std::string &Unit, int W);
/// Adds a build (once) and returns its index.
size_t addBuild(Session &S, const Backend &B, const std::string &Unit, int W,
                BuildRequest Req);

/// What a run of a built unit gave.
struct RunOutcome {
  RunStatus Status = RunStatus::Pass;
  std::string Message;
  ProcResult Proc;
};
/// Runs a built executable with the backend's environment for width W and
/// classifies its end (timeout, crash, exit code when NonZeroFails).
RunOutcome runUnit(const Session &S, const Build &Bd, int W,
                   const std::vector<std::string> &Args,
                   const std::string &Log, const std::string &Stdout,
                   bool NonZeroFails, std::vector<std::string> ExtraEnv = {});

/// File name safe form of a name.
std::string slug(const std::string &S);

} // namespace hipport::validate
