//===- Record.cpp - every kernel launch to files (HIPCPU_RECORD) ----------===//
//
// docs/validate-record.md has the format. The manifest line of a launch is
// written after it ran (with its status), its "before" files before it
// runs, so a crash inside a kernel still leaves its inputs on disk. Every
// allocation an argument points into is recorded whole, once per launch;
// the byte budget (HIPCPU_RECORD_LIMIT) counts data files only and is
// shared out by kernel (hipcpu/detail/record_files.h).
//
//===----------------------------------------------------------------------===//
#include "hipcpu/hip_runtime.h"
#include "Engine.h"
#include "hipcpu/detail/record_files.h"

#include <map>
#include <memory>
#include <mutex>
#include <sys/stat.h>

namespace hipcpu::detail {
namespace {

struct Alloc {
  std::uintptr_t Base = 0;
  std::size_t Bytes = 0;
  unsigned Id = 0;
  bool Skipped = false;
  std::vector<char> Before;
};

struct Pending {
  unsigned Seq = 0;
  std::string Name;
  dim3 Grid, Block;
  std::size_t Shared = 0;
  int Width = 0;
  std::string ArgLines; ///< everything of an arg line but its "after"
  std::vector<std::pair<unsigned, std::size_t>> ArgAlloc; ///< index in Allocs
  std::vector<Alloc> Allocs;
};

/// The files (hipcpu/detail/record_files.h) and what only hipcpu tracks.
struct Recorder : record::RecordFiles {
  std::mutex M;
  std::map<std::uintptr_t, unsigned> Ids;
};

Recorder &recorder() {
  static Recorder R;
  return R;
}



/// The index in P.Allocs of the allocation Ptr points into (added once
/// per launch), or -1 when it is in none.
long findAlloc(Recorder &R, Pending &P, const void *Ptr, std::size_t &Offset) {
  std::uintptr_t Base;
  std::size_t Bytes;
  if (!Ptr || !host::allocationOf(Ptr, Base, Bytes))
    return -1;
  Offset = reinterpret_cast<std::uintptr_t>(Ptr) - Base;
  for (std::size_t I = 0; I < P.Allocs.size(); ++I)
    if (P.Allocs[I].Base == Base)
      return long(I);
  Alloc A;
  A.Base = Base;
  A.Bytes = Bytes;
  auto It = R.Ids.find(Base);
  A.Id = It != R.Ids.end() ? It->second : (R.Ids[Base] = R.NextAlloc++);
  P.Allocs.push_back(std::move(A));
  return long(P.Allocs.size() - 1);
}

/// Every allocation of the launch gets its contents, or none does (a
/// launch with some buffers missing can be neither compared nor replayed):
/// the recorder's per-kernel share of the limit decides (record_files.h).
void storeBefores(Recorder &R, Pending &P) {
  unsigned long long Total = 0;
  for (const Alloc &A : P.Allocs)
    Total += A.Bytes;
  bool Keep = P.Allocs.empty() || R.admit(P.Name, P.Seq, Total);
  for (Alloc &A : P.Allocs) {
    A.Skipped = !Keep;
    if (!Keep)
      continue;
    A.Before.assign(reinterpret_cast<const char *>(A.Base),
                    reinterpret_cast<const char *>(A.Base) + A.Bytes);
    R.writeData(P.Seq, A.Id, "before", A.Before.data(), A.Bytes);
  }
}

std::string argLine(Recorder &R, Pending &P, std::size_t I, const RecordArg &A) {
  std::string L = "arg " + std::to_string(I) + " ";
  char B[64];
  switch (A.Kind) {
  case RecordArg::Pointer: {
    std::size_t Off = 0;
    long Ix = findAlloc(R, P, A.Ptr, Off);
    L += std::string("buf ") + A.Type + " " + std::to_string(A.ElemSize);
    if (Ix < 0)
      return L + (A.Ptr ? " untracked" : " null");
    const Alloc &Al = P.Allocs[std::size_t(Ix)];
    P.ArgAlloc.push_back({unsigned(I), std::size_t(Ix)});
    // " before ..." is added once storeBefores has decided.
    return L + " alloc " + std::to_string(Al.Id) + " offset " +
           std::to_string(Off) + " bytes " + std::to_string(Al.Bytes);
  }
  case RecordArg::Integer:
    L += "int " + std::to_string(A.Int);
    break;
  case RecordArg::Floating:
    std::snprintf(B, sizeof B, "float %.17g", A.Float);
    L += B;
    break;
  case RecordArg::Other:
    L += "other";
    break;
  }
  return L + " hex " + record::hex(A.Bytes, A.Size);
}

} // namespace

bool recordOn() {
  static const bool On = std::getenv("HIPCPU_RECORD") != nullptr;
  return On;
}

void *recordBefore(const char *Name, dim3 Grid, dim3 Block, std::size_t Shared,
                   int DefaultWidth, const RecordArg *Args, std::size_t N) {
  Recorder &R = recorder();
  std::lock_guard<std::mutex> G(R.M);
  auto P = std::make_unique<Pending>();
  P->Seq = R.NextSeq++;
  P->Name = Name;
  P->Grid = Grid;
  P->Block = Block;
  P->Shared = Shared;
  P->Width = effectiveWarpSize(DefaultWidth);
  std::vector<std::string> Lines;
  for (std::size_t I = 0; I < N; ++I)
    Lines.push_back(argLine(R, *P, I, Args[I]));
  storeBefores(R, *P);
  for (const auto &[I, Ix] : P->ArgAlloc) {
    const Alloc &A = P->Allocs[Ix];
    Lines[I] += A.Skipped ? " before -"
                          : " before " + record::dataName(P->Seq, A.Id, "before");
  }
  for (const std::string &L : Lines)
    P->ArgLines += L + "\n";
  return P.release();
}

void recordAfter(void *Token, int Rc) {
  std::unique_ptr<Pending> P(static_cast<Pending *>(Token));
  Recorder &R = recorder();
  std::lock_guard<std::mutex> G(R.M);
  char Head[256];
  std::snprintf(Head, sizeof Head,
                "launch %u rc %d width %d grid %u %u %u block %u %u %u "
                "shared %zu args ",
                P->Seq, Rc, P->Width, P->Grid.x, P->Grid.y, P->Grid.z,
                P->Block.x, P->Block.y, P->Block.z, P->Shared);
  std::string Out = Head + std::to_string(std::count(P->ArgLines.begin(),
                                                     P->ArgLines.end(), '\n')) +
                    " name " + P->Name + "\n";
  // Each allocation's "after": "=" where the launch left it unchanged.
  std::vector<std::string> After(P->Allocs.size());
  for (std::size_t I = 0; I < P->Allocs.size(); ++I) {
    const Alloc &A = P->Allocs[I];
    const char *Now = reinterpret_cast<const char *>(A.Base);
    if (A.Skipped)
      After[I] = "-";
    else if (std::memcmp(Now, A.Before.data(), A.Bytes) == 0)
      After[I] = "=";
    else {
      After[I] = R.writeData(P->Seq, A.Id, "after", Now, A.Bytes);
    }
  }
  std::size_t Next = 0, Pos = 0;
  for (std::size_t I = 0; Pos < P->ArgLines.size(); ++I) {
    std::size_t End = P->ArgLines.find('\n', Pos);
    Out += P->ArgLines.substr(Pos, End - Pos);
    if (Next < P->ArgAlloc.size() && P->ArgAlloc[Next].first == I)
      Out += " after " + After[P->ArgAlloc[Next++].second];
    Out += "\n";
    Pos = End + 1;
  }
  R.finish(P->Name, P->Seq, Out);
}

} // namespace hipcpu::detail
