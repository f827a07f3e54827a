#include "Report/CostModel.h"
#include "Report/ProjectReport.h"
#include "Report/TextScan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace hipport::report;

namespace {

TEST(ReportTextScan, StripsCommentsKeepingLines) {
  std::string S = stripComments("a // __global__\nb /* x\n__global__ */ c\n"
                                 "\"// kept\"\n");
  EXPECT_EQ(S.find("__global__"), std::string::npos);
  EXPECT_EQ(countLines(S), 4u);
  EXPECT_NE(S.find("\"// kept\""), std::string::npos);
}

TEST(ReportTextScan, FindsKernelsAndTheirFeatures) {
  std::string Src = stripComments(R"(
#define KERNEL __global__
template <int N>
__global__ void __launch_bounds__(256) sum(float *x) {
  __shared__ float s[32];
  float v = __shfl_down_sync(0xffffffff, x[0], 1);
  atomicAdd(x, v);
  asm volatile("mma.sync.aligned.m16n8k16 ...");
}
__global__ void declared(int);
void host() { sum<4><<<1, 32>>>(nullptr); }
)");
  std::vector<Kernel> K = scanKernels(Src, "k.cu");
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Name, "sum");
  EXPECT_EQ(K[0].Loc.Line, 4u);
  EXPECT_TRUE(K[0].Template);
  EXPECT_TRUE(K[0].FromTextScan);
  EXPECT_EQ(K[0].WarpIntrinsics.count("__shfl_down_sync"), 1u);
  EXPECT_EQ(K[0].Atomics.count("atomicAdd"), 1u);
  EXPECT_EQ(K[0].SharedVars, 1u);
  EXPECT_EQ(K[0].InlineAsm, 1u);
  EXPECT_EQ(K[0].TensorCore.count("inline mma"), 1u);

  std::vector<LaunchRef> L = scanLaunches(Src, "k.cu");
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].KernelName, "sum");
  EXPECT_EQ(L[0].Site.Line, 11u);
}

TEST(ReportTextScan, DialectFollowsIncludes) {
  EXPECT_EQ(dialectOf("a.cpp", "#include <hip/hip_runtime.h>\n"), Dialect::Hip);
  EXPECT_EQ(dialectOf("a.cpp", "#include <cublas_v2.h>\n"), Dialect::Cuda);
  EXPECT_EQ(dialectOf("a.cu", "int x;\n"), Dialect::Cuda);
  EXPECT_EQ(dialectOf("a.hip", "int x;\n"), Dialect::Hip);
  EXPECT_EQ(dialectOf("a.cpp", "int main() {}\n"), Dialect::None);
}

TEST(ReportTextScan, OperationsItems) {
  std::vector<OpsItem> O =
      scanOps("FROM nvcr.io/nvidia/pytorch:24.05-py3\n"
              "ENV CUDA_VISIBLE_DEVICES=0\n"
              "# ansys is not nsys\n"
              "limits: {nvidia.com/gpu: 1}\n",
              "Dockerfile", /*IsSource=*/false, {7, 1});
  ASSERT_EQ(O.size(), 3u);
  EXPECT_EQ(O[0].Kind, "ops-container-image");
  EXPECT_EQ(O[1].Kind, "ops-visible-devices");
  EXPECT_EQ(O[1].Loc.Line, 2u);
  EXPECT_EQ(O[2].Kind, "ops-k8s-gpu-resource");
  // What `port --ops` rewrites is marked; an NGC image is not mechanical.
  EXPECT_FALSE(O[0].Rewritten);
  EXPECT_TRUE(O[1].Rewritten);
  EXPECT_TRUE(O[2].Rewritten);
  // NVML in C++ is API use (the nvml family), not an operations item.
  EXPECT_TRUE(scanOps("#include <nvml.h>\n", "a.cpp", true, {7, 1}).empty());
}

TEST(ReportThirdParty, ByNameAndByOption) {
  EXPECT_TRUE(isThirdParty("third_party/x/a.cu", {}));
  EXPECT_TRUE(isThirdParty("src/external/a.cu", {}));
  EXPECT_TRUE(isThirdParty("Vendor/a.cu", {}));
  EXPECT_FALSE(isThirdParty("src/vendored.cu", {}));
  EXPECT_FALSE(isThirdParty("deps.cu", {}));
  EXPECT_TRUE(isThirdParty("libs/cutlass/a.cu", {"libs/cutlass"}));
  EXPECT_TRUE(isThirdParty("libs/cutlass/a.cu", {"cutlass/"}));
  EXPECT_FALSE(isThirdParty("libs/cutlassy/a.cu", {"libs/cutlass"}));
}

std::string writeTemp(const std::string &Text) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("cost", "json", FD, Path));
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

TEST(ReportCostModel, BuiltinIsCompleteAndOverridesMerge) {
  auto Base = CostModel::load(CostModel::builtinFile());
  ASSERT_TRUE(bool(Base)) << llvm::toString(Base.takeError());
  for (const std::string &K : CostModel::requiredKinds())
    EXPECT_LE(Base->item(K).Low, Base->item(K).High) << K;

  std::string F = writeTemp(R"({"items": {"kernel-simple": {"hours": [2, 3]}}})");
  auto M = CostModel::load(F, &*Base);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(M->item("kernel-simple").Low, 2);
  EXPECT_EQ(M->item("kernel-simple").Category, "kernels");
  EXPECT_EQ(M->item("kernel-warp-level").High,
            Base->item("kernel-warp-level").High);
  llvm::sys::fs::remove(F);
}

TEST(ReportCostModel, ErrorsNameFileAndPointer) {
  std::string F = writeTemp(
      R"({"items": {"kernel-simple": {"hours": [3, 1], "category": "nope"}}})");
  auto M = CostModel::load(F);
  ASSERT_FALSE(bool(M));
  std::string E = llvm::toString(M.takeError());
  EXPECT_NE(E.find(F + ":/items/kernel-simple/hours: expected [low, high]"),
            std::string::npos)
      << E;
  EXPECT_NE(E.find(":/items: missing item kind 'kernel-warp-level'"),
            std::string::npos)
      << E;
  llvm::sys::fs::remove(F);
}

TEST(ReportEstimate, RangesAddUpAndNameTheDominantItems) {
  auto M = CostModel::load(CostModel::builtinFile());
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Report R;
  Kernel Tensor;
  Tensor.Name = "gemm";
  Tensor.Loc = {"src/gemm.cu", 10};
  Tensor.TensorCore.insert("mma_sync");
  Kernel Ported;
  Ported.Name = "add";
  Ported.Loc = {"src/add.hip", 3};
  Ported.Lang = Dialect::Hip;
  Ported.WarpIntrinsics.insert("__shfl_down");
  R.Kernels = {Tensor, Ported};
  R.Directories = {{"src"}};
  estimate(R, *M);
  const CostItem &TC = M->item("kernel-tensor-core");
  const CostItem &V = M->item("kernel-validation");
  EXPECT_DOUBLE_EQ(R.Est.Low, TC.Low + 2 * V.Low);
  EXPECT_DOUBLE_EQ(R.Est.High, TC.High + 2 * V.High);
  // A kernel already in HIP costs validation only.
  EXPECT_EQ(R.Kernels[1].CostKind, "kernel-validation");
  ASSERT_FALSE(R.Est.Dominant.empty());
  EXPECT_EQ(R.Est.Dominant[0].What, "kernel gemm (src/gemm.cu:10)");
  EXPECT_DOUBLE_EQ(R.Directories[0].HoursHigh, R.Est.High);
}

} // namespace
