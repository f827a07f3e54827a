#include "BuildScan/LineRules.h"

#include "Rules/Library.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace hipport::buildscan {

/// Text as a POSIX ERE matching itself.
static std::string escaped(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (llvm::StringRef(".[]()*+?{}|^$\\").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// Compiled once per pattern; llvm::Regex matching is const and thread safe.
static const llvm::Regex &compiled(const std::string &P) {
  static std::mutex Lock;
  static std::map<std::string, std::unique_ptr<llvm::Regex>> Cache;
  std::lock_guard<std::mutex> G(Lock);
  auto &R = Cache[P];
  if (!R)
    R = std::make_unique<llvm::Regex>(P);
  return *R;
}

/// Where a comment starts on the line, ignoring the comment char in quotes.
static size_t commentStart(llvm::StringRef Line, char Comment) {
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quote) {
      if (C == '\\')
        ++I;
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'')
      Quote = C;
    else if (C == Comment && (I == 0 || Line[I - 1] != '$'))
      return I;
  }
  return Line.size();
}

void scanLines(const ScannerInfo &Info, const std::string &File,
               llvm::StringRef Text, const std::vector<LineRule> &Rules,
               char Comment, std::vector<core::Finding> &Out,
               llvm::StringRef OnlyLinesMatching) {
  size_t Pos = 0;
  while (Pos <= Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    llvm::StringRef Line = Text.slice(Pos, End);
    Line = Line.take_front(commentStart(Line, Comment));
    if (!OnlyLinesMatching.empty() &&
        !compiled(OnlyLinesMatching.str()).match(Line)) {
      Pos = End + 1;
      continue;
    }
    std::vector<core::Finding> LineFindings;
    for (const LineRule &R : Rules) {
      const llvm::Regex &Re = compiled(R.Pattern);
      llvm::StringRef Rest = Line;
      llvm::SmallVector<llvm::StringRef, 4> M;
      while (!Rest.empty() && Re.match(Rest, &M)) {
        if (M[0].empty())
          break;
        // Word-boundary groups stand in for look-arounds ERE lacks; they
        // are not part of what the finding points at.
        llvm::StringRef Hit = M[0];
        size_t Skip = Hit.size();
        Hit = Hit.ltrim(" \t(\"'=,;");
        Hit = Hit.rtrim(" \t)\"',;");
        if (Hit.empty()) {
          Rest = Rest.drop_front((M[0].data() - Rest.data()) + Skip);
          continue;
        }
        size_t Col = Hit.data() - Line.data();
        // Overlapping rules (a CMake variable and its nvcc flag) report once.
        bool Covered = false;
        for (const core::Finding &F : LineFindings)
          if (F.Range.Offset <= Pos + Col &&
              Pos + Col < F.Range.Offset + F.Range.Length)
            Covered = true;
        if (!Covered) {
          core::Finding F;
          F.CheckId = Info.Id;
          F.Level = Info.Level;
          F.Range = {File, unsigned(Pos + Col), unsigned(Hit.size())};
          std::string Msg = R.Message;
          for (size_t I; (I = Msg.find("$0")) != std::string::npos;)
            Msg.replace(I, 2, Hit.str());
          F.Message = Msg;
          LineFindings.push_back(std::move(F));
        }
        Rest = Line.drop_front((M[0].data() - Line.data()) + Skip);
      }
    }
    std::sort(LineFindings.begin(), LineFindings.end(),
              [](const core::Finding &A, const core::Finding &B) {
                return A.Range.Offset < B.Range.Offset;
              });
    for (auto &F : LineFindings)
      Out.push_back(std::move(F));
    Pos = End + 1;
  }
}

const std::vector<LineRule> &nvccFlagRules() {
  static const std::vector<LineRule> R = {
      {"(^|[^A-Za-z0-9_./-])nvcc($|[^A-Za-z0-9_])",
       "nvcc is NVIDIA's compiler: use hipcc (or amdclang++ -x hip)"},
      {"(-arch|--gpu-architecture)[= ]+(sm|compute)_[0-9]+[a-z]?",
       "'$0' targets an NVIDIA architecture: use --offload-arch=gfx942 (one "
       "per AMD target, e.g. gfx90a, gfx942)"},
      {"(-gencode|--generate-code)[= ]+[^ \t\"']+",
       "'$0' generates NVIDIA code: use one --offload-arch=gfxXXX per AMD "
       "target (e.g. --offload-arch=gfx942)"},
      {"-code=(sm|compute)_[0-9]+", "'$0' is an NVIDIA target: use "
                                   "--offload-arch=gfx942"},
      {"--expt-relaxed-constexpr",
       "'$0' is an nvcc flag: hipcc allows constexpr calls in device code "
       "without it; drop it"},
      {"--expt-extended-lambda|--extended-lambda",
       "'$0' is an nvcc flag: hipcc accepts __device__ lambdas without it; "
       "drop it"},
      {"-Xptxas[= ]+[^ \t\"']+|--ptxas-options[= ]+[^ \t\"']+",
       "'$0' passes options to ptxas, which AMD has no counterpart of: drop it "
       "(for register usage use -Rpass-analysis=kernel-resource-usage)"},
      {"-Xcompiler[= ]+[^ \t\"']+",
       "'$0' forwards host flags through nvcc: pass them to hipcc directly"},
      {"-maxrregcount[= ]+[0-9]+",
       "'$0' has no hipcc equivalent: bound registers with __launch_bounds__"},
      {"(-rdc[= ]+true|--relocatable-device-code[= ]+true)",
       "'$0' is nvcc's relocatable device code: use -fgpu-rdc"},
      {"--use_fast_math|-use_fast_math", "'$0' is an nvcc flag: use -ffast-math"},
      {"-lineinfo", "'$0' is an nvcc flag: use -gline-tables-only"},
      {"-lcudart(_static)?", "'$0' links the CUDA runtime: use -lamdhip64"},
      {"-lcuda($|[^a-zA-Z_])", "'$0' links the CUDA driver: use -lamdhip64"},
  };
  static const std::vector<LineRule> All = [] {
    std::vector<LineRule> V = R;
    // Libraries' link names come from the rules' library blocks.
    for (const rules::Library &L : rules::builtinLibraries())
      for (const rules::LibraryPair &P : L.Link)
        V.push_back({"-l" + escaped(P.Cuda) + "($|[^A-Za-z0-9_])",
                     P.Hip.empty()
                         ? "'$0' is NVIDIA's library: no ROCm library of the "
                           "same shape (" + L.Rocm + ")"
                         : "'$0' is NVIDIA's library: use -l" + P.Hip});
    return V;
  }();
  return All;
}

const std::vector<LineRule> &libraryTargetRules() {
  static const std::vector<LineRule> V = [] {
    std::vector<LineRule> Out;
    for (const rules::Library &L : rules::builtinLibraries())
      for (const rules::LibraryPair &P : L.CMake)
        Out.push_back({escaped(P.Cuda) + "($|[^A-Za-z0-9_])",
                       "'$0' is NVIDIA's library: link " + P.Hip});
    return Out;
  }();
  return V;
}

} // namespace hipport::buildscan
