//===- LaunchCapture.h - kernel inputs from a run of the program -*- C++ -*-===//
#pragma once

#include "Validate/KernelSpec.h"
#include "Validate/Pipeline.h"

#include <vector>

namespace hipport::validate {

/// Where some derived spec has a buffer no size parameter sizes and the
/// original has one main(), builds and runs the original on runtime/hipcpu
/// once, recording its launches (HIPCPU_RECORD without buffer contents),
/// and takes each such kernel's launch shape,
/// scalars and buffer sizes from its first launch. A buffer still unsized
/// afterwards makes its kernel unsupported, saying why, rather than run on
/// a guess.
void applyProgramLaunches(Session &S, std::vector<KernelSpec> &Specs);

} // namespace hipport::validate
