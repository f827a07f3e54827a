//===- ValidateTest.cpp - comparator, inputs, spec files, fix-its ---------===//
#include "Validate/Compare.h"
#include "Validate/KernelSpec.h"
#include "Validate/Program.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace hipport;
using namespace hipport::validate;

namespace {

Param buffer(const char *Name, ElemKind K, unsigned Size, uint64_t Count) {
  Param P;
  P.Name = Name;
  P.Kind = ParamKind::Buffer;
  P.Type = {"t", K, Size};
  P.Count = Count;
  P.Output = true;
  return P;
}

template <typename T> std::string bytes(std::initializer_list<T> Vals) {
  std::string S;
  for (T V : Vals)
    S.append(reinterpret_cast<const char *>(&V), sizeof(T));
  return S;
}

TEST(ValidateCompare, IntegersMustMatchExactly) {
  Param P = buffer("out", ElemKind::Signed, 4, 4);
  BufferResult R = compareBuffer(P, bytes<int32_t>({1, 2, 3, 4}),
                                 bytes<int32_t>({1, 2, 5, 4}));
  EXPECT_EQ(R.Mismatches, 1u);
  ASSERT_EQ(R.First.size(), 1u);
  EXPECT_EQ(R.First[0].Index, 2u);
  EXPECT_EQ(R.First[0].Expected, "3");
  EXPECT_EQ(R.First[0].Actual, "5");
  EXPECT_EQ(R.MaxError, 2);
}

TEST(ValidateCompare, FloatToleranceAbsRelUlp) {
  Param P = buffer("out", ElemKind::Float, 4, 3);
  P.Tol = {0, 0, 0};
  float A = 1.0f, B = std::nextafter(1.0f, 2.0f);
  EXPECT_EQ(compareBuffer(P, bytes<float>({A}), bytes<float>({B})).Mismatches,
            1u);
  P.Tol.Ulp = 1;
  EXPECT_EQ(compareBuffer(P, bytes<float>({A}), bytes<float>({B})).Mismatches,
            0u);
  P.Tol = {0.01, 0, 0};
  EXPECT_EQ(compareBuffer(P, bytes<float>({1.0f}), bytes<float>({1.005f}))
                .Mismatches,
            0u);
  P.Tol = {0, 0.1, 0};
  EXPECT_EQ(compareBuffer(P, bytes<float>({100.0f}), bytes<float>({109.0f}))
                .Mismatches,
            0u);
  EXPECT_EQ(compareBuffer(P, bytes<float>({100.0f}), bytes<float>({111.0f}))
                .Mismatches,
            1u);
  EXPECT_EQ(compareBuffer(P, bytes<float>({NAN}), bytes<float>({NAN}))
                .Mismatches,
            0u);
}

TEST(ValidateCompare, SizeDifferenceIsAProblem) {
  Param P = buffer("out", ElemKind::Unsigned, 4, 2);
  BufferResult R =
      compareBuffer(P, bytes<uint32_t>({1, 2}), bytes<uint32_t>({1}));
  EXPECT_FALSE(R.passed());
  EXPECT_NE(R.Problem.find("4 bytes"), std::string::npos);
}

TEST(ValidateCompare, UlpDistance) {
  EXPECT_EQ(ulpDistance(1.0, 1.0, true), 0u);
  EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f), true), 1u);
  EXPECT_EQ(ulpDistance(-0.0, 0.0, false), 0u);
}

TEST(ValidateInputs, SeededAndReproducible) {
  KernelSpec S;
  S.Name = "k";
  S.Seed = 7;
  Param P = buffer("a", ElemKind::Signed, 4, 64);
  P.HasRange = true;
  P.Lo = 0;
  P.Hi = 100;
  S.Params = {P};
  llvm::SmallString<128> D1, D2;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("vt", D1));
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("vt", D2));
  ASSERT_FALSE(bool(writeInputs(S, std::string(D1))));
  ASSERT_FALSE(bool(writeInputs(S, std::string(D2))));
  auto A = llvm::MemoryBuffer::getFile(std::string(D1) + "/a.bin");
  auto B = llvm::MemoryBuffer::getFile(std::string(D2) + "/a.bin");
  ASSERT_TRUE(A && B);
  EXPECT_EQ((*A)->getBuffer(), (*B)->getBuffer());
  ASSERT_EQ((*A)->getBufferSize(), 256u);
  bool AllSame = true;
  int32_t First;
  std::memcpy(&First, (*A)->getBufferStart(), 4);
  for (unsigned I = 0; I < 64; ++I) {
    int32_t V;
    std::memcpy(&V, (*A)->getBufferStart() + 4 * I, 4);
    EXPECT_GE(V, 0);
    EXPECT_LE(V, 100);
    AllSame &= V == First;
  }
  EXPECT_FALSE(AllSame);
  llvm::sys::fs::remove_directories(D1);
  llvm::sys::fs::remove_directories(D2);
}

KernelSpec scaleSpec() {
  KernelSpec S;
  S.Name = "scale";
  Param In = buffer("in", ElemKind::Float, 4, 16);
  Param N;
  N.Name = "n";
  N.Type = {"int", ElemKind::Signed, 4};
  N.Value = "16";
  S.Params = {In, N};
  return S;
}

TEST(ValidateSpec, OverridesAndErrorsNameTheField) {
  std::vector<KernelSpec> Specs = {scaleSpec()};
  auto J = nlohmann::json::parse(R"({"kernels": {"scale": {
      "block": [64], "params": {"n": {"value": 64},
      "in": {"count": 64, "tolerance": {"ulp": 2}}}}}})");
  ASSERT_FALSE(bool(applySpecJson(J, "s.json", Specs)));
  EXPECT_EQ(Specs[0].Block.X, 64u);
  EXPECT_EQ(Specs[0].Params[1].Value, "64");
  EXPECT_EQ(Specs[0].Params[0].Count, 64u);
  EXPECT_EQ(Specs[0].Params[0].Tol.Ulp, 2u);
  EXPECT_EQ(Specs[0].Params[0].Tol.Abs, 0);

  auto Bad = nlohmann::json::parse(R"({"kernels": {"scale": {
      "blok": 1, "params": {"nope": {}, "in": {"fill": "sideways"}}},
      "missing": {}}})");
  llvm::Error E = applySpecJson(Bad, "s.json", Specs);
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find("s.json:/kernels/scale/blok: unknown field 'blok'"),
            std::string::npos);
  EXPECT_NE(Msg.find("s.json:/kernels/scale/params/nope: kernel 'scale' has "
                     "no parameter 'nope'"),
            std::string::npos);
  EXPECT_NE(Msg.find("s.json:/kernels/scale/params/in/fill:"),
            std::string::npos);
  EXPECT_NE(Msg.find("s.json:/kernels/missing: no kernel named 'missing'"),
            std::string::npos);
}

TEST(ValidateProgram, StdoutNumbersWithTolerance) {
  EXPECT_EQ(compareStdout("sum = 1.000001\nok", "sum = 1.000002\nok", 1e-5, 0),
            "");
  EXPECT_NE(compareStdout("sum = 1.0", "sum = 1.5", 1e-5, 1e-6), "");
  EXPECT_NE(compareStdout("ok", "OK", 1e-5, 1e-6), "");
  EXPECT_NE(compareStdout("a b", "a", 1e-5, 1e-6), "");
}

} // namespace
