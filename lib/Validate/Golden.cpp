#include "Validate/Golden.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Validate/Result.h"
#include "Validate/Pipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <ctime>
#include <unistd.h>

using nlohmann::json;
namespace fs = llvm::sys::fs;

namespace hipport::validate {
namespace {

const char *kindName(ElemKind K) {
  switch (K) {
  case ElemKind::Signed:
    return "signed";
  case ElemKind::Unsigned:
    return "unsigned";
  case ElemKind::Float:
    return "float";
  case ElemKind::Bytes:
    return "bytes";
  }
  return "bytes";
}

ElemKind kindFrom(const std::string &S) {
  if (S == "signed")
    return ElemKind::Signed;
  if (S == "unsigned")
    return ElemKind::Unsigned;
  if (S == "float")
    return ElemKind::Float;
  return ElemKind::Bytes;
}

llvm::Error copyDir(const std::string &From, const std::string &To) {
  if (std::error_code EC = fs::create_directories(To))
    return llvm::createStringError(EC, "%s: %s", To.c_str(),
                                   EC.message().c_str());
  std::error_code EC;
  for (fs::directory_iterator It(From, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Dest = To + "/" + llvm::sys::path::filename(It->path()).str();
    if (std::error_code CE = fs::copy_file(It->path(), Dest))
      return llvm::createStringError(CE, "%s: %s", Dest.c_str(),
                                     CE.message().c_str());
  }
  if (EC)
    return llvm::createStringError(EC, "%s: %s", From.c_str(),
                                   EC.message().c_str());
  return llvm::Error::success();
}

llvm::Error writeJson(const std::string &Path, const json &J) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return llvm::createStringError(EC, "%s: %s", Path.c_str(),
                                   EC.message().c_str());
  OS << J.dump(2) << "\n";
  return llvm::Error::success();
}

} // namespace

json kernelToJson(const KernelSpec &S) {
  json Params = json::array();
  for (const Param &P : S.Params) {
    json J = {{"name", P.Name},
              {"kind", P.Kind == ParamKind::Buffer ? "buffer" : "scalar"},
              {"type", P.Type.Spelling},
              {"elemKind", kindName(P.Type.Kind)},
              {"elemSize", P.Type.Size}};
    if (P.Kind == ParamKind::Scalar) {
      J["value"] = P.Value;
    } else {
      J["count"] = P.Count;
      J["output"] = P.Output;
      J["tolerance"] = {{"abs", P.Tol.Abs}, {"rel", P.Tol.Rel},
                        {"ulp", P.Tol.Ulp}};
    }
    Params.push_back(J);
  }
  return {{"name", S.Name},
          {"qualifiedName", S.QualifiedName},
          {"file", S.Relative},
          {"line", S.Line},
          {"grid", {S.Grid.X, S.Grid.Y, S.Grid.Z}},
          {"block", {S.Block.X, S.Block.Y, S.Block.Z}},
          {"shared", S.SharedBytes},
          {"seed", S.Seed},
          {"params", Params}};
}

llvm::Expected<KernelSpec> kernelFromJson(const json &J,
                                          const std::string &Where) {
  try {
    KernelSpec S;
    S.Name = J.at("name").get<std::string>();
    // camelCase since hipport-golden/2; older recordings spelled snake_case.
    S.QualifiedName = J.value("qualifiedName", J.value("qualified_name", S.Name));
    S.Relative = J.value("file", "");
    S.Line = J.value("line", 0u);
    auto Dim = [](const json &A) {
      return Dim3{A.at(0).get<uint64_t>(), A.at(1).get<uint64_t>(),
                  A.at(2).get<uint64_t>()};
    };
    S.Grid = Dim(J.at("grid"));
    S.Block = Dim(J.at("block"));
    S.SharedBytes = J.value("shared", uint64_t(0));
    S.Seed = J.value("seed", uint64_t(1));
    for (const json &PJ : J.at("params")) {
      Param P;
      P.Name = PJ.at("name").get<std::string>();
      P.Kind = PJ.at("kind").get<std::string>() == "buffer" ? ParamKind::Buffer
                                                            : ParamKind::Scalar;
      P.Type.Spelling = PJ.at("type").get<std::string>();
      P.Type.Kind = kindFrom(PJ.value("elemKind", PJ.value("elem_kind", "bytes")));
      P.Type.Size = PJ.value("elemSize", PJ.value("elem_size", 1u));
      if (P.Kind == ParamKind::Scalar) {
        P.Value = PJ.at("value").get<std::string>();
      } else {
        P.Count = PJ.at("count").get<uint64_t>();
        P.Output = PJ.value("output", false);
        if (PJ.contains("tolerance")) {
          const json &T = PJ["tolerance"];
          P.Tol = {T.value("abs", 0.0), T.value("rel", 0.0),
                   T.value("ulp", uint64_t(0))};
        }
        P.Fill = "file";
      }
      P.Origin = "the golden record";
      S.Params.push_back(P);
    }
    return S;
  } catch (const json::exception &E) {
    return llvm::createStringError(Where + ": " + E.what());
  }
}

llvm::Error recordGolden(const std::string &Dir, const GoldenManifest &M,
                         const std::vector<KernelResult> &Kernels,
                         const std::string &WorkDir,
                         const std::string &FromGolden) {
  if (std::error_code EC = fs::create_directories(Dir))
    return llvm::createStringError(EC, "%s: %s", Dir.c_str(),
                                   EC.message().c_str());
  json Names = json::array();
  for (const KernelResult &K : Kernels) {
    if (K.ReferenceStatus != RunStatus::Pass)
      continue;
    std::string S = slug(K.Spec.Name);
    std::string In = FromGolden.empty() ? WorkDir + "/runs/" + S + "/in"
                                        : FromGolden + "/" + S + "/in";
    std::string Out = FromGolden.empty() ? WorkDir + "/runs/" + S + "/ref"
                                         : FromGolden + "/" + S + "/out";
    if (auto E = copyDir(In, Dir + "/" + S + "/in"))
      return E;
    if (auto E = copyDir(Out, Dir + "/" + S + "/out"))
      return E;
    if (auto E = writeJson(Dir + "/" + S + "/kernel.json",
                           kernelToJson(K.Spec)))
      return E;
    Names.push_back(K.Spec.Name);
  }
  char Host[256] = "";
  gethostname(Host, sizeof(Host) - 1);
  std::time_t Now = std::time(nullptr);
  char When[64];
  std::strftime(When, sizeof(When), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  json J = {{"schema", "hipport-golden/2"},
            {"format", "hipport-golden-1"},
            {"reference", M.Reference},
            {"toolchain", M.Toolchain},
            {"host", Host},
            {"created", When},
            {"kernels", Names}};
  return writeJson(Dir + "/manifest.json", J);
}

llvm::Expected<std::pair<GoldenManifest, std::vector<KernelSpec>>>
loadGolden(const std::string &Dir) {
  std::string MPath = Dir + "/manifest.json";
  auto Text = core::readFile(MPath);
  if (!Text)
    return llvm::createStringError(MPath + ": no golden record here (" +
                                   llvm::toString(Text.takeError()) + ")");
  json J;
  if (llvm::Error E = core::parseJson(MPath, *Text, J))
    return std::move(E);
  auto Bad = [&](const std::string &Ptr, const std::string &What) {
    return llvm::createStringError(MPath + ":" + Ptr + ": " + What +
                                   " (not a golden manifest)");
  };
  if (!J.is_object() || !J.contains("kernels") || !J["kernels"].is_array())
    return Bad("/kernels", "expected an array of kernel names");
  GoldenManifest M;
  for (auto [Key, Field] : {std::pair{"reference", &M.Reference},
                            {"toolchain", &M.Toolchain},
                            {"host", &M.Host},
                            {"created", &M.Created}}) {
    if (J.contains(Key) && !J[Key].is_string())
      return Bad(std::string("/") + Key, "expected a string");
    *Field = J.value(Key, "");
  }
  std::vector<KernelSpec> Specs;
  for (size_t I = 0; I < J["kernels"].size(); ++I) {
    const json &N = J["kernels"][I];
    if (!N.is_string())
      return Bad("/kernels/" + std::to_string(I), "expected a kernel name");
    std::string Name = N.get<std::string>();
    std::string KPath = Dir + "/" + slug(Name) + "/kernel.json";
    auto KT = core::readFile(KPath);
    if (!KT)
      return KT.takeError();
    json KJ;
    if (llvm::Error E = core::parseJson(KPath, *KT, KJ))
      return std::move(E);
    auto S = kernelFromJson(KJ, KPath);
    if (!S)
      return S.takeError();
    M.Kernels.push_back(Name);
    Specs.push_back(std::move(*S));
  }
  return std::make_pair(std::move(M), std::move(Specs));
}

} // namespace hipport::validate
