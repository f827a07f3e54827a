//===- LintNameTestsTest.cpp - name tests equal the regexes they replace -===//
#include "Checks/FastMatchers.h"

#include "llvm/Support/Regex.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace hipport::checks;

namespace {

/// Names as matchesName() gives them ("::" and the qualified name): the
/// checks' intrinsics, wrappers, lookalikes and edge cases of each pattern.
std::vector<std::string> names() {
  std::vector<std::string> N = {
      "::__shfl_sync", "::__shfl_xor", "::WARP_SHFL_DOWN", "::shfl_xor",
      "::ns::Shuffle", "::shuffle_up", "::detail::warpShfl", "::SHFL",
      "::__syncwarp", "::__ballot_sync", "::__any_sync", "::__x_sync",
      "::___sync", "::__Ballot_sync", "::__ballot_sync_", "::a::__all_sync",
      "::__all_sync2", "::__a1_sync", "::____sync", "::nvcuda::wmma::load",
      "::nvcuda::wmma", "::nvcuda::wmma::fragment::x", "::x::nvcuda::wmma::y",
      "::cudaMalloc", "::k123", "::", "::_sync", "::__sync"};
  // Every short string over the letters the patterns turn on.
  const std::string Alphabet = "_sSaync:hfl";
  for (char A : Alphabet)
    for (char B : Alphabet)
      for (char C : Alphabet)
        N.push_back(std::string("::__") + A + B + C + "_sync");
  return N;
}

void expectSame(const char *Pattern, bool (*Test)(llvm::StringRef)) {
  llvm::Regex Re(Pattern);
  for (const std::string &N : names())
    EXPECT_EQ(Re.match(N), Test(N)) << Pattern << " on " << N;
}

TEST(LintNameTests, ShuffleWrapperEqualsItsRegex) {
  expectSame("(WARP_SHFL|[Ss]hfl|[Ss]huffle)", namesShuffleWrapper);
}

TEST(LintNameTests, SyncIntrinsicEqualsItsRegex) {
  expectSame("^::__[a-z_]+_sync$", namesSyncIntrinsic);
}

TEST(LintNameTests, WmmaEqualsItsRegex) {
  expectSame("^::nvcuda::wmma::", namesWmma);
}

} // namespace
