#include "Report/CostModel.h"

#include "Core/Json.h"
#include "Rules/RuleSet.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace hipport::report {

using json = nlohmann::json;

const std::vector<std::string> &CostModel::requiredKinds() {
  static const std::vector<std::string> Kinds = {
      "kernel-simple",        "kernel-warp-level", "kernel-inline-ptx",
      "kernel-tensor-core",   "kernel-validation", "api-supported",
      "api-experimental",     "api-deprecated",    "api-unsupported",
      "api-unsupported-call", "library-mapped",    "library-unmapped",
      "lint-error",           "lint-warning",      "lint-note",
      "build-file",           "build-finding",     "ops-item",
      "parse-failure",        "port-review"};
  return Kinds;
}

std::string CostModel::builtinFile() {
  return rules::RuleSet::builtinDir() + "/cost-model.json";
}

const CostItem &CostModel::item(const std::string &Kind) const {
  return Items.at(Kind);
}

const std::vector<std::string> &CostModel::knownInputs() {
  static const std::vector<std::string> Inputs = {"api-call", "kernel-line"};
  return Inputs;
}

bool CostModel::isPerTuInput(const std::string &Name) {
  const auto &R = requiredKinds();
  return Name == "source-line" || Name == "manual-site" ||
         std::find(R.begin(), R.end(), Name) != R.end();
}

const char *CostModel::formName() const {
  return Form == CostForm::PerTuLog ? "per-tu-log" : "linear";
}

double CostModel::inputWeight(const std::string &Name) const {
  auto It = Inputs.find(Name);
  return It == Inputs.end() ? 0 : It->second.SitesPerUnit;
}

/// {"sitesPerUnit": w >= 0, "pairs": n}: calibration evidence of an item
/// kind or an input.
static void readEvidence(const json &X, const std::string &Ptr, double &W,
                         unsigned &Pairs, std::vector<std::string> &Errors) {
  if (!X.is_object() || !X.contains("sitesPerUnit") ||
      !X["sitesPerUnit"].is_number() || X["sitesPerUnit"].get<double>() < 0 ||
      (X.contains("pairs") && !X["pairs"].is_number_unsigned())) {
    Errors.push_back(Ptr + "/evidence: expected {\"sitesPerUnit\": "
                           "number >= 0, \"pairs\": count}");
    return;
  }
  W = X["sitesPerUnit"];
  Pairs = X.value("pairs", 0u);
}

/// The "inputs" block: calibrated predictors of the manual edit that are
/// not priced items (their hours are in the items they belong to).
static void readInputs(const json &J, std::map<std::string, CostInput> &Out,
                       std::vector<std::string> &Errors) {
  if (!J.is_object()) {
    Errors.push_back("/inputs: expected an object keyed by input name");
    return;
  }
  const auto &Known = CostModel::knownInputs();
  for (auto &[Name, V] : J.items()) {
    std::string Ptr = "/inputs/" + Name;
    if (std::find(Known.begin(), Known.end(), Name) == Known.end()) {
      Errors.push_back(Ptr + ": unknown input");
      continue;
    }
    if (!V.is_object() || !V.contains("evidence")) {
      Errors.push_back(Ptr +
                       ": expected {\"evidence\": ..., \"note\": string}");
      continue;
    }
    CostInput In;
    for (auto &[Key, X] : V.items()) {
      if (Key == "evidence")
        readEvidence(X, Ptr, In.SitesPerUnit, In.Pairs, Errors);
      else if (Key == "note" && X.is_string())
        In.Note = X;
      else
        Errors.push_back(Ptr + "/" + Key + ": unknown key or not a string");
    }
    Out[Name] = In;
  }
}

/// [low, high] with 0 <= low <= high, else an error at Ptr.
static bool readRange(const json &X, const std::string &Ptr, double &Low,
                      double &High, std::vector<std::string> &Errors) {
  if (!X.is_array() || X.size() != 2 || !X[0].is_number() ||
      !X[1].is_number() || X[0].get<double>() < 0 ||
      X[0].get<double>() > X[1].get<double>()) {
    Errors.push_back(Ptr + ": expected [low, high] with 0 <= low <= high");
    return false;
  }
  Low = X[0];
  High = X[1];
  return true;
}

/// The "perTu" block: {"intercept": b, "hoursPerSite": [low, high],
/// "weights": {input: {"weight": w, "pairs": n}}}.
static void readPerTu(const json &J, PerTuLogModel &Out,
                      std::vector<std::string> &Errors) {
  if (!J.is_object() || !J.contains("intercept") ||
      !J["intercept"].is_number() || !J.contains("hoursPerSite") ||
      !J.contains("weights") || !J["weights"].is_object()) {
    Errors.push_back("/perTu: expected {\"intercept\": number, "
                     "\"hoursPerSite\": [low, high], \"weights\": {...}}");
    return;
  }
  for (auto &[Key, V] : J.items())
    if (Key != "intercept" && Key != "hoursPerSite" && Key != "weights")
      Errors.push_back("/perTu/" + Key + ": unknown key");
  Out = PerTuLogModel();
  Out.Intercept = J["intercept"];
  readRange(J["hoursPerSite"], "/perTu/hoursPerSite", Out.HoursPerSiteLow,
            Out.HoursPerSiteHigh, Errors);
  for (auto &[Name, V] : J["weights"].items()) {
    std::string Ptr = "/perTu/weights/" + Name;
    if (!CostModel::isPerTuInput(Name)) {
      Errors.push_back(
          Ptr + ": unknown input (an item kind, source-line or manual-site)");
      continue;
    }
    if (!V.is_object() || !V.contains("weight") || !V["weight"].is_number() ||
        (V.contains("pairs") && !V["pairs"].is_number_unsigned()) ||
        V.size() != 1u + V.contains("pairs")) {
      Errors.push_back(Ptr +
                       ": expected {\"weight\": number, \"pairs\": count}");
      continue;
    }
    Out.Weights[Name] = {V["weight"].get<double>(), V.value("pairs", 0u)};
  }
}

/// The "categories" array, merged into Cats by id (a later file renames a
/// category's description, or adds one at the end).
static void
readCategories(const json &C,
               std::vector<std::pair<std::string, std::string>> &Cats,
               std::vector<std::string> &Errors) {
  if (!C.is_array())
    Errors.push_back("/categories: expected an array");
  else
    for (size_t I = 0; I < C.size(); ++I) {
      const json &E = C[I];
      if (!E.is_object() || !E.contains("id") || !E["id"].is_string() ||
          (E.contains("description") && !E["description"].is_string())) {
        Errors.push_back(fmt::format(
            "/categories/{}: expected {{\"id\": string, \"description\": "
            "string}}",
            I));
        continue;
      }
      std::string Id = E["id"], Desc = E.value("description", "");
      auto It = std::find_if(Cats.begin(), Cats.end(),
                             [&](auto &P) { return P.first == Id; });
      if (It != Cats.end())
        It->second = Desc;
      else
        Cats.push_back({Id, Desc});
    }
}

static bool isKnown(const std::string &K) {
  const auto &R = CostModel::requiredKinds();
  return std::find(R.begin(), R.end(), K) != R.end();
}

llvm::Expected<CostModel> CostModel::load(const std::string &File,
                                          const CostModel *Base) {
  auto Err = [&](std::vector<std::string> Lines) -> llvm::Error {
    std::string Msg;
    for (const std::string &L : Lines)
      Msg += File + ":" + L + "\n";
    Msg.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: %s", File.c_str(),
                                   Buf.getError().message().c_str());
  json J;
  // One reader for every JSON file: positions, and a number out of range
  // is an error (the fuzzer found it aborted here).
  if (llvm::Error E = core::parseJson(File, (*Buf)->getBuffer(), J))
    return std::move(E);
  std::vector<std::string> Errors;
  if (!J.is_object())
    return Err({"/: expected an object"});

  CostModel M;
  if (Base)
    M = *Base;
  M.Files.push_back(File);
  for (auto &[Key, V] : J.items())
    if (Key != "version" && Key != "description" && Key != "categories" &&
        Key != "items" && Key != "model" && Key != "inputs" && Key != "form" &&
        Key != "perTu")
      Errors.push_back(fmt::format("/{}: unknown key", Key));
  if (J.contains("version")) {
    if (!J["version"].is_number_unsigned() || J["version"] < 1 ||
        J["version"] > 3)
      Errors.push_back("/version: expected 1, 2 or 3");
    else
      M.Schema = J["version"].get<unsigned>();
    // Versions 1 and 2 know one form: a model 4 file over a model 5 base
    // reproduces model 4.
    if (M.Schema < 3)
      M.Form = CostForm::Linear;
  }
  if (J.contains("form")) {
    if (J["form"] == "linear")
      M.Form = CostForm::Linear;
    else if (J["form"] == "per-tu-log")
      M.Form = CostForm::PerTuLog;
    else
      Errors.push_back("/form: expected \"linear\" or \"per-tu-log\"");
    if (M.Schema < 3)
      Errors.push_back("/form: needs \"version\": 3");
  }
  bool HadPerTu = !M.PerTu.Weights.empty() || M.PerTu.HoursPerSiteHigh > 0;
  if (J.contains("perTu"))
    readPerTu(J["perTu"], M.PerTu, Errors);
  if (M.Form == CostForm::PerTuLog && !J.contains("perTu") && !HadPerTu)
    Errors.push_back("/perTu: missing (form \"per-tu-log\" needs it)");
  if (J.contains("model")) {
    if (!J["model"].is_string())
      Errors.push_back("/model: expected a string");
    else
      M.Model = J["model"];
  }

  if (J.contains("inputs"))
    readInputs(J["inputs"], M.Inputs, Errors);

  if (J.contains("categories"))
    readCategories(J["categories"], M.Categories, Errors);

  if (!J.contains("items") && !Base)
    Errors.push_back("/items: missing");
  if (J.contains("items")) {
    const json &Items = J["items"];
    if (!Items.is_object())
      Errors.push_back("/items: expected an object keyed by item kind");
    else
      for (auto &[Kind, V] : Items.items()) {
        std::string Ptr = "/items/" + Kind;
        if (!isKnown(Kind)) {
          Errors.push_back(Ptr + ": unknown item kind");
          continue;
        }
        if (!V.is_object()) {
          Errors.push_back(Ptr + ": expected an object");
          continue;
        }
        CostItem It = M.Items.count(Kind) ? M.Items[Kind] : CostItem{};
        It.Kind = Kind;
        for (auto &[Key, X] : V.items()) {
          if (Key == "hours") {
            readRange(X, Ptr + "/hours", It.Low, It.High, Errors);
          } else if (Key == "category" || Key == "unit" || Key == "note") {
            if (!X.is_string()) {
              Errors.push_back(Ptr + "/" + Key + ": expected a string");
              continue;
            }
            (Key == "category" ? It.Category
                               : Key == "unit" ? It.Unit : It.Note) = X;
          } else if (Key == "evidence") {
            readEvidence(X, Ptr, It.SitesPerUnit, It.Pairs, Errors);
          } else {
            Errors.push_back(Ptr + "/" + Key + ": unknown key");
          }
        }
        if (!V.contains("hours") && !M.Items.count(Kind))
          Errors.push_back(Ptr + ": missing \"hours\"");
        M.Items[Kind] = It;
      }
  }
  for (auto &[Kind, It] : M.Items)
    if (std::none_of(M.Categories.begin(), M.Categories.end(),
                     [&](auto &P) { return P.first == It.Category; }))
      Errors.push_back(fmt::format("/items/{}/category: '{}' is not one of "
                                   "/categories",
                                   Kind, It.Category));
  if (std::none_of(M.Categories.begin(), M.Categories.end(),
                   [](auto &P) { return P.first == "third-party"; }))
    Errors.push_back("/categories: missing 'third-party' (kernels in "
                     "dependencies are priced there)");
  for (const std::string &K : requiredKinds())
    if (!M.Items.count(K))
      Errors.push_back(fmt::format("/items: missing item kind '{}'", K));
  if (!Errors.empty())
    return Err(Errors);
  return M;
}

llvm::Expected<CostModel> CostModel::loadBuiltin(const std::string &Override) {
  auto Base = load(builtinFile());
  if (!Base || Override.empty())
    return Base;
  return load(Override, &*Base);
}

namespace {

/// One priced unit, kept until the roll-ups are made.
struct Priced {
  std::string Kind, Category, What, File;
  double Low = 0, High = 0;
  unsigned Count = 1;
  int Kernel = -1;       ///< index into Report::Kernels, for its hours
  bool Measured = false; ///< hours from the per-TU model's predicted sites
};

/// Source work the per-TU model's sites can stand for: not the build,
/// operations and review items, which no calibration pair held.
bool isSourceWork(const std::string &Kind) {
  return !llvm::StringRef(Kind).starts_with("build-") && Kind != "ops-item" &&
         Kind != "port-review";
}

/// One hour figure (docs/cost-model.md): under a per-TU model the items it
/// was fitted on take their hours from its predicted sites (Low..High in
/// all), shared out in proportion to the midpoints of their judgement
/// ranges, so that kernels, categories and directories add up to the
/// headline. Without any such item (a TU whose only items are too rare to
/// be fitted) the share goes to every source item.
void shareMeasuredHours(std::vector<Priced> &All, const CostModel &M,
                        double Low, double High) {
  // Review keeps its own part: the model may read the count of automatic
  // edits (a size of the port), but reading them is not a manual site.
  auto Fitted = [&](const Priced &P) {
    return M.perTu().Weights.count(P.Kind) > 0 && isSourceWork(P.Kind);
  };
  auto Source = [](const Priced &P) { return isSourceWork(P.Kind); };
  for (auto Takes : {std::function<bool(const Priced &)>(Fitted),
                     std::function<bool(const Priced &)>(Source)}) {
    double Mid = 0;
    for (const Priced &P : All)
      if (Takes(P))
        Mid += (P.Low + P.High) / 2;
    if (Mid <= 0)
      continue;
    for (Priced &P : All)
      if (Takes(P)) {
        double Share = (P.Low + P.High) / 2 / Mid;
        P.Low = Share * Low;
        P.High = Share * High;
        P.Measured = true;
      }
    return;
  }
}

/// The calibrated manual edit sites (docs/cost-model.md): each priced
/// unit times its item's sites per unit, plus the inputs that are not
/// priced items: mapped API call sites (each is read in context) and
/// kernel body lines.
double predictedSites(const Report &R, const CostModel &M,
                      const std::vector<Priced> &All) {
  double Sites = 0;
  for (const Priced &P : All)
    if (double W = M.item(P.Kind).SitesPerUnit; W > 0)
      Sites += W * P.Count;
  unsigned MappedCalls = 0, KernelLines = 0;
  for (const ApiUse &A : R.Api)
    if (A.Status != "unsupported")
      MappedCalls += A.Calls;
  for (const Kernel &K : R.Kernels)
    KernelLines += K.Lines;
  return Sites + M.inputWeight("api-call") * MappedCalls +
         M.inputWeight("kernel-line") * KernelLines;
}

/// The TU a file's items are counted under (Report::TuOf).
const std::string &tuOf(const Report &R, const std::string &File) {
  auto It = R.TuOf.find(File);
  return It == R.TuOf.end() ? File : It->second;
}

/// The counts a per-TU model reads, by TU: the priced units by the TU of
/// their file, except API names and libraries, which the tree counts once
/// but a TU counts when it uses them (as the calibration's per-TU reports
/// did); plus "source-line".
std::map<std::string, std::map<std::string, double>>
perTuCounts(const Report &R, const std::vector<Priced> &All) {
  std::map<std::string, std::map<std::string, double>> X;
  for (const Priced &P : All)
    if (!llvm::StringRef(P.Kind).starts_with("api-") &&
        !llvm::StringRef(P.Kind).starts_with("library-"))
      X[tuOf(R, P.File)][P.Kind] += P.Count;
  for (const ApiUse &A : R.Api) {
    if (A.Status == "supported" && A.Hip == A.Name)
      continue;
    std::map<std::string, unsigned> Calls;
    for (const auto &[File, N] : A.CallsByFile)
      Calls[tuOf(R, File)] += N;
    for (const auto &[Tu, N] : Calls) {
      X[Tu]["api-" + A.Status] += 1;
      if (A.Status == "unsupported")
        X[Tu]["api-unsupported-call"] += N;
    }
  }
  for (const LibraryUse &L : R.Libraries) {
    std::set<std::string> Tus;
    for (const std::string &F : L.Files)
      Tus.insert(tuOf(R, F));
    if (Tus.empty())
      Tus.insert(tuOf(R, L.First.File));
    for (const std::string &Tu : Tus)
      X[Tu][L.Mapped ? "library-mapped" : "library-unmapped"] += 1;
  }
  // The split's own manual edits in source code (Automation), and the
  // operations items written in it: a calibration pair's TU report counted
  // every manual site of its files.
  for (const auto &[File, N] : R.Auto.SourceManualByFile)
    X[tuOf(R, File)]["manual-site"] += N;
  for (const ManualSite &S : R.Auto.Sites)
    if (S.Kind == "ops")
      X[tuOf(R, S.Loc.File)]["manual-site"] += S.Count;
  // Lines only where there is porting work: a plain C++ TU with no item
  // and no CUDA name is not priced (every calibration pair was CUDA code).
  std::set<std::string> SourceTus;
  for (const auto &[File, Lines] : R.SourceLinesOf)
    if (auto It = X.find(tuOf(R, File)); It != X.end()) {
      It->second["source-line"] += Lines;
      SourceTus.insert(It->first);
    }
  // Only source TUs: build files and deployment files were in no
  // calibration pair, and their items are priced by judgement.
  for (auto It = X.begin(); It != X.end();)
    It = SourceTus.count(It->first) ? std::next(It) : X.erase(It);
  return X;
}

/// A per-TU log model's manual sites: exp(b + sum w log(1 + x)) - 1 per
/// TU, summed; fills E.PricedTus.
double perTuSites(const Report &R, const CostModel &M,
                  const std::vector<Priced> &All, Estimate &E) {
  const PerTuLogModel &L = M.perTu();
  double Sites = 0;
  for (const auto &[Tu, Counts] : perTuCounts(R, All)) {
    double Z = L.Intercept;
    for (const auto &[Name, N] : Counts)
      if (auto It = L.Weights.find(Name); It != L.Weights.end())
        Z += It->second.Weight * std::log1p(N);
    Sites += std::max(0.0, std::expm1(Z));
    ++E.PricedTus;
  }
  return Sites;
}

/// The named things that dominate E: biggest first, until they explain
/// most of the high end, at most ten.
void dominantItems(const std::vector<Priced> &All, const CostModel &M,
                   Estimate &E) {
  std::vector<Priced> Named;
  std::map<std::string, size_t> ByWhat;
  for (const Priced &P : All) {
    auto It = ByWhat.find(P.What);
    if (It == ByWhat.end()) {
      ByWhat[P.What] = Named.size();
      Named.push_back(P);
    } else {
      Named[It->second].Low += P.Low;
      Named[It->second].High += P.High;
    }
  }
  std::stable_sort(Named.begin(), Named.end(),
                   [](auto &A, auto &B) { return A.High > B.High; });
  double Covered = 0;
  for (const Priced &P : Named) {
    if (E.Dominant.size() >= 10 ||
        (Covered >= 0.8 * E.High && E.Dominant.size() >= 3))
      break;
    if (P.High <= 0)
      break;
    Covered += P.High;
    E.Dominant.push_back({P.Kind, P.Category, P.What, P.Count, P.Low, P.High,
                          M.item(P.Kind).Unit});
  }
}

} // namespace

std::string directoryOf(const std::string &Rel) {
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Rel).split(Parts, '/');
  if (Parts.size() <= 1)
    return ".";
  if (Parts.size() == 2)
    return Parts[0].str();
  return (Parts[0] + "/" + Parts[1]).str();
}

void estimate(Report &R, const CostModel &M) {
  std::vector<Priced> All;
  auto Add = [&](const std::string &Kind, std::string What, std::string File,
                 bool ThirdParty = false, unsigned Times = 1) {
    const CostItem &I = M.item(Kind);
    All.push_back({Kind, ThirdParty ? "third-party" : I.Category,
                   std::move(What), std::move(File), I.Low * Times,
                   I.High * Times, Times});
    return &All.back();
  };

  for (size_t KI = 0; KI < R.Kernels.size(); ++KI) {
    Kernel &K = R.Kernels[KI];
    K.CostKind = !K.TensorCore.empty() ? "kernel-tensor-core"
                 : K.InlineAsm        ? "kernel-inline-ptx"
                 : !K.WarpIntrinsics.empty() ? "kernel-warp-level"
                                             : "kernel-simple";
    std::string What =
        fmt::format("kernel {} ({}:{})", K.Name, K.Loc.File, K.Loc.Line);
    // A kernel already in HIP is ported; what is left is proving it right.
    if (K.Lang != Dialect::Hip)
      Add(K.CostKind, What, K.Loc.File, K.ThirdParty)->Kernel = int(KI);
    else
      K.CostKind = "kernel-validation";
    Add("kernel-validation", What, K.Loc.File, K.ThirdParty)->Kernel = int(KI);
  }

  for (const ApiUse &A : R.Api) {
    // A name HIP spells the same way costs nothing beyond the header swap.
    if (A.Status == "supported" && A.Hip == A.Name)
      continue;
    std::string Kind = "api-" + A.Status;
    Add(Kind, fmt::format("{} {} ({} call(s))", A.Status, A.Name, A.Calls),
        A.First.File);
    if (A.Status == "unsupported")
      Add("api-unsupported-call",
          fmt::format("call sites of {} ({})", A.Name, A.Calls), A.First.File,
          false, A.Calls);
  }

  for (const LibraryUse &L : R.Libraries)
    Add(L.Mapped ? "library-mapped" : "library-unmapped",
        fmt::format("library {} -> {}", L.Name, L.Rocm), L.First.File);

  // Lint findings per file, so the directory chart can place them.
  for (const auto &[File, Counts] : R.LintByFile)
    for (const auto &[Sev, N] : Counts)
      Add("lint-" + Sev, fmt::format("{} lint {}(s) in {}", N, Sev, File),
          File, false, N);

  // A build fix is worked out once (per distinct message) and then applied
  // file by file: the same nvcc flag in 200 CMakeLists is one problem.
  std::set<std::string> BuildFiles, BuildFixes;
  for (const BuildItem &B : R.Build) {
    if (BuildFiles.insert(B.Loc.File).second)
      Add("build-file", "build file " + B.Loc.File, B.Loc.File);
    if (BuildFixes.insert(B.Check + ": " + B.Message).second)
      Add("build-finding", fmt::format("{} ({}, first at {}:{})", B.Message,
                                       B.Check, B.Loc.File, B.Loc.Line),
          B.Loc.File);
  }

  std::set<std::pair<std::string, std::string>> OpsSeen;
  for (const OpsItem &O : R.Operations)
    if (!O.PortsItself && OpsSeen.insert({O.Kind, O.Loc.File}).second)
      Add("ops-item", fmt::format("{} in {}", O.Kind, O.Loc.File), O.Loc.File);

  for (const Unparsed &U : R.UnparsedTUs)
    Add("parse-failure", "unparsed " + U.File, U.File);

  // Reading what `hipport port` did, where it did it.
  for (const auto &[File, N] : R.Auto.AutomaticByFile)
    Add("port-review",
        fmt::format("review of {} automatic edit(s) in {}", N, File), File,
        false, N);

  Estimate &E = R.Est;
  E = Estimate();
  E.CostModelFile = M.files().empty() ? "" : M.files().back();
  if (M.form() == CostForm::PerTuLog) {
    E.Calibrated = true;
    E.PredictedSites = perTuSites(R, M, All, E);
    E.HoursPerSiteLow = M.perTu().HoursPerSiteLow;
    E.HoursPerSiteHigh = M.perTu().HoursPerSiteHigh;
    E.PredictedHoursLow = E.PredictedSites * E.HoursPerSiteLow;
    E.PredictedHoursHigh = E.PredictedSites * E.HoursPerSiteHigh;
    shareMeasuredHours(All, M, E.PredictedHoursLow, E.PredictedHoursHigh);
  } else {
    E.PredictedSites = predictedSites(R, M, All);
  }
  for (Kernel &K : R.Kernels)
    K.HoursLow = K.HoursHigh = 0;
  E.ReviewedEdits = R.Auto.Automatic;
  for (const Priced &P : All) {
    if (P.Kernel >= 0) {
      R.Kernels[P.Kernel].HoursLow += P.Low;
      R.Kernels[P.Kernel].HoursHigh += P.High;
    }
    if (P.Measured)
      continue;
    HourRange &Part = P.Kind == "port-review" ? E.Review : E.Uncalibrated;
    Part.Low += P.Low;
    Part.High += P.High;
  }

  // Roll-ups.
  std::map<std::string, CategoryEstimate> Cats;
  for (const auto &[Id, Desc] : M.categories())
    Cats[Id] = {Id, Desc, 0, 0};
  std::map<std::string, EstimateLine> Kinds;
  std::map<std::string, std::pair<double, double>> Dirs;
  for (const Priced &P : All) {
    E.Low += P.Low;
    E.High += P.High;
    Cats[P.Category].Low += P.Low;
    Cats[P.Category].High += P.High;
    EstimateLine &K = Kinds[P.Kind];
    K.Kind = P.Kind;
    K.Category = M.item(P.Kind).Category;
    K.Unit = M.item(P.Kind).Unit;
    K.Count += P.Count;
    K.Low += P.Low;
    K.High += P.High;
    auto &D = Dirs[directoryOf(P.File)];
    D.first += P.Low;
    D.second += P.High;
  }
  for (const auto &[Id, Desc] : M.categories())
    E.Categories.push_back(Cats[Id]);
  std::stable_sort(E.Categories.begin(), E.Categories.end(),
                   [](auto &A, auto &B) { return A.High > B.High; });
  for (auto &[K, L] : Kinds)
    E.ByKind.push_back(L);
  std::stable_sort(E.ByKind.begin(), E.ByKind.end(),
                   [](auto &A, auto &B) { return A.High > B.High; });

  dominantItems(All, M, E);

  for (DirectoryStats &D : R.Directories) {
    auto It = Dirs.find(D.Dir);
    if (It != Dirs.end()) {
      D.HoursLow = It->second.first;
      D.HoursHigh = It->second.second;
    }
  }
}

} // namespace hipport::report
