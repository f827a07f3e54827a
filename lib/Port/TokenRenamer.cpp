#include "Port/TokenRenamer.h"

#include "Port/AstFix.h"
#include "Port/HeaderShims.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <cassert>
#include <deque>
#include <fmt/format.h>

namespace hipport::port {

std::string unsupportedMessage(const rules::Mapping &M) {
  const rules::RuleEntry &E = *M.Entry;
  if (E.EntryStatus == rules::Status::Experimental)
    return fmt::format("'{}' maps to experimental '{}'; left unchanged{}",
                       E.Cuda, E.Hip, M.Note.empty() ? "" : ": " + M.Note);
  return fmt::format("'{}' has no HIP equivalent{}", E.Cuda,
                     M.Note.empty() ? "" : ": " + M.Note);
}

namespace {

struct RawToken {
  clang::tok::TokenKind Kind;
  unsigned Offset, Length;
  bool StartOfLine;
  llvm::StringRef Text;
};

/// The file's raw tokens, lexed on demand and dropped once the pass is past
/// them: memory follows the look-around of the pass, not the file (#17: a
/// token vector of a 50 MB file was 10x the file). Indices are those of the
/// whole file's token sequence.
class TokenWindow {
public:
  explicit TokenWindow(const std::string &Text)
      : Begin(Text.data()),
        L(clang::SourceLocation(), langOptions(), Text.data(), Text.data(),
          Text.data() + Text.size()) {}

  /// True when the file has a token I (lexing up to it).
  bool has(size_t I) {
    while (I >= Base + Toks.size() && !Done)
      lexOne();
    return I < Base + Toks.size();
  }
  const RawToken &operator[](size_t I) {
    bool Have = has(I);
    assert(Have && I >= Base && "token asked for after forgetBefore");
    (void)Have;
    return Toks[I - Base];
  }
  /// Tokens before I are not asked for again.
  void forgetBefore(size_t I) {
    while (Base < I && !Toks.empty()) {
      Toks.pop_front();
      ++Base;
    }
  }
  /// Offset of the first token; npos for a file without tokens.
  size_t firstOffset() {
    if (!has(0))
      return std::string::npos;
    return First;
  }

private:
  static clang::LangOptions langOptions() {
    clang::LangOptions LO;
    LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
    LO.CUDA = true; // so <<< and >>> are single tokens
    LO.LineComment = true;
    return LO;
  }
  void lexOne() {
    clang::Token T;
    bool AtEnd = L.LexFromRawLexer(T);
    if (T.is(clang::tok::eof)) {
      Done = true;
      return;
    }
    unsigned Off = unsigned(L.getBufferLocation() - Begin) - T.getLength();
    if (Base + Toks.size() == 0)
      First = Off;
    Toks.push_back({T.getKind(), Off, T.getLength(), T.isAtStartOfLine(),
                    llvm::StringRef(Begin + Off, T.getLength())});
    Done = AtEnd;
  }

  const char *Begin;
  clang::Lexer L;
  std::deque<RawToken> Toks;
  size_t Base = 0; ///< index of Toks.front()
  size_t First = 0;
  bool Done = false;
};

bool isKind(TokenWindow &T, size_t I, clang::tok::TokenKind K) {
  return T.has(I) && T[I].Kind == K;
}

bool isComparison(TokenWindow &T, size_t I) {
  if (!T.has(I))
    return false;
  switch (T[I].Kind) {
  case clang::tok::less:
  case clang::tok::lessequal:
  case clang::tok::greater:
  case clang::tok::greaterequal:
  case clang::tok::equalequal:
  case clang::tok::exclaimequal:
    return true;
  default:
    return false;
  }
}

/// The byte range to delete to drop argument ArgIndex of the call whose
/// '(' is token Open: the argument and the comma that separates it.
bool argumentRange(TokenWindow &T, size_t Open,
                   unsigned ArgIndex, unsigned &Begin, unsigned &End) {
  std::vector<std::pair<size_t, size_t>> Args; // first/last token of each arg
  int Depth = 0;
  size_t ArgStart = Open + 1;
  for (size_t I = Open + 1; T.has(I); ++I) {
    auto K = T[I].Kind;
    if (K == clang::tok::l_paren || K == clang::tok::l_square ||
        K == clang::tok::l_brace)
      ++Depth;
    else if (K == clang::tok::r_paren || K == clang::tok::r_square ||
             K == clang::tok::r_brace) {
      if (Depth == 0) {
        if (I > ArgStart)
          Args.push_back({ArgStart, I - 1});
        break;
      }
      --Depth;
    } else if (K == clang::tok::comma && Depth == 0) {
      Args.push_back({ArgStart, I - 1});
      ArgStart = I + 1;
    }
  }
  if (ArgIndex >= Args.size() || Args.size() < 2)
    return false;
  auto [First, Last] = Args[ArgIndex];
  if (ArgIndex + 1 < Args.size()) {
    Begin = T[First].Offset;
    End = T[Args[ArgIndex + 1].first].Offset; // through comma and spaces
  } else {
    Begin = T[Args[ArgIndex - 1].second].Offset +
            T[Args[ArgIndex - 1].second].Length; // from the previous comma
    End = T[Last].Offset + T[Last].Length;
  }
  return true;
}

/// Where an added #include goes: after the leading comment block.
unsigned includeInsertionPoint(const std::string &Text, TokenWindow &Toks) {
  size_t First = Toks.firstOffset();
  if (First == std::string::npos)
    return 0;
  unsigned Off = unsigned(First);
  // Back up to the start of the line holding the first token.
  while (Off > 0 && Text[Off - 1] != '\n')
    --Off;
  return Off;
}

bool includesHipRuntime(const std::string &Header) {
  return Header == "hip/hip_runtime.h" || Header == "hip/hip_runtime_api.h";
}

/// Renames change line lengths; in a macro body that would misalign the
/// column of trailing backslashes, so the blanks before each backslash on an
/// edited line absorb the difference (at least one blank stays).
void realignContinuations(const std::string &Text, FileEdits &Edits) {
  std::vector<Edit> Fixes;
  auto It = Edits.edits().begin(), End = Edits.edits().end();
  while (It != End) {
    unsigned LineStart = It->first;
    while (LineStart > 0 && Text[LineStart - 1] != '\n')
      --LineStart;
    size_t LineEnd = Text.find('\n', It->first);
    if (LineEnd == std::string::npos)
      LineEnd = Text.size();
    long Delta = 0;
    for (; It != End && It->first <= LineEnd; ++It)
      Delta += long(It->second.Text.size()) - long(It->second.Length);
    if (Delta == 0 || LineEnd == 0 || Text[LineEnd - 1] != '\\')
      continue;
    unsigned Slash = unsigned(LineEnd - 1), Blank = Slash;
    while (Blank > LineStart && Text[Blank - 1] == ' ')
      --Blank;
    long Width = long(Slash - Blank);
    if (Width == 0)
      continue;
    long Want = std::max(1L, Width - Delta);
    if (Want != Width)
      Fixes.push_back({Blank, unsigned(Width), std::string(size_t(Want), ' '),
                       EditOrigin::Token, ""});
  }
  for (const Edit &F : Fixes)
    Edits.add(F);
}


/// The identifiers of the #if branch whose directive holds token I, up to
/// its #elif/#else/#endif: the rule names and NVIDIA-only constructs it
/// uses, which say what the architecture test guards.
std::vector<std::string> branchFeatures(TokenWindow &T,
                                        size_t I, const rules::RuleSet &Rules) {
  size_t J = I;
  while (T.has(J + 1) && !T[J + 1].StartOfLine)
    ++J;
  std::vector<std::string> Out;
  int Depth = 0;
  for (++J; T.has(J); ++J) {
    if (T[J].Kind == clang::tok::hash && T[J].StartOfLine && T.has(J + 1)) {
      llvm::StringRef D = T[J + 1].Text;
      if (D.starts_with("if"))
        ++Depth;
      else if (Depth == 0 && (D == "elif" || D == "else" || D == "endif"))
        break;
      else if (D == "endif")
        --Depth;
      continue;
    }
    if (T[J].Kind != clang::tok::raw_identifier)
      continue;
    llvm::StringRef Id = T[J].Text;
    bool Notable = Id == "asm" || Id.starts_with("wmma") ||
                   Id.starts_with("__nv_bfloat") || Rules.find(Id);
    if (Notable && std::find(Out.begin(), Out.end(), Id.str()) == Out.end())
      Out.push_back(Id.str());
    if (Out.size() == 6)
      break;
  }
  return Out;
}

/// True when Offset lies on a preprocessor directive's (logical) line.
bool inDirective(llvm::StringRef Text, size_t Offset) {
  size_t Begin = Text.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  // A backslash-continued line belongs to the line above.
  while (Begin >= 2 && (Text[Begin - 2] == '\\' ||
                        (Begin >= 3 && Text[Begin - 2] == '\r' &&
                         Text[Begin - 3] == '\\'))) {
    size_t Prev = Text.rfind('\n', Begin - 2);
    Begin = Prev == llvm::StringRef::npos ? 0 : Prev + 1;
  }
  llvm::StringRef Line = Text.substr(Begin).ltrim(" \t");
  return Line.starts_with("#");
}

/// `__CUDA_ARCH__ >= 300`-style tests: below sm_50 (no current nvcc builds
/// for it) the comparison only tells the device pass from the host pass, so
/// it has an exact HIP spelling. Returns it, or "" when the number is a real
/// architecture choice.
std::string deviceOnlyTest(TokenWindow &T, size_t I) {
  if (!T.has(I + 2) || T[I + 2].Kind != clang::tok::numeric_constant)
    return "";
  unsigned N = 0;
  if (T[I + 2].Text.getAsInteger(10, N) || N == 0 || N >= 500)
    return "";
  switch (T[I + 1].Kind) {
  case clang::tok::greaterequal:
  case clang::tok::greater:
    return "defined(__HIP_DEVICE_COMPILE__)";
  case clang::tok::less:
  case clang::tok::lessequal:
    return "!defined(__HIP_DEVICE_COMPILE__)";
  default:
    return "";
  }
}

/// One file's token pass: include lines, then identifiers, each a step.
class TokenPass {
public:
  TokenPass(const rules::RuleSet &Rules, const PortOptions &Opts,
            const std::set<std::string> &UserDeclared, const std::string &File,
            const std::string &Text, FileEdits &Out,
            std::vector<core::Finding> &Findings, FileStats &Stats)
      : Rules(Rules), Opts(Opts), UserDeclared(UserDeclared), File(File),
        Text(Text), T(Text), Out(Out), Findings(Findings),
        Stats(Stats) {}

  void run(bool NeedsRuntimeInclude, const std::set<std::string> &AstShims) {
    for (size_t I = 0; T.has(I); ++I) {
      T.forgetBefore(I < 2 ? 0 : I - 2); // the steps look back 2 tokens at most
      if (isIncludeLine(I)) {
        if (!includeLine(I))
          break;
      } else if (T[I].Kind == clang::tok::raw_identifier) {
        identifier(I);
      }
    }
    realignContinuations(Text, Out);
    std::string Top;
    if (NeedsRuntimeInclude && !RuntimeFirst)
      Top = "#include \"hip/hip_runtime.h\"\n";
    Top += shimTexts(AstShims);
    if (!Top.empty())
      addEdit(includeInsertionPoint(Text, T), 0, Top, "");
  }

private:
  void report(core::Severity Sev, const char *Id, unsigned Off, unsigned Len,
              std::string Msg) {
    core::Finding F;
    F.CheckId = Id;
    F.Level = Sev;
    F.Range = {File, Off, Len};
    F.Message = std::move(Msg);
    Findings.push_back(std::move(F));
  }

  void addEdit(unsigned Off, unsigned Len, std::string NewText,
               const std::string &Family) {
    Edit E{Off, Len, std::move(NewText), EditOrigin::Token, Family};
    if (!Out.add(E))
      report(core::Severity::Warning, "port-conflict", Off, Len,
             "conflicting edits proposed for this location; kept the first");
  }

  // nvcc includes the runtime before anything else, and some HIP headers
  // (hip_cooperative_groups.h in 5.2) need it first: the runtime must be the
  // first HIP header a .cu file includes.
  void seeHeader(const std::string &Final, bool Mapped) {
    if (FirstHipHeaderSeen ||
        (!Mapped && !llvm::StringRef(Final).starts_with("hip")))
      return;
    FirstHipHeaderSeen = true;
    RuntimeFirst = includesHipRuntime(Final);
  }

  bool isIncludeLine(size_t I) {
    return T[I].Kind == clang::tok::hash && T[I].StartOfLine &&
           T.has(I + 1) && T[I + 1].Kind == clang::tok::raw_identifier &&
           (T[I + 1].Text == "include" || T[I + 1].Text == "include_next");
  }

  /// Swaps the header of the include line at I (keeping its quote or angle
  /// style) and moves I to the directive's last token; false at end of file.
  bool includeLine(size_t &I) {
    unsigned HashOffset = T[I].Offset;
    size_t NameTok = I + 2;
    if (!T.has(NameTok))
      return false;
    unsigned Start = T[NameTok].Offset;
    char Open = Text[Start];
    char Close = Open == '<' ? '>' : Open == '"' ? '"' : 0;
    size_t Nl = Text.find('\n', Start);
    size_t Stop = Close ? Text.find(Close, Start + 1) : std::string::npos;
    while (T.has(I + 1) && !T[I + 1].StartOfLine)
      ++I;
    if (!Close || Stop == std::string::npos || Stop > Nl)
      return true;
    std::string Header = Text.substr(Start + 1, Stop - Start - 1);
    const rules::RuleEntry *E = Rules.find(Header);
    if (!E || E->EntryKind != rules::Kind::Header) {
      seeHeader(Header, false);
      return true;
    }
    rules::Mapping M = Rules.resolve(*E, Opts.Target);
    if (M.Act == rules::Mapping::Action::Unsupported) {
      unsupportedHeader(*E, M, Header, HashOffset, Start, Nl);
      return true;
    }
    seeHeader(M.Hip, true);
    if (M.Hip != Header) {
      ++Stats.Converted[E->Family];
      addEdit(Start + 1, unsigned(Header.size()), M.Hip, E->Family);
      if (llvm::StringRef(M.Hip).starts_with("hip"))
        hoistOutOfExternC(HashOffset);
    }
    return true;
  }

  /// cuda.h is C and may sit in an `extern "C" {` block; HIP's headers are
  /// C++ (templates, <thread>) and fail there. The runtime is included once
  /// before the block, so the include inside is a guarded no-op.
  void hoistOutOfExternC(unsigned At) {
    int Depth = 0;
    std::vector<std::pair<int, unsigned>> Open; // depth, `extern` offset
    // The pass's window has forgotten what lies behind; a window of its own
    // lexes the file again up to At (once per renamed include line).
    TokenWindow W(Text);
    for (size_t I = 0; W.has(I) && W[I].Offset < At; ++I) {
      if (W[I].Kind == clang::tok::l_brace) {
        ++Depth;
        if (I >= 2 && W[I - 1].Kind == clang::tok::string_literal &&
            W[I - 1].Text == "\"C\"" && W[I - 2].Text == "extern")
          Open.push_back({Depth, W[I - 2].Offset});
      } else if (W[I].Kind == clang::tok::r_brace) {
        if (!Open.empty() && Open.back().first == Depth)
          Open.pop_back();
        --Depth;
      }
    }
    if (Open.empty())
      return;
    unsigned Line = Open.front().second;
    while (Line > 0 && Text[Line - 1] != '\n')
      --Line;
    constexpr llvm::StringLiteral Note =
        "hipport: HIP's headers are C++, so not inside extern \"C\"";
    llvm::StringRef Before = llvm::StringRef(Text).take_front(Line).rtrim();
    if (Before.substr(Before.rfind('\n') + 1).contains(Note))
      return; // ported before
    Edit E{Line, 0, "#include <hip/hip_runtime.h> // " + Note.str() + "\n",
           EditOrigin::Token, ""};
    E.Rewrite = "hip-include-out-of-extern-c";
    Out.add(E);
  }

  /// A header HIP lacks: hipport's stand-in where it has one, else a finding.
  void unsupportedHeader(const rules::RuleEntry &E, const rules::Mapping &M,
                         const std::string &Header, unsigned LineStart,
                         unsigned Start, size_t Nl) {
    if (const HeaderShim *Shim = headerShim(Header)) {
      // The directive's whole line becomes hipport's stand-in.
      size_t LineEnd = Nl == std::string::npos ? Text.size() : Nl;
      Edit SE{LineStart, unsigned(LineEnd - LineStart),
              "// hipport: <" + Header + "> is not in HIP; inlined " +
                  Shim->File + "\n" + llvm::StringRef(Shim->Text).rtrim().str(),
              EditOrigin::Token, ""};
      SE.Rewrite = Shim->Rewrite;
      if (Out.add(SE))
        report(core::Severity::Note, "port-header-shim", Start + 1,
               unsigned(Header.size()),
               "<" + Header + "> is not in HIP; replaced by hipport's " +
                   Shim->File + " (inlined)");
      return;
    }
    ++Stats.Left[E.Family];
    report(core::Severity::Warning, "port-unsupported-api", Start + 1,
           unsigned(Header.size()), unsupportedMessage(M));
  }

  /// The rule entry the identifier at I names and the pass may rename, or
  /// null: members, headers, the project's own names, `x.name`, and
  /// namespaces that are not used as namespaces are left alone.
  const rules::RuleEntry *renamable(size_t I) {
    const RawToken &Tok = T[I];
    const rules::RuleEntry *E = Rules.find(Tok.Text);
    if (!E || E->EntryKind == rules::Kind::Member ||
        E->EntryKind == rules::Kind::Header ||
        UserDeclared.count(Tok.Text.str()))
      return nullptr;
    // `x.cudaFoo` and `x->cudaFoo` name members of the user's types.
    if (I > 0 && (T[I - 1].Kind == clang::tok::period ||
                  T[I - 1].Kind == clang::tok::arrow))
      return nullptr;
    if (E->EntryKind == rules::Kind::Namespace) {
      bool Qualifies = isKind(T, I + 1, clang::tok::coloncolon);
      bool Declares = I > 0 && T[I - 1].Kind == clang::tok::raw_identifier &&
                      T[I - 1].Text == "namespace";
      bool Aliased = I > 1 && T[I - 1].Kind == clang::tok::equal &&
                     isKind(T, I + 1, clang::tok::semi);
      if (!Qualifies && !Declares && !Aliased)
        return nullptr;
    }
    return E;
  }

  void identifier(size_t I) {
    const RawToken &Tok = T[I];
    const rules::RuleEntry *E = renamable(I);
    if (!E)
      return;
    rules::Mapping M = Rules.resolve(*E, Opts.Target);
    if (M.Act == rules::Mapping::Action::Unsupported ||
        E->EntryStatus == rules::Status::Experimental) {
      // An AST fix-up rewrote this call already (`umin` -> `min` with casts).
      auto Fixed = Out.edits().find(Tok.Offset);
      if (Fixed != Out.edits().end() && Fixed->second.Origin == EditOrigin::Ast &&
          Fixed->second.Length == Tok.Length)
        return;
      if (M.Act == rules::Mapping::Action::Unsupported && nameShim(Tok))
        return;
      ++Stats.Left[E->Family];
      report(core::Severity::Warning, "port-unsupported-api", Tok.Offset,
             Tok.Length, unsupportedMessage(M));
      return;
    }
    if (Tok.Text == "__CUDA_ARCH__" && isComparison(T, I + 1)) {
      if (cudaArchComparison(I, *E, M))
        return;
    } else if (E->EntryKind == rules::Kind::Macro && !M.Note.empty() &&
               (isComparison(T, I + 1) || (I > 0 && isComparison(T, I - 1)))) {
      report(core::Severity::Warning, "port-macro-semantics", Tok.Offset,
             Tok.Length,
             fmt::format("'{}' compared as a number: {}", E->Cuda, M.Note));
    }
    if (M.Hip == Tok.Text && M.DropArgs.empty())
      return;
    ++Stats.Converted[E->Family];
    if (M.Hip != Tok.Text)
      addEdit(Tok.Offset, Tok.Length, M.Hip, E->Family);
    if (!M.DropArgs.empty() && isKind(T, I + 1, clang::tok::l_paren))
      dropArguments(I, *E, M);
  }

  /// A name the target lacks that hipport stands in for
  /// (rules/port/name-shims.json): renamed to the shim's name, the shim
  /// inlined at the top of the file. False when there is no shim.
  bool nameShim(const RawToken &Tok) {
    auto *Table = loadedOrNull(nameShims());
    if (!Table)
      return false;
    auto It = Table->Names.find(Tok.Text);
    if (It == Table->Names.end())
      return false;
    const auto &[Hip, Index] = It->second;
    const NameShimTable::Shim &S = Table->Shims[Index];
    Edit E{Tok.Offset, Tok.Length, Hip, EditOrigin::Token, ""};
    E.Rewrite = S.Rewrite;
    if (!Out.add(E))
      return false;
    ShimsUsed[Index].insert(Tok.Text.str());
    auto Why = Table->Warnings.find(Tok.Text);
    bool Warn = Why != Table->Warnings.end();
    report(Warn ? core::Severity::Warning : core::Severity::Note,
           "port-name-shim", Tok.Offset, Tok.Length,
           fmt::format("'{}' is not in the target HIP; uses hipport's '{}' "
                       "({}, inlined at the top of the file){}",
                       Tok.Text.str(), Hip, S.File,
                       Warn ? ": " + Why->second : ""));
    return true;
  }

  /// The shims this file's names and AST fix-ups need, each after a line
  /// saying why.
  std::string shimTexts(const std::set<std::string> &AstShims) {
    auto *Table = loadedOrNull(nameShims());
    if (!Table)
      return "";
    for (size_t I = 0; I < Table->Shims.size(); ++I)
      if (AstShims.count(Table->Shims[I].File))
        ShimsUsed[I]; // named by the AST fix-up's own finding
    std::string Out;
    for (const auto &[Index, Names] : ShimsUsed) {
      const NameShimTable::Shim &S = Table->Shims[Index];
      std::vector<std::string> List(Names.begin(), Names.end());
      Out += List.empty()
                 ? fmt::format("// hipport: inlined {} for the rewrite of a "
                               "member the target HIP lacks ({})\n",
                               S.File, S.Rewrite)
                 : fmt::format("// hipport: {} not in the target HIP; "
                               "inlined {}\n",
                               llvm::join(List, ", "), S.File);
      Out += llvm::StringRef(S.Text).rtrim().str() + "\n";
    }
    return Out;
  }

  /// `__CUDA_ARCH__ <op> N`: rewritten when it only tells the device pass
  /// from the host pass (true: done), else reported with what its branch
  /// uses (false: the plain rename still applies).
  bool cudaArchComparison(size_t I, const rules::RuleEntry &E,
                          const rules::Mapping &M) {
    const RawToken &Tok = T[I];
    std::string Exact = deviceOnlyTest(T, I);
    unsigned End = T[I + 2].Offset + T[I + 2].Length;
    std::string Cmp = Text.substr(Tok.Offset, End - Tok.Offset);
    // In code (`SHM_BANKS = (__CUDA_ARCH__ >= 200) ? 32 : 16`) `defined`
    // means nothing: the macro itself is 1 in the device pass.
    if (!Exact.empty() && !inDirective(Text, Tok.Offset))
      Exact = Exact[0] == '!' ? "!__HIP_DEVICE_COMPILE__"
                              : "__HIP_DEVICE_COMPILE__";
    if (!Exact.empty()) {
      ++Stats.Rewrites["cuda-arch-device-test"];
      addEdit(Tok.Offset, End - Tok.Offset, Exact, E.Family);
      report(core::Severity::Note, "port-cuda-arch", Tok.Offset, Tok.Length,
             fmt::format("'{}' only tells the device pass from the host "
                         "pass (every GPU nvcc builds for is newer): '{}'",
                         Cmp, Exact));
      return true;
    }
    std::vector<std::string> F = branchFeatures(T, I, Rules);
    report(core::Severity::Warning, "port-cuda-arch", Tok.Offset, Tok.Length,
           fmt::format("'{}' picks code by NVIDIA architecture; HIP does "
                       "not define __CUDA_ARCH__ (the test becomes '{}', 1 "
                       "in the device pass); the branch uses {}: choose by "
                       "feature (__HIP_ARCH_HAS_*__, __gfx*__) instead",
                       Cmp, M.Hip + Cmp.substr(Tok.Length),
                       F.empty() ? std::string("no CUDA-specific names")
                                 : llvm::join(F, ", ")));
    return false;
  }

  /// An older HIP form takes fewer arguments: drop them, last first, so
  /// earlier ranges stay valid.
  void dropArguments(size_t I, const rules::RuleEntry &E,
                     const rules::Mapping &M) {
    unsigned B, End;
    std::vector<unsigned> Drop = M.DropArgs;
    std::sort(Drop.rbegin(), Drop.rend());
    bool Dropped = false;
    for (unsigned A : Drop)
      if (argumentRange(T, I + 1, A, B, End)) {
        addEdit(B, End - B, "", "");
        Dropped = true;
      }
    if (Dropped)
      report(core::Severity::Note, "port-api-fallback", T[I].Offset,
             T[I].Length,
             fmt::format("'{}' became '{}'{}", E.Cuda, M.Hip,
                         M.Note.empty() ? "" : ": " + M.Note));
  }

  const rules::RuleSet &Rules;
  const PortOptions &Opts;
  const std::set<std::string> &UserDeclared;
  const std::string &File;
  const std::string &Text;
  TokenWindow T;
  FileEdits &Out;
  std::vector<core::Finding> &Findings;
  FileStats &Stats;
  bool FirstHipHeaderSeen = false, RuntimeFirst = false;
  /// Shims (index into nameShims()) this file uses, with the names used.
  std::map<size_t, std::set<std::string>> ShimsUsed;
};

} // namespace

void TokenRenamer::run(const std::string &File, const std::string &Text,
                       const std::set<std::string> &UserDeclared,
                       bool NeedsRuntimeInclude, FileEdits &Out,
                       std::vector<core::Finding> &Findings,
                       FileStats &Stats,
                       const std::set<std::string> &AstShims) const {
  TokenPass(Rules, Opts, UserDeclared, File, Text, Out, Findings, Stats)
      .run(NeedsRuntimeInclude, AstShims);
}

} // namespace hipport::port
