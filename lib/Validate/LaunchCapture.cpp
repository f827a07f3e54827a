#include "Validate/LaunchCapture.h"

#include "Core/FileWriter.h"
#include "Validate/LaunchMirror.h"
#include "Validate/Program.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

namespace fs = llvm::sys::fs;

namespace hipport::validate {
namespace {

bool readDim3(llvm::StringRef T, Dim3 &D) {
  llvm::SmallVector<llvm::StringRef> P;
  T.split(P, ' ', -1, false);
  return P.size() == 3 && !P[0].getAsInteger(10, D.X) &&
         !P[1].getAsInteger(10, D.Y) && !P[2].getAsInteger(10, D.Z);
}

llvm::StringRef baseName(llvm::StringRef N) {
  return N.take_until([](char C) { return C == '<'; }).trim();
}

/// Builds and runs the original once, recording its launches; "" on
/// success, otherwise why there is no recording.
std::string recordProgram(Session &S, std::vector<RecordedLaunch> &Out) {
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
  std::string Log = Dir + "/launches.txt";
  ProcResult Run = runProcess(
      {"/usr/bin/env", "-C", Dir + "/run", R.Output},
      {"HIPCPU_LAUNCH_LOG=" + Log, "HIPCPU_CHECK=1", "HIPCPU_WARP_SIZE=32"},
      Dir + "/stderr.txt", S.Opts.TimeoutSeconds, Dir + "/stdout.txt");
  auto Text = core::readFile(Log);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return Run.TimedOut || Run.Crashed ? "the program " + Run.Message
                                       : "the program launched no kernel";
  }
  Out = parseLaunchLog(*Text);
  return "";
}

/// Takes the launch shape, scalars and buffer sizes of the first recorded
/// launch of Sp's kernel.
void applyLaunch(KernelSpec &Sp, const RecordedLaunch &L, unsigned Count) {
  if (!Sp.FromSpecFile) {
    Sp.Grid = L.Grid;
    Sp.Block = L.Block;
    Sp.SharedBytes = L.Shared;
    Sp.Notes.clear();
  }
  for (size_t I = 0; I < Sp.Params.size() && I < L.Args.size(); ++I) {
    Param &P = Sp.Params[I];
    llvm::StringRef A(L.Args[I]);
    long long Bytes;
    if (P.Kind == ParamKind::Buffer && A.consume_front("buf:") &&
        !A.getAsInteger(10, Bytes) && Bytes > 0) {
      P.Count = std::max<uint64_t>(1, uint64_t(Bytes) / std::max(1u, P.Type.Size));
      P.Origin = "the size of its allocation in a run of the program";
      llvm::erase(Sp.Unsized, P.Name);
    } else if (P.Kind == ParamKind::Scalar && !Sp.FromSpecFile &&
               (A.consume_front("int:") || A.consume_front("float:"))) {
      P.Value = A.str();
      P.Origin = "its value in a run of the program";
    }
  }
  Sp.Notes.push_back(fmt::format("launch shape, scalars and buffer sizes from "
                                 "the first of {} launch(es) in a run of the "
                                 "original program",
                                 Count));
}

} // namespace

std::vector<RecordedLaunch> parseLaunchLog(llvm::StringRef Text) {
  std::vector<RecordedLaunch> Out;
  for (llvm::StringRef Line : llvm::split(Text, '\n')) {
    if (!Line.consume_front("launch "))
      continue;
    llvm::SmallVector<llvm::StringRef> F;
    Line.split(F, '|');
    RecordedLaunch L;
    if (F.size() != 5 || !readDim3(F[1], L.Grid) || !readDim3(F[2], L.Block) ||
        F[3].getAsInteger(10, L.Shared))
      continue;
    llvm::StringRef K = F[0].trim();
    if (K.consume_front("HIP_KERNEL_NAME(") && K.consume_back(")"))
      K = K.trim();
    L.Kernel = K.str();
    llvm::SmallVector<llvm::StringRef> Args;
    F[4].split(Args, ' ', -1, false);
    for (llvm::StringRef A : Args)
      L.Args.push_back(A.str());
    Out.push_back(std::move(L));
  }
  return Out;
}

void applyProgramLaunches(Session &S, std::vector<KernelSpec> &Specs) {
  bool Needed = false;
  for (const KernelSpec &Sp : Specs)
    Needed |= !Sp.Unsized.empty() && Sp.Unsupported.empty();
  if (!Needed)
    return;
  std::vector<RecordedLaunch> Launches;
  std::string Why = recordProgram(S, Launches);
  for (KernelSpec &Sp : Specs) {
    if (Sp.Unsized.empty() || !Sp.Unsupported.empty())
      continue;
    std::vector<const RecordedLaunch *> Mine;
    unsigned SameBase = 0;
    for (const KernelSpec &O : Specs)
      SameBase += baseName(O.Name) == baseName(Sp.Name);
    for (const RecordedLaunch &L : Launches)
      if (L.Kernel == Sp.Name ||
          (SameBase == 1 && baseName(L.Kernel) == baseName(Sp.Name)))
        Mine.push_back(&L);
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
