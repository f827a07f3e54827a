//===- ValidateRecordingTest.cpp - launch recordings: parse and compare ---===//
#include "Validate/Recording.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport::validate;

namespace {

/// A recording directory written by the test: a manifest and data files.
struct TempRecording {
  std::string Dir;
  TempRecording() {
    llvm::SmallString<128> P;
    llvm::sys::fs::createUniqueDirectory("hipport-rec", P);
    Dir = P.str().str();
    llvm::sys::fs::create_directories(Dir + "/data");
  }
  ~TempRecording() { llvm::sys::fs::remove_directories(Dir); }
  void write(const std::string &Rel, const std::string &Text) const {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Dir + "/" + Rel, EC);
    OS << Text;
  }
};

template <typename T> std::string bytes(std::initializer_list<T> Vals) {
  std::string S;
  for (T V : Vals)
    S.append(reinterpret_cast<const char *>(&V), sizeof(T));
  return S;
}

const char *Header = "hipcpu-record 1\nlimit 1000\n";

/// One launch of `k(float *out, int n)` whose output is Out.
void oneLaunch(const TempRecording &R, const std::string &Block,
               std::initializer_list<float> Out) {
  R.write("manifest.txt",
          std::string(Header) +
              "launch 0 rc 0 width 32 grid 1 1 1 block " + Block +
              " shared 0 args 2 name k\n"
              "arg 0 buf float32 4 alloc 1 offset 4 bytes 16 before 0-1.before "
              "after 0-1.after\n"
              "arg 1 int 3 hex 03000000\n");
  R.write("data/0-1.before", bytes<float>({0, 0, 0, 0}));
  R.write("data/0-1.after", bytes<float>(Out));
}

std::string errorOf(const std::string &Manifest) {
  TempRecording R;
  R.write("manifest.txt", Manifest);
  auto Rec = readRecording(R.Dir);
  if (Rec)
    return "";
  std::string E = llvm::toString(Rec.takeError());
  // Keep what follows the directory: "manifest.txt:LINE:COL: ...".
  return E.substr(R.Dir.size() + 1);
}

TEST(ValidateRecording, ReadsLaunchesArgumentsAndData) {
  TempRecording R;
  oneLaunch(R, "32 1 1", {0, 1, 2, 3});
  auto Rec = readRecording(R.Dir);
  ASSERT_TRUE(bool(Rec)) << llvm::toString(Rec.takeError());
  ASSERT_EQ(Rec->Launches.size(), 1u);
  const RecordedLaunchRun &L = Rec->Launches[0];
  EXPECT_EQ(L.Kernel, "k");
  EXPECT_EQ(L.Block.X, 32u);
  ASSERT_EQ(L.Args.size(), 2u);
  EXPECT_EQ(L.Args[0].Kind, RecordedArg::Buffer);
  EXPECT_EQ(L.Args[0].Type.Kind, ElemKind::Float);
  EXPECT_EQ(L.Args[0].Offset, 4u);
  EXPECT_EQ(L.Args[1].Value, "3");
  EXPECT_EQ(Rec->DataBytes, 32u);
  EXPECT_EQ(Rec->DataFiles, 2u);
}

TEST(ValidateRecording, MalformedInputNamesFileLineAndColumn) {
  EXPECT_EQ(errorOf("hipcpu-record 2\nlimit 1\n"),
            "manifest.txt:1:15: format version 2; this hipport reads 1");
  EXPECT_EQ(errorOf("hello\n"), "manifest.txt:1:1: not a hipcpu recording "
                                "(expected 'hipcpu-record 1')");
  EXPECT_EQ(errorOf(std::string(Header) +
                    "launch 0 rc 0 width 32 grid 1 x 1 block 1 1 1 shared 0 "
                    "args 0 name k\n"),
            "manifest.txt:3:31: expected a number, found 'x'");
  EXPECT_EQ(errorOf(std::string(Header) +
                    "launch 0 rc 0 width 32 grid 1 1 1 block 1 1 1 shared 0 "
                    "args 1 name k\narg 0 buf float128 4 null\n"),
            "manifest.txt:4:11: unknown element type 'float128'");
  EXPECT_EQ(errorOf(std::string(Header) +
                    "launch 0 rc 0 width 32 grid 1 1 1 block 1 1 1 shared 0 "
                    "args 1 name k\narg 0 buf int32 4 alloc 1 offset 0 bytes 8 "
                    "before 0-1.before after =\n"),
            "manifest.txt:4:51: data file 0-1.before is missing");
  EXPECT_EQ(errorOf(std::string(Header) +
                    "launch 0 rc 0 width 32 grid 1 1 1 block 1 1 1 shared 0 "
                    "args 2 name k\narg 0 int 1 hex 01000000\n"),
            "manifest.txt:4: the manifest ends 1 'arg' line(s) short of "
            "launch 0");
}

TEST(ValidateRecording, NamesFirstDifferingElementsFromThePointer) {
  TempRecording Ref, Port;
  oneLaunch(Ref, "32 1 1", {0, 1, 2, 3});
  oneLaunch(Port, "32 1 1", {0, 1, 2.5f, 3});
  auto X = readRecording(Ref.Dir), Y = readRecording(Port.Dir);
  ASSERT_TRUE(X && Y);
  RecordComparison C = compareRecordings(*X, *Y);
  ASSERT_EQ(C.Kernels.size(), 1u);
  const KernelVerdict &V = C.Kernels[0];
  EXPECT_TRUE(V.Differs);
  EXPECT_EQ(V.Arg, 0);
  EXPECT_EQ(V.Diff.Count, 3u); // from byte 4, where the pointer points
  ASSERT_EQ(V.Diff.First.size(), 1u);
  EXPECT_EQ(V.Diff.First[0].Index, 1u);
  EXPECT_DOUBLE_EQ(V.Diff.MaxError, 0.5);
  EXPECT_TRUE(C.HostDivergence.empty());
}

TEST(ValidateRecording, ReportsWhereTheHostSidesPart) {
  TempRecording Ref, Port;
  oneLaunch(Ref, "32 1 1", {0, 1, 2, 3});
  oneLaunch(Port, "64 1 1", {0, 1, 2, 3});
  auto X = readRecording(Ref.Dir), Y = readRecording(Port.Dir);
  ASSERT_TRUE(X && Y);
  RecordComparison C = compareRecordings(*X, *Y);
  EXPECT_EQ(C.HostDivergence,
            "launch 0: k block 64 1 1, the reference has 32 1 1");
  ASSERT_EQ(C.Kernels.size(), 1u);
  EXPECT_FALSE(C.Kernels[0].Differs);
  EXPECT_EQ(C.Kernels[0].Compared, 0u);
}

/// Three launches: a writes buffer 1 (its output Out), b reads buffer 1,
/// c reads and writes buffer 2 (which nothing else touches).
void threeLaunches(const TempRecording &R, float Out) {
  auto Launch = [](int Seq, const char *K, int Alloc, bool Writes) {
    std::string F = std::to_string(Seq) + "-" + std::to_string(Alloc);
    return "launch " + std::to_string(Seq) +
           " rc 0 width 32 grid 1 1 1 block 32 1 1 shared 0 args 1 name " + K +
           "\narg 0 buf float32 4 alloc " + std::to_string(Alloc) +
           " offset 0 bytes 4 before " + F + ".before after " +
           (Writes ? F + ".after" : std::string("=")) + "\n";
  };
  R.write("manifest.txt", std::string(Header) + Launch(0, "a", 1, true) +
                              Launch(1, "b", 1, false) +
                              Launch(2, "c", 2, true));
  R.write("data/0-1.before", bytes<float>({0}));
  R.write("data/0-1.after", bytes<float>({Out}));
  R.write("data/1-1.before", bytes<float>({Out}));
  R.write("data/2-2.before", bytes<float>({5}));
  R.write("data/2-2.after", bytes<float>({6}));
}

TEST(ValidateRecording, ComparesLaterLaunchesThatStartFromTheSameData) {
  TempRecording Ref, Port;
  threeLaunches(Ref, 1);
  threeLaunches(Port, 2);
  auto X = readRecording(Ref.Dir), Y = readRecording(Port.Dir);
  ASSERT_TRUE(X && Y);
  RecordComparison C = compareRecordings(*X, *Y);
  ASSERT_EQ(C.Kernels.size(), 3u);
  EXPECT_TRUE(C.Kernels[0].Differs);
  EXPECT_EQ(C.Kernels[1].Compared, 0u);
  EXPECT_EQ(C.Kernels[1].Note,
            "launch 1 starts from other data (an earlier launch's outputs "
            "differ)");
  EXPECT_FALSE(C.Kernels[2].Differs);
  EXPECT_EQ(C.Kernels[2].Compared, 1u);
  EXPECT_TRUE(C.HostDivergence.empty());
}

KernelSpec templateSpec(const char *Name, ElemKind K) {
  KernelSpec Sp;
  Sp.Name = Name;
  for (const char *P : {"in", "out"}) {
    Param Pa;
    Pa.Name = P;
    Pa.Kind = ParamKind::Buffer;
    Pa.Type = {"t", K, 4};
    Sp.Params.push_back(Pa);
  }
  return Sp;
}

TEST(ValidateRecording, MatchesTemplateLaunchesByArgumentsAndTypes) {
  TempRecording R;
  std::string M = Header;
  for (int I = 0; I < 2; ++I)
    M += "launch " + std::to_string(I) +
         " rc 0 width 32 grid 1 1 1 block 64 1 1 shared 0 args 2 name "
         "sumBlocks<T, 64>\n"
         "arg 0 buf " + (I ? "float32" : "int32") + " 4 null\n"
         "arg 1 buf " + (I ? "float32" : "int32") + " 4 null\n";
  R.write("manifest.txt", M);
  auto Rec = readRecording(R.Dir);
  ASSERT_TRUE(bool(Rec)) << llvm::toString(Rec.takeError());
  auto Ints = launchesOf(*Rec, templateSpec("sumBlocks<int, 64U>", ElemKind::Signed), false);
  auto Floats = launchesOf(*Rec, templateSpec("sumBlocks<float, 64>", ElemKind::Float), false);
  auto Other = launchesOf(*Rec, templateSpec("sumBlocks<int, 128>", ElemKind::Signed), false);
  ASSERT_EQ(Ints.size(), 1u);
  EXPECT_EQ(Ints[0]->Seq, 0u);
  ASSERT_EQ(Floats.size(), 1u);
  EXPECT_EQ(Floats[0]->Seq, 1u);
  EXPECT_TRUE(Other.empty());
}

} // namespace
