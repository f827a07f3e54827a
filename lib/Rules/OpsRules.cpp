#include "Rules/OpsRules.h"

#include "Core/Json.h"
#include "Core/FileWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>

namespace hipport::rules {

using json = nlohmann::json;

std::string OpsTable::builtinFile() {
  return RuleSet::builtinDir() + "/ops/operations.json";
}

namespace {

/// Collects "pointer: message" lines while reading one table.
struct Reader {
  std::vector<std::string> Errors;
  void error(const std::string &Ptr, const std::string &Msg) {
    Errors.push_back(Ptr + ": " + Msg);
  }
  bool string(const json &O, const char *Key, const std::string &Ptr,
              std::string &Out, bool Required) {
    if (!O.contains(Key)) {
      if (Required)
        error(Ptr + "/" + Key, "expected a string");
      return !Required;
    }
    if (!O[Key].is_string()) {
      error(Ptr + "/" + Key, "expected a string");
      return false;
    }
    Out = O[Key].get<std::string>();
    return true;
  }
  bool flag(const json &O, const char *Key, const std::string &Ptr, bool &Out) {
    if (!O.contains(Key))
      return true;
    if (!O[Key].is_boolean()) {
      error(Ptr + "/" + Key, "expected true or false");
      return false;
    }
    Out = O[Key].get<bool>();
    return true;
  }
  std::optional<RocmVersion> version(const json &O, const char *Key,
                                     const std::string &Ptr) {
    std::string S;
    if (!O.contains(Key) || !string(O, Key, Ptr, S, true))
      return std::nullopt;
    auto V = RocmVersion::parse(S);
    if (!V)
      error(Ptr + "/" + Key, "expected a ROCm release X.Y");
    return V;
  }
  void keys(const json &O, const std::string &Ptr,
            std::initializer_list<const char *> Known) {
    for (auto It = O.begin(); It != O.end(); ++It)
      if (std::find_if(Known.begin(), Known.end(), [&](const char *K) {
            return It.key() == K;
          }) == Known.end())
        error(Ptr + "/" + It.key(), "unknown key");
  }
  void rewrite(const json &W, const std::string &Ptr, OpsRewrite &R) {
    if (!W.is_object()) {
      error(Ptr, "expected {match, to}");
      return;
    }
    keys(W, Ptr, {"match", "to", "ubuntuGroup", "sinceRocm", "note"});
    string(W, "match", Ptr, R.Match, true);
    string(W, "to", Ptr, R.To, true);
    string(W, "note", Ptr, R.Note, false);
    R.SinceRocm = version(W, "sinceRocm", Ptr);
    std::string Err;
    llvm::Regex Re(R.Match);
    if (!R.Match.empty() && !Re.isValid(Err))
      error(Ptr + "/match", "invalid regular expression: " + Err);
    if (W.contains("ubuntuGroup")) {
      if (!W["ubuntuGroup"].is_number_unsigned() ||
          W["ubuntuGroup"].get<unsigned>() > Re.getNumMatches())
        error(Ptr + "/ubuntuGroup", "expected a group number of match");
      else
        R.UbuntuGroup = W["ubuntuGroup"].get<unsigned>();
    }
  }
  void pattern(const json &E, const std::string &Ptr, OpsPattern &P) {
    if (!E.is_object()) {
      error(Ptr, "expected {kind, find, rocm}");
      return;
    }
    keys(E, Ptr, {"kind", "find", "skipIf", "rocm", "sourceToo", "word",
                  "portsItself", "rewrites", "counterparts"});
    string(E, "skipIf", Ptr, P.SkipIf, false);
    string(E, "kind", Ptr, P.Kind, true);
    if (string(E, "find", Ptr, P.Find, true) && P.Find != llvm::StringRef(P.Find).lower())
      error(Ptr + "/find", "expected lower case (lines are matched lower-cased)");
    string(E, "rocm", Ptr, P.Rocm, true);
    flag(E, "sourceToo", Ptr, P.SourceToo);
    flag(E, "word", Ptr, P.WordStart);
    flag(E, "portsItself", Ptr, P.PortsItself);
    if (!llvm::StringRef(P.Kind).starts_with("ops-"))
      error(Ptr + "/kind", "expected an id starting with ops-");
    if (E.contains("rewrites")) {
      if (!E["rewrites"].is_array())
        error(Ptr + "/rewrites", "expected an array");
      else
        for (size_t I = 0; I < E["rewrites"].size(); ++I)
          rewrite(E["rewrites"][I], fmt::format("{}/rewrites/{}", Ptr, I),
                  P.Rewrites.emplace_back());
    }
    if (E.contains("counterparts")) {
      if (!E["counterparts"].is_object())
        error(Ptr + "/counterparts", "expected {NVIDIA name: AMD name}");
      else
        for (auto It = E["counterparts"].begin(); It != E["counterparts"].end();
             ++It)
          if (It->is_string())
            P.Counterparts[It.key()] = It->get<std::string>();
          else
            error(Ptr + "/counterparts/" + It.key(), "expected a string");
    }
  }
};

bool isIdent(char C) { return llvm::isAlnum(C) || C == '_'; }

/// To with \N replaced by group N of M and {rocm} by the target.
std::string expand(llvm::StringRef To,
                   const llvm::SmallVectorImpl<llvm::StringRef> &M,
                   const std::string &Rocm) {
  std::string Out;
  for (size_t I = 0; I < To.size(); ++I) {
    if (To[I] == '\\' && I + 1 < To.size() && llvm::isDigit(To[I + 1])) {
      unsigned G = unsigned(To[++I] - '0');
      if (G < M.size())
        Out += M[G].str();
      continue;
    }
    if (To.substr(I).starts_with("{rocm}")) {
      Out += Rocm;
      I += 5;
      continue;
    }
    Out += To[I];
  }
  return Out;
}

/// Compiled once per pattern; llvm::Regex matching is const and thread safe.
const llvm::Regex &compiled(const std::string &P) {
  static std::mutex Lock;
  static std::map<std::string, std::unique_ptr<llvm::Regex>> Cache;
  std::lock_guard<std::mutex> G(Lock);
  auto &R = Cache[P];
  if (!R)
    R = std::make_unique<llvm::Regex>(P);
  return *R;
}

/// Adds to H the edits of P's rewrites that apply on Line at Target.
void rewriteLine(const OpsPattern &P, llvm::StringRef Line, unsigned LineOff,
                 const OpsTable &T, RocmVersion Target, OpsHit &H) {
  for (const OpsRewrite &W : P.Rewrites) {
    if (W.SinceRocm && Target < *W.SinceRocm)
      continue;
    const llvm::Regex &Re = compiled(W.Match);
    llvm::StringRef Rest = Line;
    llvm::SmallVector<llvm::StringRef, 8> M;
    while (!Rest.empty() && Re.match(Rest, &M) && !M[0].empty()) {
      size_t At = M[0].data() - Line.data();
      Rest = Line.drop_front(At + M[0].size());
      if (W.UbuntuGroup && !T.ubuntuHasImages(M[W.UbuntuGroup], Target))
        continue;
      bool Overlaps = false;
      for (const OpsEdit &E : H.Edits)
        Overlaps |= E.Offset < LineOff + At + M[0].size() &&
                    LineOff + At < E.Offset + E.Length;
      if (Overlaps)
        continue;
      H.Edits.push_back({unsigned(LineOff + At), unsigned(M[0].size()),
                         expand(W.To, M, Target.str())});
      if (!W.Note.empty())
        H.Note = W.Note;
    }
  }
}

} // namespace

llvm::Expected<OpsTable> OpsTable::load(const std::string &File) {
  auto Text = core::readFile(File);
  if (!Text)
    return Text.takeError();
  json J;
  if (llvm::Error E = core::parseJson(File, *Text, J))
    return std::move(E);
  Reader R;
  OpsTable T;
  if (!J.is_object()) {
    R.error("", "expected an object");
  } else {
    R.keys(J, "", {"version", "description", "files", "ubuntu", "items"});
    if (!J.contains("version") || J["version"] != 1)
      R.error("/version", "expected 1");
    if (!J.contains("files") || !J["files"].is_array())
      R.error("/files", "expected an array of file-name globs");
    else
      for (const json &G : J["files"])
        if (G.is_string())
          T.FileGlobs.push_back(G.get<std::string>());
        else
          R.error("/files", "expected an array of file-name globs");
    if (J.contains("ubuntu") && J["ubuntu"].is_array())
      for (size_t I = 0; I < J["ubuntu"].size(); ++I) {
        const json &U = J["ubuntu"][I];
        std::string Ptr = fmt::format("/ubuntu/{}", I);
        UbuntuImages Img;
        if (!U.is_object()) {
          R.error(Ptr, "expected {ubuntu, from, to}");
          continue;
        }
        R.keys(U, Ptr, {"ubuntu", "from", "to"});
        R.string(U, "ubuntu", Ptr, Img.Ubuntu, true);
        if (auto F = R.version(U, "from", Ptr))
          Img.From = *F;
        else if (!U.contains("from"))
          R.error(Ptr + "/from", "expected a ROCm release X.Y");
        Img.To = R.version(U, "to", Ptr);
        T.Ubuntu.push_back(std::move(Img));
      }
    if (!J.contains("items") || !J["items"].is_array())
      R.error("/items", "expected an array");
    else
      for (size_t I = 0; I < J["items"].size(); ++I)
        R.pattern(J["items"][I], fmt::format("/items/{}", I),
                  T.Patterns.emplace_back());
  }
  if (!R.Errors.empty()) {
    std::string Msg;
    for (const std::string &L : R.Errors)
      Msg += File + ":" + L + "\n";
    Msg.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  }
  return T;
}

const OpsTable &OpsTable::builtin() {
  static const OpsTable Table = [] {
    auto T = load(builtinFile());
    if (T)
      return std::move(*T);
    llvm::WithColor::error(llvm::errs(), "hipport")
        << llvm::toString(T.takeError()) << "\n";
    return OpsTable();
  }();
  return Table;
}

bool OpsTable::rewritesFile(llvm::StringRef Path) const {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  for (const std::string &G : FileGlobs) {
    auto P = llvm::GlobPattern::create(G);
    if (!P) {
      llvm::consumeError(P.takeError());
      continue;
    }
    if (P->match(Name))
      return true;
  }
  return false;
}

bool OpsTable::ubuntuHasImages(llvm::StringRef Ubuntu,
                               RocmVersion Target) const {
  for (const UbuntuImages &U : this->Ubuntu)
    if (U.Ubuntu == Ubuntu && U.From <= Target && (!U.To || Target <= *U.To))
      return true;
  return false;
}

std::vector<OpsHit> scanOpsText(llvm::StringRef Text, bool IsSource,
                                const OpsTable &Table, RocmVersion Target) {
  std::vector<OpsHit> Out;
  size_t Pos = 0;
  for (unsigned LineNo = 1; Pos <= Text.size(); ++LineNo) {
    size_t End = std::min(Text.find('\n', Pos), Text.size());
    llvm::StringRef Raw = Text.slice(Pos, End);
    size_t LineOff = Pos;
    Pos = End + 1;
    llvm::StringRef L = Raw.trim();
    if (L.empty() || L.size() > 4000)
      continue;
    // Control bytes: binary data after a text header (a .ppm image).
    if (llvm::any_of(L, [](char C) {
          return (unsigned char)C < 0x20 && C != '\t' && C != '\r';
        }))
      continue;
    std::string Lower = L.lower();
    std::map<std::string, size_t> ByKind; // kind -> index in Out
    for (const OpsPattern &P : Table.Patterns) {
      if (IsSource && !P.SourceToo)
        continue;
      size_t At = Lower.find(P.Find);
      // Word starts only: "nsys " inside "ansys " is not the profiler.
      while (At != std::string::npos && P.WordStart && At > 0 &&
             isIdent(Lower[At - 1]))
        At = Lower.find(P.Find, At + 1);
      if (At == std::string::npos ||
          (!P.SkipIf.empty() && Lower.find(P.SkipIf) != std::string::npos))
        continue;
      auto [It, New] = ByKind.emplace(P.Kind, Out.size());
      if (New) {
        OpsHit H;
        H.Pattern = &P;
        H.Line = LineNo;
        H.Offset = unsigned(L.data() - Text.data());
        H.Text = L.str();
        H.Counterpart = P.Rocm;
        Out.push_back(std::move(H));
      }
      OpsHit &H = Out[It->second];
      for (const auto &[Nv, Amd] : P.Counterparts) {
        size_t N = L.find(Nv);
        if (N != llvm::StringRef::npos &&
            (N + Nv.size() >= L.size() || !isIdent(L[N + Nv.size()])))
          H.Counterpart += fmt::format("; {} -> {}", Nv, Amd);
      }
      rewriteLine(P, Raw, unsigned(LineOff), Table, Target, H);
    }
  }
  return Out;
}

} // namespace hipport::rules
