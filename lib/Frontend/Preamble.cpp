#include "Frontend/Preamble.h"

#include "Core/Version.h"
#include "Frontend/Frontend.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::frontend {

namespace {

/// A header the prelude read, with what proves it unchanged.
struct Header {
  std::string Path, Relative;
  uint64_t Size = 0, Hash = 0;
  int64_t Mtime = 0;
};

bool stamp(Header &H) {
  fs::file_status St;
  if (fs::status(H.Path, St))
    return false;
  auto Buf = llvm::MemoryBuffer::getFile(H.Path);
  if (!Buf)
    return false;
  H.Size = St.getSize();
  H.Mtime = llvm::sys::toTimeT(St.getLastModificationTime());
  H.Hash = llvm::xxh3_64bits((*Buf)->getBuffer());
  return true;
}

/// -I<dir> that the project (not the toolkit) contributes; the PCH is built
/// without them, and each is checked for shadowing per TU instead.
bool projectIncludeDir(llvm::StringRef Arg, std::string &Dir) {
  if (!Arg.consume_front("-I") || Arg.empty() || Arg.ends_with("/include/cccl"))
    return false;
  Dir = Arg.str();
  return true;
}

/// GeneratePCHAction that writes where we say and lists what it read.
class PrefixPchAction : public clang::GeneratePCHAction {
public:
  PrefixPchAction(std::string Out, std::vector<Header> &Headers)
      : Out(std::move(Out)), Headers(Headers) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Out;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  void EndSourceFileAction() override {
    clang::CompilerInstance &CI = getCompilerInstance();
    std::vector<std::string> SearchDirs;
    for (const clang::DirectoryLookup &DL :
         CI.getPreprocessor().getHeaderSearchInfo().search_dir_range())
      if (DL.isNormalDir())
        SearchDirs.push_back(DL.getDirRef()->getName().str());
    const clang::SourceManager &SM = CI.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      Header H;
      H.Path = It->first.getName().str();
      size_t Best = 0;
      for (const std::string &D : SearchDirs)
        if (D.size() > Best && llvm::StringRef(H.Path).starts_with(D + "/")) {
          Best = D.size();
          H.Relative = H.Path.substr(D.size() + 1);
        }
      Headers.push_back(std::move(H));
    }
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::string Out;
  std::vector<Header> &Headers;
};

class PchFactory : public clang::tooling::FrontendActionFactory {
public:
  PchFactory(std::string Out, std::vector<Header> &Headers)
      : Out(std::move(Out)), Headers(Headers) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<PrefixPchAction>(Out, Headers);
  }

private:
  std::string Out;
  std::vector<Header> &Headers;
};

class SilentDiagnostics : public clang::DiagnosticConsumer {};

std::optional<std::vector<Header>> readManifest(const std::string &File) {
  std::ifstream In(File);
  if (!In)
    return std::nullopt;
  nlohmann::json J = nlohmann::json::parse(In, nullptr, false);
  if (!J.is_object() || !J.contains("headers") || !J["headers"].is_array())
    return std::nullopt;
  std::vector<Header> Out;
  for (const nlohmann::json &E : J["headers"]) {
    if (!E.is_object() || !E.value("path", nlohmann::json()).is_string())
      return std::nullopt;
    Header Recorded{E.value("path", ""), E.value("relative", ""),
                    E.value("size", uint64_t(0)), E.value("hash", uint64_t(0)),
                    E.value("mtime", int64_t(0))};
    Header Now = Recorded;
    if (!stamp(Now) || Now.Size != Recorded.Size ||
        Now.Hash != Recorded.Hash || Now.Mtime != Recorded.Mtime)
      return std::nullopt; // an edited or missing header: rebuild
    Out.push_back(std::move(Recorded));
  }
  return Out;
}

bool writeAtomically(const std::string &File, const std::string &Text) {
  std::string Tmp = File + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream Out(Tmp, std::ios::binary);
    Out << Text;
    if (!Out.flush())
      return false;
  }
  return !fs::rename(Tmp, File);
}

} // namespace

std::string PreambleCache::defaultDir() {
  if (const char *Env = std::getenv("HIPPORT_CACHE_DIR")) {
    llvm::StringRef V(Env);
    return V == "off" || V == "none" ? "" : V.str();
  }
  llvm::SmallString<256> Dir;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Dir = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    path::append(Dir, Home, ".cache");
  else
    return "";
  path::append(Dir, "hipport");
  return std::string(Dir);
}

const PreambleCache::Entry &
PreambleCache::entryFor(const std::vector<std::string> &Flags,
                        const std::string &Key) {
  auto [It, New] = Entries.try_emplace(Key);
  Entry &E = It->second;
  if (!New)
    return E;
  std::string Base = Dir + "/" + Key;
  E.Pch = Base + ".pch";
  std::vector<Header> Headers;
  if (auto Known = readManifest(Base + ".json"); Known && fs::exists(E.Pch)) {
    Headers = std::move(*Known);
  } else {
    if (fs::create_directories(Dir))
      return E;
    std::string TmpPch = E.Pch + ".tmp" + std::to_string(::getpid());
    // The PCH refers to its (empty) main file by path: it must exist, and
    // its stamp joins the headers', so touching it means a rebuild.
    std::string Prelude = Dir + "/hipport-prelude.cu";
    if (!fs::exists(Prelude) && !writeAtomically(Prelude, ""))
      return E;
    std::vector<std::string> Args = Flags;
    Args.insert(Args.begin(), "-resource-dir=" + clangResourceDir());
    clang::tooling::FixedCompilationDatabase Db(".", Args);
    clang::tooling::ClangTool Tool(Db, {Prelude});
    SilentDiagnostics Quiet;
    Tool.setDiagnosticConsumer(&Quiet);
    Tool.setPrintErrorMessage(false);
    PchFactory F(TmpPch, Headers);
    if (Tool.run(&F) != 0 || !fs::exists(TmpPch)) {
      fs::remove(TmpPch);
      return E; // the prelude itself does not parse: TUs go without
    }
    nlohmann::json J = {{"hipport", core::versionLine()}, {"flags", Flags},
                        {"headers", nlohmann::json::array()}};
    for (Header &H : Headers) {
      if (!stamp(H)) {
        fs::remove(TmpPch);
        return E;
      }
      J["headers"].push_back({{"path", H.Path}, {"relative", H.Relative},
                              {"size", H.Size}, {"hash", H.Hash},
                              {"mtime", H.Mtime}});
    }
    if (fs::rename(TmpPch, E.Pch) || !writeAtomically(Base + ".json", J.dump(1))) {
      fs::remove(TmpPch);
      return E;
    }
  }
  for (const Header &H : Headers)
    if (!H.Relative.empty())
      E.RelativeHeaders.push_back(H.Relative);
  E.Usable = true;
  return E;
}

bool PreambleCache::shadows(const std::string &IncludeDir, const Entry &E) {
  auto [It, New] = ShadowChecked.try_emplace(IncludeDir + "\n" + E.Pch, false);
  if (New)
    for (const std::string &Rel : E.RelativeHeaders)
      if (fs::exists(IncludeDir + "/" + Rel)) {
        It->second = true;
        break;
      }
  return It->second;
}

std::optional<std::string>
PreambleCache::pchFor(const std::vector<std::string> &Args) {
  if (Dir.empty())
    return std::nullopt;
  bool Gpu = false;
  std::vector<std::string> Flags, IncludeDirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    if ((Args[I] == "cuda" || Args[I] == "hip") && I > 0 && Args[I - 1] == "-x")
      Gpu = true;
    if (Args[I] == "-include" || Args[I] == "-include-pch")
      return std::nullopt; // the prelude would no longer come first
    std::string D;
    if (Args[I] == "-I" && I + 1 < Args.size())
      IncludeDirs.push_back(Args[++I]);
    else if (projectIncludeDir(Args[I], D))
      IncludeDirs.push_back(D);
    else
      Flags.push_back(Args[I]);
  }
  if (!Gpu)
    return std::nullopt; // a C or C++ TU has no implicit prelude to save
  llvm::SHA256 Hash;
  Hash.update(core::versionLine());
  Hash.update(clangResourceDir());
  for (const std::string &F : Flags) {
    Hash.update(F);
    Hash.update(llvm::StringRef("\0", 1));
  }
  std::string Key = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);
  std::lock_guard<std::mutex> G(Lock);
  const Entry &E = entryFor(Flags, Key);
  if (!E.Usable)
    return std::nullopt;
  for (const std::string &D : IncludeDirs)
    if (shadows(D, E))
      return std::nullopt;
  return E.Pch;
}

void PreambleCache::reject(const std::string &Pch) {
  std::lock_guard<std::mutex> G(Lock);
  for (auto &[Key, E] : Entries)
    if (E.Pch == Pch && E.Usable) {
      E.Usable = false;
      fs::remove(Pch);
      fs::remove(Dir + "/" + Key + ".json");
    }
}

PreambleCache &preambles() {
  static PreambleCache Cache(PreambleCache::defaultDir());
  return Cache;
}

} // namespace hipport::frontend
