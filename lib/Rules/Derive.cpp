//===- Derive.cpp - propose rule entries from two header sets -------------===//
#include "Rules/Derive.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace hipport::rules {

namespace {

/// Every family whose library block names entry headers on both sides;
/// the HIP side lists the current path and the pre-5.2 flat one so either
/// ROCm layout scans.
const std::vector<FamilyPreset> &presets() {
  static const std::vector<FamilyPreset> All = [] {
    std::vector<FamilyPreset> V;
    for (const Library &L : builtinLibraries()) {
      if (L.CudaHeaders.empty() || L.HipHeaders.empty() || L.Prefixes.empty())
        continue;
      FamilyPreset P{L.Family, L.CudaHeaders, L.HipHeaders, {}};
      for (const LibraryPair &X : L.Prefixes)
        P.Prefixes.push_back({X.Cuda, X.Hip});
      V.push_back(std::move(P));
    }
    return V;
  }();
  return All;
}

bool isIdentStart(char C) { return std::isalpha((unsigned char)C) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum((unsigned char)C) || C == '_'; }

/// Replaces comments by spaces (newlines kept, so line numbers survive) and
/// joins backslash-continued lines the same way.
std::string stripComments(llvm::StringRef In) {
  std::string Out;
  Out.reserve(In.size());
  size_t I = 0, N = In.size();
  while (I < N) {
    char C = In[I];
    if (C == '/' && I + 1 < N && In[I + 1] == '/') {
      while (I < N && In[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < N && In[I + 1] == '*') {
      I += 2;
      while (I + 1 < N && !(In[I] == '*' && In[I + 1] == '/')) {
        if (In[I] == '\n')
          Out += '\n';
        ++I;
      }
      I += 2;
      Out += ' ';
    } else if (C == '"' || C == '\'') {
      Out += C;
      ++I;
      while (I < N && In[I] != C && In[I] != '\n') {
        if (In[I] == '\\' && I + 1 < N)
          Out += In[I++];
        Out += In[I++];
      }
      if (I < N)
        Out += In[I++];
    } else {
      Out += C;
      ++I;
    }
  }
  return Out;
}

struct Token {
  std::string Text;
  unsigned Line;
  bool Ident;
};

bool isAllCaps(llvm::StringRef S) {
  return llvm::all_of(S, [](char C) {
    return std::isupper((unsigned char)C) || std::isdigit((unsigned char)C) ||
           C == '_';
  });
}

/// Turns one header into declarations: a lexer that sets directives aside,
/// then a statement walker over the remaining tokens.
class Scanner {
public:
  Scanner(llvm::StringRef FileName) : File(FileName.str()) {}

  std::vector<Declaration> Decls;
  std::vector<std::string> Includes;

  void run(llvm::StringRef Raw) {
    std::string Text = stripComments(Raw);
    std::string Code;
    Code.reserve(Text.size());
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    llvm::StringRef(Text).split(Lines, '\n');
    for (size_t L = 0; L < Lines.size(); ++L) {
      llvm::StringRef Line = Lines[L].rtrim("\r");
      std::string Logical = Line.str();
      unsigned First = unsigned(L + 1);
      size_t Extra = 0;
      while (!Logical.empty() && Logical.back() == '\\' &&
             L + 1 < Lines.size()) {
        Logical.pop_back();
        Logical += " " + Lines[++L].rtrim("\r").str();
        ++Extra;
      }
      llvm::StringRef T = llvm::StringRef(Logical).ltrim();
      if (T.starts_with("#"))
        directive(T.drop_front().ltrim(), First);
      else
        Code += Logical;
      Code.append(Extra + 1, '\n');
    }
    lex(Code);
    size_t I = 0;
    scope(I);
  }

private:
  std::string File;
  std::vector<Token> Toks;
  llvm::StringSet<> FunctionMacros;

  void add(std::string Name, Kind K, unsigned Line, int Params = -1,
           std::string Alias = "") {
    Declaration D;
    D.Name = std::move(Name);
    D.DeclKind = K;
    D.Line = Line;
    D.Params = Params;
    D.AliasOf = std::move(Alias);
    D.File = File;
    Decls.push_back(std::move(D));
  }

  void directive(llvm::StringRef D, unsigned Line) {
    if (D.consume_front("include")) {
      D = D.trim();
      if (D.size() > 2 && (D.front() == '"' || D.front() == '<')) {
        size_t End = D.find_first_of("\">", 1);
        if (End != llvm::StringRef::npos)
          Includes.push_back(D.slice(1, End).str());
      }
      return;
    }
    if (!D.consume_front("define"))
      return;
    D = D.ltrim();
    size_t Len = 0;
    while (Len < D.size() && isIdentChar(D[Len]))
      ++Len;
    if (Len == 0)
      return;
    std::string Name = D.take_front(Len).str();
    llvm::StringRef Rest = D.drop_front(Len);
    if (Rest.starts_with("(")) {
      // Function-like macros are API too, and they also mark which
      // identifiers before a '(' in a prototype are decoration.
      FunctionMacros.insert(Name);
      add(Name, Kind::Macro, Line);
      return;
    }
    Rest = Rest.trim();
    // Empty bodies are include guards and calling-convention markers.
    if (Rest.empty())
      return;
    bool SingleIdent =
        isIdentStart(Rest.front()) && llvm::all_of(Rest, isIdentChar);
    add(Name, Kind::Macro, Line, -1, SingleIdent ? Rest.str() : "");
  }

  void lex(const std::string &C) {
    unsigned Line = 1;
    size_t I = 0, N = C.size();
    while (I < N) {
      char Ch = C[I];
      if (Ch == '\n') {
        ++Line;
        ++I;
      } else if (std::isspace((unsigned char)Ch)) {
        ++I;
      } else if (isIdentStart(Ch)) {
        size_t S = I;
        while (I < N && isIdentChar(C[I]))
          ++I;
        Toks.push_back({C.substr(S, I - S), Line, true});
      } else if (std::isdigit((unsigned char)Ch)) {
        size_t S = I;
        while (I < N && (isIdentChar(C[I]) || C[I] == '.'))
          ++I;
        Toks.push_back({C.substr(S, I - S), Line, false});
      } else if (Ch == '"' || Ch == '\'') {
        size_t S = I++;
        while (I < N && C[I] != Ch && C[I] != '\n')
          I += C[I] == '\\' ? 2 : 1;
        ++I;
        Toks.push_back({C.substr(S, std::min(I, N) - S), Line, false});
      } else if (Ch == ':' && I + 1 < N && C[I + 1] == ':') {
        Toks.push_back({"::", Line, false});
        I += 2;
      } else {
        Toks.push_back({std::string(1, Ch), Line, false});
        ++I;
      }
    }
  }

  bool is(size_t I, llvm::StringRef S) const {
    return I < Toks.size() && Toks[I].Text == S;
  }

  /// Index just past the group that opens at I ('(' '{' '[' or '<').
  size_t skipGroup(size_t I) const {
    const std::string Open = Toks[I].Text;
    const std::string Close = Open == "("   ? ")"
                              : Open == "{" ? "}"
                              : Open == "[" ? "]"
                                            : ">";
    int Depth = 0;
    for (; I < Toks.size(); ++I) {
      if (Toks[I].Text == Open)
        ++Depth;
      else if (Toks[I].Text == Close && --Depth == 0)
        return I + 1;
    }
    return I;
  }

  /// Walks declarations until the '}' closing this scope (or the end).
  /// Namespaces and extern "C" blocks are transparent.
  void scope(size_t &I) {
    while (I < Toks.size()) {
      const std::string &T = Toks[I].Text;
      if (T == "}") {
        ++I;
        return;
      }
      if (T == ";") {
        ++I;
        continue;
      }
      if (T == "extern" && I + 1 < Toks.size() &&
          Toks[I + 1].Text.starts_with("\"")) {
        I += 2;
        if (is(I, "{")) {
          ++I;
          scope(I);
        }
        continue;
      }
      if (T == "namespace") {
        size_t J = I + 1;
        while (J < Toks.size() && Toks[J].Text != "{" && Toks[J].Text != ";")
          ++J;
        I = J + 1;
        if (is(J, "{"))
          scope(I);
        continue;
      }
      if (T == "template" && is(I + 1, "<")) {
        I = skipGroup(I + 1);
        continue;
      }
      statement(I);
    }
  }

  void statement(size_t &I) {
    size_t Begin = I;
    bool Aggregate = false;
    for (size_t J = Begin; J < Toks.size() && J < Begin + 4; ++J)
      if (Toks[J].Ident &&
          (Toks[J].Text == "typedef" || Toks[J].Text == "enum" ||
           Toks[J].Text == "struct" || Toks[J].Text == "union" ||
           Toks[J].Text == "class"))
        Aggregate = true;
    size_t BraceOpen = 0, BraceClose = 0;
    size_t J = Begin;
    while (J < Toks.size()) {
      const std::string &T = Toks[J].Text;
      if (T == ";")
        break;
      if (T == "}")
        break; // Stray close: let the enclosing scope take it.
      // Code left over from a directive we set aside (an unterminated
      // #define branch) must not swallow the linkage block after it.
      if (J > Begin && T == "extern" && J + 1 < Toks.size() &&
          Toks[J + 1].Text.starts_with("\"")) {
        analyse(Begin, J, 0, 0);
        I = J;
        return;
      }
      if (T == "(" || T == "[") {
        J = skipGroup(J);
        continue;
      }
      if (T == "{") {
        size_t After = skipGroup(J);
        bool AfterParams = J > Begin && Toks[J - 1].Text == ")";
        if (Aggregate && BraceOpen == 0 && !AfterParams) {
          BraceOpen = J;
          BraceClose = After - 1;
          J = After;
          continue;
        }
        // A function body (or an initialiser): the statement ends here.
        analyse(Begin, J, 0, 0);
        I = After;
        return;
      }
      ++J;
    }
    analyse(Begin, J, BraceOpen, BraceClose);
    I = J < Toks.size() && Toks[J].Text == ";" ? J + 1 : J;
  }

  static bool isDecoration(llvm::StringRef S) {
    static const llvm::StringSet<> Words = {
        "__attribute__", "__declspec", "alignas",    "decltype",
        "__align__",     "sizeof",     "noexcept",   "throw",
        "static_assert", "__host__",   "__device__", "__global__",
        "operator",      "if",         "while",      "for",
        "return",        "switch"};
    return Words.contains(S);
  }

  void analyse(size_t B, size_t E, size_t BraceOpen, size_t BraceClose) {
    if (B >= E)
      return;
    llvm::StringRef First = Toks[B].Text;
    if (First == "using" || First == "return" || First == "static_assert" ||
        First == "friend")
      return;
    bool Typedef = First == "typedef";
    size_t K = Typedef ? B + 1 : B;
    while (K < E && (Toks[K].Text == "const" || Toks[K].Text == "volatile"))
      ++K;
    llvm::StringRef Kw = K < E ? llvm::StringRef(Toks[K].Text) : "";
    bool IsAggregate =
        Kw == "enum" || Kw == "struct" || Kw == "union" || Kw == "class";
    if (IsAggregate && (BraceOpen || !hasParen(B, E))) {
      size_t T = K + 1;
      if (is(T, "class") || is(T, "struct"))
        ++T;
      // Skip attributes between the keyword and the tag.
      while (T < E &&
             (Toks[T].Text == "__attribute__" || Toks[T].Text == "__declspec" ||
              isAllCaps(Toks[T].Text)) &&
             T + 1 < E && Toks[T + 1].Ident)
        ++T;
      if (T < E && Toks[T].Ident && (BraceOpen == 0 || T < BraceOpen))
        add(Toks[T].Text, Kind::Type, Toks[T].Line);
      if (BraceOpen && Kw == "enum")
        enumerators(BraceOpen + 1, BraceClose);
      if (Typedef)
        declarators(BraceOpen ? BraceClose + 1 : T + 1, E);
      return;
    }
    if (Typedef) {
      // typedef R (*Name)(P...);  typedef R Name(P...);  typedef T Name;
      for (size_t X = B; X + 2 < E; ++X)
        if (Toks[X].Text == "(" && Toks[X + 1].Text == "*" &&
            Toks[X + 2].Ident) {
          add(Toks[X + 2].Text, Kind::Type, Toks[X + 2].Line);
          return;
        }
      declarators(B + 1, E);
      return;
    }
    function(B, E);
  }

  bool hasParen(size_t B, size_t E) const {
    for (size_t X = B; X < E; ++X)
      if (Toks[X].Text == "(")
        return true;
    return false;
  }

  /// `A, *B, C[4]` after a typedef: the last identifier of each declarator.
  void declarators(size_t B, size_t E) {
    std::string Last;
    unsigned Line = 0;
    for (size_t X = B; X <= E && X <= Toks.size(); ++X) {
      bool End = X == E || X == Toks.size() || Toks[X].Text == ",";
      if (End) {
        if (!Last.empty())
          add(Last, Kind::Type, Line);
        Last.clear();
        if (X >= E || X == Toks.size())
          break;
        continue;
      }
      if (Toks[X].Text == "[" || Toks[X].Text == "(") {
        X = skipGroup(X) - 1;
        continue;
      }
      if (Toks[X].Ident && !isDecoration(Toks[X].Text)) {
        Last = Toks[X].Text;
        Line = Toks[X].Line;
      }
    }
  }

  void enumerators(size_t B, size_t E) {
    bool ExpectName = true;
    int Depth = 0;
    for (size_t X = B; X < E; ++X) {
      const std::string &T = Toks[X].Text;
      if (T == "(" || T == "{" || T == "[")
        ++Depth;
      else if (T == ")" || T == "}" || T == "]")
        --Depth;
      else if (T == "," && Depth == 0)
        ExpectName = true;
      else if (ExpectName && Toks[X].Ident && Depth == 0) {
        add(T, Kind::Enumerator, Toks[X].Line);
        ExpectName = false;
      }
    }
  }

  void function(size_t B, size_t E) {
    for (size_t X = B + 1; X < E; ++X) {
      if (Toks[X].Text != "(")
        continue;
      const Token &Prev = Toks[X - 1];
      size_t After = skipGroup(X);
      if (!Prev.Ident || isDecoration(Prev.Text) ||
          FunctionMacros.contains(Prev.Text) ||
          (isAllCaps(Prev.Text) && After < E)) {
        X = After - 1;
        continue;
      }
      if (X >= 2 && Toks[X - 2].Text == "::")
        return; // An out-of-line member: not a free API.
      add(Prev.Text, Kind::Function, Prev.Line, countParams(X + 1, After - 1));
      return;
    }
  }

  int countParams(size_t B, size_t E) const {
    if (B >= E || (E == B + 1 && Toks[B].Text == "void"))
      return 0;
    int N = 1, Depth = 0;
    for (size_t X = B; X < E; ++X) {
      const std::string &T = Toks[X].Text;
      if (T == "(" || T == "[" || T == "{" || T == "<")
        ++Depth;
      else if (T == ")" || T == "]" || T == "}" || T == ">")
        --Depth;
      else if (T == "," && Depth == 0)
        ++N;
    }
    return N;
  }
};

bool isHeaderFile(llvm::StringRef P) {
  return P.ends_with(".h") || P.ends_with(".hpp") || P.ends_with(".cuh") ||
         P.ends_with(".hh");
}

bool compatible(const Declaration &C, const Declaration &H) {
  auto Group = [](Kind K) {
    return K == Kind::Macro || K == Kind::Enumerator ? Kind::Enumerator : K;
  };
  if (Group(C.DeclKind) != Group(H.DeclKind))
    return false;
  if (C.DeclKind == Kind::Function && C.Params >= 0 && H.Params >= 0)
    return C.Params == H.Params;
  return true;
}

} // namespace

std::optional<FamilyPreset> familyPreset(llvm::StringRef Family) {
  for (const FamilyPreset &P : presets())
    if (P.Family == Family)
      return P;
  return std::nullopt;
}

std::vector<std::string> presetFamilies() {
  std::vector<std::string> Out;
  for (const FamilyPreset &P : presets())
    Out.push_back(P.Family);
  return Out;
}

std::vector<Declaration> scanHeaderText(llvm::StringRef Text,
                                        llvm::StringRef FileName) {
  Scanner S(FileName);
  S.run(Text);
  return std::move(S.Decls);
}

llvm::Expected<std::vector<Declaration>>
scanHeaders(const std::string &Dir, const std::vector<std::string> &Roots,
            const std::vector<std::string> &Prefixes) {
  if (!llvm::sys::fs::is_directory(Dir))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: not a directory", Dir.c_str());
  std::vector<std::string> Queue;
  for (const std::string &R : Roots) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, R);
    if (llvm::sys::fs::exists(P))
      Queue.push_back(std::string(P));
  }
  if (Queue.empty()) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
         It != End && !EC; It.increment(EC))
      if (isHeaderFile(It->path()))
        Queue.push_back(It->path());
    std::sort(Queue.begin(), Queue.end());
  }
  std::set<std::string> Seen;
  std::vector<Declaration> All;
  while (!Queue.empty()) {
    std::string Path = Queue.front();
    Queue.erase(Queue.begin());
    if (!Seen.insert(Path).second)
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      return llvm::createStringError(Buf.getError(), "%s: cannot read: %s",
                                     Path.c_str(),
                                     Buf.getError().message().c_str());
    llvm::SmallString<256> Rel(Path);
    llvm::sys::path::replace_path_prefix(Rel, Dir, "");
    std::string Name = llvm::StringRef(Rel).ltrim("/").str();
    Scanner S(Name);
    S.run((*Buf)->getBuffer());
    All.insert(All.end(), S.Decls.begin(), S.Decls.end());
    // Includes resolve against the including file's folder, then Dir.
    for (const std::string &Inc : S.Includes) {
      for (llvm::StringRef Base :
           {llvm::sys::path::parent_path(Path), llvm::StringRef(Dir)}) {
        llvm::SmallString<256> P(Base);
        llvm::sys::path::append(P, Inc);
        llvm::sys::path::remove_dots(P, true);
        if (llvm::sys::fs::is_regular_file(P) &&
            llvm::StringRef(P).starts_with(Dir)) {
          Queue.push_back(std::string(P));
          break;
        }
      }
    }
  }
  // Keep the first declaration of each name: later ones are #if branches
  // or forward declarations of the same API.
  std::vector<Declaration> Out;
  llvm::StringMap<size_t> ByName;
  for (Declaration &D : All) {
    if (!Prefixes.empty() && llvm::none_of(Prefixes, [&](const std::string &P) {
          return llvm::StringRef(D.Name).starts_with(P);
        }))
      continue;
    auto [It, New] = ByName.try_emplace(D.Name, Out.size());
    if (New)
      Out.push_back(std::move(D));
    else if (Out[It->second].DeclKind == Kind::Type &&
             D.DeclKind == Kind::Function)
      Out[It->second] = std::move(D);
  }
  // `#define cublasSgemm cublasSgemm_v2`: the user writes the macro name and
  // calls a function, so it is a function with the target's shape.
  for (Declaration &D : Out) {
    if (D.DeclKind != Kind::Macro || D.AliasOf.empty())
      continue;
    auto It = ByName.find(D.AliasOf);
    if (It != ByName.end() && Out[It->second].DeclKind == Kind::Function) {
      D.DeclKind = Kind::Function;
      D.Params = Out[It->second].Params;
    }
  }
  return Out;
}

DeriveResult derive(const std::vector<Declaration> &Cuda,
                    const std::vector<Declaration> &Hip,
                    const std::vector<PrefixPair> &Prefixes) {
  llvm::StringMap<const Declaration *> HipByName;
  for (const Declaration &D : Hip)
    HipByName.try_emplace(D.Name, &D);
  // Longest CUDA prefix first, so cublasLt wins over cublas.
  std::vector<PrefixPair> Ordered = Prefixes;
  std::stable_sort(Ordered.begin(), Ordered.end(),
                   [](const PrefixPair &A, const PrefixPair &B) {
                     return A.Cuda.size() > B.Cuda.size();
                   });
  DeriveResult R;
  for (const Declaration &C : Cuda) {
    std::vector<std::string> Candidates;
    for (const PrefixPair &P : Ordered) {
      llvm::StringRef Name(C.Name);
      if (!Name.consume_front(P.Cuda))
        continue;
      std::string Mapped = P.Hip + Name.str();
      Candidates.push_back(Mapped);
      llvm::StringRef M(Mapped);
      if (M.ends_with("_v2"))
        Candidates.push_back(M.drop_back(3).str());
      size_t V2 = M.find("_v2_");
      if (V2 != llvm::StringRef::npos)
        Candidates.push_back((M.take_front(V2) + M.drop_front(V2 + 3)).str());
    }
    const Declaration *Found = nullptr;
    for (const std::string &Cand : Candidates) {
      auto It = HipByName.find(Cand);
      if (It != HipByName.end()) {
        Found = It->second;
        break;
      }
    }
    if (!Found)
      R.Unmatched.push_back(C);
    else if (compatible(C, *Found))
      R.Proposed.push_back({C, *Found});
    else
      R.Incompatible.push_back({C, *Found});
  }
  return R;
}

std::string proposalsToJson(const DeriveResult &R, const std::string &Family,
                            const std::string &SinceRocm) {
  std::string Out = fmt::format("{{\n  \"family\": {},\n  \"entries\": [",
                                nlohmann::json(Family).dump());
  bool First = true;
  for (const Match &M : R.Proposed) {
    nlohmann::ordered_json E;
    E["cuda"] = M.Cuda.Name;
    E["kind"] = kindName(M.Cuda.DeclKind);
    E["hip"] = M.Hip.Name;
    if (!SinceRocm.empty())
      E["since_rocm"] = SinceRocm;
    Out += First ? "\n    " : ",\n    ";
    Out += E.dump();
    First = false;
  }
  Out += First ? "]\n}\n" : "\n  ]\n}\n";
  return Out;
}

llvm::Expected<std::vector<Coverage>> coverage(const RuleSet &RS,
                                               const std::string &CudaDir) {
  std::vector<Coverage> Out;
  for (const FamilyPreset &P : presets()) {
    Coverage C;
    C.Family = P.Family;
    for (const RuleEntry &E : RS.entries()) {
      if (E.Family != P.Family || E.EntryKind == Kind::Header)
        continue;
      if (E.EntryStatus == Status::Unsupported)
        ++C.Unsupported;
      else
        ++C.Mapped;
    }
    if (C.Mapped + C.Unsupported == 0)
      continue;
    std::vector<std::string> Prefixes;
    for (const PrefixPair &PP : P.Prefixes)
      Prefixes.push_back(PP.Cuda);
    std::vector<std::string> Roots;
    for (const std::string &R : P.CudaHeaders) {
      llvm::SmallString<256> Path(CudaDir);
      llvm::sys::path::append(Path, R);
      if (llvm::sys::fs::exists(Path))
        Roots.push_back(R);
    }
    if (!Roots.empty()) {
      auto Decls = scanHeaders(CudaDir, Roots, Prefixes);
      if (!Decls)
        return Decls.takeError();
      C.Declared = unsigned(Decls->size());
      for (const Declaration &D : *Decls)
        if (RS.find(D.Name))
          ++C.Covered;
    }
    Out.push_back(C);
  }
  return Out;
}

} // namespace hipport::rules
