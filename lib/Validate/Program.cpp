#include "Validate/Program.h"

#include "Core/FileWriter.h"
#include "Port/Porter.h"
#include "Project/Project.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {

std::string ProgramRun::label() const { return runLabel(Target, Wave); }

bool ProgramResult::allPassed() const {
  return allRunsPassed(ReferenceStatus, Runs);
}

namespace {

/// The first compiler error line, or the last line of the log.
std::string tail(const std::string &Log) {
  llvm::SmallVector<llvm::StringRef> All;
  llvm::StringRef(Log).rtrim().split(All, '\n');
  for (llvm::StringRef L : All)
    if (L.contains("error"))
      return L.trim().str();
  return All.empty() ? "" : All.back().trim().str();
}

std::optional<double> number(llvm::StringRef T) {
  T = T.trim(",;:()[]");
  if (T.empty())
    return std::nullopt;
  char *End = nullptr;
  std::string S = T.str();
  double V = std::strtod(S.c_str(), &End);
  if (End != S.c_str() + S.size())
    return std::nullopt;
  return V;
}

/// The TUs to build: those of a launch mirror of P under Out when Rewrite,
/// P's own otherwise.
llvm::Expected<std::vector<std::string>>
mirror(const project::Project &P, const std::string &Out, bool Rewrite,
       unsigned Jobs) {
  if (Rewrite)
    if (auto E = writeLaunchMirror(P, Out, Jobs))
      return std::move(E);
  std::vector<std::string> TUs;
  for (const project::ProjectFile &F : P.files())
    if (F.Role == project::FileRole::TranslationUnit)
      TUs.push_back(Rewrite ? Out + "/" + F.Relative : F.Path);
  return TUs;
}

std::vector<std::string> programBuild(const Toolchain &TC, BackendKind B,
                                      const std::vector<std::string> &TUs,
                                      const std::string &Root,
                                      const std::string &Shim,
                                      const std::string &Exe) {
  std::vector<std::string> C;
  switch (B) {
  case BackendKind::CudaCpu:
  case BackendKind::HipCpu:
    C = {TC.Cxx, "-std=c++17", "-O1", "-w", "-I" + Shim, "-I" + TC.HipcpuInclude,
         "-I" + Root, "-include",
         B == BackendKind::CudaCpu ? "hipcpu/cuda_runtime.h"
                                   : "hipcpu/hip_runtime.h",
         "-x", "c++"};
    C.insert(C.end(), TUs.begin(), TUs.end());
    C.insert(C.end(), {"-x", "none", TC.HipcpuLib, "-lboost_context",
                       "-lpthread", "-o", Exe});
    break;
  case BackendKind::Cuda:
    C = {TC.Nvcc, "-std=c++17", "-O2", "-w", "-arch=" + TC.Opts.CudaArch,
         "-I" + Root};
    C.insert(C.end(), TUs.begin(), TUs.end());
    C.insert(C.end(), {"-o", Exe});
    break;
  case BackendKind::Hip:
  case BackendKind::CompileOnly:
    C = {TC.Hipcc, "-std=c++17", "-O2", "-w",
         "--offload-arch=" + TC.Opts.OffloadArch, "-I" + Root};
    for (const std::string &T : TUs) {
      C.push_back(llvm::StringRef(T).ends_with(".cpp") ? "-xhip" : "");
      if (C.back().empty())
        C.pop_back();
      C.push_back(T);
    }
    C.insert(C.end(), {"-o", Exe});
    if (B == BackendKind::CompileOnly)
      C.insert(C.begin() + 1, "-c");
    break;
  }
  return C;
}

struct Outcome {
  RunStatus Status = RunStatus::Pass;
  std::string Message, Stdout, Dir;
  int Exit = 0;
};

Outcome buildAndRun(const Toolchain &TC, BackendKind B, int Wave,
                    const project::Project &P, const std::string &Work,
                    const std::string &Name, const ProgramOptions &Opts) {
  Outcome O;
  std::string Dir = Work + "/" + Name;
  fs::create_directories(Dir + "/run");
  auto TUs = mirror(P, Dir + "/src", onHipcpu(B), Opts.Base.Jobs);
  if (!TUs) {
    O.Status = RunStatus::BuildError;
    O.Message = llvm::toString(TUs.takeError());
    return O;
  }
  std::string Root = onHipcpu(B) ? Dir + "/src" : P.roots().front();
  if (B == BackendKind::CompileOnly) {
    // One object per TU: hipcc -c with -o takes one input.
    for (const std::string &T : *TUs) {
      std::string Obj = Dir + "/" + path::stem(T).str() + ".o";
      std::vector<std::string> Cmd =
          programBuild(TC, B, {T}, Root, Work + "/shim", Obj);
      ProcResult R = runProcess(Cmd, {}, Dir + "/build.log", 600);
      if (R.Rc != 0) {
        O.Status = RunStatus::BuildError;
        O.Message = tail(R.Output);
        return O;
      }
    }
    O.Status = RunStatus::Compiled;
    O.Message = fmt::format("{} translation unit(s) compiled for {}",
                            TUs->size(), TC.Opts.OffloadArch);
    return O;
  }
  std::string Exe = Dir + "/program";
  ProcResult R = runProcess(programBuild(TC, B, *TUs, Root, Work + "/shim", Exe),
                            {}, Dir + "/build.log", 600);
  if (R.Rc != 0 || R.NotStarted) {
    O.Status = RunStatus::BuildError;
    O.Message = R.NotStarted ? R.Message : tail(R.Output);
    return O;
  }
  // Run in a fresh directory so relative output files land apart.
  std::vector<std::string> Args = {"/usr/bin/env", "-C", Dir + "/run", Exe};
  Args.insert(Args.end(), Opts.RunArgs.begin(), Opts.RunArgs.end());
  std::vector<std::string> Env;
  if (onHipcpu(B))
    Env = {fmt::format("HIPCPU_WARP_SIZE={}", Wave)};
  ProcResult Run = runProcess(Args, Env, Dir + "/stderr.txt",
                              Opts.Base.TimeoutSeconds, Dir + "/stdout.txt");
  O.Dir = Dir + "/run";
  if (auto Buf = llvm::MemoryBuffer::getFile(Dir + "/stdout.txt"))
    O.Stdout = (*Buf)->getBuffer().str();
  if (Run.TimedOut) {
    O.Status = RunStatus::Timeout;
    O.Message = "the program " + Run.Message;
  } else if (Run.Crashed || Run.NotStarted) {
    O.Status = RunStatus::RunError;
    O.Message = "the program crashed: " + Run.Message;
  }
  O.Exit = Run.Rc;
  return O;
}

} // namespace

std::string compareStdout(llvm::StringRef Expected, llvm::StringRef Actual,
                          double Rel, double Abs) {
  llvm::SmallVector<llvm::StringRef> E, A;
  llvm::SplitString(Expected, E);
  llvm::SplitString(Actual, A);
  for (size_t I = 0; I < std::max(E.size(), A.size()); ++I) {
    if (I >= E.size() || I >= A.size())
      return fmt::format("stdout: {} tokens, the reference has {}", A.size(),
                         E.size());
    if (E[I] == A[I])
      continue;
    auto X = number(E[I]), Y = number(A[I]);
    if (X && Y) {
      double D = std::fabs(*X - *Y);
      if (D <= Abs || D <= Rel * std::fabs(*X) ||
          (std::isnan(*X) && std::isnan(*Y)))
        continue;
    }
    return fmt::format("stdout token {}: expected '{}', got '{}'", I, E[I],
                       A[I]);
  }
  return "";
}

llvm::Expected<ProgramResult> validateProgram(const ProgramOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  const ValidateOptions &B = Opts.Base;
  ProgramResult R;
  Toolchain TC = Toolchain::detect(B.Tools);
  BackendKind Ref = BackendKind::CudaCpu;
  if (B.Reference == "cuda" || B.Reference.empty()) {
    if (TC.missing(BackendKind::Cuda).empty())
      Ref = BackendKind::Cuda;
    else if (B.Reference == "cuda")
      R.Warnings.push_back("reference cuda unavailable: " +
                           TC.missing(BackendKind::Cuda) + "; using cuda-cpu");
  } else if (B.Reference != "cuda-cpu") {
    return llvm::createStringError(
        "--reference: program mode compares against cuda or cuda-cpu");
  }
  R.Reference = backendName(Ref);
  project::ProjectOptions CPO, HPO;
  CPO.Inputs = {B.CudaDir};
  HPO.Inputs = {B.HipDir};
  CPO.CudaPath = HPO.CudaPath = B.CudaPath;
  CPO.ExtraArgs = HPO.ExtraArgs = B.ExtraClangArgs;
  auto CP = project::Project::open(CPO);
  if (!CP)
    return CP.takeError();
  auto HP = project::Project::open(HPO);
  if (!HP)
    return HP.takeError();

  std::string Work = B.WorkDir;
  bool Remove = Work.empty();
  if (Work.empty()) {
    llvm::SmallString<128> Tmp;
    if (std::error_code EC = fs::createUniqueDirectory("hipport-program", Tmp))
      return llvm::createStringError(EC, "cannot create a work directory");
    Work = std::string(Tmp);
  } else {
    Work = project::absolutePath(Work);
  }
  if (auto E = writeHipcpuShims(Work + "/shim"))
    return std::move(E);

  Outcome RefOut;
  if (std::string M = TC.missing(Ref); !M.empty()) {
    R.ReferenceStatus = RunStatus::Skipped;
    R.ReferenceMessage = M;
  } else {
    RefOut = buildAndRun(TC, Ref, 32, *CP, Work, "reference", Opts);
    R.ReferenceStatus = RefOut.Status;
    R.ReferenceMessage = RefOut.Message;
    R.ReferenceExit = RefOut.Exit;
  }
  for (BackendKind T : B.Targets) {
    std::vector<int> Waves =
        T == BackendKind::HipCpu ? B.Waves : std::vector<int>{0};
    for (int W : Waves) {
      ProgramRun Run;
      Run.Target = T;
      Run.Wave = W;
      if (std::string M = TC.missing(T); !M.empty()) {
        Run.Message = M;
        R.Runs.push_back(Run);
        continue;
      }
      Outcome O = buildAndRun(TC, T, W, *HP, Work,
                              fmt::format("{}-w{}", backendName(T), W), Opts);
      Run.Status = O.Status;
      Run.Message = O.Message;
      Run.ExitCode = O.Exit;
      if (O.Status == RunStatus::Pass && R.ReferenceStatus == RunStatus::Pass) {
        if (O.Exit != RefOut.Exit)
          Run.Differences.push_back(fmt::format(
              "exit code {}, the reference exited with {}", O.Exit,
              RefOut.Exit));
        std::string D =
            compareStdout(RefOut.Stdout, O.Stdout, Opts.StdoutRel, Opts.StdoutAbs);
        if (!D.empty())
          Run.Differences.push_back(D);
        for (const std::string &F : Opts.OutputFiles) {
          auto X = llvm::MemoryBuffer::getFile(RefOut.Dir + "/" + F);
          auto Y = llvm::MemoryBuffer::getFile(O.Dir + "/" + F);
          if (!X || !Y)
            Run.Differences.push_back(
                fmt::format("output file {}: not written by the {}", F,
                            !X ? "reference" : "port"));
          else if ((*X)->getBuffer() != (*Y)->getBuffer())
            Run.Differences.push_back(
                fmt::format("output file {}: contents differ", F));
        }
        if (!Run.Differences.empty())
          Run.Status = RunStatus::Fail;
      }
      R.Runs.push_back(Run);
    }
  }
  if (Remove)
    fs::remove_directories(Work);
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
}

void printProgramText(llvm::raw_ostream &OS, const ProgramResult &R) {
  OS << "reference: " << R.Reference << " program, "
     << statusName(R.ReferenceStatus);
  if (R.ReferenceStatus == RunStatus::Pass)
    OS << " (exit " << R.ReferenceExit << ")";
  else
    OS << ": " << R.ReferenceMessage;
  OS << "\n";
  for (const std::string &W : R.Warnings)
    OS << "warning: " << W << "\n";
  for (const ProgramRun &Run : R.Runs) {
    OS << fmt::format("{} program {}", Run.label(), statusName(Run.Status));
    if (!Run.Message.empty())
      OS << ": " << Run.Message;
    OS << "\n";
    for (const std::string &D : Run.Differences)
      OS << "  " << D << "\n";
  }
  OS << (R.allPassed() ? "program: PASS\n" : "program: FAIL\n");
}

nlohmann::json programToJson(const ProgramResult &R) {
  nlohmann::json Runs = nlohmann::json::array();
  for (const ProgramRun &Run : R.Runs)
    Runs.push_back({{"target", backendName(Run.Target)},
                    {"wave", Run.Wave},
                    {"status", statusName(Run.Status)},
                    {"message", Run.Message},
                    {"exit_code", Run.ExitCode},
                    {"differences", Run.Differences}});
  return {{"reference", R.Reference},
          {"reference_status", statusName(R.ReferenceStatus)},
          {"reference_exit", R.ReferenceExit},
          {"warnings", R.Warnings},
          {"runs", Runs},
          {"passed", R.allPassed()}};
}

} // namespace hipport::validate
