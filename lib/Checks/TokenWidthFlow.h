//===- TokenWidthFlow.h - warp constants followed in raw tokens -*- C++ -*-===//
#pragma once

#include "Checks/TokenText.h"
#include "Core/Finding.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace hipport::checks {

/// The integer constants a file's text defines, as far as tokens tell:
/// object-like `#define NAME expr` and `const`/`constexpr` declarations,
/// each evaluated with the names defined before it. A name defined twice with different values (`#ifdef
/// __GFX9__ #define WS 64 #else #define WS 32`) has no value: the text does
/// not say which one a compiler pass sees.
class TokenConstants {
public:
  explicit TokenConstants(const std::vector<Tok> &T);
  /// The value of the tokens [B, E) (literals, constants of the table,
  /// parentheses, + - * / % << >> & | and unary minus), if they have one.
  std::optional<int64_t> eval(size_t B, size_t E) const;
  std::optional<int64_t> valueOf(llvm::StringRef Name) const;

private:
  const std::vector<Tok> &T;
  std::map<std::string, std::optional<int64_t>> Values;
  void define(llvm::StringRef Name, std::optional<int64_t> V);
};

/// The index of a 32 that scales a size in [B, E) (`n / 32`, `4 * 32`,
/// `max(32, n)`), or E.
size_t scaledBy32(const std::vector<Tok> &T, size_t B, size_t E);

/// Shuffle intrinsics and PyTorch's WARP_SHFL* wrappers, by name.
bool shuffleLike(llvm::StringRef N);

/// True when the text uses warp collectives (shuffles, ballots, a
/// cooperative-groups tile's shfl_*, warp-level matrix operations): its
/// kernels work per warp.
bool worksPerWarp(const std::vector<Tok> &T);

using TokenFindingFn = std::function<void(const char *Id, core::Severity,
                                          const Tok &, const std::string &)>;

/// Wave64 patterns of unparsed text that need a warp constant followed from
/// its definition to its use (TokenConstants): shuffle loops whose start or
/// bound is a 32-wide warp's, last-lane tests against 31, lane loops striding
/// by 32, shuffle wrappers whose width defaults to 32, ballots stored into
/// variables declared 32-bit or returned through a 32-bit function, and
/// launches of one 32-thread warp per block (or per row, through a `dim3`
/// the text defines) in a file that works per warp,
/// and launch sizes computed with 32 through the launching function's
/// variables (`int bx = max(32, n); dim3 block(bx, MAX / 32); k<<<g, block>>>`).
/// Each finding carries the id of the AST check that reports it on parsed
/// code. Wave32 names the text's wave32-only functions, whose launches are
/// left out.
void widthFlowTokens(const std::vector<Tok> &T,
                     const std::set<llvm::StringRef> &Wave32,
                     const TokenFindingFn &Add);

} // namespace hipport::checks
