//===- LintShardTest.cpp - deterministic sharding of lint inputs ---------===//
#include "Checks/Linter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace hipport::checks;

namespace {

std::vector<std::string> paths(unsigned N) {
  std::vector<std::string> P;
  for (unsigned I = 0; I < N; ++I)
    P.push_back("src/dir" + std::to_string(I % 7) + "/file" +
                std::to_string(I) + ".cu");
  return P;
}

TEST(LintShard, OneShardHoldsEverything) {
  for (const std::string &P : paths(50)) {
    EXPECT_TRUE(inShard(P, 0, 1));
    EXPECT_TRUE(inShard(P, 0, 0));
  }
}

TEST(LintShard, EveryFileInExactlyOneShard) {
  for (unsigned N : {2u, 3u, 5u, 16u})
    for (const std::string &P : paths(200)) {
      unsigned In = 0;
      for (unsigned K = 0; K < N; ++K)
        In += inShard(P, K, N);
      EXPECT_EQ(In, 1u) << P << " in " << In << " of " << N << " shards";
    }
}

TEST(LintShard, AssignmentDependsOnlyOnThePath) {
  // Adding files moves no other file to another shard.
  std::vector<std::string> Few = paths(20), Many = paths(400);
  for (const std::string &P : Few)
    for (unsigned K = 0; K < 4; ++K)
      EXPECT_EQ(inShard(P, K, 4), inShard(std::string(P), K, 4));
  unsigned Same = 0;
  for (unsigned I = 0; I < Few.size(); ++I)
    Same += Few[I] == Many[I];
  EXPECT_EQ(Same, Few.size());
}

TEST(LintShard, ShardsAreRoughlyBalanced) {
  const unsigned N = 4, Files = 400;
  unsigned Count[N] = {};
  for (const std::string &P : paths(Files))
    for (unsigned K = 0; K < N; ++K)
      Count[K] += inShard(P, K, N);
  for (unsigned K = 0; K < N; ++K) {
    EXPECT_GT(Count[K], Files / N / 2) << "shard " << K;
    EXPECT_LT(Count[K], Files / N * 2) << "shard " << K;
  }
}

} // namespace
