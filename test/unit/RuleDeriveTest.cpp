//===- RuleDeriveTest.cpp - declaration scanner and derive matching -------===//
#include "Rules/Derive.h"
#include "Rules/RuleDocs.h"

#include <gtest/gtest.h>

using namespace hipport::rules;

namespace {

const Declaration *find(const std::vector<Declaration> &Ds,
                        const std::string &Name) {
  for (const Declaration &D : Ds)
    if (D.Name == Name)
      return &D;
  return nullptr;
}

TEST(RuleDeriveTest, ScansEachDeclarationForm) {
  auto Ds = scanHeaderText(R"(
#define LIB_API
#define LIB_VERSION 3
#define libOld libNew
#define LIB_DEPRECATED(x) __attribute__((deprecated(#x)))
extern "C" {
typedef enum libMode_t { LIB_MODE_A = 0, LIB_MODE_B = (1 << 2) } libMode_t;
typedef struct libCtx *libHandle_t, *libHandle2_t;
typedef int (*libCallback)(void *user, int code);
struct libOpaque;
LIB_DEPRECATED(libNew) int LIB_API libNew(libHandle_t h, const int *v,
                                          int n);
int libVoid(void);
static inline int libInline(int a, int b) { return a + b; }
}
namespace lib { struct Thing; }
)",
                           "lib.h");
  auto Kind = [&](const char *N) { return find(Ds, N)->DeclKind; };
  EXPECT_EQ(Kind("LIB_VERSION"), Kind::Macro);
  EXPECT_EQ(find(Ds, "libOld")->AliasOf, "libNew");
  EXPECT_EQ(Kind("LIB_MODE_A"), Kind::Enumerator);
  EXPECT_EQ(Kind("LIB_MODE_B"), Kind::Enumerator);
  EXPECT_EQ(Kind("libMode_t"), Kind::Type);
  EXPECT_EQ(Kind("libHandle_t"), Kind::Type);
  EXPECT_EQ(Kind("libHandle2_t"), Kind::Type);
  EXPECT_EQ(Kind("libCallback"), Kind::Type);
  EXPECT_EQ(Kind("libOpaque"), Kind::Type);
  EXPECT_EQ(Kind("Thing"), Kind::Type);
  EXPECT_EQ(find(Ds, "libNew")->Params, 3);
  EXPECT_EQ(find(Ds, "libVoid")->Params, 0);
  EXPECT_EQ(find(Ds, "libInline")->Params, 2);
  // Empty macros are guards and decorations, not API.
  EXPECT_EQ(find(Ds, "LIB_API"), nullptr);
  // Parameter names are not declarations.
  EXPECT_EQ(find(Ds, "user"), nullptr);
}

TEST(RuleDeriveTest, MatchesThroughPrefixesAndV2) {
  std::vector<Declaration> Cuda = {{"cublasCreate_v2", Kind::Function, 1},
                                   {"cublasSetStream", Kind::Function, 2},
                                   {"CUBLAS_OP_N", Kind::Enumerator},
                                   {"cublasOnlyCuda", Kind::Function, 0}};
  std::vector<Declaration> Hip = {{"hipblasCreate", Kind::Function, 1},
                                  {"hipblasSetStream", Kind::Function, 3},
                                  {"HIPBLAS_OP_N", Kind::Macro}};
  DeriveResult R =
      derive(Cuda, Hip, {{"cublas", "hipblas"}, {"CUBLAS_", "HIPBLAS_"}});
  ASSERT_EQ(R.Proposed.size(), 2u);
  EXPECT_EQ(R.Proposed[0].Hip.Name, "hipblasCreate");
  // An enumerator may be a macro on the other side: both are constants.
  EXPECT_EQ(R.Proposed[1].Hip.Name, "HIPBLAS_OP_N");
  ASSERT_EQ(R.Incompatible.size(), 1u);
  EXPECT_EQ(R.Incompatible[0].Cuda.Name, "cublasSetStream");
  ASSERT_EQ(R.Unmatched.size(), 1u);
  EXPECT_EQ(R.Unmatched[0].Name, "cublasOnlyCuda");
}

TEST(RuleDeriveTest, LongestPrefixWins) {
  std::vector<Declaration> Cuda = {{"cublasLtCreate", Kind::Function, 1}};
  std::vector<Declaration> Hip = {{"hipblasLtCreate", Kind::Function, 1}};
  DeriveResult R =
      derive(Cuda, Hip, {{"cublas", "hipblas"}, {"cublasLt", "hipblasLt"}});
  ASSERT_EQ(R.Proposed.size(), 1u);
}

TEST(RuleDeriveTest, ProposalsAreARulesFile) {
  DeriveResult R;
  R.Proposed.push_back({{"cufftPlan1d", Kind::Function, 4},
                        {"hipfftPlan1d", Kind::Function, 4}});
  std::string J = proposalsToJson(R, "cufft", "6.0");
  EXPECT_NE(
      J.find(
          R"({"cuda":"cufftPlan1d","kind":"function","hip":"hipfftPlan1d","since_rocm":"6.0"})"),
      std::string::npos);
}

TEST(RuleDeriveTest, ExampleLineFollowsKindAndTarget) {
  RuleEntry E;
  E.Cuda = "cub";
  E.Hip = "hipcub";
  E.EntryKind = Kind::Namespace;
  Mapping M;
  M.Hip = "hipcub";
  EXPECT_EQ(exampleLine(E, M), "cub::f()  ->  hipcub::f()");
  M.Act = Mapping::Action::Unsupported;
  EXPECT_EQ(exampleLine(E, M), "cub::f()  ->  left unchanged, reported");
}

} // namespace
