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

namespace {

/// The top-level template arguments of a name: "k<T, 256, true>" gives
/// T, 256 and true.
std::vector<std::string> templateArgs(llvm::StringRef N) {
  std::vector<std::string> Out;
  size_t Open = N.find('<');
  if (Open == llvm::StringRef::npos || !N.trim().ends_with(">"))
    return Out;
  llvm::StringRef In = N.trim().drop_front(Open + 1).drop_back();
  int Depth = 0;
  std::string Cur;
  for (char C : In) {
    Depth += C == '<' || C == '(';
    Depth -= C == '>' || C == ')';
    if (C == ',' && Depth == 0) {
      Out.push_back(llvm::StringRef(Cur).trim().str());
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  Out.push_back(llvm::StringRef(Cur).trim().str());
  return Out;
}

/// A launch in template host code spells its kernel with the host's
/// template parameters ("reduce7<T, 256, true>"): a name there matches
/// any argument; numbers match without their suffixes (256 and 256U).
bool templateArgsMatch(llvm::StringRef Recorded, llvm::StringRef Spec) {
  std::vector<std::string> X = templateArgs(Recorded), Y = templateArgs(Spec);
  if (X.size() != Y.size())
    return false;
  for (size_t I = 0; I < X.size(); ++I) {
    llvm::StringRef A(X[I]), B(Y[I]);
    bool Name = !A.empty() && (llvm::isAlpha(A[0]) || A[0] == '_') &&
                A != "true" && A != "false";
    if (Name || A == B)
      continue;
    if (A.empty() || !llvm::isDigit(A[0]) ||
        A.rtrim("uUlL") != B.rtrim("uUlL"))
      return false;
  }
  return true;
}

/// Whether L's arguments have the kinds and sizes of Sp's parameters.
bool argumentsFit(const RecordedLaunchRun &L, const KernelSpec &Sp) {
  if (L.Args.size() != Sp.Params.size())
    return false;
  for (size_t I = 0; I < L.Args.size(); ++I) {
    const RecordedArg &A = L.Args[I];
    const Param &P = Sp.Params[I];
    if ((A.Kind == RecordedArg::Buffer) != (P.Kind == ParamKind::Buffer))
      return false;
    if (A.Kind == RecordedArg::Buffer
            ? A.Type.Size != P.Type.Size ||
                  (P.Type.Kind != ElemKind::Bytes && A.Type.Kind != P.Type.Kind)
            : A.Hex.size() != 2 * P.Type.Size)
      return false;
  }
  return true;
}

} // namespace

std::vector<const RecordedLaunchRun *>
launchesOf(const Recording &R, const KernelSpec &Sp, bool OnlyOfItsBase) {
  std::vector<const RecordedLaunchRun *> Out;
  for (const RecordedLaunchRun &L : R.Launches)
    if (L.Kernel == Sp.Name ||
        (kernelBaseName(L.Kernel) == kernelBaseName(Sp.Name) &&
         (OnlyOfItsBase || (templateArgsMatch(L.Kernel, Sp.Name) &&
                            argumentsFit(L, Sp)))))
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
      return fmt::format("launch {} has no recorded buffers (the record limit)",
                         L.Seq);
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
