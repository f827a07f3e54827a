//===- record_files.h - the files of a launch recording ---------*- C++ -*-===//
//
// docs/validate-record.md's directory (manifest.txt, data/), written the
// same way by runtime/hipcpu (lib/Record.cpp) and by runtime/cudarecord on
// NVIDIA hardware. Header-only and free of hipcpu, so the CUDA-side shim
// builds from it alone. Not thread-safe: callers hold their own lock.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>

namespace hipcpu::record {

struct RecordFiles {
  std::string Dir; ///< empty: HIPCPU_RECORD unset, nothing is written
  unsigned long long Limit = 256ull << 20, Written = 0;
  unsigned NextSeq = 0, NextAlloc = 1;
  bool LimitNoted = false;

  /// Opens HIPCPU_RECORD (limit HIPCPU_RECORD_LIMIT) and writes the header.
  RecordFiles() {
    const char *D = std::getenv("HIPCPU_RECORD");
    Dir = D ? D : "";
    if (Dir.empty())
      return;
    if (const char *L = std::getenv("HIPCPU_RECORD_LIMIT"))
      Limit = std::strtoull(L, nullptr, 10);
    ::mkdir(Dir.c_str(), 0777);
    ::mkdir((Dir + "/data").c_str(), 0777);
    if (FILE *F = std::fopen((Dir + "/manifest.txt").c_str(), "w")) {
      std::fprintf(F, "hipcpu-record 1\nlimit %llu\n", Limit);
      std::fclose(F);
    }
  }
  void append(const std::string &Text) {
    if (FILE *F = std::fopen((Dir + "/manifest.txt").c_str(), "a")) {
      std::fwrite(Text.data(), 1, Text.size(), F);
      std::fclose(F);
    }
  }
  bool writeData(const std::string &Name, const void *P, std::size_t N) {
    FILE *F = std::fopen((Dir + "/data/" + Name).c_str(), "wb");
    if (!F)
      return false;
    bool Ok = std::fwrite(P, 1, N, F) == N;
    std::fclose(F);
    Written += N;
    return Ok;
  }
  /// Whether storing Bytes twice (before and a different after) would pass
  /// the limit; the first time it does, the manifest says from which launch.
  bool skip(unsigned long long Bytes, unsigned Seq) {
    bool Skip = LimitNoted || Written + 2ull * Bytes > Limit;
    if (Skip && !LimitNoted) {
      LimitNoted = true;
      append("limit-reached launch " + std::to_string(Seq) + "\n");
    }
    return Skip;
  }
};

/// "SEQ-ID.before" / "SEQ-ID.after".
inline std::string dataName(unsigned Seq, unsigned Id, const char *What) {
  return std::to_string(Seq) + "-" + std::to_string(Id) + "." + What;
}

/// Bytes in hexadecimal, in memory order.
inline std::string hex(const void *P, std::size_t N) {
  static const char *D = "0123456789abcdef";
  std::string S;
  for (std::size_t I = 0; I < N; ++I) {
    unsigned char C = static_cast<const unsigned char *>(P)[I];
    S += D[C >> 4];
    S += D[C & 15];
  }
  return S;
}

} // namespace hipcpu::record
