#include "Report/Automation.h"
#include "Report/CostModel.h"
#include "Report/ProjectReport.h"
#include "Report/TextScan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <optional>

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

/// The built-in model with the JSON Text read over it, or none (the error
/// fails the test); File is where Text was written, for the caller to remove.
std::optional<CostModel> modelOverBuiltin(const std::string &Text,
                                          std::string &File) {
  auto Base = CostModel::load(CostModel::builtinFile());
  if (!Base) {
    ADD_FAILURE() << llvm::toString(Base.takeError());
    return std::nullopt;
  }
  File = writeTemp(Text);
  auto M = CostModel::load(File, &*Base);
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return std::nullopt;
  }
  return std::move(*M);
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

/// Model 4's file: linear, so its hours are the items' judgement ranges.
std::string modelFourFile() {
  std::string F = CostModel::builtinFile(); // .../cost-model.json
  return F.replace(F.size() - 5, 5, "-4.json");
}

TEST(ReportEstimate, RangesAddUpAndNameTheDominantItems) {
  auto M = CostModel::load(modelFourFile());
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
  // Linear: no hours per site, so the total is the judgement part.
  EXPECT_FALSE(R.Est.Calibrated);
  EXPECT_DOUBLE_EQ(R.Est.Uncalibrated.High, R.Est.High);
}

/// A schema-3 model: per-TU log form, the weights below.
const char *PerTuModel =
    R"({"version": 3, "model": "test-5", "form": "per-tu-log",
  "perTu": {"intercept": 0, "hoursPerSite": [0.5, 2],
            "weights": {"kernel-simple": {"weight": 1, "pairs": 9},
                        "kernel-warp-level": {"weight": 1, "pairs": 4},
                        "api-supported": {"weight": 1, "pairs": 9},
                        "source-line": {"weight": 0.5, "pairs": 9}}}})";

TEST(ReportCostModel, PerTuLogModelLoadsAndModelFourStaysSelectable) {
  auto Base = CostModel::load(CostModel::builtinFile());
  ASSERT_TRUE(bool(Base)) << llvm::toString(Base.takeError());
  std::string F = writeTemp(PerTuModel);
  auto M = CostModel::load(F, &*Base);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(M->form(), CostForm::PerTuLog);
  EXPECT_EQ(M->schemaVersion(), 3u);
  EXPECT_STREQ(M->formName(), "per-tu-log");
  EXPECT_EQ(M->perTu().Weights.at("source-line").Pairs, 9u);
  // A version-2 file over it (model 4's) is linear again.
  std::string Four = writeTemp(R"({"version": 2, "model": "4", "items": {}})");
  auto Back = CostModel::load(Four, &*M);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->form(), CostForm::Linear);
  EXPECT_EQ(Back->modelVersion(), "4");
  llvm::sys::fs::remove(F);
  llvm::sys::fs::remove(Four);
}

TEST(ReportCostModel, PerTuLogErrorsNamePointers) {
  auto Base = CostModel::load(CostModel::builtinFile());
  ASSERT_TRUE(bool(Base)) << llvm::toString(Base.takeError());
  std::string F = writeTemp(R"({"version": 3, "form": "per-tu-log",
    "perTu": {"intercept": 0, "hoursPerSite": [2, 1],
              "weights": {"kernel-lines": {"weight": 1}}}})");
  auto M = CostModel::load(F, &*Base);
  ASSERT_FALSE(bool(M));
  std::string E = llvm::toString(M.takeError());
  EXPECT_NE(E.find(":/perTu/hoursPerSite: expected [low, high]"),
            std::string::npos)
      << E;
  EXPECT_NE(E.find(":/perTu/weights/kernel-lines: unknown input"),
            std::string::npos)
      << E;
  std::string G = writeTemp(R"({"version": 3, "form": "per-tu-log"})");
  // Over a base without one (model 4), the block is required.
  auto Four = CostModel::load(modelFourFile());
  ASSERT_TRUE(bool(Four)) << llvm::toString(Four.takeError());
  auto N = CostModel::load(G, &*Four);
  ASSERT_FALSE(bool(N));
  E = llvm::toString(N.takeError());
  EXPECT_NE(E.find(":/perTu: missing"), std::string::npos) << E;
  llvm::sys::fs::remove(F);
  llvm::sys::fs::remove(G);
}

TEST(ReportEstimate, PerTuLogModelIsAppliedTuByTu) {
  std::string F;
  auto M = modelOverBuiltin(PerTuModel, F);
  ASSERT_TRUE(M);
  // a.cu and its header inc/h.cuh (one TU), b.cu, and a plain C++ file.
  Report R;
  Kernel A, H, B;
  A.Name = "a";
  A.Loc = {"a.cu", 3};
  H.Name = "h";
  H.Loc = {"inc/h.cuh", 5};
  B.Name = "b";
  B.Loc = {"b.cu", 2};
  B.WarpIntrinsics.insert("__shfl_down_sync");
  R.Kernels = {A, H, B};
  ApiUse Malloc;
  Malloc.Name = "cudaMalloc";
  Malloc.Status = "supported";
  Malloc.Hip = "hipMalloc";
  Malloc.Calls = 3;
  Malloc.First = {"a.cu", 7};
  Malloc.CallsByFile = {{"a.cu", 2}, {"b.cu", 1}};
  R.Api = {Malloc};
  R.TuOf = {{"inc/h.cuh", "a.cu"}};
  R.SourceLinesOf = {
      {"a.cu", 63}, {"inc/h.cuh", 0}, {"b.cu", 8}, {"plain.cpp", 500}};
  estimate(R, *M);
  // a.cu: 2 simple kernels, 1 API name, 63 lines:
  //   exp(log 3 + log 2 + 0.5 log 64) - 1 = 3 * 2 * 8 - 1 = 47.
  // b.cu: 1 warp-level kernel, 1 API name, 8 lines:
  //   exp(log 2 + log 2 + 0.5 log 9) - 1 = 2 * 2 * 3 - 1 = 11.
  // plain.cpp: no item, no CUDA name: not priced. Applied to the whole
  // tree at once it would be 3 * 2 * 2 * sqrt(572) - 1, about 286: the
  // form is not additive, hence per TU.
  EXPECT_NEAR(R.Est.PredictedSites, 58.0, 1e-9);
  EXPECT_EQ(R.Est.PricedTus, 2u);
  EXPECT_NEAR(R.Est.PredictedHoursLow, 29.0, 1e-9);
  EXPECT_NEAR(R.Est.PredictedHoursHigh, 116.0, 1e-9);
  // One hour figure: the predicted sites' hours, plus the judgement of the
  // one kind this model has no weight for (validation, 3 kernels).
  const CostItem &V = M->item("kernel-validation");
  EXPECT_TRUE(R.Est.Calibrated);
  EXPECT_NEAR(R.Est.Low, 29.0 + 3 * V.Low, 1e-9);
  EXPECT_NEAR(R.Est.High, 116.0 + 3 * V.High, 1e-9);
  EXPECT_NEAR(R.Est.Uncalibrated.Low, 3 * V.Low, 1e-9);
  llvm::sys::fs::remove(F);
}

TEST(ReportEstimate, OneHourFigureIsSharedOutByJudgement) {
  std::string F;
  auto M = modelOverBuiltin(PerTuModel, F);
  ASSERT_TRUE(M);
  // One TU: a simple and a warp-level kernel (fitted kinds), a tensor-core
  // kernel (no weight: judgement), a build file, 100 automatic edits.
  Report R;
  Kernel S, W, T;
  S.Name = "s";
  S.Loc = {"a.cu", 1};
  W.Name = "w";
  W.Loc = {"a.cu", 9};
  W.WarpIntrinsics.insert("__shfl_down_sync");
  T.Name = "t";
  T.Loc = {"a.cu", 20};
  T.TensorCore.insert("mma_sync");
  R.Kernels = {S, W, T};
  R.SourceLinesOf = {{"a.cu", 3}};
  BuildItem B;
  B.Loc = {"CMakeLists.txt", 2};
  B.Check = "build-cmake-cuda";
  B.Message = "m";
  R.Build = {B};
  R.Auto.Automatic = 100;
  R.Auto.AutomaticByFile = {{"a.cu", 100}};
  R.Directories = {{"."}};
  estimate(R, *M);
  // a.cu: exp(log 2 + log 2 + 0.5 log 4) - 1 = 7 sites, 3.5-14 h.
  EXPECT_NEAR(R.Est.PredictedSites, 7.0, 1e-9);
  const CostItem &KS = M->item("kernel-simple"),
                 &KW = M->item("kernel-warp-level");
  const CostItem &TC = M->item("kernel-tensor-core"),
                 &V = M->item("kernel-validation");
  const CostItem &BF = M->item("build-file"), &BX = M->item("build-finding");
  const CostItem &RV = M->item("port-review");
  // The fitted kinds share 3.5-14 h by the midpoints of their ranges.
  double Mid = (KS.Low + KS.High) / 2 + (KW.Low + KW.High) / 2;
  EXPECT_NEAR(R.Kernels[0].HoursHigh,
              14.0 * (KS.Low + KS.High) / 2 / Mid + V.High, 1e-9);
  EXPECT_NEAR(R.Kernels[1].HoursLow, 3.5 * (KW.Low + KW.High) / 2 / Mid + V.Low,
              1e-9);
  // The others keep their judgement ranges; the review is 100 edits.
  EXPECT_NEAR(R.Kernels[2].HoursLow, TC.Low + V.Low, 1e-9);
  EXPECT_NEAR(R.Est.Review.Low, 100 * RV.Low, 1e-9);
  EXPECT_NEAR(R.Est.Review.High, 100 * RV.High, 1e-9);
  EXPECT_EQ(R.Est.ReviewedEdits, 100u);
  EXPECT_NEAR(R.Est.Uncalibrated.High, TC.High + 3 * V.High + BF.High + BX.High,
              1e-9);
  // One figure: the parts, the categories and the directories agree.
  EXPECT_NEAR(R.Est.Low, 3.5 + R.Est.Uncalibrated.Low + R.Est.Review.Low, 1e-9);
  EXPECT_NEAR(R.Est.High, 14.0 + R.Est.Uncalibrated.High + R.Est.Review.High,
              1e-9);
  double CatLow = 0, CatHigh = 0;
  for (const CategoryEstimate &C : R.Est.Categories) {
    CatLow += C.Low;
    CatHigh += C.High;
  }
  EXPECT_NEAR(CatLow, R.Est.Low, 1e-9);
  EXPECT_NEAR(CatHigh, R.Est.High, 1e-9);
  double DirHigh = 0;
  for (const DirectoryStats &D : R.Directories)
    DirHigh += D.HoursHigh;
  EXPECT_NEAR(DirHigh, R.Est.High, 1e-9);
  llvm::sys::fs::remove(F);
}

TEST(ReportEstimate, PerTuManualSiteInputIsTheSplitsSitesInSource) {
  std::string F;
  auto M = modelOverBuiltin(R"({"version": 3, "model": "m", "form": "per-tu-log",
    "perTu": {"intercept": 0, "hoursPerSite": [1, 2],
              "weights": {"manual-site": {"weight": 1, "pairs": 9}}}})", F);
  ASSERT_TRUE(M);
  // An unsupported name used 2 times in a.cu and once in its header, a
  // lint error in b.cu, an operations item written in a.cu (a calibration
  // pair's TU report counted it), and a build site and an operations item
  // of a Dockerfile (not source: no TU, no manual-site).
  Report R;
  ApiUse U;
  U.Name = "cudaBindTexture";
  U.Status = "unsupported";
  U.Calls = 3;
  U.First = {"a.cu", 4};
  U.CallsByFile = {{"a.cu", 2}, {"inc/h.cuh", 1}};
  R.Api = {U};
  LintFinding L;
  L.Loc = {"b.cu", 7};
  L.Check = "wave64-lane-mask-literal";
  L.Severity = "error";
  R.Findings = {L};
  BuildItem B;
  B.Loc = {"CMakeLists.txt", 2};
  B.Check = "build-cmake-cuda";
  R.Build = {B};
  OpsItem InSource, InDocker;
  InSource.Kind = InDocker.Kind = "ops-visible-devices";
  InSource.Loc = {"a.cu", 9};
  InDocker.Loc = {"Dockerfile", 3};
  R.Operations = {InSource, InDocker};
  R.TuOf = {{"inc/h.cuh", "a.cu"}};
  R.SourceLinesOf = {{"a.cu", 40}, {"inc/h.cuh", 10}, {"b.cu", 20}};
  automation(R);
  EXPECT_EQ(R.Auto.SourceManualByFile.at("a.cu"), 2u);
  EXPECT_EQ(R.Auto.SourceManualByFile.at("inc/h.cuh"), 1u);
  EXPECT_EQ(R.Auto.SourceManualByFile.count("CMakeLists.txt"), 0u);
  estimate(R, *M);
  // a.cu: exp(log(1 + 4)) - 1 = 4; b.cu: exp(log 2) - 1 = 1.
  EXPECT_NEAR(R.Est.PredictedSites, 5.0, 1e-9);
  EXPECT_EQ(R.Est.PricedTus, 2u);
  llvm::sys::fs::remove(F);
}

TEST(ReportAutomation, WidthNetHintsAreNotManualSites) {
  // The width net's warnings are hints to read; a proven warning is a site.
  Report R;
  LintFinding Hint, Proven;
  Hint.Loc = {"a.cu", 3};
  Hint.Check = "wave64-width-literal";
  Hint.Severity = "warning";
  Proven.Loc = {"a.cu", 5};
  Proven.Check = "wave64-shuffle-width";
  Proven.Severity = "warning";
  R.Findings = {Hint, Proven};
  automation(R);
  ASSERT_EQ(R.Auto.Sites.size(), 1u);
  EXPECT_EQ(R.Auto.Sites[0].Loc.Line, 5u);
  EXPECT_EQ(R.Auto.SourceManualByFile.at("a.cu"), 1u);
}

TEST(ReportEstimate, PredictedHoursFallBackToEverySourceItem) {
  // Only source-line is weighted: no item of the tree is a fitted kind.
  std::string F;
  auto M = modelOverBuiltin(R"({"version": 3, "model": "lines", "form": "per-tu-log",
    "perTu": {"intercept": 0, "hoursPerSite": [1, 2],
              "weights": {"source-line": {"weight": 1, "pairs": 9}}}})", F);
  ASSERT_TRUE(M);
  Report R;
  Kernel S;
  S.Name = "s";
  S.Loc = {"a.cu", 1};
  R.Kernels = {S};
  R.SourceLinesOf = {{"a.cu", 9}};
  estimate(R, *M);
  // exp(log 10) - 1 = 9 sites, 9-18 h, carried by the kernel's items.
  EXPECT_NEAR(R.Est.PredictedSites, 9.0, 1e-9);
  EXPECT_NEAR(R.Kernels[0].HoursLow, 9.0, 1e-9);
  EXPECT_NEAR(R.Kernels[0].HoursHigh, 18.0, 1e-9);
  EXPECT_NEAR(R.Est.High, 18.0, 1e-9);
  llvm::sys::fs::remove(F);
}

} // namespace
