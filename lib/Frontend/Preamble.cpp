#include "Frontend/Preamble.h"

#include "Core/Memory.h"
#include "Core/Version.h"
#include "Frontend/Frontend.h"
#include "Frontend/StandardIncludes.h"
#include "Rules/RuleSet.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

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

/// PCHGenerator's work, with the PCH streamed to its file as it is written
/// (clang's keeps the whole of it in memory until the end): the build's
/// peak is its AST plus the serialized PCH, tens of MiB for a prelude of
/// thrust's headers. The bytes are the same; only where they wait differs.
class StreamingPchWriter : public clang::SemaConsumer {
public:
  StreamingPchWriter(clang::CompilerInstance &CI, std::string Out,
                     std::string Sysroot)
      : PP(CI.getPreprocessor()), Out(std::move(Out)),
        Sysroot(std::move(Sysroot)), File(this->Out, Error) {
    Stream.emplace(File, /*FlushThreshold MiB=*/1);
    Writer.emplace(*Stream, Unused, CI.getModuleCache(), CI.getCodeGenOpts(),
                   CI.getFrontendOpts().ModuleFileExtensions,
                   bool(CI.getFrontendOpts().IncludeTimestamps));
  }
  /// The stream writes its last bytes when it goes: a PCH not written, or
  /// one the disk refused, is removed, so the caller sees no file (and
  /// raw_fd_ostream does not abort on the error).
  ~StreamingPchWriter() override {
    Writer.reset();
    Stream.reset();
    if (!Error)
      File.close();
    if (File.has_error() || !Written) {
      File.clear_error();
      llvm::sys::fs::remove(Out);
    }
  }

  bool opened() const { return !Error; }
  void InitializeSema(clang::Sema &S) override { Sema = &S; }
  void HandleTranslationUnit(clang::ASTContext &) override {
    // As PCHGenerator: no PCH of a prelude with errors.
    if (PP.getModuleLoader().HadFatalFailure ||
        PP.getDiagnostics().hasErrorOccurred() || !Sema)
      return;
    Writer->WriteAST(Sema, Out, /*WritingModule=*/nullptr, Sysroot);
    Written = true;
  }
  void HandleVTable(clang::CXXRecordDecl *RD) override {
    Writer->handleVTable(RD);
  }
  clang::ASTMutationListener *GetASTMutationListener() override {
    return &*Writer;
  }
  clang::ASTDeserializationListener *GetASTDeserializationListener() override {
    return &*Writer;
  }

private:
  clang::Preprocessor &PP;
  std::string Out, Sysroot;
  std::error_code Error;
  llvm::raw_fd_stream File; ///< read back when an offset is backpatched
  llvm::SmallVector<char, 0> Unused; ///< what ASTWriter reads only for modules
  std::optional<llvm::BitstreamWriter> Stream;
  std::optional<clang::ASTWriter> Writer;
  clang::Sema *Sema = nullptr;
  bool Written = false;
};

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
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    std::string Sysroot;
    if (!ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    if (!CI.getFrontendOpts().RelocatablePCH)
      Sysroot.clear();
    auto W = std::make_unique<StreamingPchWriter>(CI, Out, Sysroot);
    if (!W->opened())
      return nullptr;
    return withSystemBodiesSkipped(CI, std::move(W));
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

/// The cache key of a prelude: hipport, clang and the flags it is built
/// with, and the headers it adds.
std::string keyOf(const std::vector<std::string> &Flags,
                  const std::vector<std::string> &Headers) {
  llvm::SHA256 Hash;
  Hash.update(core::versionLine());
  Hash.update(clangResourceDir());
  Hash.update(skipSystemBodies() ? "system bodies skipped" : "every body");
  for (const std::string &F : Flags) {
    Hash.update(F);
    Hash.update(llvm::StringRef("\0", 1));
  }
  for (const std::string &H : Headers) {
    Hash.update("#include <" + H + ">");
    Hash.update(llvm::StringRef("\0", 1));
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);
}

} // namespace

unsigned trimPreambleCache(const std::string &Dir, uint64_t MaxBytes,
                           const std::string &Keep) {
  struct Pch {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Pch> All;
  uint64_t Total = 0;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    fs::file_status St;
    if (path::extension(It->path()) != ".pch" || fs::status(It->path(), St))
      continue;
    All.push_back({It->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  std::sort(All.begin(), All.end(),
            [](const Pch &A, const Pch &B) { return A.Used < B.Used; });
  unsigned Removed = 0;
  for (const Pch &P : All) {
    if (Total <= MaxBytes)
      break;
    if (P.Path == Keep || fs::remove(P.Path))
      continue;
    Total -= P.Size;
    ++Removed;
    llvm::StringRef Key = path::stem(P.Path);
    fs::remove(Dir + "/" + Key.str() + ".json");
    fs::remove(Dir + "/hipport-prelude-" + Key.str() + ".cu");
  }
  return Removed;
}

uint64_t preambleCacheLimit() {
  if (const char *Env = std::getenv("HIPPORT_CACHE_MAX_MB"))
    if (unsigned long long Mb = std::strtoull(Env, nullptr, 10); Mb > 0)
      return uint64_t(Mb) << 20;
  return uint64_t(2048) << 20;
}

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
                        const std::string &Key,
                        const std::vector<std::string> &Includes) {
  auto [It, New] = Entries.try_emplace(Key);
  Entry &E = It->second;
  if (!New)
    return E;
  std::string Base = Dir + "/" + Key;
  E.Pch = Base + ".pch";
  std::vector<Header> Headers;
  if (auto Known = readManifest(Base + ".json"); Known && fs::exists(E.Pch)) {
    Headers = std::move(*Known);
    // Used now: the size limit removes the PCHs used longest ago first.
    if (int FD; !fs::openFileForWrite(E.Pch, FD, fs::CD_OpenExisting,
                                      fs::OF_Append)) {
      fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
      ::close(FD);
    }
  } else {
    if (fs::create_directories(Dir))
      return E;
    std::string TmpPch = E.Pch + ".tmp" + std::to_string(::getpid());
    // The PCH refers to its main file by path: it must exist, and its
    // stamp joins the headers', so touching it means a rebuild.
    std::string Prelude = Dir + "/hipport-prelude.cu", Text;
    if (!Includes.empty()) {
      Prelude = Dir + "/hipport-prelude-" + Key + ".cu";
      for (const std::string &H : Includes)
        Text += "#include <" + H + ">\n";
    }
    if (!fs::exists(Prelude) && !writeAtomically(Prelude, Text))
      return E;
    std::vector<std::string> Args = Flags;
    Args.insert(Args.begin(), "-resource-dir=" + clangResourceDir());
    clang::tooling::FixedCompilationDatabase Db(".", Args);
    clang::tooling::ClangTool Tool(Db, {Prelude});
    SilentDiagnostics Quiet;
    Tool.setDiagnosticConsumer(&Quiet);
    Tool.setPrintErrorMessage(false);
    PchFactory F(TmpPch, Headers);
    // The build's peak (its AST and the serialized PCH at once) is a run's
    // highest: it must not come on top of the heap earlier parses freed,
    // nor its own freed heap under the next parse.
    core::releaseFreedMemory();
    core::memoryTrace("pch-start", Key);
    int Rc = Tool.run(&F);
    core::memoryTrace("pch-built", Key);
    core::releaseFreedMemory();
    if (Rc != 0 || !fs::exists(TmpPch)) {
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
    trimPreambleCache(Dir, preambleCacheLimit(), E.Pch);
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
PreambleCache::pchFor(const std::vector<std::string> &Args,
                      const std::string &TU) {
  if (Dir.empty())
    return std::nullopt;
  bool Gpu = false;
  std::vector<std::string> Flags, IncludeDirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    if ((Args[I] == "cuda" || Args[I] == "hip") && I > 0 && Args[I - 1] == "-x")
      Gpu = true;
    if (Args[I] == "-include" && I + 1 < Args.size() &&
        isPreludeInclude(Args[I + 1])) {
      Flags.push_back(Args[I]);
      Flags.push_back(Args[++I]);
      continue;
    }
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
  std::vector<std::string> ToolkitDirs;
  for (llvm::StringRef A : Flags)
    if (A.consume_front("--cuda-path="))
      ToolkitDirs.push_back(A.str() + "/include");
    else if (A.consume_front("-I") && A.ends_with("/include/cccl"))
      ToolkitDirs.push_back(A.str()); // thrust, cub and libcu++
  PrecompilableHeaders Candidates =
      precompilableHeaders(TU, IncludeDirs, ToolkitDirs);
  std::string Key = keyOf(Flags, {});
  std::lock_guard<std::mutex> G(Lock);
  const Entry &Base = entryFor(Flags, Key, {});
  if (!Base.Usable)
    return std::nullopt;
  for (const std::string &D : IncludeDirs)
    if (shadows(D, Base))
      return std::nullopt;
  // The headers the TU reads first join the prelude when one of them costs
  // a parse of its own (the prelude already holds <cstdio>).
  std::vector<std::string> Extra;
  bool Worth = false;
  for (const auto *List : {&Candidates.Toolkit, &Candidates.Standard})
    for (const std::string &H : *List)
      if (!llvm::is_contained(Base.RelativeHeaders, H)) {
        Extra.push_back(H);
        Worth |= List == &Candidates.Toolkit || isHeavyStandardHeader(H);
      }
  if (!Worth)
    return Base.Pch;
  const Entry &E = entryFor(Flags, keyOf(Flags, Extra), Extra);
  if (!E.Usable || llvm::any_of(IncludeDirs, [&](const std::string &D) {
        return shadows(D, E);
      }))
    return Base.Pch;
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

namespace {

const char *const PreludeName = "hipport-hip-prelude-v3.h";
const char *const ShimName = "hipport-hipify-shim-v1.h";

const char *const PreludeText = R"(// hipport lint: what a HIP pass includes first (written by hipport)
#ifndef HIPPORT_HIP_PRELUDE
#define HIPPORT_HIP_PRELUDE
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#define HIPPORT_UNDEF_WAVEFRONT_SIZE
#endif
#if __has_include(<hip/hip_version.h>)
#include <hip/hip_version.h>
#endif
#if HIP_VERSION_MAJOR == 5
// HIP 5.2's fp16 header expects clang's HIP wrapper to declare these; clang
// 22's no longer does.
extern "C" __device__ __attribute__((const)) _Float16 __llvm_amdgcn_rcp_f16(_Float16);
typedef _Float16 __hipport_2f16 __attribute__((ext_vector_type(2)));
extern "C" __device__ inline __hipport_2f16 __llvm_amdgcn_rcp_2f16(__hipport_2f16 x) {
  return __hipport_2f16{__llvm_amdgcn_rcp_f16(x.x), __llvm_amdgcn_rcp_f16(x.y)};
}
#endif
#include <hip/hip_runtime.h>
#if !defined(HIP_VERSION_MAJOR) || HIP_VERSION_MAJOR < 7
// ROCm 7.0's warp-synchronous intrinsics (64-bit masks on wave64).
template <class M, class T> __device__ T __shfl_sync(M, T, int, int = warpSize);
template <class M, class T> __device__ T __shfl_up_sync(M, T, unsigned, int = warpSize);
template <class M, class T> __device__ T __shfl_down_sync(M, T, unsigned, int = warpSize);
template <class M, class T> __device__ T __shfl_xor_sync(M, T, int, int = warpSize);
template <class M> __device__ unsigned long long __ballot_sync(M, int);
template <class M> __device__ int __any_sync(M, int);
template <class M> __device__ int __all_sync(M, int);
template <class M, class T> __device__ unsigned long long __match_any_sync(M, T);
template <class M> __device__ void __syncwarp(M);
__device__ void __syncwarp();
template <class M, class T> __device__ T __reduce_add_sync(M, T);
template <class M, class T> __device__ T __reduce_min_sync(M, T);
template <class M, class T> __device__ T __reduce_max_sync(M, T);
template <class M, class T> __device__ T __reduce_and_sync(M, T);
template <class M, class T> __device__ T __reduce_or_sync(M, T);
template <class M, class T> __device__ T __reduce_xor_sync(M, T);
template <class M, class T> __device__ unsigned long long __match_all_sync(M, T, int *);
#endif
#if !defined(HIP_VERSION_MAJOR) || HIP_VERSION_MAJOR < 6
// ROCm 6's lane mask of the active lanes.
__device__ unsigned long long __activemask();
#endif
#ifdef HIPPORT_UNDEF_WAVEFRONT_SIZE
#undef __AMDGCN_WAVEFRONT_SIZE
#undef HIPPORT_UNDEF_WAVEFRONT_SIZE
#endif
#endif
)";

/// HIP headers of later ROCm releases than Debian's HIP 5.2, as lint's HIP
/// passes need them to parse code written for those releases: the public
/// names of each (our declarations, not AMD's text), reduced to what a
/// parse needs. Searched after every real include directory (-idirafter),
/// so an installed ROCm's own header wins.
struct CompatHeader {
  const char *Path, *Text;
};
const CompatHeader CompatHeaders[] = {
    {"hip/hip_math_constants.h", R"(// hipport: ROCm 5.5's math constants (names of hip_math_constants.h)
#pragma once
#define HIP_INF_F __builtin_huge_valf()
#define HIP_NAN_F __builtin_nanf("")
#define HIP_MIN_DENORM_F 1.40129846e-45f
#define HIP_MAX_NORMAL_F 3.40282347e+38f
#define HIP_NEG_ZERO_F (-0.0f)
#define HIP_ZERO_F 0.0f
#define HIP_ONE_F 1.0f
#define HIP_SQRT_HALF_F 0.70710678f
#define HIP_SQRT_TWO_F 1.41421356f
#define HIP_THIRD_F 0.33333333f
#define HIP_PIO4_F 0.78539816f
#define HIP_PIO2_F 1.57079633f
#define HIP_3PIO4_F 2.35619449f
#define HIP_2_OVER_PI_F 0.63661977f
#define HIP_PI_F 3.14159265f
#define HIP_L2E_F 1.44269504f
#define HIP_L2T_F 3.32192809f
#define HIP_LG2_F 0.30103000f
#define HIP_LGE_F 0.43429448f
#define HIP_LN2_F 0.69314718f
#define HIP_LNT_F 2.30258509f
#define HIP_LNPI_F 1.14472989f
#define HIP_TWO_TO_M126_F 1.17549435e-38f
#define HIP_TWO_TO_126_F 8.50705917e+37f
#define HIP_NORM_HUGE_F 3.40282347e+38f
#define HIP_TWO_TO_23_F 8388608.0f
#define HIP_TWO_TO_24_F 16777216.0f
#define HIP_TWO_TO_31_F 2147483648.0f
#define HIP_TWO_TO_32_F 4294967296.0f
#define HIP_INF __builtin_huge_val()
#define HIP_NAN __builtin_nan("")
#define HIP_NEG_ZERO (-0.0)
#define HIP_MIN_DENORM 4.9406564584124654e-324
#define HIP_ZERO 0.0
#define HIP_ONE 1.0
#define HIP_SQRT_TWO 1.4142135623730951
#define HIP_SQRT_HALF 0.7071067811865476
#define HIP_PI 3.141592653589793
#define HIP_PIO2 1.5707963267948966
#define HIP_PIO4 0.7853981633974483
#define HIP_2_OVER_PI 0.6366197723675814
#define HIP_L2E 1.4426950408889634
#define HIP_L2T 3.321928094887362
#define HIP_LG2 0.30102999566398120
#define HIP_LGE 0.4342944819032518
#define HIP_LN2 0.6931471805599453
#define HIP_LNT 2.302585092994046
#define HIP_LNPI 1.1447298858494002
#define HIP_TWO_TO_23 8388608.0
#define HIP_TWO_TO_52 4503599627370496.0
#define HIP_TWO_TO_53 9007199254740992.0
#define HIP_TWO_TO_54 18014398509481984.0
)"},
    {"hip/hip_bf16.h", R"(// hipport: ROCm 6's bfloat16 names (hip_bf16.h) over HIP 5.2's hip_bfloat16
#pragma once
#include <hip/hip_bfloat16.h>
#include <hip/hip_vector_types.h>
typedef hip_bfloat16 __hip_bfloat16;
typedef unsigned short __hip_bfloat16_raw;
struct __hip_bfloat162 {
  __hip_bfloat16 x, y;
};
__host__ __device__ inline __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
__host__ __device__ inline __hip_bfloat16 __float2bfloat16_rn(float f) { return __hip_bfloat16(f); }
__host__ __device__ inline float __bfloat162float(__hip_bfloat16 b) { return float(b); }
__host__ __device__ inline __hip_bfloat162 __float2bfloat162_rn(float f) { return {__hip_bfloat16(f), __hip_bfloat16(f)}; }
__host__ __device__ inline __hip_bfloat162 __floats2bfloat162_rn(float a, float b) { return {__hip_bfloat16(a), __hip_bfloat16(b)}; }
__host__ __device__ inline __hip_bfloat162 __float22bfloat162_rn(float2 f) { return {__hip_bfloat16(f.x), __hip_bfloat16(f.y)}; }
__host__ __device__ inline float2 __bfloat1622float2(__hip_bfloat162 v) { return float2{float(v.x), float(v.y)}; }
__host__ __device__ inline __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return {a, b}; }
__host__ __device__ inline __hip_bfloat16 __low2bfloat16(__hip_bfloat162 v) { return v.x; }
__host__ __device__ inline __hip_bfloat16 __high2bfloat16(__hip_bfloat162 v) { return v.y; }
__host__ __device__ inline float __low2float(__hip_bfloat162 v) { return float(v.x); }
__host__ __device__ inline float __high2float(__hip_bfloat162 v) { return float(v.y); }
__host__ __device__ inline __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) { return a + b; }
__host__ __device__ inline __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) { return a - b; }
__host__ __device__ inline __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) { return a * b; }
__host__ __device__ inline __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) { return a / b; }
__host__ __device__ inline __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) { return float(a) < float(b) ? b : a; }
__host__ __device__ inline __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) { return float(b) < float(a) ? b : a; }
)"},
};

/// Where lint writes its generated headers: the cache directory, else the
/// system's temporary directory.
std::string generatedDir() {
  std::string Cache = PreambleCache::defaultDir();
  if (!Cache.empty())
    return Cache;
  llvm::SmallString<256> Dir;
  path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  path::append(Dir, "hipport");
  return std::string(Dir);
}

/// Writes Text to File unless it already holds it (an unchanged file keeps
/// its stamp, so the PCH that read it stays valid).
bool writeIfChanged(const std::string &File, const std::string &Text) {
  auto Old = llvm::MemoryBuffer::getFile(File);
  if (Old && (*Old)->getBuffer() == Text)
    return true;
  return !fs::create_directories(path::parent_path(File)) &&
         writeAtomically(File, Text);
}

bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !(std::isalpha((unsigned char)S[0]) || S[0] == '_'))
    return false;
  return llvm::all_of(S, [](char C) {
    return std::isalnum((unsigned char)C) || C == '_';
  });
}

HipifyShim makeShim() {
  auto Rules = rules::RuleSet::loadBuiltin();
  if (!Rules) {
    llvm::consumeError(Rules.takeError());
    return {};
  }
  std::string Dir = generatedDir();
  HipifyShim Out{Dir + "/" + ShimName, Dir + "/hipify-shim-v1"};
  std::string Text = "// hipport lint: CUDA names as hipify renames them "
                     "(generated from the rule tables)\n#pragma once\n";
  // Runtime, device and math names only; macros are left alone, since
  // project code tests them in #if (CUDART_VERSION).
  for (const rules::RuleEntry &E : Rules->entries()) {
    llvm::StringRef F = E.Family;
    bool Kept = F == "cuda-runtime" || F == "cuda-device" ||
                F == "cuda-math" || F == "cuda-fp16";
    if (!Kept || E.EntryStatus != rules::Status::Supported)
      continue;
    if (E.EntryKind == rules::Kind::Header) {
      if (!E.Hip.empty() && E.Cuda.find('/') == std::string::npos &&
          !writeIfChanged(Out.Dir + "/" + E.Cuda,
                          "#pragma once\n#include <" + E.Hip + ">\n"))
        return {};
      continue;
    }
    bool Renamed = E.EntryKind == rules::Kind::Function ||
                   E.EntryKind == rules::Kind::Type ||
                   E.EntryKind == rules::Kind::Enumerator;
    if (Renamed && E.Cuda != E.Hip && isIdentifier(E.Cuda) && isIdentifier(E.Hip))
      Text += "#define " + E.Cuda + " " + E.Hip + "\n";
  }
  if (!writeIfChanged(Out.Header, Text))
    return {};
  return Out;
}

} // namespace

const std::string &hipCompatDir() {
  static const std::string Dir = [] {
    std::string D = generatedDir() + "/hip-compat-v2";
    for (const CompatHeader &H : CompatHeaders)
      if (!writeIfChanged(D + "/" + H.Path, H.Text))
        return std::string();
    return D;
  }();
  return Dir;
}

bool isPreludeInclude(llvm::StringRef Header) {
  llvm::StringRef Name = path::filename(Header);
  return Name == PreludeName || Name == ShimName;
}

std::string hipPreludeHeader(const std::string &HipInclude) {
  if (HipInclude.empty())
    return "";
  static std::mutex Lock;
  static std::optional<std::string> Written;
  std::lock_guard<std::mutex> G(Lock);
  if (!Written) {
    std::string File = generatedDir() + "/" + PreludeName;
    Written = writeIfChanged(File, PreludeText) ? File : "";
  }
  return *Written;
}

const HipifyShim &hipifyShim() {
  static const HipifyShim Shim = makeShim();
  return Shim;
}

PreambleCache &preambles() {
  static PreambleCache Cache(PreambleCache::defaultDir());
  return Cache;
}

} // namespace hipport::frontend
