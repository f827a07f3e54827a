//===- ValidateCommand.cpp - hipport validate ------------------------------===//
#include "Command.h"

#include "Validate/Program.h"
#include "Validate/ValidateReport.h"
#include "Validate/Validator.h"

#include "Checks/Baseline.h"
#include "Core/TextDiagnostic.h"
#include "Report/FindingReporter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <thread>

using namespace llvm;
using namespace hipport;

namespace {

cl::SubCommand ValidateCmd("validate",
                           "Run ported kernels against CUDA reference outputs");
cl::list<std::string> Dirs(cl::Positional, cl::sub(ValidateCmd),
                           cl::desc("CUDA_DIR HIP_DIR"));
cl::list<std::string> KernelsOpt("kernels", cl::CommaSeparated,
                                 cl::desc("Validate only these kernels"),
                                 cl::sub(ValidateCmd));
cl::opt<std::string> SpecOpt("spec", cl::desc("Kernel spec file (JSON)"),
                             cl::value_desc("file"), cl::sub(ValidateCmd));
cl::opt<std::string> ReferenceOpt(
    "reference", cl::desc("cuda, cuda-cpu or golden:DIR (default: cuda where "
                          "an NVIDIA GPU is, else cuda-cpu)"),
    cl::sub(ValidateCmd));
cl::list<std::string> TargetOpt(
    "target", cl::CommaSeparated,
    cl::desc("hip, hip-cpu, compile-only, cuda, cuda-cpu (default hip-cpu)"),
    cl::sub(ValidateCmd));
cl::opt<std::string> WaveOpt("wave", cl::desc("hip-cpu width: 32, 64 or both"),
                             cl::init("64"), cl::sub(ValidateCmd));
cl::opt<std::string> RecordOpt(
    "record",
    cl::desc("Kernel mode: store reference inputs and outputs (golden). "
             "Program mode: record every kernel launch of each runtime/hipcpu "
             "run here and compare them launch by launch"),
    cl::value_desc("dir"), cl::sub(ValidateCmd));
cl::opt<unsigned long long> RecordLimitOpt(
    "record-limit",
    cl::desc("Program mode --record: bytes of buffer contents per run, "
             "shared out by kernel (default 256 MiB)"),
    cl::init(256ull << 20), cl::sub(ValidateCmd));
cl::opt<std::string> ReplayOpt(
    "replay",
    cl::desc("Kernel mode: replay each kernel launch of this recording of the "
             "original (--program --record DIR writes DIR/reference) in the "
             "port's kernel, with the recorded inputs, and compare its buffers "
             "with the recorded ones"),
    cl::value_desc("dir"), cl::sub(ValidateCmd));
cl::opt<unsigned> ReplayLaunchesOpt(
    "replay-launches", cl::desc("--replay: launches per kernel (default 16)"),
    cl::init(16), cl::sub(ValidateCmd));
cl::opt<std::string> FormatOpt("format", cl::desc("text, json or sarif"),
                               cl::init("text"), cl::sub(ValidateCmd));
cl::opt<std::string> WorkOpt("work-dir",
                             cl::desc("Keep drivers, builds and outputs here"),
                             cl::sub(ValidateCmd));
cl::opt<unsigned> JobsOpt("j", cl::desc("Builds and runs in parallel"),
                          cl::init(0), cl::sub(ValidateCmd));
cl::opt<unsigned> TimeoutOpt("timeout", cl::desc("Seconds per driver run"),
                             cl::init(60), cl::sub(ValidateCmd));
cl::opt<std::string> ArchOpt("offload-arch",
                             cl::desc("AMD target of hip and compile-only"),
                             cl::init("gfx90a"), cl::sub(ValidateCmd));
cl::opt<std::string> CudaArchOpt("cuda-arch", cl::desc("nvcc -arch"),
                                 cl::init("native"), cl::sub(ValidateCmd));
cl::opt<std::string> HipcpuLibOpt("hipcpu-lib", cl::desc("libhipcpu.a"),
                                  cl::sub(ValidateCmd));
cl::opt<std::string> CxxOpt("cxx", cl::desc("C++ compiler for runtime/hipcpu"),
                            cl::sub(ValidateCmd));
cl::opt<std::string> CudaPathOpt("cuda-path",
                                 cl::desc("CUDA toolkit to parse with"),
                                 cl::sub(ValidateCmd));
cl::opt<bool> NoLintOpt("no-lint",
                        cl::desc("Do not lint the port's failing kernels"),
                        cl::sub(ValidateCmd));
// Program mode.
cl::opt<bool> CompareRecordingsOpt(
    "compare-recordings",
    cl::desc("Compare two launch recordings (REF_DIR PORT_DIR, e.g. one made "
             "on a GPU by runtime/cudarecord and one by runtime/hipcpu) "
             "launch by launch"),
    cl::sub(ValidateCmd));
cl::opt<bool> ProgramOpt("program",
                         cl::desc("Build and run whole programs and compare "
                                  "exit code, stdout and output files"),
                         cl::sub(ValidateCmd));
cl::list<std::string> RunArgsOpt("run-arg",
                                 cl::desc("Argument of the program (repeat)"),
                                 cl::sub(ValidateCmd));
cl::list<std::string> OutputFileOpt(
    "output-file", cl::desc("A file the program writes, compared (repeat)"),
    cl::sub(ValidateCmd));
cl::opt<double> StdoutRelOpt("stdout-rel",
                             cl::desc("Relative tolerance of numbers in stdout"),
                             cl::init(1e-5), cl::sub(ValidateCmd));
cl::list<std::string> NormaliseOpt(
    "normalise",
    cl::desc("Regular expression masked in stdout before comparison (repeat; "
             "timings, paths and addresses are masked always)"),
    cl::sub(ValidateCmd));
cl::opt<std::string> MainOpt(
    "main", cl::desc("The source whose main() is the program, where several "
                     "define one"),
    cl::sub(ValidateCmd));
cl::opt<bool> OnceOpt("reference-once",
                      cl::desc("Run the reference once (no check for "
                               "non-determinism)"),
                      cl::sub(ValidateCmd));
cl::opt<bool> FreeRunningOpt(
    "free-running",
    cl::desc("runtime/hipcpu: lanes run freely between collectives and "
             "barriers instead of in lockstep (faster; code that relies on "
             "implicit warp synchrony then fails as it would not on a GPU)"),
    cl::sub(ValidateCmd));
cl::opt<bool> UncheckedOpt("unchecked",
                           cl::desc("Program mode: no guard pages around "
                                    "device buffers"),
                           cl::sub(ValidateCmd));
cl::opt<bool> AllowNonUtf8Opt(
    "allow-non-utf8",
    cl::desc("Accepted for symmetry with port: validate keeps non-UTF-8 "
             "bytes as they are"),
    cl::sub(ValidateCmd));
cl::opt<double> StdoutAbsOpt("stdout-abs",
                             cl::desc("Absolute tolerance of numbers in stdout"),
                             cl::init(1e-6), cl::sub(ValidateCmd));

/// SARIF from the shared reporter, as lint writes it.
void writeSarif(const std::vector<core::Finding> &Fs, const std::string &Root) {
  core::TextDiagnostic Text(errs());
  auto Rel = [&](const std::string &F) {
    llvm::StringRef S(F);
    return S.consume_front(Root + "/") ? S.str() : F;
  };
  std::vector<std::string> Prints = checks::fingerprints(
      Fs, Rel, [&](const std::string &File, unsigned Off) -> std::string {
        const core::SourceText *T = Text.source(File);
        return T ? T->lineText(Off) : "";
      });
  report::FindingReport FR;
  FR.readFrom(Fs, Prints);
  FR.Relative = Rel;
  FR.LineColumn = [&](const core::FileRange &Rg) { return Text.lineColumn(Rg); };
  FR.Root = Root;
  report::writeSarif(outs(), FR);
  outs() << "\n";
}

/// --compare-recordings REF PORT: 0 same launches and outputs, 1 differ (a
/// host side that parts counts: both are meant to be one program's runs),
/// 2 bad input.
int compareRecordingDirs() {
  auto Ref = validate::readRecording(Dirs[0]);
  if (!Ref) {
    cli::error(toString(Ref.takeError()));
    return 2;
  }
  auto Port = validate::readRecording(Dirs[1]);
  if (!Port) {
    cli::error(toString(Port.takeError()));
    return 2;
  }
  validate::RecordComparison C = validate::compareRecordings(*Ref, *Port);
  outs() << "reference: " << Dirs[0] << "\nport: " << Dirs[1] << "\n";
  validate::printComparison(outs(), C);
  bool Differs = C.differs() || !C.HostDivergence.empty();
  outs() << (Differs ? "recordings: FAIL\n" : "recordings: PASS\n");
  return Differs ? 1 : 0;
}

int runValidate() {
  if (CompareRecordingsOpt && Dirs.size() == 2)
    return compareRecordingDirs();
  if (Dirs.size() != 2) {
    cli::error("validate: expected CUDA_DIR HIP_DIR");
    return 2;
  }
  if (FormatOpt != "text" && FormatOpt != "json" && FormatOpt != "sarif") {
    cli::error("--format: expected text, json or sarif");
    return 2;
  }
  validate::ValidateOptions O;
  O.CudaDir = Dirs[0];
  O.HipDir = Dirs[1];
  O.Kernels.assign(KernelsOpt.begin(), KernelsOpt.end());
  O.SpecFile = SpecOpt;
  O.Reference = ReferenceOpt;
  if (!TargetOpt.empty()) {
    O.Targets.clear();
    for (const std::string &T : TargetOpt) {
      const validate::Backend *B = validate::findBackend(T);
      if (!B) {
        cli::error("--target: expected one of " + validate::backendNames() +
                   ", got '" + T + "'");
        return 2;
      }
      O.Targets.push_back(B);
    }
  }
  if (WaveOpt == "both")
    O.Waves = {64, 32};
  else if (WaveOpt == "32" || WaveOpt == "64")
    O.Waves = {std::stoi(WaveOpt)};
  else {
    cli::error("--wave: expected 32, 64 or both");
    return 2;
  }
  O.RecordDir = RecordOpt;
  O.ReplayDir = ReplayOpt;
  O.ReplayLaunches = std::max(1u, unsigned(ReplayLaunchesOpt));
  if (!O.ReplayDir.empty() && (ProgramOpt || !ReferenceOpt.empty())) {
    cli::error("--replay: the recording is the reference; it takes neither "
               "--program nor --reference");
    return 2;
  }
  O.WorkDir = WorkOpt;
  O.Jobs = JobsOpt ? unsigned(JobsOpt)
                   : std::max(1u, std::thread::hardware_concurrency());
  O.TimeoutSeconds = TimeoutOpt;
  O.Tools.OffloadArch = ArchOpt;
  O.Tools.CudaArch = CudaArchOpt;
  O.Tools.HipcpuLib = HipcpuLibOpt;
  O.Tools.Cxx = CxxOpt;
  O.Tools.Argv0 = "hipport"; // Linux finds the binary via /proc/self/exe
  O.ExtraClangArgs = cli::ExtraClangArgs;
  O.CudaPath = CudaPathOpt;
  O.LintFailures = !NoLintOpt;
  O.Lockstep = !FreeRunningOpt;
  O.Main = MainOpt;

  if (ProgramOpt) {
    validate::ProgramOptions PO;
    PO.Base = O;
    PO.RunArgs.assign(RunArgsOpt.begin(), RunArgsOpt.end());
    PO.OutputFiles.assign(OutputFileOpt.begin(), OutputFileOpt.end());
    PO.StdoutRel = StdoutRelOpt;
    PO.StdoutAbs = StdoutAbsOpt;
    PO.Normalise.assign(NormaliseOpt.begin(), NormaliseOpt.end());
    PO.Twice = !OnceOpt;
    PO.Checked = !UncheckedOpt;
    PO.RecordLimit = RecordLimitOpt;
    auto R = validate::validateProgram(PO);
    if (!R) {
      cli::error(toString(R.takeError()));
      return 2;
    }
    if (FormatOpt == "text")
      validate::printProgramText(outs(), *R);
    else if (FormatOpt == "sarif")
      writeSarif(validate::toFindings(*R, project::absolutePath(O.HipDir)),
                 project::absolutePath(O.HipDir));
    else
      outs() << validate::programToJson(*R).dump(2) << "\n";
    return R->allPassed() ? 0 : 1;
  }

  auto R = validate::validate(O);
  if (!R) {
    cli::error(toString(R.takeError()));
    return 2;
  }
  if (FormatOpt == "json")
    outs() << validate::toJson(*R).dump(2) << "\n";
  else if (FormatOpt == "sarif")
    writeSarif(validate::toFindings(*R), project::absolutePath(O.HipDir));
  else
    validate::printText(outs(), *R);
  return R->allPassed() ? 0 : 1;
}

cli::RegisterCommand Reg(ValidateCmd, runValidate,
                         {"rules-dir", "cache-dir", "docs-base-uri"});

} // namespace
