//===- FrontendPreambleCacheTest.cpp - the PCH cache's size limit ---------===//
#include "Frontend/Preamble.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace hipport::frontend;
namespace fs = llvm::sys::fs;

namespace {

/// A PCH of Mib MiB in Dir, last used Age hours ago, with its manifest and
/// prelude file.
void fakePch(const std::string &Dir, const std::string &Key, unsigned Mib,
             int Age) {
  std::string Pch = Dir + "/" + Key + ".pch";
  std::ofstream(Pch) << std::string(Mib << 20, 'x');
  std::ofstream(Dir + "/" + Key + ".json") << "{}";
  std::ofstream(Dir + "/hipport-prelude-" + Key + ".cu") << "";
  int FD;
  ASSERT_FALSE(fs::openFileForWrite(Pch, FD, fs::CD_OpenExisting, fs::OF_Append));
  fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now() - std::chrono::hours(Age));
  ::close(FD);
}

TEST(PreambleCache, TrimRemovesTheLeastRecentlyUsedFirst) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(fs::createUniqueDirectory("hipport-pch", Dir));
  std::string D(Dir);
  fakePch(D, "a", 1, 40); // oldest, but the one just built: kept
  fakePch(D, "b", 1, 30);
  fakePch(D, "c", 1, 20);
  fakePch(D, "d", 1, 10);
  // 4 MiB under a 2.5 MiB limit: b and c go, a (kept) and d (newest) stay.
  EXPECT_EQ(trimPreambleCache(D, (5u << 20) / 2, D + "/a.pch"), 2u);
  EXPECT_TRUE(fs::exists(D + "/a.pch"));
  EXPECT_FALSE(fs::exists(D + "/b.pch"));
  EXPECT_FALSE(fs::exists(D + "/b.json"));
  EXPECT_FALSE(fs::exists(D + "/hipport-prelude-b.cu"));
  EXPECT_FALSE(fs::exists(D + "/c.pch"));
  EXPECT_TRUE(fs::exists(D + "/d.pch"));
  EXPECT_TRUE(fs::exists(D + "/d.json"));
  // Under the limit: nothing more goes.
  EXPECT_EQ(trimPreambleCache(D, 8u << 20, ""), 0u);
  fs::remove_directories(D);
}

TEST(PreambleCache, LimitComesFromTheEnvironment) {
  ::setenv("HIPPORT_CACHE_MAX_MB", "300", 1);
  EXPECT_EQ(preambleCacheLimit(), uint64_t(300) << 20);
  ::unsetenv("HIPPORT_CACHE_MAX_MB");
  EXPECT_EQ(preambleCacheLimit(), uint64_t(2048) << 20);
}

} // namespace
