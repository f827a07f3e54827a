#include "Validate/Validator.h"

#include "Core/SourceText.h"

#include "Checks/Linter.h"
#include "Core/FileWriter.h"
#include "Port/Porter.h"
#include "Project/Project.h"
#include "Validate/Golden.h"
#include "Validate/SpecDeriver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <thread>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {

const char *statusName(RunStatus S) {
  switch (S) {
  case RunStatus::Pass:
    return "pass";
  case RunStatus::Fail:
    return "FAIL";
  case RunStatus::BuildError:
    return "BUILD-ERROR";
  case RunStatus::RunError:
    return "RUN-ERROR";
  case RunStatus::Timeout:
    return "TIMEOUT";
  case RunStatus::Skipped:
    return "skipped";
  case RunStatus::Compiled:
    return "compiled";
  }
  return "?";
}

std::string runLabel(BackendKind Target, int Wave) {
  return Wave ? fmt::format("{} w{}", backendName(Target), Wave)
              : std::string(backendName(Target));
}

std::string RunResult::label() const { return runLabel(Target, Wave); }

bool KernelResult::passed() const {
  return allRunsPassed(ReferenceStatus, Runs);
}

bool ValidateResult::allPassed() const {
  for (const KernelResult &K : Kernels)
    if (!K.passed())
      return false;
  return true;
}

llvm::Error writeText(const std::string &Path, llvm::StringRef Text) {
  if (std::error_code EC = fs::create_directories(path::parent_path(Path)))
    return llvm::createStringError(EC, "%s: %s", Path.c_str(),
                                   EC.message().c_str());
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return llvm::createStringError(EC, "%s: %s", Path.c_str(),
                                   EC.message().c_str());
  OS << Text;
  return llvm::Error::success();
}

llvm::Error writeLaunchMirror(const project::Project &P,
                              const std::string &Out, unsigned Jobs) {
  rules::RuleSet NoRules;
  port::PortOptions PO;
  PO.Launch = port::LaunchSyntax::HipLaunchKernelGGL;
  PO.LaunchesOnly = true;
  PO.Jobs = Jobs;
  auto R = port::portProject(P, NoRules, PO);
  if (!R)
    return R.takeError();
  for (const port::PortedFile &F : R->Files)
    if (auto E = writeText(Out + "/" + F.Source->Relative, F.Ported))
      return E;
  return llvm::Error::success();
}

namespace {


/// Runs Tasks on Jobs threads.
void parallel(size_t N, unsigned Jobs, const std::function<void(size_t)> &Fn) {
  std::atomic<size_t> Next{0};
  std::vector<std::thread> Pool;
  for (unsigned J = 0; J < std::max(1u, std::min<unsigned>(Jobs, N)); ++J)
    Pool.emplace_back([&] {
      for (size_t I; (I = Next++) < N;)
        Fn(I);
    });
  for (std::thread &T : Pool)
    T.join();
}

/// Where a kernel is defined in a source text: the identifier before the
/// parameter list of a `__global__` declaration that has a body.
struct Definition {
  unsigned Begin = 0, End = 0, Line = 0;
};

std::optional<Definition> findDefinition(llvm::StringRef T,
                                         llvm::StringRef Name) {
  for (size_t At = T.find("__global__"); At != llvm::StringRef::npos;
       At = T.find("__global__", At + 10)) {
    size_t I = At + 10;
    while (true) {
      size_t Paren = T.find('(', I);
      size_t Stop = T.find_first_of(";{", I);
      if (Paren == llvm::StringRef::npos || (Stop != llvm::StringRef::npos &&
                                             Stop < Paren))
        break;
      size_t E = Paren;
      while (E > I && llvm::isSpace(T[E - 1]))
        --E;
      size_t B = E;
      while (B > I && (llvm::isAlnum(T[B - 1]) || T[B - 1] == '_'))
        --B;
      llvm::StringRef Id = T.slice(B, E);
      size_t Close = core::matchingBracket(T, Paren, '(', ')');
      if (Close == llvm::StringRef::npos)
        break;
      if (Id == "__launch_bounds__" || Id == "__attribute__" ||
          Id == "__declspec" || Id == "alignas") {
        I = Close + 1;
        continue;
      }
      if (Id != Name)
        break;
      size_t Body = T.find_first_of(";{", Close);
      if (Body == llvm::StringRef::npos || T[Body] == ';')
        break;
      size_t BodyEnd = core::matchingBracket(T, Body, '{', '}');
      if (BodyEnd == llvm::StringRef::npos)
        break;
      Definition D;
      D.Begin = unsigned(At);
      D.End = unsigned(BodyEnd + 1);
      D.Line = unsigned(T.take_front(B).count('\n') + 1);
      return D;
    }
  }
  return std::nullopt;
}


std::string mirrorPath(const project::Project &P, const std::string &Abs,
                       const std::string &MirrorRoot) {
  if (const project::ProjectFile *F = P.find(Abs))
    return MirrorRoot + "/" + F->Relative;
  return Abs;
}

std::string tail(const std::string &Log, unsigned Lines) {
  llvm::SmallVector<llvm::StringRef> All;
  llvm::StringRef(Log).rtrim().split(All, '\n');
  std::string Out;
  size_t From = All.size() > Lines ? All.size() - Lines : 0;
  for (size_t I = From; I < All.size(); ++I)
    Out += (Out.empty() ? "" : "\n") + All[I].rtrim().str();
  return Out;
}

/// The first compiler error line, or the tail of the log.
std::string buildError(const std::string &Log) {
  for (llvm::StringRef L : llvm::split(Log, '\n'))
    if (L.contains("error"))
      return L.trim().str();
  return tail(Log, 3);
}

/// One driver: the selected kernels of one source file on one backend.
struct Build {
  BackendKind Backend;
  std::string Source;  ///< absolute path of the original or ported file
  std::string Include; ///< what the driver #includes
  std::vector<std::string> IncludeDirs;
  std::vector<const KernelSpec *> Kernels;
  std::string Dir, Exe;
  bool Ok = false;
  std::string Error;
};

std::string slug(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) || C == '.' || C == '-' ? C : '_';
  return Out;
}

} // namespace

llvm::Expected<ValidateResult> validate(const ValidateOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  ValidateResult R;
  Toolchain TC = Toolchain::detect(Opts.Tools);

  // The reference: the original on an NVIDIA GPU where there is one, on
  // runtime/hipcpu at width 32 otherwise, or recorded outputs.
  std::string GoldenDir;
  BackendKind Ref = BackendKind::CudaCpu;
  llvm::StringRef RefOpt(Opts.Reference);
  if (RefOpt.starts_with("golden:")) {
    GoldenDir = project::absolutePath(RefOpt.drop_front(7));
  } else if (RefOpt.empty()) {
    Ref = TC.missing(BackendKind::Cuda).empty() ? BackendKind::Cuda
                                                : BackendKind::CudaCpu;
  } else if (RefOpt == "cuda") {
    Ref = BackendKind::Cuda;
    if (std::string M = TC.missing(Ref); !M.empty()) {
      R.Warnings.push_back("reference cuda unavailable: " + M +
                           "; using cuda-cpu (the original on runtime/hipcpu "
                           "at width 32)");
      Ref = BackendKind::CudaCpu;
    }
  } else if (RefOpt == "cuda-cpu") {
    Ref = BackendKind::CudaCpu;
  } else {
    return llvm::createStringError("--reference: expected cuda, cuda-cpu or "
                                   "golden:DIR, got '" + Opts.Reference + "'");
  }

  // Kernel specs: recorded with golden outputs, or derived from the CUDA
  // sources; then the spec file.
  project::ProjectOptions CPO;
  CPO.Inputs = {Opts.CudaDir};
  CPO.ExtraArgs = Opts.ExtraClangArgs;
  CPO.CudaPath = Opts.CudaPath;
  auto CP = project::Project::open(CPO);
  if (!CP)
    return CP.takeError();
  std::vector<KernelSpec> Specs;
  GoldenManifest Manifest;
  if (!GoldenDir.empty()) {
    auto G = loadGolden(GoldenDir);
    if (!G)
      return G.takeError();
    Manifest = std::move(G->first);
    Specs = std::move(G->second);
    R.Reference = fmt::format("golden:{} ({})", RefOpt.drop_front(7),
                              Manifest.Toolchain);
  } else {
    Specs = deriveSpecs(*CP, Opts.Jobs);
    R.Reference = Ref == BackendKind::Cuda
                      ? "cuda (" + TC.version(Ref) + ")"
                      : std::string("cuda-cpu (the original on runtime/hipcpu, "
                                    "width 32)");
  }
  if (!Opts.SpecFile.empty())
    if (auto E = applySpecFile(Opts.SpecFile, Specs))
      return std::move(E);
  if (!Opts.Kernels.empty()) {
    std::vector<KernelSpec> Chosen;
    for (const std::string &K : Opts.Kernels) {
      auto It = std::find_if(Specs.begin(), Specs.end(),
                             [&](const KernelSpec &S) { return S.Name == K; });
      if (It == Specs.end()) {
        std::string Names;
        for (const KernelSpec &S : Specs)
          Names += (Names.empty() ? "" : ", ") + S.Name;
        return llvm::createStringError(fmt::format(
            "--kernels: no kernel named '{}' in {} (found: {})", K,
            GoldenDir.empty() ? Opts.CudaDir : GoldenDir,
            Names.empty() ? "none" : Names));
      }
      Chosen.push_back(*It);
    }
    Specs = std::move(Chosen);
  }
  if (Specs.empty())
    return llvm::createStringError("no __global__ kernels found in " +
                                   Opts.CudaDir);

  // The port: where each kernel is defined now.
  project::ProjectOptions HPO;
  HPO.Inputs = {Opts.HipDir};
  HPO.ExtraArgs = Opts.ExtraClangArgs;
  HPO.CudaPath = Opts.CudaPath;
  auto HP = project::Project::open(HPO);
  if (!HP)
    return HP.takeError();
  std::map<std::string, std::string> HipTexts;
  for (const project::ProjectFile &F : HP->files()) {
    if (F.Role == project::FileRole::Other)
      continue;
    if (auto T = core::readFile(F.Path))
      HipTexts[F.Path] = std::move(*T);
    else
      llvm::consumeError(T.takeError());
  }
  for (KernelSpec &S : Specs) {
    KernelResult K;
    K.Spec = S;
    // The file at the same place in the port first; .cu may now be .hip.
    std::vector<std::string> Order;
    std::string Same = HP->roots().front() + "/" + S.Relative;
    std::string Hip = Same.substr(0, Same.rfind('.')) + ".hip";
    for (const std::string &C : {Same, Hip})
      if (HipTexts.count(C))
        Order.push_back(C);
    for (auto &[P, T] : HipTexts)
      Order.push_back(P);
    for (const std::string &P : Order)
      if (auto D = findDefinition(HipTexts[P], S.Name)) {
        K.HipFile = P;
        K.HipLine = D->Line;
        K.HipBegin = D->Begin;
        K.HipEnd = D->End;
        break;
      }
    R.Kernels.push_back(std::move(K));
  }

  // Work directory.
  std::string Work = Opts.WorkDir;
  bool RemoveWork = Work.empty();
  if (Work.empty()) {
    llvm::SmallString<128> Tmp;
    if (std::error_code EC = fs::createUniqueDirectory("hipport-validate", Tmp))
      return llvm::createStringError(EC, "cannot create a work directory: %s",
                                     EC.message().c_str());
    Work = std::string(Tmp);
  } else {
    Work = project::absolutePath(Work);
    if (std::error_code EC = fs::create_directories(Work))
      return llvm::createStringError(EC, "%s: %s", Work.c_str(),
                                     EC.message().c_str());
  }
  std::string ShimDir = Work + "/shim";
  if (auto E = writeHipcpuShims(ShimDir))
    return std::move(E);

  std::vector<BackendKind> Needed;
  if (GoldenDir.empty())
    Needed.push_back(Ref);
  for (BackendKind B : Opts.Targets)
    Needed.push_back(B);
  std::map<BackendKind, std::string> Missing;
  for (BackendKind B : Needed)
    if (std::string M = TC.missing(B); !M.empty() && !Missing.count(B)) {
      Missing[B] = M;
      R.Warnings.push_back(fmt::format("{}: {}; its runs are skipped",
                                       backendName(B), M));
    }

  // Launch-only mirrors for the runtime/hipcpu builds.
  std::string CudaMirror = Work + "/cuda-src", HipMirror = Work + "/hip-src";
  bool NeedCudaMirror = GoldenDir.empty() && Ref == BackendKind::CudaCpu &&
                        !Missing.count(Ref);
  bool NeedHipMirror = false;
  for (BackendKind B : Opts.Targets)
    NeedHipMirror |= onHipcpu(B) && !Missing.count(B);
  if (NeedCudaMirror)
    if (auto E = writeLaunchMirror(*CP, CudaMirror, Opts.Jobs))
      return std::move(E);
  if (NeedHipMirror)
    if (auto E = writeLaunchMirror(*HP, HipMirror, Opts.Jobs))
      return std::move(E);

  // One driver per source file and backend.
  std::vector<Build> Builds;
  std::map<std::pair<BackendKind, std::string>, size_t> BuildOf;
  auto AddBuild = [&](BackendKind B, const project::Project &P,
                      const std::string &Mirror, const std::string &Source,
                      const KernelSpec *S) {
    auto Key = std::make_pair(B, Source);
    auto [It, New] = BuildOf.try_emplace(Key, Builds.size());
    if (New) {
      Build Bd;
      Bd.Backend = B;
      Bd.Source = Source;
      Bd.Include = onHipcpu(B) ? mirrorPath(P, Source, Mirror) : Source;
      Bd.IncludeDirs = {std::string(path::parent_path(Bd.Include)),
                        onHipcpu(B) ? Mirror : P.roots().front()};
      Bd.Dir = fmt::format("{}/build/{}-{}", Work, backendName(B), Builds.size());
      Bd.Exe = Bd.Dir + (B == BackendKind::CompileOnly ? "/driver.o" : "/driver");
      Builds.push_back(Bd);
    }
    Builds[It->second].Kernels.push_back(S);
  };
  for (KernelResult &K : R.Kernels) {
    if (!K.Spec.Unsupported.empty())
      continue;
    if (GoldenDir.empty() && !Missing.count(Ref))
      AddBuild(Ref, *CP, CudaMirror, K.Spec.File, &K.Spec);
    if (!K.HipFile.empty())
      for (BackendKind B : Opts.Targets)
        if (!Missing.count(B))
          AddBuild(B, *HP, HipMirror, K.HipFile, &K.Spec);
  }
  parallel(Builds.size(), Opts.Jobs, [&](size_t I) {
    Build &B = Builds[I];
    std::string Ext = B.Backend == BackendKind::Cuda ? ".cu"
                      : onHipcpu(B.Backend)          ? ".cpp"
                                                     : ".hip";
    std::string Driver = B.Dir + "/driver" + Ext;
    if (auto E = writeText(Driver,
                           generateDriver(B.Kernels, B.Include, B.Backend))) {
      B.Error = llvm::toString(std::move(E));
      return;
    }
    std::vector<std::string> Cmd =
        buildCommand(TC, B.Backend, Driver, B.Exe, B.IncludeDirs, ShimDir);
    ProcResult P = runProcess(Cmd, {}, B.Dir + "/build.log",
                              std::max(Opts.TimeoutSeconds, 300u));
    if (P.Rc != 0 || P.TimedOut || P.NotStarted) {
      B.Error = P.TimedOut ? "the build " + P.Message
                : P.NotStarted ? P.Message
                               : buildError(P.Output) + " (log: " + B.Dir +
                                     "/build.log)";
      return;
    }
    B.Ok = true;
  });
  R.Builds = unsigned(Builds.size());
  // A GPU backend missing here still gets its driver sources in a kept work
  // directory, to be built and run on a machine that has the GPU.
  if (!RemoveWork)
    for (auto &[B, Why] : Missing) {
      if (B != BackendKind::Cuda && B != BackendKind::Hip)
        continue;
      std::map<std::string, std::vector<const KernelSpec *>> ByFile;
      for (const KernelResult &K : R.Kernels)
        if (K.Spec.Unsupported.empty() &&
            (B == BackendKind::Cuda ? !K.Spec.File.empty() : !K.HipFile.empty()))
          ByFile[B == BackendKind::Cuda ? K.Spec.File : K.HipFile].push_back(
              &K.Spec);
      for (auto &[File, Ks] : ByFile)
        if (auto E = writeText(fmt::format("{}/unbuilt/{}/{}{}", Work,
                                           backendName(B),
                                           path::stem(File).str(),
                                           B == BackendKind::Cuda ? ".cu"
                                                                  : ".hip"),
                               generateDriver(Ks, File, B)))
          llvm::consumeError(std::move(E));
    }

  // Inputs, reference and target runs, comparison.
  parallel(R.Kernels.size(), Opts.Jobs, [&](size_t KI) {
    KernelResult &K = R.Kernels[KI];
    const KernelSpec &S = K.Spec;
    std::string KDir = Work + "/runs/" + slug(S.Name);
    std::string In = GoldenDir.empty() ? KDir + "/in" : GoldenDir + "/" + slug(S.Name) + "/in";
    std::string RefOut = GoldenDir.empty() ? KDir + "/ref" : GoldenDir + "/" + slug(S.Name) + "/out";
    auto Fail = [&](RunStatus St, std::string Msg) {
      K.ReferenceStatus = St;
      K.ReferenceMessage = std::move(Msg);
    };
    if (!S.Unsupported.empty())
      return Fail(RunStatus::Skipped, "not validated: " + S.Unsupported);
    if (GoldenDir.empty()) {
      if (auto E = writeInputs(S, In))
        return Fail(RunStatus::RunError, llvm::toString(std::move(E)));
    }
    auto RunDriver = [&](const Build &B, int Wave, const std::string &Out,
                         RunStatus &St, std::string &Msg) {
      fs::create_directories(Out);
      std::vector<std::string> Env;
      if (onHipcpu(B.Backend)) {
        Env = {fmt::format("HIPCPU_WARP_SIZE={}", Wave), "HIPCPU_CHECK=1"};
      }
      ProcResult P = runProcess({B.Exe, S.Name, In, Out}, Env, Out + ".log",
                                Opts.TimeoutSeconds);
      if (P.TimedOut) {
        St = RunStatus::Timeout;
        Msg = "the driver " + P.Message;
      } else if (P.Rc != 0 || P.Crashed || P.NotStarted) {
        St = RunStatus::RunError;
        Msg = P.Crashed ? "the driver crashed: " + P.Message
                        : fmt::format("the driver exited with {}{}", P.Rc,
                                      P.Output.empty() ? ""
                                                       : ": " + tail(P.Output, 3));
      } else {
        St = RunStatus::Pass;
      }
    };
    if (GoldenDir.empty()) {
      if (Missing.count(Ref))
        return Fail(RunStatus::Skipped, "reference " +
                                            std::string(backendName(Ref)) +
                                            ": " + Missing[Ref]);
      const Build &B = Builds[BuildOf.at({Ref, S.File})];
      if (!B.Ok)
        return Fail(RunStatus::BuildError, B.Error);
      RunDriver(B, 32, RefOut, K.ReferenceStatus, K.ReferenceMessage);
      if (K.ReferenceStatus != RunStatus::Pass)
        return;
    } else {
      K.ReferenceStatus = RunStatus::Pass;
    }
    for (BackendKind T : Opts.Targets) {
      std::vector<int> Waves = T == BackendKind::HipCpu ? Opts.Waves
                                                        : std::vector<int>{0};
      for (int W : Waves) {
        RunResult Run;
        Run.Target = T;
        Run.Wave = W;
        if (Missing.count(T)) {
          Run.Message = Missing[T];
          K.Runs.push_back(Run);
          continue;
        }
        if (K.HipFile.empty()) {
          Run.Status = RunStatus::Fail;
          Run.Message = "kernel '" + S.Name + "' not found in " + Opts.HipDir;
          K.Runs.push_back(Run);
          continue;
        }
        const Build &B = Builds[BuildOf.at({T, K.HipFile})];
        if (!B.Ok) {
          Run.Status = RunStatus::BuildError;
          Run.Message = B.Error;
          K.Runs.push_back(Run);
          continue;
        }
        if (T == BackendKind::CompileOnly) {
          auto Obj = llvm::MemoryBuffer::getFile(B.Exe);
          std::string Want = "amdgcn-amd-amdhsa--" + TC.Opts.OffloadArch;
          if (Obj && (*Obj)->getBuffer().contains(Want)) {
            Run.Status = RunStatus::Compiled;
            Run.Message = fmt::format("{} code object in {} ({} bytes)",
                                      TC.Opts.OffloadArch,
                                      path::filename(B.Exe),
                                      (*Obj)->getBufferSize());
          } else {
            Run.Status = RunStatus::BuildError;
            Run.Message = "no " + Want + " code object in " + B.Exe;
          }
          K.Runs.push_back(Run);
          continue;
        }
        std::string Out = fmt::format("{}/{}-w{}", KDir, backendName(T), W);
        RunDriver(B, W, Out, Run.Status, Run.Message);
        if (Run.Status == RunStatus::Pass) {
          for (const Param &P : S.Params) {
            if (P.Kind != ParamKind::Buffer || !P.Output)
              continue;
            auto E = llvm::MemoryBuffer::getFile(RefOut + "/" + P.Name + ".bin");
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
        K.Runs.push_back(Run);
      }
    }
  });

  // Lint findings inside the kernels that failed on a target.
  bool AnyFailed = false;
  for (const KernelResult &K : R.Kernels)
    for (const RunResult &Run : K.Runs)
      AnyFailed |= Run.Status == RunStatus::Fail && !K.HipFile.empty();
  if (AnyFailed && Opts.LintFailures) {
    checks::LintConfig Config;
    checks::LintOptions LO;
    LO.Jobs = Opts.Jobs;
    if (auto L = checks::lint(*HP, Config, LO)) {
      for (KernelResult &K : R.Kernels)
        for (const core::Finding &F : L->Findings)
          if (F.Range.File == K.HipFile && F.Range.Offset >= K.HipBegin &&
              F.Range.Offset < K.HipEnd)
            K.Lint.push_back(F);
    } else {
      R.Warnings.push_back("lint of the port failed: " +
                           llvm::toString(L.takeError()));
    }
  }

  if (!Opts.RecordDir.empty()) {
    GoldenManifest M;
    M.Reference = GoldenDir.empty() ? backendName(Ref) : Manifest.Reference;
    M.Toolchain = GoldenDir.empty() ? TC.version(Ref) : Manifest.Toolchain;
    if (auto E = recordGolden(project::absolutePath(Opts.RecordDir), M,
                              R.Kernels, Work, GoldenDir))
      R.Warnings.push_back("--record: " + llvm::toString(std::move(E)));
  }
  if (RemoveWork)
    fs::remove_directories(Work);
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
}

} // namespace hipport::validate
