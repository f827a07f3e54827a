//===- Recording.h - launch recordings: read, compare ----------*- C++ -*-===//
//
// runtime/hipcpu writes one directory per program run under HIPCPU_RECORD
// (docs/validate-record.md): a manifest of every kernel launch and, per
// launch, the allocations its pointer arguments point into, before and
// after. Two recordings (the original at 32, the port at 64) compare
// launch by launch; one (the original's) replays in the port's kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Validate/Compare.h"
#include "Validate/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hipport::validate {

/// One argument of a recorded launch.
struct RecordedArg {
  enum KindT { Buffer, Int, Float, Other } Kind = Other;
  std::string Value; ///< Int, Float: as written
  std::string Hex;   ///< scalars: the argument's own bytes
  /// Buffer: element type (Size from the record), allocation, where the
  /// pointer is in it, and its data files (empty: skipped by the limit;
  /// AfterSame: unchanged by the launch).
  ElemType Type;
  bool Tracked = false, Null = false;
  unsigned Alloc = 0;
  uint64_t Offset = 0, Bytes = 0;
  std::string Before, After;
  bool AfterSame = false;
  bool hasData() const { return Tracked && !Before.empty(); }
};

struct RecordedLaunchRun {
  unsigned Seq = 0;
  int Rc = 0, Width = 0;
  Dim3 Grid, Block;
  uint64_t Shared = 0;
  std::string Kernel; ///< as the launch spelled it, HIP_KERNEL_NAME removed
  std::vector<RecordedArg> Args;
  unsigned Line = 0; ///< in the manifest
};

struct Recording {
  std::string Dir;
  uint64_t Limit = 0;
  /// The first launch whose buffers the limit skipped, if any.
  std::optional<unsigned> LimitReachedAt;
  std::vector<RecordedLaunchRun> Launches;
  /// Bytes of data files, and their count.
  uint64_t DataBytes = 0;
  unsigned DataFiles = 0;
  /// The contents of a data file of this recording.
  llvm::Expected<std::string> data(const std::string &Name) const;
};

/// Reads Dir/manifest.txt; errors name the file, line and column.
llvm::Expected<Recording> readRecording(const std::string &Dir);

/// What launch-by-launch comparison says of one kernel.
struct KernelVerdict {
  std::string Kernel;
  unsigned Launches = 0, Compared = 0; ///< of the reference's; compared
  bool Differs = false;
  unsigned FirstSeq = 0; ///< the first differing launch
  int Arg = -1;          ///< its argument whose buffer differs
  BufferResult Diff;     ///< element offsets from the argument's pointer
  std::string Note;      ///< why launches were not compared
};

struct RecordComparison {
  std::vector<KernelVerdict> Kernels; ///< in order of first launch
  /// Where the host sides part ("" when the launch sequences agree, as far
  /// as compared), e.g. "launch 3: block 256 1 1, the reference has 128 1 1".
  std::string HostDivergence;
  unsigned RefLaunches = 0, PortLaunches = 0;
  bool differs() const;
};

/// The outputs (the "after" of every buffer) of Port's launches against
/// Ref's, launch by launch, until the host sides part or a launch's inputs
/// differ (later launches then start from other data: replay judges them).
RecordComparison compareRecordings(const Recording &Ref, const Recording &Port);

/// Compares one buffer argument's "after" (Actual) with Expected: from the
/// argument's pointer to the allocation's end, as elements of its type.
BufferResult compareAfter(const RecordedArg &A, unsigned Index,
                          llvm::StringRef Expected, llvm::StringRef Actual);

/// "countPositive: same outputs in 1 launch(es)" or its first difference.
std::string describeVerdict(const KernelVerdict &V);

} // namespace hipport::validate

namespace hipport::validate {

/// A kernel's name without its template arguments.
llvm::StringRef kernelBaseName(llvm::StringRef Name);

/// The recorded launches of Sp's kernel: those that name it, and where
/// its base name is another's too, those whose name matches it with the
/// launching host code's template parameters as wildcards and whose
/// arguments have its parameters' kinds and sizes (`reduce7<T, 256, true>`
/// with int buffers is `reduce7<int, 256U, true>`); where Sp is the only
/// kernel of its base name (OnlyOfItsBase), every launch of that base.
std::vector<const RecordedLaunchRun *>
launchesOf(const Recording &R, const KernelSpec &Sp, bool OnlyOfItsBase);

/// Writes In/launch.txt, In/<param>.scalar and In/<param>.bin (the buffer's
/// "before", from its pointer on) for a replay of L in Sp's kernel; "" on
/// success, otherwise why L cannot be replayed.
std::string writeReplayInputs(const Recording &R, const RecordedLaunchRun &L,
                              const KernelSpec &Sp, const std::string &In);

/// Every buffer a replay wrote to Out/<param>.bin against L's recorded
/// "after" (from the pointer on).
std::vector<BufferResult> compareReplay(const Recording &R,
                                        const RecordedLaunchRun &L,
                                        const KernelSpec &Sp,
                                        const std::string &Out);

} // namespace hipport::validate
