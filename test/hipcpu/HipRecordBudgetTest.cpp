// The record limit shared out by kernel (hipcpu/detail/record_files.h):
// a kernel first launched after another filled the budget still gets its
// first launch recorded, by dropping the other's latest, and only from a
// kernel that kept at least two more launches.
#include "hipcpu/detail/record_files.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

namespace {

using hipcpu::record::RecordFiles;

struct HipcpuRecordBudget : ::testing::Test {
  std::string Dir;
  RecordFiles R;
  void SetUp() override {
    char T[] = "/tmp/hipcpu-budget-XXXXXX";
    Dir = mkdtemp(T);
  }
  void TearDown() override {
    std::string Cmd = "rm -rf '" + Dir + "'";
    ASSERT_EQ(std::system(Cmd.c_str()), 0);
  }
  /// One launch of Kernel on one allocation of Bytes that it changes, as
  /// the recorders write it; whether it got its contents.
  bool launch(const std::string &Kernel, unsigned Bytes) {
    unsigned Seq = R.NextSeq++;
    std::string Data(Bytes, 'x'), Before = "-", After = "-";
    bool Keep = R.admit(Kernel, Seq, Bytes);
    if (Keep) {
      Before = R.writeData(Seq, 1, "before", Data.data(), Bytes);
      After = R.writeData(Seq, 1, "after", Data.data(), Bytes);
    }
    R.finish(Kernel, Seq,
             "launch " + std::to_string(Seq) + " name " + Kernel +
                 "\narg 0 buf uint8 1 alloc 1 offset 0 bytes " +
                 std::to_string(Bytes) + " before " + Before + " after " +
                 After + "\n");
    return Keep;
  }
  bool exists(const std::string &Name) {
    return std::ifstream(Dir + "/data/" + Name).good();
  }
  std::string manifest() {
    std::stringstream S;
    S << std::ifstream(Dir + "/manifest.txt").rdbuf();
    return S.str();
  }
};

TEST_F(HipcpuRecordBudget, LaterKernelTakesTheRoomOfOneWithTwoMore) {
  R.open(Dir, 450); // room for two launches of 100 bytes, before and after
  EXPECT_TRUE(launch("A", 100));
  EXPECT_TRUE(launch("A", 100));
  EXPECT_FALSE(launch("A", 100)); // A keeps 2, B none yet: no room
  EXPECT_FALSE(launch("A", 100));
  EXPECT_TRUE(launch("B", 100)); // A's latest kept launch (1) makes room
  EXPECT_TRUE(exists("0-1.before"));
  EXPECT_FALSE(exists("1-1.before"));
  EXPECT_FALSE(exists("1-1.after"));
  EXPECT_TRUE(exists("4-1.after"));
  EXPECT_EQ(R.Written, 400u);
  std::string M = manifest();
  EXPECT_EQ(M.find("hipcpu-record 1\nlimit 450\n"), 0u);
  EXPECT_NE(M.find("launch 1 name A\narg 0 buf uint8 1 alloc 1 offset 0 "
                   "bytes 100 before - after -\n"),
            std::string::npos);
  EXPECT_NE(M.find("limit-reached launch 2\nlaunch 2 name A\n"),
            std::string::npos);
  EXPECT_NE(M.find("launch 4 name B\narg 0 buf uint8 1 alloc 1 offset 0 "
                   "bytes 100 before 4-1.before after 4-1.after\n"),
            std::string::npos);
  // A now keeps 1, B 1: neither gives way to the other's second launch.
  EXPECT_FALSE(launch("B", 100));
  EXPECT_TRUE(exists("0-1.before"));
}

TEST_F(HipcpuRecordBudget, NoSwapBetweenKernelsOneLaunchApart) {
  R.open(Dir, 250);
  EXPECT_TRUE(launch("A", 100));
  EXPECT_FALSE(launch("B", 100)); // A keeps only its first launch
  EXPECT_TRUE(exists("0-1.before"));
}

TEST_F(HipcpuRecordBudget, NothingDroppedWhenDroppingCannotMakeRoom) {
  R.open(Dir, 450);
  EXPECT_TRUE(launch("A", 10));
  EXPECT_TRUE(launch("A", 10));
  EXPECT_TRUE(launch("A", 10));
  EXPECT_FALSE(launch("B", 300)); // 600 bytes: more than A could free
  for (const char *F : {"0-1.after", "1-1.after", "2-1.after"})
    EXPECT_TRUE(exists(F)) << F;
  EXPECT_EQ(R.Written, 60u);
}

TEST(HipcpuRecordText, WithoutContents) {
  EXPECT_EQ(hipcpu::record::withoutContents(
                "launch 3 rc 0 name k\n"
                "arg 0 buf int32 4 alloc 2 offset 8 bytes 64 before 3-2.before "
                "after =\narg 1 int 5 hex 05000000\n"),
            "launch 3 rc 0 name k\n"
            "arg 0 buf int32 4 alloc 2 offset 8 bytes 64 before - after -\n"
            "arg 1 int 5 hex 05000000\n");
}

} // namespace
