//===- BackendTwins.h - CUDA backend files the HIP build replaces -*- C++ -*-===//
#pragma once

#include <string>

namespace hipport::checks {

/// The HIP counterpart of File when File is the CUDA backend of a project
/// that keeps one backend per vendor side by side: a `cuda` folder in its
/// path and, in the same place under `hip` or `rocm`, a file of the same
/// stem (`cuda/preconditioner/jacobi_kernels.cu` and
/// `hip/preconditioner/jacobi_kernels.hip.cpp`; `include/h2/gpu/cuda/
/// runtime.hpp` and `include/h2/gpu/rocm/runtime.hpp`). The HIP build
/// compiles the twin, never File, so File's widths are NVIDIA's. "" for
/// any other file.
std::string hipTwinOf(const std::string &File);

} // namespace hipport::checks
