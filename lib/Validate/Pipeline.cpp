#include "Validate/Pipeline.h"

#include "Core/AmdTargets.h"
#include "Core/FileWriter.h"
#include "Core/SourceText.h"
#include "Validate/Driver.h"
#include "Validate/LaunchMirror.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <atomic>
#include <set>
#include <thread>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {

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

std::string slug(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += llvm::isAlnum(C) || C == '.' || C == '-' ? C : '_';
  return Out;
}

int Session::buildWave(const Backend &B, int W) const {
  return B.buildsPerWidth() && PortTestsTargetMacros ? W : 0;
}

llvm::Expected<std::string> Session::sourceRoot(const Backend &B) {
  const project::Project &P = tree(B);
  if (!B.onHipcpu())
    return P.roots().front();
  std::string Dir = Work + (B.buildsOriginal() ? "/cuda-src" : "/hip-src");
  if (Mirrors.count(Dir))
    return Dir;
  if (!B.buildsOriginal() && HipMirror.valid()) {
    std::string Err = HipMirror.get();
    if (!Err.empty())
      return llvm::createStringError(Err);
    Mirrors[Dir] = P.roots().front();
    return Dir;
  }
  if (auto E = B.buildsOriginal() && CudaLaunches
                   ? CudaLaunches->write(P, Dir)
                   : writeLaunchMirror(P, Dir, Opts.Jobs))
    return std::move(E);
  Mirrors[Dir] = P.roots().front();
  return Dir;
}

std::string Session::sourceOf(const Backend &B, const std::string &File) const {
  if (!B.onHipcpu())
    return File;
  const project::ProjectFile *F = tree(B).find(File);
  if (!F)
    return File;
  return Work + (B.buildsOriginal() ? "/cuda-src/" : "/hip-src/") + F->Relative;
}

std::optional<size_t> findBuild(const Session &S, const Backend &B,
                                const std::string &Unit, int W) {
  int BW = S.buildWave(B, W);
  for (size_t I = 0; I < S.Builds.size(); ++I)
    if (S.Builds[I].B == &B && S.Builds[I].Unit == Unit &&
        S.Builds[I].Wave == BW)
      return I;
  return std::nullopt;
}

size_t addBuild(Session &S, const Backend &B, const std::string &Unit, int W,
                BuildRequest Req) {
  if (auto I = findBuild(S, B, Unit, W))
    return *I;
  Build Bd;
  Bd.B = &B;
  Bd.Wave = S.buildWave(B, W);
  Bd.Unit = Unit;
  Bd.Dir = fmt::format("{}/build/{}-{}", S.Work, B.name(), S.Builds.size());
  Req.Wave = Bd.Wave ? Bd.Wave : W;
  if (B.onHipcpu()) {
    std::string Storage = S.Work + (B.buildsOriginal() ? "/cuda-src/" : "/hip-src/") +
                          DynamicSharedFile;
    if (fs::exists(Storage))
      Req.Extra.push_back(Storage);
  }
  Req.ShimDir = S.Work + "/shim";
  Req.UserFlags.insert(Req.UserFlags.end(), S.UserFlags.begin(),
                       S.UserFlags.end());
  Bd.Req = std::move(Req);
  S.Builds.push_back(std::move(Bd));
  return S.Builds.size() - 1;
}

RunOutcome runUnit(const Session &S, const Build &Bd, int W,
                   const std::vector<std::string> &Args,
                   const std::string &Log, const std::string &Stdout,
                   bool NonZeroFails, std::vector<std::string> ExtraEnv) {
  RunOutcome O;
  std::vector<std::string> Env = Bd.B->runEnvironment(W);
  if (Bd.B->onHipcpu())
    Env.push_back(S.Opts.Lockstep ? "HIPCPU_LOCKSTEP=1" : "HIPCPU_LOCKSTEP=0");
  Env.insert(Env.end(), ExtraEnv.begin(), ExtraEnv.end());
  O.Proc = runProcess(Args, Env, Log, S.Opts.TimeoutSeconds, Stdout);
  const ProcResult &P = O.Proc;
  if (P.TimedOut) {
    O.Status = RunStatus::Timeout;
    O.Message = P.Message;
  } else if (P.Crashed || P.NotStarted) {
    O.Status = RunStatus::RunError;
    O.Message = P.Crashed ? "crashed: " + P.Message : P.Message;
  } else if (P.Rc != 0 && NonZeroFails) {
    O.Status = RunStatus::RunError;
    O.Message = fmt::format("exited with {}{}", P.Rc,
                            P.Output.empty() ? ""
                                             : ": " + tailLines(P.Output, 3));
  }
  return O;
}

namespace {

/// The reference: the original on an NVIDIA GPU where there is one, on
/// runtime/hipcpu at width 32 otherwise, or recorded outputs.
llvm::Error chooseReference(Session &S, bool TakesGolden) {
  llvm::StringRef RefOpt(S.Opts.Reference);
  const Backend *Cuda = findBackend("cuda"), *CudaCpu = findBackend("cuda-cpu");
  if (!S.Opts.ReplayDir.empty() && TakesGolden) {
    S.ReferenceLabel = fmt::format("the recording {}", S.Opts.ReplayDir);
    return llvm::Error::success();
  }
  if (RefOpt.starts_with("golden:") && TakesGolden) {
    S.GoldenDir = project::absolutePath(RefOpt.drop_front(7));
    return llvm::Error::success();
  }
  if (RefOpt.empty()) {
    S.Ref = Cuda->missing(S.TC).empty() ? Cuda : CudaCpu;
  } else if (const Backend *B = findBackend(RefOpt);
             B && B->buildsOriginal()) {
    S.Ref = B;
    if (std::string M = B->missing(S.TC); !M.empty() && B != CudaCpu) {
      S.Warnings.push_back(fmt::format(
          "reference {} unavailable: {}; using cuda-cpu (the original on "
          "runtime/hipcpu at width 32)",
          B->name(), M));
      S.Ref = CudaCpu;
    }
  } else {
    return llvm::createStringError(fmt::format(
        "--reference: expected cuda, cuda-cpu{}, got '{}'",
        TakesGolden ? " or golden:DIR" : "", S.Opts.Reference));
  }
  S.ReferenceLabel =
      S.Ref->onHipcpu()
          ? fmt::format("{} (the original on runtime/hipcpu, width 32)",
                        S.Ref->name())
          : fmt::format("{} ({})", S.Ref->name(), S.Ref->version(S.TC));
  return llvm::Error::success();
}

llvm::Expected<project::Project> openTree(const Session &S,
                                          const std::string &Dir) {
  project::ProjectOptions PO;
  PO.Inputs = {Dir};
  PO.ExtraArgs = S.Opts.ExtraClangArgs;
  PO.CudaPath = S.Opts.CudaPath;
  return project::Project::open(PO);
}

/// Whether some file of P mentions a macro an AMD target predefines for
/// its width (__GFX9__, __AMDGCN_WAVEFRONT_SIZE, __gfx90a__, ...).
bool testsTargetMacros(const project::Project &P) {
  std::set<std::string> Names;
  for (int W : {32, 64})
    if (auto T = core::amdTargetForWave(W)) {
      for (const auto &[Name, Value] : T->Macros)
        if (Name.find("GFX") != std::string::npos ||
            Name.find("gfx") != std::string::npos ||
            Name.find("WAVEFRONT") != std::string::npos ||
            Name.find("amdgcn_") != std::string::npos)
          Names.insert(Name);
    } else {
      llvm::consumeError(T.takeError());
    }
  for (const project::ProjectFile &F : P.files()) {
    if (F.Role == project::FileRole::Other)
      continue;
    auto Text = core::readFile(F.Path);
    if (!Text) {
      llvm::consumeError(Text.takeError());
      continue;
    }
    for (const std::string &N : Names)
      if (Text->find(N) != std::string::npos)
        return true;
  }
  return false;
}

/// The -I/-D/-U/-include/-std arguments of `--`, paths made absolute.
std::vector<std::string> buildFlags(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A(Args[I]);
    for (llvm::StringRef P : {"-I", "-isystem", "-include"})
      if (A == P && I + 1 < Args.size()) {
        Out.push_back(A.str());
        Out.push_back(project::absolutePath(Args[++I]));
        A = "";
      }
    if (A.starts_with("-I") && A.size() > 2)
      Out.push_back("-I" + project::absolutePath(A.drop_front(2)));
    else if (A.starts_with("-D") || A.starts_with("-U") ||
             A.starts_with("-std="))
      Out.push_back(A.str());
  }
  return Out;
}

llvm::Error openTrees(Session &S) {
  auto CP = openTree(S, S.Opts.CudaDir);
  if (!CP)
    return CP.takeError();
  S.Cuda.emplace(std::move(*CP));
  auto HP = openTree(S, S.Opts.HipDir);
  if (!HP)
    return HP.takeError();
  S.Hip.emplace(std::move(*HP));
  S.PortTestsTargetMacros = testsTargetMacros(*S.Hip);
  S.UserFlags = buildFlags(S.Opts.ExtraClangArgs);
  return llvm::Error::success();
}

llvm::Error openWork(Session &S) {
  S.Work = S.Opts.WorkDir;
  S.RemoveWork = S.Work.empty();
  if (S.Work.empty()) {
    llvm::SmallString<128> Tmp;
    if (std::error_code EC = fs::createUniqueDirectory("hipport-validate", Tmp))
      return llvm::createStringError(EC, "cannot create a work directory: %s",
                                     EC.message().c_str());
    S.Work = std::string(Tmp);
  } else {
    S.Work = project::absolutePath(S.Work);
    if (std::error_code EC = fs::create_directories(S.Work))
      return llvm::createStringError(EC, "%s: %s", S.Work.c_str(),
                                     EC.message().c_str());
  }
  std::vector<const Backend *> Needed = S.Targets;
  if (S.Ref)
    Needed.insert(Needed.begin(), S.Ref);
  for (const Backend *B : Needed)
    if (std::string M = B->missing(S.TC); !M.empty() && !S.Missing.count(B)) {
      S.Missing[B] = M;
      S.Warnings.push_back(
          fmt::format("{}: {}; its runs are skipped", B->name(), M));
    }
  return writeHipcpuShims(S.Work + "/shim");
}

/// Builds every planned unit, in parallel; a failed build is a result of
/// the units it concerns.
void buildAll(Session &S) {
  parallel(S.Builds.size(), S.Opts.Jobs, [&](size_t I) {
    Build &B = S.Builds[I];
    if (!B.DriverText.empty())
      if (auto E = writeText(B.Req.Sources.front(), B.DriverText)) {
        B.Error = llvm::toString(std::move(E));
        return;
      }
    fs::create_directories(B.Dir);
    std::vector<std::string> Cmd = B.B->compileCommand(S.TC, B.Req);
    if (auto E = writeText(B.Dir + "/command.txt", llvm::join(Cmd, " ")))
      llvm::consumeError(std::move(E));
    ProcResult P = runProcess(Cmd, {}, B.Dir + "/build.log",
                              std::max(S.Opts.TimeoutSeconds, 300u));
    if (P.Rc != 0 || P.TimedOut || P.NotStarted) {
      B.Error = P.TimedOut     ? "the build " + P.Message
                : P.NotStarted ? P.Message
                               : buildError(P.Output) + " (log: " + B.Dir +
                                     "/build.log)";
      return;
    }
    B.Ok = true;
  });
}

} // namespace

llvm::Error runPipeline(Session &S, Mode &M) {
  S.TC = Toolchain::detect(S.Opts.Tools);
  S.Targets = S.Opts.Targets;
  if (S.Targets.empty())
    S.Targets = {findBackend("hip-cpu")};
  if (auto E = chooseReference(S, M.takesGolden()))
    return E;
  if (auto E = openTrees(S))
    return E;
  if (auto E = openWork(S))
    return E;
  // The port's mirror needs a parse of its own; it runs beside the
  // original's (spec derivation), one core each.
  bool HipOnCpu = false;
  for (const Backend *B : S.Targets)
    HipOnCpu |= B->onHipcpu() && !B->buildsOriginal() && !S.Missing.count(B);
  if (HipOnCpu)
    S.HipMirror = std::async(std::launch::async, [&S] {
      llvm::Error E = writeLaunchMirror(*S.Hip, S.Work + "/hip-src", 1);
      return E ? llvm::toString(std::move(E)) : std::string();
    });
  llvm::Error Planned = M.plan(S);
  if (S.HipMirror.valid())
    S.HipMirror.wait();
  if (Planned)
    return Planned;
  buildAll(S);
  M.run(S);
  M.compare(S);
  M.explain(S);
  M.record(S);
  if (S.RemoveWork)
    fs::remove_directories(S.Work);
  return llvm::Error::success();
}

} // namespace hipport::validate
