//===- Preamble.h - the CUDA prelude parsed once, reused by every TU -*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hipport::frontend {

/// Precompiles what clang puts before every CUDA/HIP TU (its runtime wrapper
/// and, through it, cuda_runtime.h) once per distinct command line, and hands
/// out `-include-pch` for it: three quarters of a small TU's parse.
///
/// A cache entry is `<key>.pch` plus `<key>.json`, where the key hashes the
/// hipport version, clang's resource directory and the flags (project -I
/// directories left out); the JSON lists every header the prelude read with
/// its content hash, so an edited header means a rebuild. A TU gets no PCH
/// when one of its -I directories holds a file that would shadow a prelude
/// header. Writes are atomic (temp file, rename), so parallel runs are safe.
class PreambleCache {
public:
  /// Dir empty: no caching at all.
  explicit PreambleCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The PCH for TU parsed with Args (driver flags, without the file), or
  /// nothing when this TU cannot use one; builds it on first use. It holds
  /// the toolkit and standard headers TU reads before anything could change
  /// them (precompilableHeaders), when one of them is worth it.
  std::optional<std::string> pchFor(const std::vector<std::string> &Args,
                                    const std::string &TU);

  /// Clang refused Pch (corrupt, or written by another clang): forget it and
  /// delete it, so the next run builds a fresh one.
  void reject(const std::string &Pch);

  /// Where `hipport` keeps it: $HIPPORT_CACHE_DIR (what --cache-dir sets;
  /// "off" or "none" disables), else $XDG_CACHE_HOME/hipport, else
  /// ~/.cache/hipport.
  static std::string defaultDir();

private:
  struct Entry {
    bool Usable = false;
    std::string Pch;
    /// Paths of the prelude's headers relative to the search directory that
    /// provided them: what a project -I directory could shadow.
    std::vector<std::string> RelativeHeaders;
  };
  const Entry &entryFor(const std::vector<std::string> &Flags,
                        const std::string &Key,
                        const std::vector<std::string> &Includes);
  bool shadows(const std::string &IncludeDir, const Entry &E);

  std::string Dir;
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
  std::map<std::string, bool> ShadowChecked; // include dir + key -> shadows
};

/// Keeps the cache in Dir under MaxBytes: the PCHs used longest ago (by
/// modification time, which a reuse refreshes) go first, each with its
/// manifest and prelude file; Keep, the one just built, stays. Returns how
/// many were removed. A PCH another run has open stays readable to it.
unsigned trimPreambleCache(const std::string &Dir, uint64_t MaxBytes,
                           const std::string &Keep);

/// The cache's size limit: $HIPPORT_CACHE_MAX_MB MiB, else 2 GiB (about
/// 45 preludes of the CUDA or HIP runtime).
uint64_t preambleCacheLimit();

/// The process-wide cache at PreambleCache::defaultDir().
PreambleCache &preambles();

/// The header that a HIP pass of lint includes first (empty when HIP is
/// not installed, HipInclude empty, or the file cannot be written): a file
/// of ours that includes hip/hip_runtime.h, with `__AMDGCN_WAVEFRONT_SIZE`
/// defined only while the HIP 5.2 headers read it when no target defines it
/// (clang 22 no longer does; a host pass never did, so project code must not
/// see it there), and declares the warp-synchronous intrinsics of ROCm 7
/// (`__shfl_sync`, `__ballot_sync`, ... with 64-bit masks) that HIP 5.2
/// lacks, so a call to one is an expression the checks see, and the fp16
/// helpers HIP 5.2's headers expect from clang's HIP wrapper.
std::string hipPreludeHeader(const std::string &HipInclude);

/// CUDA code as a HIP pass sees it after hipify: Header `#define`s the CUDA
/// runtime, device and math names of the rule tables to their HIP names, and
/// Dir holds the CUDA headers of the tables as one-line files including their
/// HIP headers (for `-isystem`). Empty when the rules or files fail.
struct HipifyShim {
  std::string Header, Dir;
};
const HipifyShim &hipifyShim();

/// A folder of HIP headers that later ROCm releases have and Debian's HIP
/// 5.2 lacks (hip/hip_bf16.h, hip/hip_math_constants.h), declaring their
/// public names, for a HIP pass's -idirafter (empty when it cannot be
/// written).
const std::string &hipCompatDir();

/// True for the `-include` values above: they go into the precompiled
/// prelude instead of disabling it.
bool isPreludeInclude(llvm::StringRef Header);

} // namespace hipport::frontend
