#include "Rules/RuleSet.h"

#include "Core/Json.h"
#include "Core/Paths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

using nlohmann::json;

namespace hipport::rules {

const char *kindName(Kind K) {
  static const char *Names[] = {"function", "type",   "enumerator", "macro",
                                "namespace", "header", "member"};
  return Names[int(K)];
}

const char *statusName(Status S) {
  static const char *Names[] = {"supported", "unsupported", "experimental",
                                "deprecated"};
  return Names[int(S)];
}

std::optional<RocmVersion> RocmVersion::parse(const std::string &Text) {
  RocmVersion V;
  char Dot = 0;
  int Used = 0;
  if (std::sscanf(Text.c_str(), "%d%c%d%n", &V.Major, &Dot, &V.Minor, &Used) !=
          3 ||
      Dot != '.' || size_t(Used) != Text.size() || V.Major < 0 || V.Minor < 0)
    return std::nullopt;
  return V;
}

std::string RocmVersion::str() const {
  return fmt::format("{}.{}", Major, Minor);
}

namespace {

template <typename EnumT, size_t N>
bool parseName(const std::string &Text, const char *(*NameOf)(EnumT),
               EnumT &Out) {
  for (size_t I = 0; I < N; ++I)
    if (Text == NameOf(EnumT(I))) {
      Out = EnumT(I);
      return true;
    }
  return false;
}

/// Collects every error of one load so the user sees them all at once.
class Loader {
public:
  std::vector<std::string> Errors;
  std::vector<RuleEntry> Entries;
  std::vector<Library> Libraries;
  std::vector<bool> Overrides;

  void loadFile(const std::string &Path) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf) {
      Errors.push_back(
          fmt::format("{}: cannot read: {}", Path, Buf.getError().message()));
      return;
    }
    std::string Text = (*Buf)->getBuffer().str();
    json Doc;
    if (llvm::Error E = core::parseJson(Path, Text, Doc)) {
      Errors.push_back(llvm::toString(std::move(E)));
      return;
    }
    if (!Doc.is_object()) {
      err(Path, "", "a rules file must be a JSON object");
      return;
    }
    checkKeys(Path, "", Doc,
              {"family", "description", "library", "headers", "entries"});
    std::string Family;
    if (!Doc.contains("family") || !Doc["family"].is_string())
      err(Path, "/family", "required string is missing");
    else
      Family = Doc["family"];
    if (Doc.contains("library"))
      Libraries.push_back(
          parseLibrary(Doc["library"], Family, Path, "/library", Errors));
    if (Doc.contains("headers")) {
      if (!Doc["headers"].is_array())
        err(Path, "/headers", "must be an array");
      else
        for (size_t I = 0; I < Doc["headers"].size(); ++I)
          loadEntry(Path, fmt::format("/headers/{}", I), Doc["headers"][I],
                    Family, /*IsHeaderList=*/true);
    }
    if (!Doc.contains("entries") || !Doc["entries"].is_array()) {
      err(Path, "/entries", "required array is missing");
      return;
    }
    for (size_t I = 0; I < Doc["entries"].size(); ++I)
      loadEntry(Path, fmt::format("/entries/{}", I), Doc["entries"][I], Family,
                false);
  }

private:
  void err(const std::string &File, const std::string &Ptr,
           const std::string &Msg) {
    Errors.push_back(fmt::format("{}:{}: {}", File, Ptr.empty() ? "/" : Ptr,
                                 Msg));
  }

  void checkKeys(const std::string &File, const std::string &Ptr,
                 const json &Obj, std::initializer_list<const char *> Allowed) {
    for (auto It = Obj.begin(); It != Obj.end(); ++It)
      if (std::none_of(Allowed.begin(), Allowed.end(),
                       [&](const char *A) { return It.key() == A; }))
        err(File, Ptr + "/" + It.key(), "unknown key");
  }

  bool getString(const std::string &File, const std::string &Ptr,
                 const json &Obj, const char *Key, std::string &Out) {
    if (!Obj.contains(Key))
      return false;
    if (!Obj[Key].is_string()) {
      err(File, Ptr + "/" + Key, "must be a string");
      return false;
    }
    Out = Obj[Key];
    return true;
  }

  void loadEntry(const std::string &File, const std::string &Ptr,
                 const json &Obj, const std::string &Family,
                 bool IsHeaderList) {
    if (!Obj.is_object()) {
      err(File, Ptr, "an entry must be an object");
      return;
    }
    checkKeys(File, Ptr, Obj,
              {"cuda", "hip", "kind", "status", "since_rocm", "note",
               "example", "override", "fallback", "variants"});
    RuleEntry E;
    E.Family = Family;
    E.SourceFile = File;
    bool Ok = true;
    if (!getString(File, Ptr, Obj, "cuda", E.Cuda) || E.Cuda.empty()) {
      err(File, Ptr + "/cuda", "required non-empty string is missing");
      Ok = false;
    }
    std::string KindText = IsHeaderList ? "header" : "";
    getString(File, Ptr, Obj, "kind", KindText);
    if (KindText.empty()) {
      err(File, Ptr + "/kind", "required string is missing");
      Ok = false;
    } else if (!parseName<Kind, 7>(KindText, kindName, E.EntryKind)) {
      err(File, Ptr + "/kind",
          fmt::format("unknown kind '{}' (expected function, type, "
                      "enumerator, macro, namespace, header or member)",
                      KindText));
      Ok = false;
    }
    std::string StatusText;
    if (getString(File, Ptr, Obj, "status", StatusText) &&
        !parseName<Status, 4>(StatusText, statusName, E.EntryStatus)) {
      err(File, Ptr + "/status",
          fmt::format("unknown status '{}' (expected supported, unsupported, "
                      "experimental or deprecated)",
                      StatusText));
      Ok = false;
    }
    bool HasHip = getString(File, Ptr, Obj, "hip", E.Hip);
    // A macro whose HIP counterpart expands to nothing (CUDART_CB, a
    // calling convention) maps to "": the port deletes it.
    bool EmptyMacro = HasHip && E.Hip.empty() && E.EntryKind == Kind::Macro;
    if (E.EntryStatus != Status::Unsupported && (!HasHip || E.Hip.empty()) &&
        !EmptyMacro) {
      err(File, Ptr + "/hip",
          "required unless status is 'unsupported'");
      Ok = false;
    }
    std::string Since;
    if (getString(File, Ptr, Obj, "since_rocm", Since)) {
      E.SinceRocm = RocmVersion::parse(Since);
      if (!E.SinceRocm) {
        err(File, Ptr + "/since_rocm",
            fmt::format("'{}' is not a version X.Y", Since));
        Ok = false;
      }
    }
    getString(File, Ptr, Obj, "note", E.Note);
    getString(File, Ptr, Obj, "example", E.Example);
    bool Override = false;
    if (Obj.contains("override")) {
      if (!Obj["override"].is_boolean())
        err(File, Ptr + "/override", "must be true or false");
      else
        Override = Obj["override"];
    }
    if (Obj.contains("fallback")) {
      const json &F = Obj["fallback"];
      std::string FP = Ptr + "/fallback";
      if (!F.is_object()) {
        err(File, FP, "must be an object");
        Ok = false;
      } else {
        checkKeys(File, FP, F, {"hip", "drop_args", "note"});
        Fallback Fb;
        getString(File, FP, F, "hip", Fb.Hip);
        getString(File, FP, F, "note", Fb.Note);
        if (F.contains("drop_args")) {
          if (!F["drop_args"].is_array())
            err(File, FP + "/drop_args", "must be an array of indices");
          else
            for (const json &A : F["drop_args"])
              if (A.is_number_unsigned())
                Fb.DropArgs.push_back(A);
              else
                err(File, FP + "/drop_args", "indices must be unsigned");
        }
        if (!E.SinceRocm)
          err(File, FP, "a fallback needs since_rocm on its entry");
        E.Older = Fb;
      }
    }
    if (Obj.contains("variants")) {
      const json &V = Obj["variants"];
      if (!V.is_object())
        err(File, Ptr + "/variants", "must be an object of strings");
      else
        for (auto It = V.begin(); It != V.end(); ++It) {
          if (!It.value().is_string())
            err(File, Ptr + "/variants/" + It.key(), "must be a string");
          else
            E.Variants[It.key()] = It.value();
        }
    }
    if (Ok) {
      Entries.push_back(std::move(E));
      Overrides.push_back(Override);
      Pointers.push_back(File + ":" + Ptr);
    }
  }

public:
  std::vector<std::string> Pointers;
};

} // namespace

llvm::Expected<RuleSet> RuleSet::load(const std::vector<std::string> &Files) {
  Loader L;
  for (const std::string &F : Files)
    L.loadFile(F);
  RuleSet RS;
  RS.Libraries = std::move(L.Libraries);
  for (size_t I = 0; I < L.Entries.size(); ++I) {
    RuleEntry &E = L.Entries[I];
    auto It = RS.Index.find(E.Cuda);
    if (It == RS.Index.end()) {
      RS.Index[E.Cuda] = RS.Entries.size();
      RS.Entries.push_back(std::move(E));
      continue;
    }
    const RuleEntry &Prev = RS.Entries[It->second];
    bool SameFile = Prev.SourceFile == E.SourceFile;
    if (L.Overrides[I] && !SameFile) {
      RS.Entries[It->second] = std::move(E);
      continue;
    }
    L.Errors.push_back(fmt::format(
        "{}: duplicate CUDA name '{}' (first defined in {}){}", L.Pointers[I],
        E.Cuda, Prev.SourceFile,
        SameFile ? "" : "; add \"override\": true to replace it"));
  }
  if (!L.Errors.empty()) {
    std::string Msg;
    for (const std::string &E : L.Errors)
      Msg += E + "\n";
    Msg.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  }
  // Once here: resolve() asks for the newest on every name.
  RS.Releases = collectReleases(RS.Entries);
  return RS;
}

std::string RuleSet::builtinDir() { return core::rulesDirectory(); }

std::vector<std::string> RuleSet::builtinFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(builtinDir(), EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    // Tables that are not name mappings (cost model, PTX table) live beside them.
    if (Name.ends_with(".json") && !Name.starts_with("cost-model") &&
        !Name.starts_with("ptx-"))
      Files.push_back(It->path());
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

llvm::Expected<RuleSet>
RuleSet::loadBuiltin(const std::vector<std::string> &UserFiles) {
  std::vector<std::string> Files = builtinFiles();
  // No tables means every name stays CUDA: a broken install, never a clean run.
  if (Files.empty())
    return llvm::createStringError(
        builtinDir() + ": no rule tables (*.json) here; set --rules-dir or "
                       "HIPPORT_RULES_DIR to hipport's rules directory");
  Files.insert(Files.end(), UserFiles.begin(), UserFiles.end());
  return load(Files);
}

const RuleEntry *RuleSet::find(llvm::StringRef Cuda) const {
  auto It = Index.find(Cuda);
  return It == Index.end() ? nullptr : &Entries[It->second];
}

RocmVersion RuleSet::newestRocm() const {
  RocmVersion Floor{7, 0};
  return Releases.empty() || Releases.back() < Floor ? Floor : Releases.back();
}

std::vector<RocmVersion>
RuleSet::collectReleases(const std::vector<RuleEntry> &Entries) {
  std::vector<RocmVersion> Known;
  for (const RuleEntry &E : Entries)
    if (E.SinceRocm)
      Known.push_back(*E.SinceRocm);
  std::string Releases = builtinDir() + "/targets/rocm-releases.json";
  if (auto Buf = llvm::MemoryBuffer::getFile(Releases)) {
    nlohmann::json J;
    // A broken list only loses the extra releases; the tables still know theirs.
    if (llvm::Error E = core::parseJson(Releases, (*Buf)->getBuffer(), J))
      llvm::consumeError(std::move(E));
    if (J.is_object() && J.contains("releases") && J["releases"].is_array())
      for (const nlohmann::json &R : J["releases"])
        if (R.is_string())
          if (auto V = RocmVersion::parse(R.get<std::string>()))
            Known.push_back(*V);
  }
  std::sort(Known.begin(), Known.end());
  Known.erase(std::unique(Known.begin(), Known.end()), Known.end());
  return Known;
}

Mapping RuleSet::resolve(const RuleEntry &E, const TargetOptions &T) const {
  Mapping M;
  M.Entry = &E;
  M.Note = E.Note;
  // A chosen variant names a real target even where the default has none.
  for (const auto &[Group, Choice] : T.Variants) {
    auto It = E.Variants.find(Choice);
    if (It != E.Variants.end() && E.EntryStatus == Status::Unsupported) {
      M.Hip = It->second;
      return M;
    }
  }
  if (E.EntryStatus == Status::Unsupported) {
    M.Act = Mapping::Action::Unsupported;
    return M;
  }
  M.Hip = E.Hip;
  for (const auto &[Group, Choice] : T.Variants) {
    auto It = E.Variants.find(Choice);
    if (It != E.Variants.end())
      M.Hip = It->second;
  }
  RocmVersion Target = T.Rocm ? *T.Rocm : newestRocm();
  if (E.SinceRocm && Target < *E.SinceRocm) {
    if (E.Older && !E.Older->Hip.empty()) {
      M.Hip = E.Older->Hip;
      M.DropArgs = E.Older->DropArgs;
      M.Note = E.Older->Note;
    } else {
      M.Act = Mapping::Action::Unsupported;
      M.Note = fmt::format("'{}' needs ROCm {} (target is {}){}", E.Hip,
                           E.SinceRocm->str(), Target.str(),
                           E.Note.empty() ? "" : "; " + E.Note);
    }
  }
  return M;
}

std::vector<FamilyStats> RuleSet::stats() const {
  std::map<std::string, FamilyStats> ByFamily;
  for (const RuleEntry &E : Entries) {
    FamilyStats &S = ByFamily[E.Family];
    S.Family = E.Family;
    ++S.ByStatus[E.EntryStatus];
    ++S.Total;
  }
  std::vector<FamilyStats> Out;
  for (auto &[Name, S] : ByFamily)
    Out.push_back(S);
  return Out;
}

} // namespace hipport::rules
