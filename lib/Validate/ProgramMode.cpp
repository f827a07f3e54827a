//===- ProgramMode.cpp - the program as the unit, its output as comparator -===//
#include "Validate/Program.h"

#include "Core/FileWriter.h"
#include "Core/SourceText.h"
#include "Validate/OutputCompare.h"
#include "Validate/Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <chrono>
#include <regex>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {

bool definesMain(llvm::StringRef Text) {
  static const std::regex Main(R"((^|\n)[ \t]*(int|void|auto)[ \t\n]+main[ \t]*\()");
  return std::regex_search(Text.begin(), Text.end(), Main);
}

llvm::Expected<std::vector<std::string>>
programSources(const project::Project &P, llvm::StringRef Main) {
  std::vector<std::string> Mains, Others;
  for (const project::ProjectFile &F : P.files()) {
    if (F.Role != project::FileRole::TranslationUnit)
      continue;
    auto Text = core::readFile(F.Path);
    if (!Text)
      return Text.takeError();
    (definesMain(*Text) ? Mains : Others).push_back(F.Relative);
  }
  auto Stem = [](llvm::StringRef R) {
    return R.take_front(R.rfind('.')).str();
  };
  std::string Chosen;
  for (const std::string &M : Mains)
    if (Main.empty() ? Mains.size() == 1 : Stem(M) == Stem(Main))
      Chosen = M;
  if (Chosen.empty())
    return llvm::createStringError(
        Mains.empty()
            ? fmt::format("no source in {} defines main()", P.roots().front())
            : fmt::format("{} sources in {} define main() ({}){}; choose one "
                          "with --main",
                          Mains.size(), P.roots().front(),
                          llvm::join(Mains, ", "),
                          Main.empty() ? "" : ", none is " + Main.str()));
  Others.insert(Others.begin(), Chosen);
  return Others;
}

namespace {

/// What one run of a program gave.
struct ProgramOutput {
  RunStatus Status = RunStatus::Skipped;
  std::string Message, Stdout, Dir;
  int Exit = 0;
  std::string RecordDir; ///< --record: where its launches went
};

class ProgramMode final : public Mode {
public:
  ProgramMode(const ProgramOptions &O, ProgramResult &R) : Opts(O), R(R) {}
  bool takesGolden() const override { return false; }
  llvm::Error plan(Session &S) override;
  void run(Session &S) override;
  void compare(Session &S) override;

private:
  llvm::Error planFor(Session &S, const Backend &B, int W);
  ProgramOutput runOnce(Session &S, const Backend &B, int W,
                        const std::string &Name, bool Record = true);
  void compareRun(ProgramRun &Run, const ProgramOutput &O, const Unstable &U);
  void compareLaunches(ProgramRun &Run, const ProgramOutput &O);

  const ProgramOptions &Opts;
  ProgramResult &R;
  ProgramOutput Ref, Ref2;
  std::vector<ProgramOutput> Outs; ///< parallel to R.Runs
};

llvm::Error ProgramMode::planFor(Session &S, const Backend &B, int W) {
  auto Rel = programSources(S.tree(B), S.Opts.Main);
  if (!Rel)
    return Rel.takeError();
  auto Root = S.sourceRoot(B);
  if (!Root)
    return Root.takeError();
  std::vector<std::string> Sources;
  for (const std::string &F : *Rel)
    Sources.push_back(*Root + "/" + F);
  // hipcc -c with -o takes one input: compile-only builds one per source.
  std::vector<std::vector<std::string>> Groups;
  if (B.compileOnly())
    for (const std::string &F : Sources)
      Groups.push_back({F});
  else
    Groups.push_back(Sources);
  for (const std::vector<std::string> &G : Groups) {
    std::string Unit = B.compileOnly() ? G.front() : "program";
    size_t I = addBuild(S, B, Unit, W, {});
    Build &Bd = S.Builds[I];
    if (!Bd.Req.Sources.empty())
      continue;
    Bd.Req.Sources = G;
    Bd.Req.IncludeDirs = {*Root};
    Bd.Req.Output =
        Bd.Dir + (B.compileOnly() ? "/" + path::stem(Unit).str() + ".o"
                                  : "/program");
  }
  return llvm::Error::success();
}

llvm::Error ProgramMode::plan(Session &S) {
  R.Reference = S.Ref->name().str();
  if (!S.Missing.count(S.Ref))
    if (auto E = planFor(S, *S.Ref, 32))
      return E;
  for (const Backend *T : S.Targets)
    if (!S.Missing.count(T))
      for (int W : T->widths(S.Opts.Waves))
        if (auto E = planFor(S, *T, W))
          return E;
  return llvm::Error::success();
}

ProgramOutput ProgramMode::runOnce(Session &S, const Backend &B, int W,
                                   const std::string &Name, bool Record) {
  ProgramOutput O;
  std::vector<const Build *> Mine;
  for (const Build &Bd : S.Builds)
    if (Bd.B == &B && Bd.Wave == S.buildWave(B, W))
      Mine.push_back(&Bd);
  for (const Build *Bd : Mine)
    if (!Bd->Ok) {
      O.Status = RunStatus::BuildError;
      O.Message = Bd->Error;
      return O;
    }
  if (B.compileOnly()) {
    O.Status = RunStatus::Compiled;
    O.Message = fmt::format("{} translation unit(s) compiled for {}",
                            Mine.size(), S.TC.Opts.OffloadArch);
    return O;
  }
  // Run in a fresh directory so relative output files land apart.
  std::string Dir = S.Work + "/" + Name;
  O.Dir = Dir + "/run";
  fs::create_directories(O.Dir);
  std::vector<std::string> Args = {"/usr/bin/env", "-C", O.Dir,
                                   Mine.front()->Req.Output};
  Args.insert(Args.end(), Opts.RunArgs.begin(), Opts.RunArgs.end());
  std::vector<std::string> Env;
  if (B.onHipcpu() && Opts.Checked)
    Env.push_back("HIPCPU_CHECK=1");
  if (B.onHipcpu() && Record && !S.Opts.RecordDir.empty()) {
    O.RecordDir = project::absolutePath(S.Opts.RecordDir) + "/" + Name;
    fs::remove_directories(O.RecordDir);
    fs::create_directories(O.RecordDir);
    Env.push_back("HIPCPU_RECORD=" + O.RecordDir);
    Env.push_back(fmt::format("HIPCPU_RECORD_LIMIT={}", Opts.RecordLimit));
  }
  RunOutcome Run = runUnit(S, *Mine.front(), W, Args, Dir + "/stderr.txt",
                           Dir + "/stdout.txt", false, Env);
  O.Status = Run.Status;
  O.Message = Run.Status == RunStatus::Pass ? "" : "the program " + Run.Message;
  O.Exit = Run.Proc.Rc;
  if (auto Buf = llvm::MemoryBuffer::getFile(Dir + "/stdout.txt")) {
    auto N = normaliseOutput((*Buf)->getBuffer(), Opts.Normalise);
    O.Stdout = N ? *N : (*Buf)->getBuffer().str();
    if (!N)
      llvm::consumeError(N.takeError());
  }
  return O;
}

void ProgramMode::run(Session &S) {
  R.Builds = unsigned(S.Builds.size());
  if (S.Missing.count(S.Ref)) {
    R.ReferenceStatus = RunStatus::Skipped;
    R.ReferenceMessage = S.Missing[S.Ref];
  } else {
    Ref = runOnce(S, *S.Ref, 32, "reference");
    R.ReferenceStatus = Ref.Status;
    R.ReferenceMessage = Ref.Message;
    R.ReferenceExit = Ref.Exit;
    R.ReferenceRecordDir = Ref.RecordDir;
    if (Opts.Twice && Ref.Status == RunStatus::Pass)
      Ref2 = runOnce(S, *S.Ref, 32, "reference-2", false);
  }
  for (const Backend *T : S.Targets)
    for (int W : T->widths(S.Opts.Waves)) {
      ProgramRun Run;
      Run.Target = T;
      Run.Wave = W;
      ProgramOutput O;
      if (S.Missing.count(T))
        Run.Message = S.Missing[T];
      else if (R.ReferenceStatus != RunStatus::Pass && !T->compileOnly())
        O.Status = RunStatus::Pass; // not run: compare() gives no verdict
      else
        O = runOnce(S, *T, W, fmt::format("{}-w{}", T->name(), W));
      Run.Status = O.Status;
      if (!O.Message.empty())
        Run.Message = O.Message;
      Run.ExitCode = O.Exit;
      R.Runs.push_back(Run);
      Outs.push_back(O);
    }
}

void ProgramMode::compareRun(ProgramRun &Run, const ProgramOutput &O,
                             const Unstable &U) {
  if (O.Exit != Ref.Exit)
    Run.Differences.push_back(fmt::format(
        "exit code {}, the reference exited with {}", O.Exit, Ref.Exit));
  std::string D = compareStdout(Ref.Stdout, O.Stdout, Opts.StdoutRel,
                                Opts.StdoutAbs, U);
  if (!D.empty())
    Run.Differences.push_back(D);
  for (const std::string &F : Opts.OutputFiles) {
    auto X = llvm::MemoryBuffer::getFile(Ref.Dir + "/" + F);
    auto Y = llvm::MemoryBuffer::getFile(O.Dir + "/" + F);
    if (!X || !Y)
      Run.Differences.push_back(fmt::format(
          "output file {}: not written by the {}", F, !X ? "reference" : "port"));
    else if ((*X)->getBuffer() != (*Y)->getBuffer())
      Run.Differences.push_back(
          fmt::format("output file {}: contents differ", F));
  }
  compareLaunches(Run, O);
  if (!Run.Differences.empty())
    Run.Status = RunStatus::Fail;
}

/// --record: the port's launches against the reference's. They explain a
/// failing run (which launch went wrong first) but do not fail one: a
/// buffer of per-warp partial results may rightly differ at another width,
/// and a port may launch differently and still be right.
void ProgramMode::compareLaunches(ProgramRun &Run, const ProgramOutput &O) {
  Run.RecordDir = O.RecordDir;
  if (O.RecordDir.empty() || Ref.RecordDir.empty())
    return;
  // runtime/hipcpu writes the manifest at the first launch: none, no launch.
  auto Read = [](const std::string &D) -> llvm::Expected<Recording> {
    if (!fs::exists(D + "/manifest.txt")) {
      Recording Empty;
      Empty.Dir = D;
      return Empty;
    }
    return readRecording(D);
  };
  auto X = Read(Ref.RecordDir);
  if (!X) {
    Run.RecordError = llvm::toString(X.takeError());
    return;
  }
  auto Y = Read(O.RecordDir);
  if (!Y) {
    Run.RecordError = llvm::toString(Y.takeError());
    return;
  }
  Run.Launches = compareRecordings(*X, *Y);
  const KernelVerdict *First = nullptr;
  for (const KernelVerdict &V : Run.Launches.Kernels)
    if (V.Differs && (!First || V.FirstSeq < First->FirstSeq))
      First = &V;
  if (First && !Run.Differences.empty())
    Run.Differences.push_back(fmt::format(
        "the first launch whose outputs differ: launch {} ({})",
        First->FirstSeq, First->Kernel));
}

void ProgramMode::compare(Session &S) {
  Unstable U;
  if (Opts.Twice && Ref.Status == RunStatus::Pass) {
    U = unstableTokens(Ref.Stdout, Ref2.Stdout, Opts.StdoutRel, Opts.StdoutAbs);
    R.NonDeterministic = !U.Comparable || !U.Positions.empty() ||
                         Ref.Exit != Ref2.Exit;
    if (R.NonDeterministic)
      S.Warnings.push_back(
          U.Comparable && Ref.Exit == Ref2.Exit
              ? fmt::format("the reference is not deterministic: {} stdout "
                            "token(s) differ between two runs; they are not "
                            "compared",
                            U.Positions.size())
              : "the reference is not deterministic: two runs differ in "
                "their exit code or number of tokens; no verdict");
  }
  bool Decidable = !R.NonDeterministic || (U.Comparable && Ref.Exit == Ref2.Exit);
  for (size_t I = 0; I < R.Runs.size(); ++I) {
    ProgramRun &Run = R.Runs[I];
    if (Run.Status != RunStatus::Pass)
      continue;
    if (R.ReferenceStatus != RunStatus::Pass || !Decidable) {
      Run.Status = RunStatus::NoVerdict;
      Run.Message = R.ReferenceStatus == RunStatus::BuildError
                        ? "the reference did not build"
                    : R.ReferenceStatus != RunStatus::Pass
                        ? "the reference did not run to the end"
                        : "the reference is not deterministic";
      continue;
    }
    compareRun(Run, Outs[I], U);
  }
}

} // namespace

llvm::Expected<ProgramResult> validateProgram(const ProgramOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  ProgramResult R;
  for (const std::string &X : Opts.Normalise)
    if (auto N = normaliseOutput("", {X}); !N)
      return N.takeError();
  Session S(Opts.Base);
  ProgramMode M(Opts, R);
  if (auto E = runPipeline(S, M))
    return std::move(E);
  R.Warnings = S.Warnings;
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
}

} // namespace hipport::validate
