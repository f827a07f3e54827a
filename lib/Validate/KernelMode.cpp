//===- KernelMode.cpp - the kernel as the unit, buffers as the comparator -===//
#include "Validate/Validator.h"

#include "Checks/Linter.h"
#include "Core/FileWriter.h"
#include "Core/SourceText.h"
#include "Validate/Driver.h"
#include "Validate/Golden.h"
#include "Validate/KernelLocator.h"
#include "Validate/LaunchCapture.h"
#include "Validate/Pipeline.h"
#include "Validate/Recording.h"
#include "Validate/SpecDeriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <chrono>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {
namespace {

class KernelMode final : public Mode {
public:
  explicit KernelMode(ValidateResult &R) : R(R) {}
  bool takesGolden() const override { return true; }
  llvm::Error plan(Session &S) override;
  void run(Session &S) override;
  void compare(Session &S) override;
  void explain(Session &S) override;
  void record(Session &S) override;

private:
  llvm::Error loadSpecs(Session &S);
  void locateInPort(Session &S);
  llvm::Error planBuilds(Session &S);
  void runKernel(Session &S, KernelResult &K);
  void replayKernel(Session &S, KernelResult &K);
  RunResult runTarget(Session &S, const KernelResult &K, const Backend &T,
                      int W, const std::string &In, const std::string &Out);
  llvm::Error loadReplay(Session &S);
  std::string inDir(const Session &S, const KernelSpec &K) const;
  std::string refDir(const Session &S, const KernelSpec &K) const;
  std::string outDir(const Session &S, const KernelSpec &K, const Backend &T,
                     int W) const;

  ValidateResult &R;
  std::vector<KernelSpec> Specs;
  GoldenManifest Manifest;
  Recording Replay; ///< --replay
  std::map<std::string, std::vector<const RecordedLaunchRun *>> Replays;
  /// The unit (what the driver includes) of each kernel, per tree.
  std::map<const KernelSpec *, std::string> CudaUnit, HipUnit;
};

llvm::Error KernelMode::loadSpecs(Session &S) {
  if (!S.GoldenDir.empty()) {
    auto G = loadGolden(S.GoldenDir);
    if (!G)
      return G.takeError();
    Manifest = std::move(G->first);
    Specs = std::move(G->second);
    S.ReferenceLabel = fmt::format("golden:{} ({})",
                                   llvm::StringRef(S.Opts.Reference).drop_front(7),
                                   Manifest.Toolchain);
  } else {
    S.CudaLaunches = std::make_unique<LaunchEdits>();
    Specs = deriveSpecs(*S.Cuda, S.Opts.Jobs, S.CudaLaunches.get());
  }
  if (!S.Opts.SpecFile.empty())
    if (auto E = applySpecFile(S.Opts.SpecFile, Specs))
      return E;
  if (!S.Opts.ReplayDir.empty()) {
    if (auto E = loadReplay(S))
      return E;
  } else if (S.GoldenDir.empty() && S.Opts.InputsFromProgram) {
    applyProgramLaunches(S, Specs);
  }
  if (!S.Opts.Kernels.empty()) {
    std::vector<KernelSpec> Chosen;
    for (const std::string &K : S.Opts.Kernels) {
      // A template's name selects every instantiation of it.
      size_t Before = Chosen.size();
      for (const KernelSpec &Sp : Specs)
        if (Sp.Name == K || llvm::StringRef(Sp.Name).starts_with(K + "<"))
          Chosen.push_back(Sp);
      if (Chosen.size() == Before) {
        std::string Names;
        for (const KernelSpec &Sp : Specs)
          Names += (Names.empty() ? "" : ", ") + Sp.Name;
        return llvm::createStringError(fmt::format(
            "--kernels: no kernel named '{}' in {} (found: {})", K,
            S.GoldenDir.empty() ? S.Opts.CudaDir : S.GoldenDir,
            Names.empty() ? "none" : Names));
      }
    }
    Specs = std::move(Chosen);
  }
  if (Specs.empty())
    return llvm::createStringError("no __global__ kernels found in " +
                                   S.Opts.CudaDir);
  return llvm::Error::success();
}

/// --replay: the recording, and the launches of each kernel in it.
llvm::Error KernelMode::loadReplay(Session &S) {
  auto R = readRecording(project::absolutePath(S.Opts.ReplayDir));
  if (!R)
    return R.takeError();
  Replay = std::move(*R);
  for (const KernelSpec &Sp : Specs) {
    unsigned SameBase = 0;
    for (const KernelSpec &O : Specs)
      SameBase += kernelBaseName(O.Name) == kernelBaseName(Sp.Name);
    if (auto Ls = launchesOf(Replay, Sp, SameBase == 1); !Ls.empty())
      Replays[Sp.Name] = std::move(Ls);
  }
  std::vector<KernelSpec> Launched;
  for (KernelSpec &Sp : Specs)
    if (Replays.count(Sp.Name)) {
      Sp.Notes.clear();
      Sp.Unsized.clear();
      Launched.push_back(std::move(Sp));
    }
  if (Launched.empty())
    return llvm::createStringError(fmt::format(
        "--replay: {} launches none of the {} kernel(s) found in {}",
        S.Opts.ReplayDir, Specs.size(), S.Opts.CudaDir));
  if (Launched.size() < Specs.size())
    S.Warnings.push_back(fmt::format(
        "{} of {} kernel(s) have no launch in the recording; they are not "
        "replayed",
        Specs.size() - Launched.size(), Specs.size()));
  Specs = std::move(Launched);
  return llvm::Error::success();
}

/// Where each kernel is defined now; .cu may now be .hip.
void KernelMode::locateInPort(Session &S) {
  std::map<std::string, std::string> Texts;
  for (const project::ProjectFile &F : S.Hip->files()) {
    if (F.Role == project::FileRole::Other)
      continue;
    if (auto T = core::readFile(F.Path))
      Texts[F.Path] = std::move(*T);
    else
      llvm::consumeError(T.takeError());
  }
  for (KernelSpec &Sp : Specs) {
    KernelResult K;
    K.Spec = Sp;
    std::vector<std::string> Order;
    std::string Same = S.Hip->roots().front() + "/" + Sp.Relative;
    std::string Hip = Same.substr(0, Same.rfind('.')) + ".hip";
    for (const std::string &C : {Same, Hip})
      if (Texts.count(C))
        Order.push_back(C);
    for (auto &[P, T] : Texts)
      Order.push_back(P);
    for (const std::string &P : Order)
      if (auto D = findDefinition(Texts[P], llvm::StringRef(Sp.Name).take_until(
                                                [](char C) { return C == '<'; }))) {
        K.HipFile = P;
        K.HipLine = D->Line;
        K.HipBegin = D->Begin;
        K.HipEnd = D->End;
        break;
      }
    R.Kernels.push_back(std::move(K));
  }
}

llvm::Error KernelMode::planBuilds(Session &S) {
  std::map<size_t, std::vector<const KernelSpec *>> Kernels;
  std::map<size_t, std::string> Include;
  auto Add = [&](const Backend &B, const std::string &File,
                 const KernelSpec *K) -> llvm::Error {
    auto Root = S.sourceRoot(B);
    if (!Root)
      return Root.takeError();
    std::string Unit = includingUnit(S.tree(B), File);
    for (int W : B.widths(S.Opts.Waves)) {
      size_t I = addBuild(S, B, Unit, W, {});
      Build &Bd = S.Builds[I];
      if (Bd.Req.Sources.empty()) {
        std::string Inc = S.sourceOf(B, Unit);
        Bd.Req.Sources = {Bd.Dir + "/driver" + B.driverExtension().str()};
        Bd.Req.Output = Bd.Dir + (B.compileOnly() ? "/driver.o" : "/driver");
        Bd.Req.IncludeDirs = {path::parent_path(Inc).str(), *Root};
        Include[I] = Inc;
      }
      auto &Ks = Kernels[I];
      if (std::find(Ks.begin(), Ks.end(), K) == Ks.end())
        Ks.push_back(K);
    }
    return llvm::Error::success();
  };
  for (KernelResult &K : R.Kernels) {
    if (!K.Spec.Unsupported.empty())
      continue;
    if (S.Ref && !S.Missing.count(S.Ref))
      if (auto E = Add(*S.Ref, K.Spec.File, &K.Spec))
        return E;
    if (!K.HipFile.empty())
      for (const Backend *B : S.Targets)
        if (!S.Missing.count(B))
          if (auto E = Add(*B, K.HipFile, &K.Spec))
            return E;
  }
  for (auto &[I, Ks] : Kernels)
    S.Builds[I].DriverText = generateDriver(Ks, Include[I], *S.Builds[I].B);
  return llvm::Error::success();
}

llvm::Error KernelMode::plan(Session &S) {
  if (auto E = loadSpecs(S))
    return E;
  locateInPort(S);
  return planBuilds(S);
}

std::string KernelMode::inDir(const Session &S, const KernelSpec &K) const {
  return S.GoldenDir.empty() ? S.Work + "/runs/" + slug(K.Name) + "/in"
                             : S.GoldenDir + "/" + slug(K.Name) + "/in";
}

std::string KernelMode::refDir(const Session &S, const KernelSpec &K) const {
  return S.GoldenDir.empty() ? S.Work + "/runs/" + slug(K.Name) + "/ref"
                             : S.GoldenDir + "/" + slug(K.Name) + "/out";
}

std::string KernelMode::outDir(const Session &S, const KernelSpec &K,
                               const Backend &T, int W) const {
  return fmt::format("{}/runs/{}/{}-w{}", S.Work, slug(K.Name), T.name(), W);
}

/// The driver's end, as the status of a run.
void driverOutcome(const RunOutcome &O, RunStatus &St, std::string &Msg) {
  St = O.Status;
  if (St == RunStatus::Pass)
    return;
  Msg = St == RunStatus::Timeout ? "the driver " + O.Message
        : O.Proc.Crashed         ? "the driver crashed: " + O.Proc.Message
                                 : "the driver " + O.Message;
}

RunResult KernelMode::runTarget(Session &S, const KernelResult &K,
                                const Backend &T, int W, const std::string &In,
                                const std::string &Out) {
  RunResult Run;
  Run.Target = &T;
  Run.Wave = W;
  if (S.Missing.count(&T)) {
    Run.Message = S.Missing[&T];
    return Run;
  }
  if (K.HipFile.empty()) {
    Run.Status = RunStatus::Fail;
    Run.Message = "kernel '" + K.Spec.Name + "' not found in " + S.Opts.HipDir;
    return Run;
  }
  const Build &B = S.Builds[*findBuild(S, T, includingUnit(*S.Hip, K.HipFile), W)];
  if (!B.Ok) {
    Run.Status = RunStatus::BuildError;
    Run.Message = B.Error;
    return Run;
  }
  if (T.compileOnly()) {
    std::string Problem = T.compiled(S.TC, B.Req.Output, Run.Message);
    Run.Status = Problem.empty() ? RunStatus::Compiled : RunStatus::BuildError;
    if (!Problem.empty())
      Run.Message = Problem;
    return Run;
  }
  fs::create_directories(Out);
  RunOutcome O = runUnit(S, B, W, {B.Req.Output, K.Spec.Name, In, Out},
                         Out + ".log", "", true, {"HIPCPU_CHECK=1"});
  driverOutcome(O, Run.Status, Run.Message);
  return Run;
}

void KernelMode::runKernel(Session &S, KernelResult &K) {
  const KernelSpec &Sp = K.Spec;
  auto Fail = [&](RunStatus St, std::string Msg) {
    K.ReferenceStatus = St;
    K.ReferenceMessage = std::move(Msg);
  };
  if (!Sp.Unsupported.empty())
    return Fail(RunStatus::Skipped, "not validated: " + Sp.Unsupported);
  if (!S.Opts.ReplayDir.empty())
    return replayKernel(S, K);
  if (S.GoldenDir.empty()) {
    if (auto E = writeInputs(Sp, inDir(S, Sp)))
      return Fail(RunStatus::RunError, llvm::toString(std::move(E)));
    if (S.Missing.count(S.Ref))
      return Fail(RunStatus::Skipped, "reference " + S.Ref->name().str() +
                                          ": " + S.Missing[S.Ref]);
    const Build &B = S.Builds[*findBuild(
        S, *S.Ref, includingUnit(*S.Cuda, Sp.File), S.Ref->widths({}).front())];
    if (!B.Ok)
      return Fail(RunStatus::BuildError, B.Error);
    std::string Out = refDir(S, Sp);
    fs::create_directories(Out);
    RunOutcome O = runUnit(S, B, 32, {B.Req.Output, Sp.Name, inDir(S, Sp), Out},
                           Out + ".log", "", true, {"HIPCPU_CHECK=1"});
    driverOutcome(O, K.ReferenceStatus, K.ReferenceMessage);
    if (K.ReferenceStatus != RunStatus::Pass)
      return;
  } else {
    K.ReferenceStatus = RunStatus::Pass;
  }
  for (const Backend *T : S.Targets)
    for (int W : T->widths(S.Opts.Waves))
      K.Runs.push_back(
          runTarget(S, K, *T, W, inDir(S, Sp), outDir(S, Sp, *T, W)));
}

/// --replay: each recorded launch of K (up to ReplayLaunches) runs alone
/// in the port's kernel on every target; a target's verdict is its first
/// launch whose buffers differ from the recorded ones.
void KernelMode::replayKernel(Session &S, KernelResult &K) {
  const KernelSpec &Sp = K.Spec;
  const auto &All = Replays[Sp.Name];
  std::vector<const RecordedLaunchRun *> Ls;
  std::vector<std::string> Ins;
  std::string Why;
  for (const RecordedLaunchRun *L : All) {
    if (Ls.size() == S.Opts.ReplayLaunches)
      break;
    std::string In = fmt::format("{}/runs/{}/launch-{}/in", S.Work,
                                 slug(Sp.Name), L->Seq);
    std::string Problem = writeReplayInputs(Replay, *L, Sp, In);
    if (!Problem.empty()) {
      Why = Why.empty() ? Problem : Why;
      continue;
    }
    Ls.push_back(L);
    Ins.push_back(In);
  }
  K.ReferenceStatus = Ls.empty() ? RunStatus::Skipped : RunStatus::Pass;
  if (Ls.empty()) {
    K.ReferenceMessage = All.empty() ? "not replayed: the recording has no "
                                       "launch of it"
                                     : "not replayed: " + Why;
    return;
  }
  K.Spec.Notes.push_back(fmt::format(
      "replayed {} of its {} recorded launch(es){}", Ls.size(), All.size(),
      Why.empty() ? "" : " (others: " + Why + ")"));
  for (const Backend *T : S.Targets)
    for (int W : T->widths(S.Opts.Waves)) {
      RunResult Run;
      for (size_t I = 0; I < Ls.size(); ++I) {
        std::string Out = fmt::format("{}/runs/{}/launch-{}/{}-w{}", S.Work,
                                      slug(Sp.Name), Ls[I]->Seq, T->name(), W);
        Run = runTarget(S, K, *T, W, Ins[I], Out);
        if (Run.Status != RunStatus::Pass) {
          Run.Message = fmt::format("launch {}: {}", Ls[I]->Seq, Run.Message);
          break;
        }
        Run.Buffers = compareReplay(Replay, *Ls[I], Sp, Out);
        for (const BufferResult &B : Run.Buffers) {
          Run.MaxError = std::max(Run.MaxError, B.MaxError);
          if (!B.passed())
            Run.Status = RunStatus::Fail;
        }
        if (Run.Status == RunStatus::Fail)
          break;
      }
      K.Runs.push_back(std::move(Run));
    }
}

void KernelMode::run(Session &S) {
  R.Builds = unsigned(S.Builds.size());
  parallel(R.Kernels.size(), S.Opts.Jobs,
           [&](size_t I) { runKernel(S, R.Kernels[I]); });
}

void KernelMode::compare(Session &S) {
  if (!S.Opts.ReplayDir.empty())
    return; // replayKernel compared each launch
  for (KernelResult &K : R.Kernels)
    for (RunResult &Run : K.Runs) {
      if (Run.Status != RunStatus::Pass)
        continue;
      std::string Out = outDir(S, K.Spec, *Run.Target, Run.Wave),
                  Ref = refDir(S, K.Spec);
      for (const Param &P : K.Spec.Params) {
        if (P.Kind != ParamKind::Buffer || !P.Output)
          continue;
        auto E = llvm::MemoryBuffer::getFile(Ref + "/" + P.Name + ".bin");
        auto A = llvm::MemoryBuffer::getFile(Out + "/" + P.Name + ".bin");
        BufferResult BR;
        if (!E || !A) {
          BR.Name = P.Name;
          BR.Problem = !E ? "no reference output" : "no output written";
        } else {
          BR = compareBuffer(P, (*E)->getBuffer(), (*A)->getBuffer());
        }
        Run.MaxError = std::max(Run.MaxError, BR.MaxError);
        if (!BR.passed())
          Run.Status = RunStatus::Fail;
        Run.Buffers.push_back(std::move(BR));
      }
    }
}

/// Lint findings inside the kernels that failed on a target.
void KernelMode::explain(Session &S) {
  bool AnyFailed = false;
  for (const KernelResult &K : R.Kernels)
    for (const RunResult &Run : K.Runs)
      AnyFailed |= Run.Status == RunStatus::Fail && !K.HipFile.empty();
  if (!AnyFailed || !S.Opts.LintFailures)
    return;
  checks::LintConfig Config;
  checks::LintOptions LO;
  LO.Jobs = S.Opts.Jobs;
  auto L = checks::lint(*S.Hip, Config, LO);
  if (!L) {
    S.Warnings.push_back("lint of the port failed: " +
                         llvm::toString(L.takeError()));
    return;
  }
  // Unpacked once: the store unpacks a finding each time it is read.
  std::vector<core::Finding> Found = L->Findings.unpackAll();
  // Warnings and errors explain a failure; notes (the width net's hints
  // outside warp-aware code) would bury them.
  for (KernelResult &K : R.Kernels)
    for (const core::Finding &F : Found)
      if (F.Range.File == K.HipFile && F.Range.Offset >= K.HipBegin &&
          F.Range.Offset < K.HipEnd && F.Level >= core::Severity::Warning)
        K.Lint.push_back(F);
}

void KernelMode::record(Session &S) {
  if (S.Opts.RecordDir.empty())
    return;
  GoldenManifest M;
  M.Reference = S.GoldenDir.empty() ? S.Ref->name().str() : Manifest.Reference;
  M.Toolchain = S.GoldenDir.empty() ? S.Ref->version(S.TC) : Manifest.Toolchain;
  if (auto E = recordGolden(project::absolutePath(S.Opts.RecordDir), M,
                            R.Kernels, S.Work, S.GoldenDir))
    S.Warnings.push_back("--record: " + llvm::toString(std::move(E)));
}

} // namespace

llvm::Expected<ValidateResult> validate(const ValidateOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  ValidateResult R;
  Session S(Opts);
  KernelMode M(R);
  if (auto E = runPipeline(S, M))
    return std::move(E);
  R.Reference = S.ReferenceLabel;
  R.Warnings = S.Warnings;
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
}

} // namespace hipport::validate
