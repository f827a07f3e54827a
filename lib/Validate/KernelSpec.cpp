#include "Validate/KernelSpec.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"

#include <fmt/format.h>

#include <set>

using nlohmann::json;

namespace hipport::validate {

const Param *KernelSpec::param(llvm::StringRef N) const {
  for (const Param &P : Params)
    if (P.Name == N)
      return &P;
  return nullptr;
}

uint64_t bufferBytes(const Param &P) {
  return std::max<uint64_t>(P.Count, 1) * std::max(P.Type.Size, 1u);
}

bool parseTypeName(llvm::StringRef Name, ElemType &Out) {
  struct Known {
    const char *Name;
    ElemKind Kind;
    unsigned Size;
  };
  static const Known Table[] = {
      {"int8", ElemKind::Signed, 1},    {"uint8", ElemKind::Unsigned, 1},
      {"int16", ElemKind::Signed, 2},   {"uint16", ElemKind::Unsigned, 2},
      {"int32", ElemKind::Signed, 4},   {"uint32", ElemKind::Unsigned, 4},
      {"int64", ElemKind::Signed, 8},   {"uint64", ElemKind::Unsigned, 8},
      {"float32", ElemKind::Float, 4},  {"float64", ElemKind::Float, 8},
      {"bytes", ElemKind::Bytes, 0}};
  for (const Known &K : Table)
    if (Name == K.Name) {
      Out.Kind = K.Kind;
      if (K.Size)
        Out.Size = K.Size;
      return true;
    }
  return false;
}

namespace {

/// Collects errors as "file:/json/pointer: message", all of them at once.
struct SpecErrors {
  std::string Where;
  std::vector<std::string> Messages;
  void add(const std::string &Pointer, const std::string &Msg) {
    Messages.push_back(fmt::format("{}:{}: {}", Where, Pointer, Msg));
  }
  llvm::Error take() {
    if (Messages.empty())
      return llvm::Error::success();
    std::string All;
    for (const std::string &M : Messages)
      All += (All.empty() ? "" : "\n") + M;
    return llvm::createStringError(All);
  }
};

std::string escapePointer(const std::string &Key) {
  std::string Out;
  for (char C : Key)
    Out += C == '~' ? std::string("~0") : C == '/' ? std::string("~1")
                                                   : std::string(1, C);
  return Out;
}

void checkKeys(const json &Obj, std::initializer_list<const char *> Allowed,
               const std::string &Ptr, SpecErrors &E) {
  for (auto It = Obj.begin(); It != Obj.end(); ++It) {
    bool Ok = false;
    for (const char *A : Allowed)
      Ok |= It.key() == A;
    if (!Ok) {
      std::string List;
      for (const char *A : Allowed)
        List += (List.empty() ? "" : ", ") + std::string(A);
      E.add(Ptr + "/" + escapePointer(It.key()),
            fmt::format("unknown field '{}' (expected one of: {})", It.key(),
                        List));
    }
  }
}

bool readCount(const json &J, const std::string &Ptr, SpecErrors &E,
               uint64_t &Out) {
  if (!J.is_number_unsigned() && !(J.is_number_integer() && J.get<int64_t>() >= 0)) {
    E.add(Ptr, "expected a non-negative integer");
    return false;
  }
  Out = J.get<uint64_t>();
  return true;
}

bool readDim3(const json &J, const std::string &Ptr, SpecErrors &E, Dim3 &Out) {
  uint64_t V[3] = {1, 1, 1};
  if (J.is_array()) {
    if (J.empty() || J.size() > 3) {
      E.add(Ptr, "expected 1 to 3 dimensions");
      return false;
    }
    for (size_t I = 0; I < J.size(); ++I)
      if (!readCount(J[I], Ptr + "/" + std::to_string(I), E, V[I]))
        return false;
  } else if (!readCount(J, Ptr, E, V[0])) {
    return false;
  }
  if (V[0] * V[1] * V[2] == 0) {
    E.add(Ptr, "every dimension must be at least 1");
    return false;
  }
  Out = {V[0], V[1], V[2]};
  return true;
}

bool readNumber(const json &J, const std::string &Ptr, SpecErrors &E,
                double &Out) {
  if (!J.is_number()) {
    E.add(Ptr, "expected a number");
    return false;
  }
  Out = J.get<double>();
  return true;
}

void applyParam(const json &J, const std::string &Ptr, Param &P,
                const std::string &SpecDir, SpecErrors &E) {
  if (!J.is_object()) {
    E.add(Ptr, "expected an object");
    return;
  }
  if (P.Kind == ParamKind::Scalar) {
    checkKeys(J, {"value"}, Ptr, E);
    if (J.contains("value")) {
      const json &V = J["value"];
      if (V.is_number_integer())
        P.Value = std::to_string(V.get<int64_t>());
      else if (V.is_number())
        P.Value = fmt::format("{:.17g}", V.get<double>());
      else if (V.is_boolean())
        P.Value = V.get<bool>() ? "true" : "false";
      else if (V.is_string())
        P.Value = V.get<std::string>(); // a C++ expression, for structs
      else
        E.add(Ptr + "/value", "expected a number, a boolean or a C++ "
                              "expression string");
      P.Origin = "spec";
    }
    return;
  }
  checkKeys(J, {"count", "output", "fill", "file", "range", "type", "tolerance"},
            Ptr, E);
  if (J.contains("count") && readCount(J["count"], Ptr + "/count", E, P.Count))
    P.Origin = "spec";
  if (J.contains("output")) {
    if (J["output"].is_boolean())
      P.Output = J["output"].get<bool>();
    else
      E.add(Ptr + "/output", "expected true or false");
  }
  if (J.contains("type")) {
    if (!J["type"].is_string() ||
        !parseTypeName(J["type"].get<std::string>(), P.Type))
      E.add(Ptr + "/type", "expected one of int8, uint8, int16, uint16, "
                           "int32, uint32, int64, uint64, float32, float64, "
                           "bytes");
  }
  if (J.contains("fill")) {
    std::string F = J["fill"].is_string() ? J["fill"].get<std::string>() : "";
    if (F != "random" && F != "zeros" && F != "iota" && F != "file")
      E.add(Ptr + "/fill", "expected random, zeros, iota or file");
    else
      P.Fill = F;
  }
  if (J.contains("file")) {
    if (!J["file"].is_string()) {
      E.add(Ptr + "/file", "expected a path");
    } else {
      std::string F = J["file"].get<std::string>();
      P.FillFile = F.empty() || F[0] == '/' || SpecDir.empty()
                       ? F
                       : SpecDir + "/" + F;
      if (!J.contains("fill"))
        P.Fill = "file";
    }
  }
  if (P.Fill == "file" && P.FillFile.empty())
    E.add(Ptr + "/fill", "fill \"file\" needs a \"file\" field");
  if (J.contains("range")) {
    const json &R = J["range"];
    if (!R.is_array() || R.size() != 2 || !R[0].is_number() ||
        !R[1].is_number() || R[0].get<double>() > R[1].get<double>())
      E.add(Ptr + "/range", "expected [low, high] with low <= high");
    else {
      P.HasRange = true;
      P.Lo = R[0].get<double>();
      P.Hi = R[1].get<double>();
    }
  }
  if (J.contains("tolerance")) {
    const json &T = J["tolerance"];
    std::string TP = Ptr + "/tolerance";
    if (!T.is_object()) {
      E.add(TP, "expected an object with abs, rel and/or ulp");
      return;
    }
    checkKeys(T, {"abs", "rel", "ulp"}, TP, E);
    // Naming any bound replaces the defaults: the spec says exactly what holds.
    Tolerance Tol{0, 0, 0};
    if (T.contains("abs"))
      readNumber(T["abs"], TP + "/abs", E, Tol.Abs);
    if (T.contains("rel"))
      readNumber(T["rel"], TP + "/rel", E, Tol.Rel);
    if (T.contains("ulp"))
      readCount(T["ulp"], TP + "/ulp", E, Tol.Ulp);
    P.Tol = Tol;
  }
}

void applyKernel(const json &J, const std::string &Ptr, KernelSpec &S,
                 const std::string &SpecDir, SpecErrors &E) {
  if (!J.is_object()) {
    E.add(Ptr, "expected an object");
    return;
  }
  checkKeys(J, {"grid", "block", "shared", "seed", "params"}, Ptr, E);
  S.FromSpecFile = true;
  if (J.contains("grid"))
    readDim3(J["grid"], Ptr + "/grid", E, S.Grid);
  if (J.contains("block")) {
    if (readDim3(J["block"], Ptr + "/block", E, S.Block) &&
        S.Block.total() > 1024)
      E.add(Ptr + "/block", "a block has at most 1024 threads");
  }
  if (J.contains("shared"))
    readCount(J["shared"], Ptr + "/shared", E, S.SharedBytes);
  if (J.contains("seed"))
    readCount(J["seed"], Ptr + "/seed", E, S.Seed);
  if (J.contains("params")) {
    const json &Ps = J["params"];
    if (!Ps.is_object()) {
      E.add(Ptr + "/params", "expected an object keyed by parameter name");
      return;
    }
    for (auto It = Ps.begin(); It != Ps.end(); ++It) {
      std::string PP = Ptr + "/params/" + escapePointer(It.key());
      Param *Found = nullptr;
      for (Param &P : S.Params)
        if (P.Name == It.key())
          Found = &P;
      if (!Found) {
        std::string Names;
        for (const Param &P : S.Params)
          Names += (Names.empty() ? "" : ", ") + P.Name;
        E.add(PP, fmt::format("kernel '{}' has no parameter '{}' (it has: {})",
                              S.Name, It.key(), Names.empty() ? "none" : Names));
        continue;
      }
      applyParam(It.value(), PP, *Found, SpecDir, E);
      if (It.value().is_object() && It.value().contains("count"))
        llvm::erase(S.Unsized, Found->Name);
    }
  }
}

} // namespace

llvm::Error applySpecJson(const json &J, const std::string &Where,
                          std::vector<KernelSpec> &Specs) {
  SpecErrors E{Where, {}};
  std::string SpecDir;
  if (size_t Slash = Where.rfind('/'); Slash != std::string::npos)
    SpecDir = Where.substr(0, Slash);
  if (!J.is_object()) {
    E.add("", "expected an object with \"kernels\"");
    return E.take();
  }
  checkKeys(J, {"seed", "kernels", "$schema", "comment"}, "", E);
  if (J.contains("seed")) {
    uint64_t Seed;
    if (readCount(J["seed"], "/seed", E, Seed))
      for (KernelSpec &S : Specs)
        S.Seed = Seed;
  }
  if (J.contains("kernels")) {
    const json &Ks = J["kernels"];
    if (!Ks.is_object()) {
      E.add("/kernels", "expected an object keyed by kernel name");
      return E.take();
    }
    for (auto It = Ks.begin(); It != Ks.end(); ++It) {
      std::string Ptr = "/kernels/" + escapePointer(It.key());
      KernelSpec *Found = nullptr;
      for (KernelSpec &S : Specs)
        if (S.Name == It.key())
          Found = &S;
      if (!Found) {
        E.add(Ptr, fmt::format("no kernel named '{}' in the CUDA sources",
                               It.key()));
        continue;
      }
      applyKernel(It.value(), Ptr, *Found, SpecDir, E);
    }
  }
  return E.take();
}

llvm::Error applySpecFile(const std::string &Path,
                          std::vector<KernelSpec> &Specs) {
  auto Text = core::readFile(Path);
  if (!Text)
    return Text.takeError();
  json J;
  if (llvm::Error E = core::parseJson(Path, *Text, J))
    return E;
  return applySpecJson(J, Path, Specs);
}

json specToJson(const KernelSpec &S) {
  auto Dim = [](const Dim3 &D) { return json::array({D.X, D.Y, D.Z}); };
  json Params = json::object();
  for (const Param &P : S.Params) {
    json J;
    if (P.Kind == ParamKind::Scalar) {
      J["value"] = P.Value;
    } else {
      J["count"] = P.Count;
      J["output"] = P.Output;
      J["fill"] = P.Fill;
      if (!P.FillFile.empty())
        J["file"] = P.FillFile;
      if (P.HasRange)
        J["range"] = {P.Lo, P.Hi};
      if (P.Output && P.Type.Kind == ElemKind::Float)
        J["tolerance"] = {{"abs", P.Tol.Abs}, {"rel", P.Tol.Rel},
                          {"ulp", P.Tol.Ulp}};
    }
    Params[P.Name] = J;
  }
  return {{"grid", Dim(S.Grid)},
          {"block", Dim(S.Block)},
          {"shared", S.SharedBytes},
          {"seed", S.Seed},
          {"params", Params}};
}

} // namespace hipport::validate
