//===- SchedulingPoints.h - lockstep points in device code -----*- C++ -*-===//
//
// What the CPU build writes into device code so runtime/hipcpu can run the
// lanes of a wave in lockstep and guarantee forward progress
// (docs/hipcpu.md, "Lockstep mode and forward progress"):
//  - `HIPCPU_STEP();` after each expression or declaration statement that
//    may touch memory (a subscript, dereference, arrow, call, or a variable
//    other than a local value; the index built-ins do not count), except a
//    statement that is a barrier or collective call;
//  - `HIPCPU_LOOP();` first in each loop body (its back-edge), except where
//    the loop's control touches no memory and its body reaches a warp
//    collective every iteration (the collective orders the lanes);
//  - `HIPCPU_RECONVERGE(depth);` after each if, switch and loop.
// A statement that touches no memory cannot be seen by another lane, so a
// step after it would change no result; the test is conservative (a call
// counts as touching memory), which costs speed only. Points go only into statements written in the file itself (not
// inside macro expansions) and not into constexpr functions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace hipport::validate {

/// Calls Insert(offset, text) for each point of F's body, a __global__ or
/// __device__ function with a body in a file; offsets are in that file.
/// Owns tells the device functions that get points of their own: a call to
/// one is not a memory access at the call site (nor are the pure math
/// helpers of the CUDA/HIP headers, `umin`, `__popc`, ...).
void schedulingPoints(const clang::FunctionDecl &F, clang::ASTContext &Ctx,
                      const std::function<void(unsigned, std::string)> &Insert,
                      const std::function<bool(const clang::FunctionDecl &)> &Owns);

} // namespace hipport::validate
