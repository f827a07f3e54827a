#include "Report/TextScan.h"

#include "Core/SourceText.h"
#include "Rules/Library.h"
#include "Rules/OpsRules.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace hipport::report {

std::string stripComments(llvm::StringRef Text) {
  std::string Out(Text);
  size_t N = Out.size();
  for (size_t I = 0; I < N; ++I) {
    char C = Out[I];
    if (C == '"' || C == '\'') {
      // Skip literals so "//" inside a string does not start a comment.
      for (++I; I < N && Out[I] != C && Out[I] != '\n'; ++I)
        if (Out[I] == '\\')
          ++I;
      continue;
    }
    if (C != '/' || I + 1 >= N)
      continue;
    if (Out[I + 1] == '/') {
      for (; I < N && Out[I] != '\n'; ++I)
        Out[I] = ' ';
    } else if (Out[I + 1] == '*') {
      size_t J = I;
      for (; J < N && !(Out[J] == '*' && J + 1 < N && Out[J + 1] == '/'); ++J)
        if (Out[J] != '\n')
          Out[J] = ' ';
      for (size_t K = J; K < std::min(N, J + 2); ++K)
        Out[K] = ' ';
      I = J + 1;
    }
  }
  return Out;
}

unsigned countLines(llvm::StringRef Text) {
  if (Text.empty())
    return 0;
  return unsigned(Text.count('\n') + (Text.back() == '\n' ? 0 : 1));
}

static unsigned lineAt(llvm::StringRef Text, size_t Off) {
  return unsigned(Text.take_front(Off).count('\n') + 1);
}

static bool isIdent(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Calls F(Name, Offset) for every identifier of Text.
template <typename Fn> static void identifiers(llvm::StringRef Text, Fn F) {
  size_t N = Text.size();
  for (size_t I = 0; I < N;) {
    char C = Text[I];
    if (C == '"') {
      for (++I; I < N && Text[I] != '"' && Text[I] != '\n'; ++I)
        if (Text[I] == '\\')
          ++I;
      ++I;
      continue;
    }
    if (!isIdent(C) || (I > 0 && isIdent(Text[I - 1]))) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < N && isIdent(Text[J]))
      ++J;
    if (!llvm::isDigit(C))
      F(Text.slice(I, J), I);
    I = J;
  }
}

std::vector<std::string> includes(llvm::StringRef Stripped) {
  std::vector<std::string> Out;
  for (core::IncludeDirective &D : core::includeDirectives(Stripped))
    Out.push_back(std::move(D.Path));
  return Out;
}

/// True when Include starts with one of the CUDA (Hip false) or HIP (Hip
/// true) include prefixes of the rules' library blocks, language included.
static bool includedFrom(llvm::StringRef Include, bool Hip) {
  for (const rules::Library &L : rules::builtinLibraries())
    for (const std::string &P : Hip ? L.HipIncludes : L.CudaIncludes)
      if (Include.starts_with(P))
        return true;
  return false;
}

Dialect dialectOf(llvm::StringRef Path, llvm::StringRef Stripped) {
  bool Hip = llvm::sys::path::extension(Path) == ".hip";
  bool Cuda = false;
  for (const std::string &I : includes(Stripped)) {
    Hip |= includedFrom(I, /*Hip=*/true);
    Cuda |= includedFrom(I, /*Hip=*/false);
  }
  if (Hip)
    return Dialect::Hip;
  if (Cuda)
    return Dialect::Cuda;
  // A .cu file, or kernels without includes, rely on nvcc's implicit
  // runtime include.
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext == ".cu" || Ext == ".cuh" || Stripped.contains("__global__") ||
      Stripped.contains("<<<"))
    return Dialect::Cuda;
  return Dialect::None;
}

std::vector<Kernel> scanKernels(llvm::StringRef T, const std::string &File) {
  std::vector<Kernel> Out;
  for (size_t At = T.find("__global__"); At != llvm::StringRef::npos;
       At = T.find("__global__", At + 10)) {
    if ((At > 0 && isIdent(T[At - 1])) ||
        (At + 10 < T.size() && isIdent(T[At + 10])))
      continue;
    // A #define using __global__ is a macro, not a kernel.
    size_t LineStart = T.rfind('\n', At);
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    if (T.slice(LineStart, At).ltrim().starts_with("#"))
      continue;
    // The name is the last identifier before the parameter list; skip
    // __launch_bounds__(...) and attribute groups on the way.
    std::string Name;
    size_t NameOff = At, I = At + 10, Params = llvm::StringRef::npos;
    while (I < T.size()) {
      char C = T[I];
      if (isIdent(C)) {
        size_t J = I;
        while (J < T.size() && isIdent(T[J]))
          ++J;
        llvm::StringRef Id = T.slice(I, J);
        size_t K = J;
        while (K < T.size() && llvm::isSpace(T[K]))
          ++K;
        if ((Id == "__launch_bounds__" || Id == "__attribute__" ||
             Id == "__align__") &&
            K < T.size() && T[K] == '(') {
          size_t E = core::matchingBracket(T, K, '(', ')');
          if (E == llvm::StringRef::npos)
            break;
          I = E + 1;
          continue;
        }
        Name = Id.str();
        NameOff = I;
        I = J;
        continue;
      }
      if (C == '(') {
        Params = I;
        break;
      }
      if (C == ';' || C == '{' || C == '}')
        break;
      ++I;
    }
    if (Params == llvm::StringRef::npos || Name.empty())
      continue;
    size_t Close = core::matchingBracket(T, Params, '(', ')');
    if (Close == llvm::StringRef::npos)
      continue;
    size_t Open = T.find_first_of(";{", Close);
    if (Open == llvm::StringRef::npos || T[Open] == ';')
      continue; // a declaration
    size_t End = core::matchingBracket(T, Open, '{', '}');
    if (End == llvm::StringRef::npos)
      End = T.size() - 1;
    llvm::StringRef Body = T.slice(Open, End + 1);

    Kernel K;
    K.Name = Name;
    K.Loc = {File, lineAt(T, NameOff)};
    K.FromTextScan = true;
    K.Lines = lineAt(T, End) - lineAt(T, Open) + 1;
    // `template <...>` before __global__, back to the previous statement.
    size_t Prev = T.find_last_of(";}", At);
    llvm::StringRef Before =
        T.slice(Prev == llvm::StringRef::npos ? 0 : Prev + 1, At);
    K.Template = Before.contains("template");
    identifiers(Body, [&](llvm::StringRef Id, size_t) {
      if (isWarpIntrinsic(Id))
        K.WarpIntrinsics.insert(Id.str());
      else if (isAtomic(Id))
        K.Atomics.insert(Id.str());
      else if (isTensorCore(Id))
        K.TensorCore.insert(Id.str());
      else if (Id == "__shared__")
        ++K.SharedVars;
      else if (Id == "asm" || Id == "__asm__" || Id == "__asm")
        ++K.InlineAsm;
    });
    if (Body.contains("wmma::"))
      K.TensorCore.insert("wmma");
    if (K.InlineAsm && (Body.contains("mma.") || Body.contains("ldmatrix") ||
                        Body.contains("wgmma")))
      K.TensorCore.insert("inline mma");
    K.DynamicShared = Body.contains("extern __shared__") ||
                      Body.contains("extern  __shared__");
    Out.push_back(std::move(K));
  }
  return Out;
}

std::vector<LaunchRef> scanLaunches(llvm::StringRef T,
                                    const std::string &File) {
  std::vector<LaunchRef> Out;
  for (size_t At = T.find("<<<"); At != llvm::StringRef::npos;
       At = T.find("<<<", At + 3)) {
    // Back over spaces and template arguments to the kernel's name.
    size_t I = At;
    while (I > 0 && llvm::isSpace(T[I - 1]))
      --I;
    if (I > 0 && T[I - 1] == '>') {
      int Depth = 0;
      while (I > 0) {
        char C = T[--I];
        if (C == '>')
          ++Depth;
        else if (C == '<' && --Depth == 0)
          break;
      }
      while (I > 0 && llvm::isSpace(T[I - 1]))
        --I;
    }
    size_t E = I;
    while (I > 0 && (isIdent(T[I - 1]) || T[I - 1] == ':'))
      --I;
    if (I == E)
      continue;
    std::string Name = T.slice(I, E).str();
    Out.push_back({"", Name, {File, lineAt(T, At)}});
  }
  for (llvm::StringRef Macro : {"hipLaunchKernelGGL", "hipLaunchKernelEx"}) {
    for (size_t At = T.find(Macro); At != llvm::StringRef::npos;
         At = T.find(Macro, At + Macro.size())) {
      size_t I = T.find('(', At);
      if (I == llvm::StringRef::npos)
        break;
      llvm::StringRef Rest = T.drop_front(I + 1).ltrim();
      if (Rest.consume_front("HIP_KERNEL_NAME"))
        Rest = Rest.ltrim().drop_front().ltrim();
      size_t N = 0;
      while (N < Rest.size() && (isIdent(Rest[N]) || Rest[N] == ':'))
        ++N;
      if (N)
        Out.push_back({"", Rest.take_front(N).str(), {File, lineAt(T, At)}});
    }
  }
  return Out;
}

std::vector<NameUse> scanNames(llvm::StringRef T, const std::string &File,
                               const rules::RuleSet &Rules) {
  std::vector<NameUse> Out;
  unsigned Line = 1;
  size_t LastOff = 0;
  identifiers(T, [&](llvm::StringRef Id, size_t Off) {
    const rules::RuleEntry *E = Rules.find(Id);
    if (!E || E->EntryKind == rules::Kind::Member ||
        E->EntryKind == rules::Kind::Header)
      return;
    Line += unsigned(T.slice(LastOff, Off).count('\n'));
    LastOff = Off;
    Out.push_back({File, unsigned(Off), Line, Id.str()});
  });
  return Out;
}

std::vector<OpsItem> scanOps(llvm::StringRef Text, const std::string &File,
                             bool IsSource, rules::RocmVersion Target) {
  std::vector<OpsItem> Out;
  for (rules::OpsHit &H : rules::scanOpsText(Text, IsSource,
                                             rules::OpsTable::builtin(), Target)) {
    // The line goes into JSON and HTML: a Latin-1 byte becomes '?'.
    for (unsigned Bad; !core::isValidUtf8(H.Text, Bad);)
      H.Text[Bad] = '?';
    OpsItem O{H.Pattern->Kind, {File, H.Line}, std::move(H.Text),
              std::move(H.Counterpart)};
    O.Rewritten = !H.Edits.empty();
    O.PortsItself = H.Pattern->PortsItself;
    Out.push_back(std::move(O));
  }
  return Out;
}

} // namespace hipport::report
