//===- Replay.cpp - a recorded launch as the inputs of a driver -----------===//
#include "Validate/Recording.h"

#include "Core/FileWriter.h"
#include "Validate/Validator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

namespace fs = llvm::sys::fs;

namespace hipport::validate {

llvm::StringRef kernelBaseName(llvm::StringRef N) {
  return N.take_until([](char C) { return C == '<'; }).trim();
}

std::vector<const RecordedLaunchRun *>
launchesOf(const Recording &R, const std::string &Name, bool OnlyOfItsBase) {
  std::vector<const RecordedLaunchRun *> Out;
  for (const RecordedLaunchRun &L : R.Launches)
    if (L.Kernel == Name ||
        (OnlyOfItsBase && kernelBaseName(L.Kernel) == kernelBaseName(Name)))
      Out.push_back(&L);
  return Out;
}

std::string writeReplayInputs(const Recording &R, const RecordedLaunchRun &L,
                              const KernelSpec &Sp, const std::string &In) {
  if (L.Args.size() != Sp.Params.size())
    return fmt::format("launch {} has {} arguments, the kernel {} parameters",
                       L.Seq, L.Args.size(), Sp.Params.size());
  std::vector<unsigned> Allocs;
  for (size_t I = 0; I < L.Args.size(); ++I) {
    const RecordedArg &A = L.Args[I];
    const Param &P = Sp.Params[I];
    bool Buf = A.Kind == RecordedArg::Buffer;
    if (Buf != (P.Kind == ParamKind::Buffer))
      return fmt::format("argument {} of launch {} is {}a buffer, parameter "
                         "'{}' is {}",
                         I, L.Seq, Buf ? "" : "not ", P.Name,
                         Buf ? "not" : "one");
    if (!Buf) {
      std::string Bytes = llvm::fromHex(A.Hex);
      if (auto E = writeText(In + "/" + P.Name + ".scalar", Bytes))
        return llvm::toString(std::move(E));
      continue;
    }
    if (!A.Tracked)
      return fmt::format("argument {} of launch {} is {}", I, L.Seq,
                         A.Null ? "null" : "not a device allocation");
    if (!A.hasData())
      return fmt::format("launch {} is past the record limit", L.Seq);
    if (llvm::is_contained(Allocs, A.Alloc))
      return fmt::format("two arguments of launch {} point into one "
                         "allocation",
                         L.Seq);
    Allocs.push_back(A.Alloc);
    auto D = R.data(A.Before);
    if (!D)
      return llvm::toString(D.takeError());
    if (auto E = writeText(In + "/" + P.Name + ".bin",
                           llvm::StringRef(*D).drop_front(A.Offset)))
      return llvm::toString(std::move(E));
  }
  return llvm::toString(writeText(
      In + "/launch.txt",
      fmt::format("{} {} {} {} {} {} {}\n", L.Grid.X, L.Grid.Y, L.Grid.Z,
                  L.Block.X, L.Block.Y, L.Block.Z, L.Shared)));
}

std::vector<BufferResult> compareReplay(const Recording &R,
                                        const RecordedLaunchRun &L,
                                        const KernelSpec &Sp,
                                        const std::string &Out) {
  std::vector<BufferResult> Results;
  for (size_t I = 0; I < L.Args.size(); ++I) {
    const RecordedArg &A = L.Args[I];
    if (A.Kind != RecordedArg::Buffer || !A.hasData())
      continue;
    std::string Name = fmt::format("{} (launch {})", Sp.Params[I].Name, L.Seq);
    auto E = R.data(A.AfterSame ? A.Before : A.After);
    auto G = core::readFile(Out + "/" + Sp.Params[I].Name + ".bin");
    BufferResult BR;
    if (!E) {
      BR.Problem = llvm::toString(E.takeError());
      if (!G)
        llvm::consumeError(G.takeError());
    } else if (!G) {
      llvm::consumeError(G.takeError());
      BR.Problem = "no output written";
    } else {
      // The replay's buffer starts where the recorded pointer pointed.
      BR = compareAfter(A, unsigned(I), *E, E->substr(0, A.Offset) + *G);
    }
    BR.Name = Name;
    Results.push_back(std::move(BR));
  }
  return Results;
}

} // namespace hipport::validate
