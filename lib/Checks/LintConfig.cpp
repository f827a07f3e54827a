#include "Checks/LintConfig.h"
#include "Checks/CheckRegistry.h"
#include "Core/Json.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

namespace hipport::checks {

static llvm::Error err(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

std::string LintConfig::find(const std::string &Dir) {
  llvm::SmallString<256> D(Dir);
  while (!D.empty()) {
    llvm::SmallString<256> F(D);
    llvm::sys::path::append(F, ".hipport.json");
    if (llvm::sys::fs::exists(F))
      return std::string(F);
    llvm::StringRef Parent = llvm::sys::path::parent_path(D);
    if (Parent == D)
      break;
    D = Parent;
  }
  return "";
}

llvm::Error LintConfig::addGlobs(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/true);
  // One trailing comma is how lists are joined; any other empty entry is a
  // typo that would otherwise match nothing, silently.
  if (Parts.size() > 1 && Parts.back().trim().empty())
    Parts.pop_back();
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef P = Parts[I].trim();
    bool On = !P.consume_front("-");
    P.consume_front("hipport-"); // clang-tidy spelling of the same id
    if (P.empty())
      return err("glob " + llvm::Twine(I + 1) + " is empty");
    if (auto Pat = llvm::GlobPattern::create(P); !Pat)
      return err("glob " + llvm::Twine(I + 1) + " '" + P +
                 "' is malformed: " + llvm::toString(Pat.takeError()));
    if (!P.contains('*') && !findCheck(P))
      return err("unknown check '" + P + "'");
    Globs.emplace_back(On, P.str());
  }
  return llvm::Error::success();
}

llvm::Error LintConfig::setSeverity(llvm::StringRef Id, llvm::StringRef Level) {
  if (!findCheck(Id))
    return err("unknown check '" + Id + "'");
  core::Severity S;
  if (!core::parseSeverity(Level.str(), S))
    return err("'" + Level + "' is not a severity (note, remark, warning, "
                             "error)");
  Severities[Id.str()] = S;
  return llvm::Error::success();
}

bool LintConfig::enabled(llvm::StringRef Id) const {
  bool On = true;
  for (const auto &[Enable, Glob] : Globs) {
    auto Pat = llvm::GlobPattern::create(Glob);
    if (Pat && Pat->match(Id))
      On = Enable;
  }
  return On;
}

std::optional<core::Severity> LintConfig::severity(llvm::StringRef Id) const {
  auto It = Severities.find(Id.str());
  if (It == Severities.end())
    return std::nullopt;
  return It->second;
}

llvm::Expected<LintConfig> LintConfig::load(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return err(Path + ": " + Buf.getError().message());
  nlohmann::json J;
  if (llvm::Error E = core::parseJson(Path, (*Buf)->getBuffer(), J))
    return std::move(E);
  if (!J.is_object())
    return err(Path + ": not a JSON object");
  LintConfig C;
  C.File = Path;
  if (!J.contains("lint"))
    return C;
  const nlohmann::json &L = J["lint"];
  if (!L.is_object())
    return err(Path + ":/lint: expected an object");
  for (auto It = L.begin(); It != L.end(); ++It) {
    const std::string &K = It.key();
    const nlohmann::json &V = It.value();
    std::string Where = Path + ":/lint/" + K;
    if (K == "checks") {
      std::string Globs;
      if (V.is_string())
        Globs = V.get<std::string>();
      else if (V.is_array())
        for (const auto &G : V) {
          if (!G.is_string())
            return err(Where + ": expected strings");
          Globs += G.get<std::string>() + ",";
        }
      else
        return err(Where + ": expected a string or an array of globs");
      if (V.is_array()) // name the entry: /lint/checks/N
        for (size_t I = 0; I < V.size(); ++I)
          if (llvm::Error E = LintConfig().addGlobs(V[I].get<std::string>()))
            return err(Where + "/" + llvm::Twine(I) + ": " +
                       llvm::toString(std::move(E)));
      if (llvm::Error E = C.addGlobs(Globs))
        return err(Where + ": " + llvm::toString(std::move(E)));
    } else if (K == "severity") {
      if (!V.is_object())
        return err(Where + ": expected an object of id: severity");
      for (auto S = V.begin(); S != V.end(); ++S) {
        if (!S.value().is_string())
          return err(Where + "/" + S.key() + ": expected a severity");
        if (llvm::Error E =
                C.setSeverity(S.key(), S.value().get<std::string>()))
          return err(Where + "/" + S.key() + ": " +
                     llvm::toString(std::move(E)));
      }
    } else if (K == "exclude") {
      if (!V.is_array())
        return err(Where + ": expected an array of path substrings");
      for (size_t I = 0; I < V.size(); ++I) {
        const nlohmann::json &X = V[I];
        std::string At = Where + "/" + std::to_string(I);
        if (!X.is_string())
          return err(At + ": expected a string");
        std::string S = X.get<std::string>();
        // Excludes are path substrings: these are in every path.
        if (S.empty() || S == "/")
          return err(At + ": '" + S + "' excludes every file");
        C.Excludes.push_back(S);
      }
    } else {
      return err(Where + ": unknown key (expected checks, severity, exclude)");
    }
  }
  return C;
}

} // namespace hipport::checks
