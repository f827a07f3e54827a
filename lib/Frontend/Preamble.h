//===- Preamble.h - the CUDA prelude parsed once, reused by every TU -*- C++ -*-===//
#pragma once

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

  /// The PCH for a TU parsed with Args (driver flags, without the file), or
  /// nothing when this TU cannot use one; builds it on first use.
  std::optional<std::string> pchFor(const std::vector<std::string> &Args);

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
                        const std::string &Key);
  bool shadows(const std::string &IncludeDir, const Entry &E);

  std::string Dir;
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
  std::map<std::string, bool> ShadowChecked; // include dir + key -> shadows
};

/// The process-wide cache at PreambleCache::defaultDir().
PreambleCache &preambles();

} // namespace hipport::frontend
