#include "Rules/Library.h"

#include "Core/FileWriter.h"
#include "Core/Json.h"
#include "Rules/RuleSet.h"

#include "llvm/Support/WithColor.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace hipport::rules {

using json = nlohmann::json;

namespace {

struct BlockReader {
  const std::string &File;
  std::vector<std::string> &Errors;
  void error(const std::string &Ptr, const std::string &Msg) {
    Errors.push_back(fmt::format("{}:{}: {}", File, Ptr, Msg));
  }
  void strings(const json &J, const std::string &Ptr,
               std::vector<std::string> &Out) {
    if (!J.is_array()) {
      error(Ptr, "must be an array of strings");
      return;
    }
    for (const json &S : J)
      if (S.is_string())
        Out.push_back(S.get<std::string>());
      else
        error(Ptr, "must be an array of strings");
  }
  /// {"cuda": [...], "hip"|"rocm": [...]}
  void sides(const json &J, const std::string &Ptr, const char *Other,
             std::vector<std::string> &Cuda, std::vector<std::string> &Hip) {
    if (!J.is_object()) {
      error(Ptr, fmt::format("must be {{\"cuda\": [...], \"{}\": [...]}}", Other));
      return;
    }
    for (auto It = J.begin(); It != J.end(); ++It)
      if (It.key() == "cuda")
        strings(*It, Ptr + "/cuda", Cuda);
      else if (It.key() == Other)
        strings(*It, Ptr + "/" + Other, Hip);
      else
        error(Ptr + "/" + It.key(), "unknown key");
  }
  void pairs(const json &J, const std::string &Ptr,
             std::vector<LibraryPair> &Out) {
    if (!J.is_array()) {
      error(Ptr, "must be an array of {cuda, hip}");
      return;
    }
    for (size_t I = 0; I < J.size(); ++I) {
      const json &E = J[I];
      std::string P = fmt::format("{}/{}", Ptr, I);
      LibraryPair Pair;
      if (!E.is_object() || !E.contains("cuda") || !E["cuda"].is_string() ||
          !E.contains("hip") || !E["hip"].is_string()) {
        error(P, "must be {\"cuda\": string, \"hip\": string}");
        continue;
      }
      for (auto It = E.begin(); It != E.end(); ++It)
        if (It.key() != "cuda" && It.key() != "hip" && It.key() != "rewrite")
          error(P + "/" + It.key(), "unknown key");
      Pair.Cuda = E["cuda"];
      Pair.Hip = E["hip"];
      if (E.contains("rewrite")) {
        if (E["rewrite"].is_boolean())
          Pair.Rewrite = E["rewrite"];
        else
          error(P + "/rewrite", "must be true or false");
      }
      Out.push_back(std::move(Pair));
    }
  }
};

} // namespace

Library parseLibrary(const json &J, const std::string &Family,
                     const std::string &File, const std::string &Ptr,
                     std::vector<std::string> &Errors) {
  BlockReader R{File, Errors};
  Library L;
  L.Family = Family;
  if (!J.is_object()) {
    R.error(Ptr, "must be an object");
    return L;
  }
  for (auto It = J.begin(); It != J.end(); ++It) {
    const std::string &K = It.key();
    std::string P = Ptr + "/" + K;
    const json &V = *It;
    if (K == "name" || K == "rocm" || K == "maturity") {
      if (!V.is_string())
        R.error(P, "must be a string");
      else
        (K == "name" ? L.Name : K == "rocm" ? L.Rocm : L.Maturity) = V;
    } else if (K == "language" || K == "mapped") {
      if (!V.is_boolean())
        R.error(P, "must be true or false");
      else
        (K == "language" ? L.Language : L.Mapped) = V;
    } else if (K == "headers") {
      R.sides(V, P, "hip", L.CudaHeaders, L.HipHeaders);
    } else if (K == "includes") {
      R.sides(V, P, "hip", L.CudaIncludes, L.HipIncludes);
    } else if (K == "prefixes") {
      R.pairs(V, P, L.Prefixes);
    } else if (K == "link") {
      R.pairs(V, P, L.Link);
    } else if (K == "cmake") {
      R.pairs(V, P, L.CMake);
    } else if (K == "packages") {
      if (!V.is_object()) {
        R.error(P, "must be {\"apt\": {...}, \"pip\": {...}}");
        continue;
      }
      for (auto Q = V.begin(); Q != V.end(); ++Q)
        if (Q.key() == "apt")
          R.sides(*Q, P + "/apt", "rocm", L.AptCuda, L.AptRocm);
        else if (Q.key() == "pip")
          R.sides(*Q, P + "/pip", "rocm", L.PipCuda, L.PipRocm);
        else
          R.error(P + "/" + Q.key(), "unknown key");
    } else {
      R.error(P, "unknown key");
    }
  }
  if (L.Name.empty())
    R.error(Ptr + "/name", "required string is missing");
  if (!L.Language && (L.Rocm.empty() || L.Maturity.empty()))
    R.error(Ptr, "a library (not \"language\": true) needs rocm and maturity");
  return L;
}

const std::vector<Library> &builtinLibraries() {
  static const std::vector<Library> All = [] {
    std::vector<Library> Out;
    std::vector<std::string> Errors;
    for (const std::string &F : RuleSet::builtinFiles()) {
      auto Text = core::readFile(F);
      json J;
      if (!Text) {
        Errors.push_back(llvm::toString(Text.takeError()));
        continue;
      }
      if (llvm::Error E = core::parseJson(F, *Text, J)) {
        Errors.push_back(llvm::toString(std::move(E)));
        continue;
      }
      if (J.is_object() && J.contains("library") && J.contains("family") &&
          J["family"].is_string())
        Out.push_back(parseLibrary(J["library"], J["family"], F, "/library",
                                   Errors));
    }
    for (const std::string &E : Errors)
      llvm::WithColor::error(llvm::errs(), "hipport") << E << "\n";
    return Out;
  }();
  return All;
}

const Library *builtinLibrary(llvm::StringRef Family) {
  for (const Library &L : builtinLibraries())
    if (L.Family == Family)
      return &L;
  return nullptr;
}

} // namespace hipport::rules
