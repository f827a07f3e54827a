//===- BuildRewriter.cpp - build files rewritten for hipcc -----------------===//
//
// The scanners report NVIDIA build logic; this rewrites what has one safe HIP
// form and leaves the rest, reported. Both build kinds share the nvcc flag
// rewrites (Makefile lines and CMake strings hold the same flags). CMake
// builds HIP sources with hipcc as the C++ compiler and hip::device, which
// Debian's HIP packages support (LANGUAGES HIP needs ROCm's own layout).
//
//===----------------------------------------------------------------------===//
#include "BuildScan/BuildRewriter.h"

#include "Core/FileWriter.h"

#include "Rules/Library.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <fmt/format.h>

namespace hipport::buildscan {
namespace {

/// `-Xptxas -v`: the one ptxas option that is safe to drop.
constexpr const char *VerbosePtxas = "(-Xptxas|--ptxas-options)[= ]+-v";

/// One regex rewrite of nvcc flags; "$ARCH" in To is the offload flag.
struct FlagRule {
  std::string Id;
  std::string From; ///< POSIX ERE, matched on a whole word's boundary
  std::string To;
};

const std::vector<FlagRule> &flagRules() {
  static const std::vector<FlagRule> R = {
      {"build-gencode",
       "-gencode[= ]+(\"|')?arch=[A-Za-z_0-9]*(\\$\\([A-Za-z_0-9]+\\))?,[ ]*"
       "code=(\\\\?\")?\\[?[A-Za-z_0-9,]*(\\$\\([A-Za-z_0-9]+\\))?"
       "[A-Za-z_0-9,]*\\]?(\\\\?\"|')?",
       "$ARCH"},
      {"build-arch",
       "(-arch|--gpu-architecture|-code|--gpu-code)[= ]+(sm|compute)_[A-Za-z_0-9]+",
       "$ARCH"},
      {"build-xcompiler", "(-Xcompiler|--compiler-options)[= ]+", ""},
      {"build-nvcc-only-flag",
       "(--expt-relaxed-constexpr|--expt-extended-lambda|--extended-lambda|"
       "-lineinfo|--generate-line-info)",
       ""},
      {"build-nvcc-only-flag", "-ccbin[= ]+[^ ]+", ""},
      // nvcc's device debug; clang's -G takes an argument (MIPS small data)
      // and would swallow the next flag.
      {"build-nvcc-only-flag", "(-G|--device-debug)", ""},
      // nvcc -cuda writes the preprocessed .cu.cpp.ii and stops; the same
      // step, checked and writing nothing, is clang's -fsyntax-only.
      {"build-nvcc-only-flag", "(-cuda|--cuda)", "-fsyntax-only"},
      // ptxas verbosity only prints register use; it changes no code.
      {"build-ptxas-verbose", VerbosePtxas, ""},
      {"build-fast-math", "(--use_fast_math|-use_fast_math)", "-ffast-math"},
      {"build-rdc", "(-rdc=true|--relocatable-device-code=true)", "-fgpu-rdc"},
      // Link lines that use the host compiler (`$(CC) *.o -lcudart`, as
      // Rodinia's do) need the HIP runtime named; hipcc does not mind. The
      // libraries' link names come from the rules (below).
      {"build-library", "-lcudart(_static)?", "-lamdhip64"},
      {"build-library", "-lcuda", "-lamdhip64"},
  };
  static const std::vector<FlagRule> All = [] {
    std::vector<FlagRule> V = R;
    // Libraries' link names come from the rules' library blocks.
    for (const rules::Library &L : rules::builtinLibraries())
      for (const rules::LibraryPair &P : L.Link)
        if (P.Rewrite && !P.Hip.empty())
          V.push_back({"build-library", "-l" + P.Cuda, "-l" + P.Hip});
    return V;
  }();
  return All;
}

/// Flags with no safe HIP form: left and reported.
const char *const LeftFlags =
    "(-Xptxas|--ptxas-options|-maxrregcount|-Xnvlink|--nvlink-options|"
    "-dlink|--device-link|-cubin|-ptx|-fatbin)([= ][^ \"')]+)?";

bool wordEnd(llvm::StringRef S, size_t At) {
  return At >= S.size() || S[At] == ' ' || S[At] == '\t' || S[At] == '"' ||
         S[At] == ')' || S[At] == ';' || S[At] == '\'';
}
bool wordStart(llvm::StringRef S, size_t At) {
  return At == 0 || S[At - 1] == ' ' || S[At - 1] == '\t' ||
         S[At - 1] == '"' || S[At - 1] == '(' || S[At - 1] == '=' ||
         S[At - 1] == '\'' || S[At - 1] == ';';
}

/// Applies the flag rules to Code; the first arch flag becomes --offload-arch,
/// later ones disappear (one AMD target stands for every NVIDIA one).
std::string rewriteFlags(std::string Code, const BuildRewriteOptions &O,
                         std::map<std::string, unsigned> &Counts,
                         bool &ArchDone) {
  for (const FlagRule &R : flagRules()) {
    llvm::Regex Re(R.From);
    size_t From = 0;
    llvm::SmallVector<llvm::StringRef, 4> M;
    while (From < Code.size() &&
           Re.match(llvm::StringRef(Code).substr(From), &M)) {
      size_t At = M[0].data() - Code.data();
      size_t End = At + M[0].size();
      bool IsX = llvm::StringRef(R.Id) == "build-xcompiler";
      if (!wordStart(Code, At) || (!IsX && !wordEnd(Code, End))) {
        From = At + 1;
        continue;
      }
      std::string To = R.To;
      if (To == "$ARCH") {
        To = ArchDone ? "" : "--offload-arch=" + O.OffloadArch;
        ArchDone = true;
      }
      // -Xcompiler a,b passes host flags: they are hipcc's own now.
      if (IsX) {
        size_t ArgEnd = End;
        while (ArgEnd < Code.size() && !wordEnd(Code, ArgEnd))
          ++ArgEnd;
        std::string Arg = Code.substr(End, ArgEnd - End);
        std::replace(Arg.begin(), Arg.end(), ',', ' ');
        Code.replace(At, ArgEnd - At, Arg);
        ++Counts[R.Id];
        From = At + Arg.size();
        continue;
      }
      // Removing a flag takes one neighbouring blank with it.
      if (To.empty() && End < Code.size() && Code[End] == ' ')
        ++End;
      else if (To.empty() && At > 0 && Code[At - 1] == ' ')
        --At;
      Code.replace(At, End - At, To);
      ++Counts[R.Id];
      From = At + To.size();
    }
  }
  // `-lcuda -lcudart` named the runtime twice: once is enough.
  const std::string Hip = "-lamdhip64";
  size_t First = Code.find(Hip);
  for (size_t At; First != std::string::npos &&
                  (At = Code.find(Hip, First + Hip.size())) != std::string::npos;) {
    size_t End = At + Hip.size();
    if (!wordStart(Code, At) || !wordEnd(Code, End)) {
      First = At;
      continue;
    }
    if (At > 0 && Code[At - 1] == ' ')
      --At;
    Code.erase(At, End - At);
  }
  return Code;
}

/// `nvcc` as a word (also `$(CUDA_PATH)/bin/nvcc`) becomes `hipcc`, or
/// `hipcc --offload-arch=X` (DefaultArch) where the build names no target:
/// nvcc then builds for its default architecture, hipcc for the GPUs it
/// finds, which is none on a build machine.
std::string rewriteNvcc(std::string Code,
                        std::map<std::string, unsigned> &Counts,
                        const std::string &DefaultArch = "") {
  size_t At = 0;
  while ((At = Code.find("nvcc", At)) != std::string::npos) {
    size_t End = At + 4;
    if (!wordEnd(Code, End) || (At > 0 && (isalnum(Code[At - 1]) ||
                                           Code[At - 1] == '_'))) {
      At = End;
      continue;
    }
    size_t Begin = At;
    // The whole path goes, `$(CUDA_PATH)/bin/` included.
    if (Begin > 0 && Code[Begin - 1] == '/')
      while (Begin > 0 && !llvm::StringRef(" \t=\"'").contains(Code[Begin - 1]))
        --Begin;
    std::string To = "hipcc";
    if (!DefaultArch.empty() &&
        !llvm::StringRef(Code).substr(End).starts_with(" --offload-arch=")) {
      To += " --offload-arch=" + DefaultArch;
      ++Counts["build-default-arch"];
    }
    Code.replace(Begin, End - Begin, To);
    ++Counts["build-nvcc"];
    At = Begin + To.size();
  }
  return Code;
}

core::Finding leftFinding(const std::string &File, unsigned Off, unsigned Len,
                          std::string Msg) {
  core::Finding F;
  F.CheckId = "port-build-left";
  F.Level = core::Severity::Warning;
  F.Range = {File, Off, Len};
  F.Message = std::move(Msg);
  return F;
}

void reportLeftFlags(const std::string &File, llvm::StringRef Line,
                     unsigned LineOff, std::vector<core::Finding> &Out) {
  llvm::Regex Re(LeftFlags);
  llvm::Regex Verbose(std::string("^") + VerbosePtxas + "$");
  llvm::SmallVector<llvm::StringRef, 3> M;
  size_t From = 0;
  while (From < Line.size() && Re.match(Line.substr(From), &M)) {
    size_t At = M[0].data() - Line.data();
    if (wordStart(Line, At) && wordEnd(Line, At + M[0].size()) &&
        !Verbose.match(M[0]))
      Out.push_back(leftFinding(
          File, LineOff + unsigned(At), unsigned(M[0].size()),
          fmt::format("'{}' has no hipcc counterpart; left as it is",
                      M[0].str())));
    From = At + M[0].size();
  }
}

/// Splits Text into lines; Fn(LineOffset, CodeEnd, Line) where CodeEnd is
/// where a '#' comment starts (Makefiles and CMake share the syntax).
template <class F> void eachLine(llvm::StringRef Text, F Fn) {
  size_t Off = 0;
  while (Off < Text.size()) {
    size_t Nl = Text.find('\n', Off);
    if (Nl == llvm::StringRef::npos)
      Nl = Text.size();
    llvm::StringRef Line = Text.slice(Off, Nl);
    // A CRLF file's '\r' is no part of the last word (`.../bin/nvcc\r`).
    size_t CodeEnd = Line.ends_with("\r") ? Line.size() - 1 : Line.size();
    size_t Hash = Line.find('#');
    Fn(unsigned(Off), std::min(CodeEnd, Hash), Line);
    Off = Nl + 1;
  }
}

BuildRewrite rewriteMakefile(const std::string &File, llvm::StringRef Text,
                             const BuildRewriteOptions &O) {
  BuildRewrite R;
  static const llvm::Regex AnyArch(
      "(^|[ \t=\"'])(-arch|--gpu-architecture|-gencode|--generate-code|"
      "--offload-arch|-code|--gpu-code)[= ]");
  std::string DefaultArch = AnyArch.match(Text) ? "" : O.OffloadArch;
  eachLine(Text, [&](unsigned Off, size_t CodeEnd, llvm::StringRef Line) {
    std::string Code = Line.take_front(CodeEnd).str();
    bool ArchDone = false;
    std::string New = rewriteFlags(rewriteNvcc(Code, R.Counts, DefaultArch), O,
                                   R.Counts, ArchDone);
    reportLeftFlags(File, Line.take_front(CodeEnd), Off, R.Left);
    if (New != Code)
      R.Edits.push_back({Off, unsigned(CodeEnd), New});
  });
  return R;
}

/// A CMake command call: name, and the offsets of its parenthesised args.
struct Command {
  std::string Name; ///< lower case
  unsigned Begin, ArgsBegin, ArgsEnd, End; ///< End: after ')'
};

std::vector<Command> cmakeCommands(llvm::StringRef Text) {
  std::vector<Command> Out;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '#') {
      I = Text.find('\n', I);
      continue;
    }
    if (!(isalpha(C) || C == '_') || (I > 0 && (isalnum(Text[I - 1]) ||
                                                Text[I - 1] == '_'))) {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < Text.size() && (isalnum(Text[E]) || Text[E] == '_'))
      ++E;
    size_t P = E;
    while (P < Text.size() && (Text[P] == ' ' || Text[P] == '\t'))
      ++P;
    if (P >= Text.size() || Text[P] != '(') {
      I = E;
      continue;
    }
    int Depth = 0;
    size_t Q = P;
    for (; Q < Text.size(); ++Q) {
      if (Text[Q] == '(')
        ++Depth;
      else if (Text[Q] == ')' && --Depth == 0)
        break;
    }
    if (Q >= Text.size())
      break;
    Out.push_back({Text.slice(I, E).lower(), unsigned(I), unsigned(P + 1),
                   unsigned(Q), unsigned(Q + 1)});
    I = Q + 1;
  }
  return Out;
}

std::vector<std::string> splitArgs(llvm::StringRef Args) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Args.split(Parts, ' ', -1, false);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    for (llvm::StringRef Q : llvm::split(P, '\n'))
      if (!Q.trim().empty())
        Out.push_back(Q.trim().str());
  return Out;
}

BuildRewrite rewriteCMake(const std::string &File, llvm::StringRef Text,
                          const BuildRewriteOptions &O) {
  BuildRewrite R;
  auto Replace = [&](unsigned B, unsigned E, std::string T, const char *Id) {
    R.Edits.push_back({B, E - B, std::move(T)});
    ++R.Counts[Id];
  };
  const std::string FindHip = "find_package(hip REQUIRED)";
  bool HipFound = Text.contains("find_package(hip");
  for (const Command &C : cmakeCommands(Text)) {
    llvm::StringRef Args = Text.slice(C.ArgsBegin, C.ArgsEnd);
    std::vector<std::string> A = splitArgs(Args);
    if (C.Name == "project") {
      std::vector<std::string> Keep;
      bool HadCuda = false;
      for (const std::string &X : A) {
        if (X == "CUDA")
          HadCuda = true;
        else
          Keep.push_back(X);
      }
      if (!HadCuda)
        continue;
      bool HasLang = std::find(Keep.begin(), Keep.end(), "CXX") != Keep.end();
      if (!HasLang) {
        auto L = std::find(Keep.begin(), Keep.end(), "LANGUAGES");
        Keep.insert(L == Keep.end() ? Keep.end() : L + 1, "CXX");
      }
      Replace(C.Begin, C.End,
              "if(NOT DEFINED CMAKE_CXX_COMPILER) # hipport: hipcc builds the "
              "HIP sources\n  set(CMAKE_CXX_COMPILER hipcc)\nendif()\n"
              "project(" + llvm::join(Keep, " ") + ")",
              "build-cmake-language");
    } else if (C.Name == "enable_language" && Args.trim() == "CUDA") {
      Replace(C.Begin, C.End, HipFound ? "" : FindHip, "build-cmake-language");
      HipFound = true;
    } else if (C.Name == "find_package" && !A.empty() &&
               (A[0] == "CUDA" || A[0] == "CUDAToolkit")) {
      Replace(C.Begin, C.End, HipFound ? "" : FindHip, "build-cmake-find-package");
      HipFound = true;
    } else if (C.Name == "set" && !A.empty() &&
               A[0] == "CMAKE_CUDA_ARCHITECTURES") {
      Replace(C.Begin, C.End,
              "add_compile_options(--offload-arch=" + O.OffloadArch + ")",
              "build-cmake-architectures");
    } else if (C.Name == "cuda_add_executable" || C.Name == "cuda_add_library") {
      Replace(C.Begin, C.ArgsBegin - 1,
              C.Name == "cuda_add_executable" ? "add_executable" : "add_library",
              "build-cmake-sources");
    }
    // .cu sources: hipcc compiles them as C++ targets linking hip::device
    // (which adds -x hip and the offload architecture).
    bool Adds = C.Name == "add_executable" || C.Name == "add_library" ||
                C.Name == "cuda_add_executable" || C.Name == "cuda_add_library" ||
                C.Name == "target_sources";
    if (Adds && A.size() > 1) {
      std::vector<std::string> Cu;
      for (size_t I = 1; I < A.size(); ++I)
        if (llvm::StringRef(A[I]).ends_with(".cu"))
          Cu.push_back(A[I]);
      if (!Cu.empty()) {
        std::string Tail =
            "\nset_source_files_properties(" + llvm::join(Cu, " ") +
            " PROPERTIES LANGUAGE CXX)" +
            (C.Name == "target_sources"
                 ? std::string()
                 : "\nset_property(TARGET " + A[0] +
                       " APPEND PROPERTY LINK_LIBRARIES hip::device)");
        if (Text.substr(C.End).starts_with(Tail))
          continue; // ported before
        R.Edits.push_back({C.End, 0, Tail});
        ++R.Counts["build-cmake-sources"];
        if (!HipFound) {
          // hip::device needs the package; before the first use is enough.
          R.Edits.push_back({C.Begin, 0, FindHip + "\n"});
          HipFound = true;
        }
      }
    }
  }
  // Names inside any command: CUDA targets and variables.
  static const std::vector<std::pair<std::string, std::string>> Names = [] {
    std::vector<std::pair<std::string, std::string>> V = {
        {"CUDA::cudart_static", "hip::device"},
        {"CUDA::cudart", "hip::device"},
        {"CUDA::cuda_driver", "hip::host"},
        {"${CUDA_LIBRARIES}", "hip::device"},
        {"CMAKE_CUDA_STANDARD_REQUIRED", "CMAKE_CXX_STANDARD_REQUIRED"},
        {"CMAKE_CUDA_STANDARD", "CMAKE_CXX_STANDARD"},
    };
    // Library targets come from the rules' library blocks.
    for (const rules::Library &L : rules::builtinLibraries())
      for (const rules::LibraryPair &P : L.CMake)
        if (P.Rewrite && !P.Hip.empty())
          V.push_back({P.Cuda, P.Hip});
    return V;
  }();
  eachLine(Text, [&](unsigned Off, size_t CodeEnd, llvm::StringRef Line) {
    llvm::StringRef Code = Line.take_front(CodeEnd);
    if (Code.contains("CMAKE_CUDA_FLAGS")) {
      // nvcc flags become hipcc's, in the C++ flags hipcc reads.
      std::string New = Code.str();
      for (size_t At; (At = New.find("CMAKE_CUDA_FLAGS")) != std::string::npos;)
        New.replace(At, 16, "CMAKE_CXX_FLAGS");
      bool ArchDone = false;
      New = rewriteFlags(New, O, R.Counts, ArchDone);
      reportLeftFlags(File, Code, Off, R.Left);
      Replace(Off, Off + unsigned(CodeEnd), New, "build-cmake-flags");
      return;
    }
    for (const auto &[From, To] : Names)
      for (size_t At = Code.find(From); At != llvm::StringRef::npos;
           At = Code.find(From, At + 1)) {
        size_t E = At + From.size();
        if (E < Code.size() && (isalnum(Code[E]) || Code[E] == '_'))
          continue;
        Replace(Off + unsigned(At), Off + unsigned(E), To,
                "build-cmake-names");
      }
    for (llvm::StringRef Left :
         {"CUDA_ARCHITECTURES", "CUDA_SEPARABLE_COMPILATION",
          "CUDA_RESOLVE_DEVICE_SYMBOLS", "CUDA_STANDARD"}) {
      size_t At = Code.find(Left);
      if (At == llvm::StringRef::npos ||
          (At > 0 && (isalnum(Code[At - 1]) || Code[At - 1] == '_')))
        continue;
      R.Left.push_back(leftFinding(
          File, Off + unsigned(At), unsigned(Left.size()),
          fmt::format("target property '{}' has no effect with hipcc as the "
                      "C++ compiler; left as it is{}",
                      Left.str(),
                      Left == "CUDA_ARCHITECTURES"
                          ? " (the target is --offload-arch=" + O.OffloadArch + ")"
                          : std::string())));
      break;
    }
  });
  std::sort(R.Edits.begin(), R.Edits.end(),
            [](const BuildEdit &A, const BuildEdit &B) {
              return A.Offset < B.Offset;
            });
  return R;
}

} // namespace

bool isRewritableBuildFile(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (core::isBackupName(Name))
    return false; // Makefile.orig: port's own backup, not a variant
  return Name == "CMakeLists.txt" || Name.ends_with(".cmake") ||
         Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
         Name.ends_with(".mk") || Name == "make.config" ||
         // Makefile_nvidia, makefile.linux: variants kept side by side.
         Name.starts_with("Makefile_") || Name.starts_with("Makefile.") ||
         Name.starts_with("makefile_") || Name.starts_with("makefile.");
}

BuildRewrite rewriteBuildFile(const std::string &Path, llvm::StringRef Text,
                              const BuildRewriteOptions &Opts) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return rewriteCMake(Path, Text, Opts);
  if (isRewritableBuildFile(Path))
    return rewriteMakefile(Path, Text, Opts);
  return {};
}

} // namespace hipport::buildscan
