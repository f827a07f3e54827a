//===- TokenText.h - raw tokens of a file, for the token scan ---*- C++ -*-===//
#pragma once

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hipport::checks {

/// A raw token of a file that may not parse (no preprocessing).
struct Tok {
  clang::tok::TokenKind Kind;
  llvm::StringRef Text;
  unsigned Offset;
  bool LineStart = false;
};

/// The raw tokens of Text (C++17, comments dropped).
std::vector<Tok> lexAll(llvm::StringRef Text);

/// The top-level arguments of the call whose '(' is at Open, as token index
/// ranges [begin, end).
std::vector<std::pair<size_t, size_t>> callArgs(const std::vector<Tok> &T,
                                                size_t Open);

/// Tokens [B, E) split at their top-level commas (a launch's `<<<grid,
/// block, shared, stream>>>`), as index ranges [begin, end).
std::vector<std::pair<size_t, size_t>>
topLevelArgs(const std::vector<Tok> &T, size_t B, size_t E);

/// True for the tokens of preprocessor directives (a `#` at the start of a
/// line up to the next line that is not a continuation).
std::vector<bool> directiveTokens(const std::vector<Tok> &T);

/// The index of the bracket that closes the one at Open ('(', '[' or '{'),
/// or T.size().
size_t closingBracket(const std::vector<Tok> &T, size_t Open);

/// The '(' matching the ')' at Close, or Close.
size_t openingParen(const std::vector<Tok> &T, size_t Close);

/// A function definition of the text: the '(' of its head, the '{' and the
/// '}' of its body.
struct FunctionSpan {
  size_t Paren, Open, Close;
};

/// The function definitions of the text, in order: a `{` right after the
/// `)` of a head whose name is an identifier other than a keyword (`if`,
/// `for`, `while`, `switch`, `catch`, `return`, `sizeof`).
std::vector<FunctionSpan> functionDefinitions(const std::vector<Tok> &T);

/// True when F's head says `__global__` (between the previous statement and
/// its name): a kernel.
bool isKernelDefinition(const std::vector<Tok> &T, const FunctionSpan &F);

/// The function definitions of the text that call a builtin of wavefront
/// size 32 (`__builtin_amdgcn_wmma_f32_16x16x16_f16_w32`) and none of size
/// 64, themselves or through the text's own functions they call (by name):
/// code for RDNA only, as LogicalWarps' Wave32Only finds it in the AST.
/// Defs: functionDefinitions(T).
std::vector<FunctionSpan>
wave32OnlyDefinitions(const std::vector<Tok> &T,
                      const std::vector<FunctionSpan> &Defs);

/// The kernels of the text with no lane-level code: no name that may make
/// lanes meet (crossLaneName: shuffles, ballots, votes, warp-level matrix
/// operations, warp/wave/lane names, warpSize), and no lane math
/// (`% 32`, `& 31`, `>> 5`, `/ 32`), themselves or in the text's functions
/// they call (by name). Their block sizes count threads and
/// nothing else: any size is right at either width. Defs:
/// functionDefinitions(T).
std::set<llvm::StringRef>
laneFreeKernels(const std::vector<Tok> &T,
                const std::vector<FunctionSpan> &Defs);

/// The names of the definitions Defs of T.
std::set<llvm::StringRef> definitionNames(const std::vector<Tok> &T,
                                          const std::vector<FunctionSpan> &Defs);

/// The kernel a launch at I starts: I is the `<<` of `k<<<...>>>` or a
/// launch function's name (`hipLaunchKernelGGL(HIP_KERNEL_NAME(k<...>),
/// ...)`); empty when the text does not say.
llvm::StringRef launchedKernel(const std::vector<Tok> &T, size_t I);

/// True when the value Name holds at token I was set from the device's
/// width, as far as the text tells: its nearest earlier `Name = ...` reads
/// warpSize or calls a function named for the width
/// (`__builtin_amdgcn_wavefrontsize()`), itself or through a name it reads
/// (`offset = wave_size >> 1` with `wave_size =
/// __builtin_amdgcn_wavefrontsize()`). The text's twin of the AST's
/// isQueriedWidth, for shuffle offsets and branches taken by the width.
bool setFromQueriedWidth(const std::vector<Tok> &T, size_t I,
                         llvm::StringRef Name, unsigned Depth = 0);

/// A numeric literal as one spelling: lower case, without digit separators
/// and integer suffixes (`0xFFFF'FFFFu` -> `0xffffffff`).
std::string plainNumber(llvm::StringRef Literal);

/// `asm`, `__asm__` or `__asm`: the keywords of inline assembly.
inline bool isAsmKeyword(llvm::StringRef S) {
  return S == "asm" || S == "__asm__" || S == "__asm";
}

} // namespace hipport::checks
