//===- FuzzInput.h - libFuzzer input as the file a reader opens -*- C++ -*-===//
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace hipport::fuzz {

/// The readers take a path (their errors name the file), so each input is
/// written to one per-process file and read back through the real loader.
inline const std::string &inputFile(const uint8_t *Data, size_t Size) {
  static const std::string Path =
      "/tmp/hipport-fuzz-" + std::to_string(::getpid()) + ".json";
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (F) {
    std::fwrite(Data, 1, Size, F);
    std::fclose(F);
  }
  return Path;
}

} // namespace hipport::fuzz
