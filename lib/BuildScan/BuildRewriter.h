//===- BuildRewriter.h - build files rewritten for hipcc -------*- C++ -*-===//
#pragma once

#include "Core/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipport::buildscan {

struct BuildRewriteOptions {
  std::string OffloadArch = "gfx90a"; ///< `--offload-arch=` for every target
};

/// One replacement in a build file.
struct BuildEdit {
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// What `port` does to one build file: edits (non-overlapping, in order),
/// a count per rewrite kind (`build-make-nvcc`, ...) for --stats, and the
/// constructs left because no rewrite is safe.
struct BuildRewrite {
  std::vector<BuildEdit> Edits;
  std::map<std::string, unsigned> Counts;
  std::vector<core::Finding> Left;
};

/// CMake (CMakeLists.txt, *.cmake): CUDA dropped from the languages, hipcc
/// as the C++ compiler, find_package(hip), hip::device for CUDA::cudart,
/// .cu sources compiled as C++ by hipcc, CUDA_ARCHITECTURES and
/// CMAKE_CUDA_FLAGS to their HIP forms. Makefiles: nvcc -> hipcc,
/// -arch/-gencode -> --offload-arch, -Xcompiler unwrapped, nvcc-only flags
/// dropped or translated, CUDA libraries to their HIP names. Other files:
/// nothing.
BuildRewrite rewriteBuildFile(const std::string &Path, llvm::StringRef Text,
                              const BuildRewriteOptions &Opts);

/// True for the files rewriteBuildFile handles.
bool isRewritableBuildFile(llvm::StringRef Path);

} // namespace hipport::buildscan
