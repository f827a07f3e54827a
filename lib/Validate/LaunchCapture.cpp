#include "Validate/LaunchCapture.h"

#include "Core/FileWriter.h"
#include "Validate/LaunchMirror.h"
#include "Validate/Program.h"
#include "Validate/Recording.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

namespace fs = llvm::sys::fs;

namespace hipport::validate {
namespace {

/// Builds and runs the original once, recording its launches; "" on
/// success, otherwise why there is no recording.
std::string recordProgram(Session &S, Recording &Out) {
  const Backend *B = findBackend("cuda-cpu");
  if (std::string M = B->missing(S.TC); !M.empty())
    return M;
  auto Rel = programSources(*S.Cuda, S.Opts.Main);
  if (!Rel)
    return llvm::toString(Rel.takeError());
  auto Root = S.sourceRoot(*B);
  if (!Root)
    return llvm::toString(Root.takeError());
  std::string Dir = S.Work + "/capture";
  fs::create_directories(Dir + "/run");
  BuildRequest R;
  for (const std::string &F : *Rel)
    R.Sources.push_back(*Root + "/" + F);
  R.IncludeDirs = {*Root};
  R.UserFlags = S.UserFlags;
  R.ShimDir = S.Work + "/shim";
  R.Output = Dir + "/program";
  R.Wave = 32;
  if (fs::exists(*Root + "/" + DynamicSharedFile))
    R.Extra.push_back(*Root + "/" + DynamicSharedFile);
  ProcResult P = runProcess(B->compileCommand(S.TC, R), {}, Dir + "/build.log",
                            std::max(S.Opts.TimeoutSeconds, 300u));
  if (P.Rc != 0)
    return "the program does not build: " + buildError(P.Output);
  // The launch shapes, scalars and allocation sizes only: no contents.
  std::string Rec = Dir + "/recording";
  ProcResult Run = runProcess(
      {"/usr/bin/env", "-C", Dir + "/run", R.Output},
      {"HIPCPU_RECORD=" + Rec, "HIPCPU_RECORD_LIMIT=0", "HIPCPU_CHECK=1",
       "HIPCPU_WARP_SIZE=32"},
      Dir + "/stderr.txt", S.Opts.TimeoutSeconds, Dir + "/stdout.txt");
  if (!fs::exists(Rec + "/manifest.txt"))
    return Run.TimedOut || Run.Crashed ? "the program " + Run.Message
                                       : "the program launched no kernel";
  auto Got = readRecording(Rec);
  if (!Got)
    return llvm::toString(Got.takeError());
  Out = std::move(*Got);
  return "";
}

/// Takes the launch shape, scalars and buffer sizes of the first recorded
/// launch of Sp's kernel.
void applyLaunch(KernelSpec &Sp, const RecordedLaunchRun &L, unsigned Count) {
  if (!Sp.FromSpecFile) {
    Sp.Grid = L.Grid;
    Sp.Block = L.Block;
    Sp.SharedBytes = L.Shared;
    Sp.Notes.clear();
  }
  for (size_t I = 0; I < Sp.Params.size() && I < L.Args.size(); ++I) {
    Param &P = Sp.Params[I];
    const RecordedArg &A = L.Args[I];
    if (P.Kind == ParamKind::Buffer && A.Tracked && A.Bytes > A.Offset) {
      // The bytes from the pointer to the end of its allocation.
      P.Count = std::max<uint64_t>(1, (A.Bytes - A.Offset) /
                                          std::max(1u, P.Type.Size));
      P.Origin = "the size of its allocation in a run of the program";
      llvm::erase(Sp.Unsized, P.Name);
    } else if (P.Kind == ParamKind::Scalar && !Sp.FromSpecFile &&
               (A.Kind == RecordedArg::Int || A.Kind == RecordedArg::Float)) {
      P.Value = A.Value;
      P.Origin = "its value in a run of the program";
    }
  }
  Sp.Notes.push_back(fmt::format("launch shape, scalars and buffer sizes from "
                                 "the first of {} launch(es) in a run of the "
                                 "original program",
                                 Count));
}

} // namespace

void applyProgramLaunches(Session &S, std::vector<KernelSpec> &Specs) {
  bool Needed = false;
  for (const KernelSpec &Sp : Specs)
    Needed |= !Sp.Unsized.empty() && Sp.Unsupported.empty();
  if (!Needed)
    return;
  Recording Launches;
  std::string Why = recordProgram(S, Launches);
  for (KernelSpec &Sp : Specs) {
    if (Sp.Unsized.empty() || !Sp.Unsupported.empty())
      continue;
    unsigned SameBase = 0;
    for (const KernelSpec &O : Specs)
      SameBase += kernelBaseName(O.Name) == kernelBaseName(Sp.Name);
    std::vector<const RecordedLaunchRun *> Mine =
        launchesOf(Launches, Sp, SameBase == 1);
    if (!Mine.empty())
      applyLaunch(Sp, *Mine.front(), unsigned(Mine.size()));
    if (Sp.Unsized.empty())
      continue;
    Sp.Unsupported = fmt::format(
        "buffer '{}' has no size: no size parameter, and {}; give its count "
        "in --spec",
        Sp.Unsized.front(),
        !Why.empty() ? "no run of the program to take it from (" + Why + ")"
        : Mine.empty() ? std::string("the program never launches the kernel")
                       : std::string("its argument is not a device buffer"));
  }
}

} // namespace hipport::validate
