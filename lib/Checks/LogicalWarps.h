//===- LogicalWarps.h - where lane math by 32 is right at 64 -*- C++ -*-===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
}

namespace hipport::checks {

/// Why lane math by 32 (`tid % 32`, `tid / 32`, per-group slots) in a
/// function is right on a 64-lane wavefront, if it is.
enum class LaneGroups {
  /// Nothing shows it: the 32 may be the hardware warp's width.
  Unknown,
  /// Explicit 32-lane logical warps: every shuffle the function makes stays
  /// in a 32-lane segment, passing a width argument of 32
  /// (`__shfl_xor_sync(m, v, o, 32)`, `__shfl_down(v, o, WARP_SIZE)` with
  /// WARP_SIZE 32) or reading only within the caller's own half under a
  /// guard by the lane index by 32 (HalfRead::Guarded), and it makes no
  /// other warp collective, calls no function of the TU that shuffles
  /// otherwise, and does not read warpSize. Such shuffles stay in their
  /// segment on a 64-lane wavefront, two segments to a wave.
  Segments,
  /// Reduction trees from 16 at the default width (`__shfl_down`,
  /// `__shfl_xor`) whose total only lane 0 of each 32-lane group reads
  /// (`if (lane == 0) slot[warp] = v`, lane an index by 32; HalfRead::Leader),
  /// or, in a function that numbers its lanes by 32 itself, XOR butterflies
  /// below 32 whose total every lane reads (HalfRead::Mask: each lane holds
  /// its own group's total), and no other warp collective: lane 0 and lane
  /// 32 each fold their own half. Right at 64, but the trees assume 32-lane
  /// warps (shared/WAVE64.md:
  /// worth a warning at the tree and the width's definition, not at each use).
  LeaderTrees,
  /// No lane crosses to another: a kernel (or a helper only such kernels
  /// call, or a helper that returns nothing and takes no writable
  /// reference) that, with everything it calls, makes no shuffle, ballot, vote,
  /// warp-level matrix operation, `__syncwarp`, inline assembly or library
  /// warp primitive, and reads neither warpSize nor a hardware lane index.
  /// Its 32-lane groups only number threads and memory: the result is the
  /// same at any width (lanes of a wave run together, so implicit
  /// lock-step within a group holds at 64 too: shared/WAVE64.md).
  NoCrossLane,
  /// Runs only on 32-wide wavefronts: the function, or what it calls, uses
  /// a builtin that exists only at wavefront size 32
  /// (`__builtin_amdgcn_wmma_f32_16x16x16_f16_w32`,
  /// `__builtin_amdgcn_ballot_w32`: RDNA's) and none of its `_w64` forms.
  /// Its 32 is the width it runs at; a wave64 device must not run it at
  /// all, which is the dispatch's finding, not this body's.
  Wave32Only,
  /// Runs in blocks of one 32-thread row: every naming of the kernel in
  /// the TU is a launch whose block is 32 x 1 x 1 (`<<<g, 32>>>`,
  /// `dim3(32, 1, 1)`), and it, with everything it calls, reads no warpSize
  /// and uses no library warp primitive or inline assembly. Lanes 32-63 of
  /// its wavefront never run, so its 32-lane math, 32-bit ballot words and
  /// masks hold at 64; half the wavefront idles, which is the launch's
  /// finding, not this body's. (Segments and LeaderTrees, where they also
  /// hold, say more: they are right in blocks of any shape.)
  OneWarpBlocks,
  /// Built from nothing: a function template the main file defines and the
  /// TU never instantiates (no launch, call or explicit instantiation names
  /// it; in a TU with errors, the file's text names it nowhere but in its
  /// own definition, so no code clang dropped did either). A source file's
  /// template cannot be instantiated from another TU, so no code of this
  /// build comes from it.
  NeverInstantiated,
};

/// The functions of a TU and what their lane math means at 64 (above).
/// Found in one walk of the TU, made when first asked; while an Active
/// scope lives, the checks of the thread share one instance per TU.
class LogicalWarps {
public:
  explicit LogicalWarps(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// What the innermost function body around Loc (its expansion) shows.
  LaneGroups at(clang::SourceLocation Loc);
  /// True when at(Loc) shows the 32-lane groups right at 64.
  bool covers(clang::SourceLocation Loc) {
    return at(Loc) != LaneGroups::Unknown;
  }
  /// Every user function body of the TU: its file, begin and end offsets.
  void forEachBody(
      llvm::function_ref<void(clang::FileID, unsigned, unsigned, LaneGroups)>
          Fn);
  const clang::ASTContext &context() const { return Ctx; }
  /// Where the TU's parse errors lie: a function with one in its body may
  /// have lost code (an initializer clang dropped), so it is never
  /// NoCrossLane. Without this, a TU with errors has no NoCrossLane body.
  void setErrors(std::vector<clang::SourceLocation> Locations);

  /// Makes Index the one that shared() returns for its context in this
  /// thread while the scope lives.
  class Active {
  public:
    explicit Active(LogicalWarps &Index);
    ~Active();
    Active(const Active &) = delete;
    Active &operator=(const Active &) = delete;

  private:
    LogicalWarps *Saved;
  };

private:
  void build();
  bool neverInstantiated(const clang::FunctionDecl *F,
                         const clang::Stmt *Body) const;
  struct Body {
    clang::FileID File;
    unsigned Begin, End;
    LaneGroups Kind;
  };
  const clang::ASTContext &Ctx;
  bool Built = false;
  bool ErrorsKnown = false;
  std::vector<clang::SourceLocation> Errors;
  std::vector<Body> Bodies;
};

/// The active instance for Ctx, or null (under clang-tidy, or outside the
/// linter's walk).
LogicalWarps *activeLogicalWarps(const clang::ASTContext &Ctx);
/// The active instance for Ctx, or else Own, made on first use.
LogicalWarps &logicalWarps(const clang::ASTContext &Ctx,
                           std::unique_ptr<LogicalWarps> &Own);
/// True where no wave64 finding in a body of Kind holds, whatever it
/// found: lanes 32-63 never run it (OneWarpBlocks), only 32-wide
/// wavefronts run it (Wave32Only), or no code comes from it
/// (NeverInstantiated).
bool noWave64FindingHolds(LaneGroups Kind);
/// True where a body of Kind gives the same result whatever 32 it is
/// instantiated or launched with: no lane reads another's (NoCrossLane), or
/// lanes 32-63 never run it (OneWarpBlocks). A host dispatch of such a
/// kernel with 32 is right at 64.
bool widthFree(LaneGroups Kind);
/// Why lane math by 32 is right at 64 where Kind holds, for a message
/// ("so the lanes form 32-lane logical warps, ..."); empty for Unknown.
const char *laneGroupsReason(LaneGroups Kind);
/// A width finding's message where Kind shows the 32 right at 64 (or at
/// the only width the code runs at): what it saw (up to its first ';'),
/// then why, without its advice.
std::string rightAtEitherWidth(llvm::StringRef Message, LaneGroups Kind);

} // namespace hipport::checks
