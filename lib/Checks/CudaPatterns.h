//===- CudaPatterns.h - recognisers shared by the wave64 checks -*- C++ -*-===//
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace hipport::checks {

/// Parens and casts of any kind removed: the value as written.
const clang::Expr *strip(const clang::Expr *E);

/// The value of an integer expression, when it has one without instantiation.
std::optional<int64_t> intValue(const clang::Expr *E,
                                const clang::ASTContext &Ctx);

/// Where a constant in an expression came from: a literal typed at the use
/// site, or a named constant (macro, const/constexpr variable, enumerator,
/// template parameter default) whose definition is the place to fix.
struct ConstantOrigin {
  enum Kind { None, Literal, Macro, Variable, Enumerator, TemplateParam } K =
      None;
  clang::SourceLocation Loc; ///< literal, or the definition of the name
  std::string Name;          ///< empty for literals
  int64_t Value = 0;   ///< the value of the whole expression
  int64_t Defined = 0; ///< the named constant's own value, when it differs
  bool named() const { return K != None && K != Literal; }
};

/// The origin of E when E is a constant with one of Values, looking through
/// names (`WARP`, `WARP - 1`, `WARP / 2`) to the constant they hold.
ConstantOrigin constantOrigin(const clang::Expr *E, const clang::ASTContext &Ctx,
                              std::initializer_list<int64_t> Values);

/// True when E reads a thread or lane index: threadIdx, __lane_id(),
/// thread_rank(), or a local variable computed from them or named like one.
bool isLaneLike(const clang::Expr *E, const clang::ASTContext &Ctx,
                unsigned Depth = 0);
/// True when E mentions blockDim.
bool mentionsBuiltin(const clang::Stmt *S, llvm::StringRef Name);
/// Whether every thread of a block computes the same value for S: made of
/// constants, blockIdx, blockDim, gridDim, a kernel's parameters, constant
/// globals, const locals so initialized, memory at such addresses, and
/// `__builtin_amdgcn_readfirstlane` (uniform by definition).
bool blockUniform(const clang::Stmt *S, unsigned Depth = 0);
/// A `readfirstlane` of a block-uniform value: a scalar hint, no lane's
/// value moves.
bool uniformFirstLane(const clang::CallExpr *CE);
/// A printf-family function: what it prints sizes nothing.
bool isPrintName(llvm::StringRef Name);
/// True when S references the warpSize variable (or a macro named warpSize).
const clang::Expr *findWarpSizeRef(const clang::Stmt *S,
                                   const clang::ASTContext &Ctx);
bool isWarpSizeRef(const clang::Expr *E, const clang::ASTContext &Ctx);
/// A warpSize in S that computes something: not one only compared with a
/// constant (`assert(warpSize == 32)`, `if (warpSize != 64) return;`), a
/// guard that numbers no lane or warp.
const clang::Expr *findWarpSizeUse(const clang::Stmt *S,
                                   const clang::ASTContext &Ctx);

/// True when E is the warp width of the device the code runs on: warpSize,
/// `prop.warpSize`, or a variable initialised or assigned from them, or
/// filled by cudaDeviceGetAttribute/hipDeviceGetAttribute with the warp-size
/// attribute.
bool isQueriedWidth(const clang::Expr *E, const clang::ASTContext &Ctx,
                    unsigned Depth = 0);

/// A function named for the width it queries (`getWarpSize`,
/// `at::cuda::warp_size`, `__builtin_amdgcn_wavefrontsize`): its result is
/// the device's width, not a constant.
bool queriesWidthByName(llvm::StringRef FunctionName);

/// A name for the thread count of a block (`BLOCK_SIZE`, `kBlockDim`,
/// `block_threads`), not of a warp.
bool blockSizeName(llvm::StringRef Name);

/// A constant named like a warp width: WARP_SIZE, kWarpSize, WAVE, LANES,
/// THREADS_PER_WARP, WS.
bool warpLikeName(llvm::StringRef Name);
/// A name that counts warps (kNumWarps, kNumMaxWarpGroups, warp_count,
/// WARPS_PER_BLOCK), not lanes per warp (kNumThreadsPerWarp).
bool countsWarpsName(llvm::StringRef Name);
/// A name that denotes the width itself (WARP_SIZE, kWarpSize, WS, WAVE,
/// THREADS_PER_WARP, a project's BNB_WARP_SIZE or HYPRE_WAVE_SIZE), not a count of warps or a warp index (num_warps,
/// warp_id, warpsPerBlock).
bool warpWidthName(llvm::StringRef Name);
/// A function named for asking the device its width at run time
/// (`getWarpSizeCurrentDevice`, `host_warp_size`, `queryWavefrontSize`); a
/// bare `warp_size()` may be constexpr, fixed per compiler pass.
bool queriesWidthName(llvm::StringRef Name);

/// Name of the called function, or "" (member calls give the method name).
llvm::StringRef calleeName(const clang::CallExpr *C);
/// __shfl, __shfl_up, __shfl_down, __shfl_xor and their _sync forms.
bool isShuffleName(llvm::StringRef Name);
/// The index of a shuffle's width argument (after the mask of a _sync form).
unsigned shuffleWidthIndex(llvm::StringRef Name);
/// The width a shuffle call writes out as a constant (`__shfl(v, l, 32)`);
/// none where the width is left to its default or is not a constant.
std::optional<int64_t> writtenShuffleWidth(const clang::CallExpr *C,
                                           const clang::ASTContext &Ctx);
/// __ballot, __ballot_sync, __activemask and the __lanemask_* intrinsics.
bool isBallotName(llvm::StringRef Name);
/// A name that may make lanes meet: shuffles, ballots, votes, lane reads,
/// warp or wave helpers, AMD cross-lane builtins, warp-level matrix
/// operations. `__syncthreads` (a block barrier) is not one.
bool crossLaneName(llvm::StringRef Name);
/// The warp-level matrix operations of WMMA and rocWMMA (`load_matrix_sync`,
/// `mma_sync`, `store_matrix_sync`): collectives of the whole warp, which on
/// AMD is the whole 64-lane wavefront.
bool isWarpMatrixName(llvm::StringRef Name);
/// Warp collectives in S (shuffles, cooperative-groups tiles' shfl_*,
/// ballots, votes, __activemask, __syncwarp, warp-level matrix operations),
/// or in the bodies of the project's device functions it calls, two calls
/// deep (`warpPrefixScan(c, i, mask)`): the code works per warp.
bool hasWarpCollective(const clang::Stmt *S, unsigned Depth = 0);
/// E's value comes from a warp collective: E makes one, or reads a local
/// variable that Body initializes or assigns from one (`istart =
/// __shfl_sync(m, j, 0)`), two variables deep.
bool fromCollective(const clang::Expr *E, const clang::Stmt *Body,
                    unsigned Depth = 0);
/// The body of the project's device function Call reaches (the template
/// pattern for an instantiation, or for an unresolved call whose name finds
/// one function template); null for other calls and system headers.
const clang::Stmt *projectDeviceBody(const clang::CallExpr *Call);
/// A function body with lane math or warp collectives works per warp.
bool worksPerWarp(const clang::Stmt *Body, clang::ASTContext &Ctx);
/// The ballot call whose bits E holds: E itself (through parentheses and
/// casts), or a ballot gated by a condition (`__ballot(p) * (x < n)`: all
/// of its bits or none); null otherwise.
const clang::CallExpr *heldBallot(const clang::Expr *E);
/// True when F's body returns a ballot intrinsic's result
/// (`return __ballot(p);`): a project's ballot wrapper.
bool returnsBallot(const clang::FunctionDecl *F);
/// True for the *_sync warp intrinsics whose first argument is a lane mask.
bool isSyncIntrinsicName(llvm::StringRef Name);

/// Lane and warp arithmetic with the warp width: `i % 32`, `i & 31`,
/// `i >> 5`, `i / 32` on a thread index, and `blockDim.x / 32`.
struct LaneMath {
  enum Kind { Mod, And, Shr, Div, BlockDimDiv } K;
  const clang::BinaryOperator *Op;
  const clang::Expr *Constant; ///< the operand holding 32/31/5
};
/// Recognises BO as lane math; bit packing into 32-bit words (`bits[i >> 5]`,
/// `1u << (i & 31)`, `int word = i / 32`) is not.
std::optional<LaneMath> laneMath(const clang::BinaryOperator *BO,
                                 clang::ASTContext &Ctx);
/// laneMath without the look at BO's parents that tells bit packing apart:
/// the operator, its constant and the lane-like operand alone.
std::optional<LaneMath> laneMathShape(const clang::BinaryOperator *BO,
                                      const clang::ASTContext &Ctx);
/// The first lane math in S, if any.
std::optional<LaneMath> findLaneMath(const clang::Stmt *S,
                                     clang::ASTContext &Ctx);

/// A place where a width-carrying declaration (a template parameter, a
/// function parameter) is used as the warp width: lane math on a thread
/// index (`tid % W`, `tid / W`, `tid & (W - 1)`), a shuffle width, a loop
/// stride (`i += W`), a shuffle loop bound (`i < W`) or a last-lane test
/// (`lane == W - 1`). Each breaks at wave64 when W holds 32.
struct WarpWidthUse {
  const clang::Expr *At; ///< the expression to point at
  std::string What;      ///< "lane index 'tid % W'", for messages
};
/// The uses of D as the warp width in Body (see WarpWidthUse).
std::vector<WarpWidthUse> widthUsesOf(const clang::Stmt *Body,
                                  const clang::ValueDecl *D,
                                  clang::ASTContext &Ctx);

/// True when E is a lane index computed with the run-time width
/// (`x % warpSize`, `x & (warpSize - 1)`, `__lane_id()`), directly or
/// through local variables: its range is [0, 64) on a 64-lane wavefront.
bool isWidthLaneIndex(const clang::Expr *E, const clang::ASTContext &Ctx,
                      unsigned Depth = 0);
/// A lane numbered by the device's width: isWidthLaneIndex, or a thread
/// index taken modulo 64 (`threadIdx.x % WARP_SIZE` where the target's
/// width makes it 64), directly or through locals.
bool deviceWidthLane(const clang::Expr *E, const clang::ASTContext &Ctx,
                     unsigned Depth = 0);

/// The source text of a range (expansion locations), for messages.
std::string sourceText(clang::SourceRange R, const clang::ASTContext &Ctx);
/// Where Text spells Word as a whole identifier, in order.
std::vector<size_t> wordOffsets(llvm::StringRef Text, llvm::StringRef Word);

/// The function around a statement, if any.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx);

/// A kernel of 2-D blocks whose rows are its threadIdx.x: it reads
/// threadIdx.y, never blockDim.x, never scales threadIdx.y into a linear
/// thread id (`threadIdx.y * W`, `threadIdx.y << 5`) and never divides by
/// warpSize (a warp index of the device's width). A warp collective over
/// threadIdx.x then works within one row, whatever the wavefront's width.
bool rowsOfThreadIdxX(const clang::FunctionDecl *F,
                      const clang::ASTContext &Ctx);

} // namespace hipport::checks
