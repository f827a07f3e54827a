#include "Frontend/Recovery.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <mutex>

namespace hipport::frontend {

namespace {

bool isIdent(llvm::StringRef S) {
  if (S.empty() || !(std::isalpha((unsigned char)S[0]) || S[0] == '_'))
    return false;
  return llvm::all_of(
      S, [](char C) { return std::isalnum((unsigned char)C) || C == '_'; });
}

/// Words that follow a type name but are not a declarator's name.
bool isKeywordAfterType(llvm::StringRef S) {
  return S == "const" || S == "volatile" || S == "__restrict__" ||
         S == "__restrict" || S == "restrict";
}

/// A type as clang spells it in a message, without cv, tag keyword and
/// template arguments: `const at::Tensor` -> `at::Tensor`.
std::string bareType(llvm::StringRef T) {
  T = T.trim();
  for (llvm::StringRef P : {"const ", "volatile ", "struct ", "class "})
    while (T.consume_front(P))
      T = T.trim();
  T = T.take_until([](char C) { return C == '<' || C == ' ' || C == '&' || C == '*'; });
  return T.str();
}

/// For the template arguments of a use (`X<float, 2>`): true per argument
/// that is a value. Tokens starts after the `<`.
std::vector<bool> valueArgs(const std::vector<std::string> &Tokens, size_t I) {
  std::vector<bool> Out;
  int Depth = 0;
  bool Start = true;
  for (; I < Tokens.size(); ++I) {
    llvm::StringRef T = Tokens[I];
    if (Start) {
      Out.push_back(std::isdigit((unsigned char)T[0]) || T == "-" ||
                    T == "true" || T == "false" || T == "sizeof");
      Start = false;
    }
    if (T == "<" || T == "(" || T == "[")
      ++Depth;
    else if (T == ")" || T == "]")
      --Depth;
    else if (T == ">" || T == ">>") {
      if (Depth == 0)
        return Out;
      Depth -= T == ">>" ? 2 : 1;
      if (Depth < 0)
        return Out;
    } else if (T == "," && Depth == 0)
      Start = true;
  }
  return Out;
}

std::string join(const std::string &Scope, const std::string &Name) {
  return Scope.empty() ? Name : Scope + "::" + Name;
}

const char *const AnyType = "__hipport_any";

/// What every stub builds on: constructible from anything, convertible to
/// integers and pointers (so arithmetic on it stays a builtin operator the
/// checks see), callable and indexable.
const char *const PreludeHead = R"(// hipport lint: recovery stubs (written by hipport, not the project's code)
#pragma clang system_header
#if defined(__CUDA__) || defined(__HIP__)
#define __hipport_hd __attribute__((host)) __attribute__((device))
#else
#define __hipport_hd
#endif
#if __cplusplus >= 201703L
#define __hipport_value auto
#else
#define __hipport_value long long
#endif
)";

} // namespace

const char *RecoveryStubs::dir() { return "/__hipport_recovery__/include"; }

std::string RecoveryStubs::preludePath() {
  return std::string(dir()) + "/__hipport_recovery_prelude.h";
}

bool RecoveryStubs::add(const std::string &Q, Kind K,
                        std::vector<bool> ValueArgs) {
  if (Q.empty() || Dropped.count(Q) || Q == AnyType)
    return false;
  if (auto It = Names.find(Q); It != Names.end()) {
    // clang says a type is needed where a use looked like a value.
    bool WasValue = It->second.K == Kind::Function || It->second.K == Kind::Variable ||
                    It->second.K == Kind::Constant;
    if (!WasValue || (K != Kind::Type && K != Kind::TypeTemplate))
      return false;
    It->second = Stub{K, std::move(ValueArgs)};
    return true;
  }
  // A name inside a stub type is a member, not a declaration of its own.
  size_t Colon = Q.rfind("::");
  if (Colon != std::string::npos) {
    auto Outer = Names.find(Q.substr(0, Colon));
    if (Outer != Names.end() && Outer->second.K != Kind::Namespace)
      return addMember(Outer->first, Q.substr(Colon + 2),
                       K == Kind::TypeTemplate ? Kind::Function : K);
    if (llvm::StringRef(Q).starts_with("std::"))
      return false;
    add(Q.substr(0, Colon), Kind::Namespace);
  }
  Names[Q] = Stub{K, std::move(ValueArgs)};
  return true;
}

bool RecoveryStubs::addMember(const std::string &Type, const std::string &Member,
                              Kind K) {
  if (K != Kind::Function && K != Kind::Variable)
    K = Kind::Constant;
  auto [It, New] = Members[Type].emplace(Member, K);
  if (New || It->second == K || K != Kind::Function)
    return New;
  It->second = K; // used with template arguments: a call after all
  return true;
}

/// What a name is, from the token after it: `(` a call, `.`, `->`, `[` an
/// object, anything else an integer constant.
static RecoveryStubs::Kind valueKind(llvm::StringRef After) {
  using K = RecoveryStubs::Kind;
  if (After == "(")
    return K::Function;
  static const std::set<llvm::StringRef> Object = {
      ".", "->", "[", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
      "<<=", ">>=", "++", "--"};
  if (Object.count(After))
    return K::Variable;
  return K::Constant;
}

/// First (in Scope) followed by the tokens Next: `ns :: sub :: f (` makes
/// ns and ns::sub namespaces and ns::sub::f what its next token says.
bool RecoveryStubs::addChain(const std::string &Scope, const std::string &First,
                             const std::vector<std::string> &Next) {
  std::string Cur = join(Scope, First);
  bool New = false;
  size_t I = 0;
  while (I + 1 < Next.size() && Next[I] == "::" && isIdent(Next[I + 1])) {
    New |= add(Cur, Kind::Namespace);
    Cur += "::" + Next[I + 1];
    I += 2;
  }
  llvm::StringRef After = I < Next.size() ? llvm::StringRef(Next[I]) : "";
  if (After == "::")
    return add(Cur, Kind::Namespace) || New;
  if (After == "<")
    return add(Cur, Kind::TypeTemplate, valueArgs(Next, I + 1)) || New;
  if ((isIdent(After) && !isKeywordAfterType(After)) || After == "&" ||
      After == "&&" || After == "*" || After == "...")
    return add(Cur, Kind::Type) || New;
  return add(Cur, valueKind(After)) || New;
}

bool RecoveryStubs::learn(const std::vector<ParseError> &Errors) {
  static const llvm::Regex NotFound("^'([^']+)' file not found");
  static const llvm::Regex UnknownType("^unknown type name '([A-Za-z_][A-Za-z0-9_]*)'");
  static const llvm::Regex Undeclared(
      "^use of undeclared identifier '([A-Za-z_][A-Za-z0-9_]*)'");
  static const llvm::Regex NoTemplate(
      "^no template named '([A-Za-z_][A-Za-z0-9_]*)'( in namespace '([^']+)')?");
  static const llvm::Regex NoTypeIn(
      "^no type named '([A-Za-z_][A-Za-z0-9_]*)' in namespace '([^']+)'");
  static const llvm::Regex NoMemberNs(
      "^no member named '([A-Za-z_][A-Za-z0-9_]*)' in "
      "(namespace '([^']+)'|the global namespace)");
  static const llvm::Regex NoMember(
      "^no member named '([A-Za-z_][A-Za-z0-9_]*)' in '([^']+)'");
  static const llvm::Regex NotTemplate(
      "^'([A-Za-z_][A-Za-z0-9_]*)' does not name a template but is followed by "
      "template arguments");
  static const llvm::Regex Conflict(
      "redefinition of|redeclared|is ambiguous|conflicting|different kind of "
      "symbol|typedef redefinition|must use '(struct|class)'");
  bool New = false;
  for (const ParseError &E : Errors) {
    llvm::SmallVector<llvm::StringRef, 4> M;
    llvm::StringRef Msg = E.Message;
    const std::vector<std::string> &N = E.Next;
    llvm::StringRef After = N.empty() ? "" : llvm::StringRef(N[0]);
    if (NotFound.match(Msg, &M)) {
      New |= Headers.insert(M[1].str()).second;
    } else if (UnknownType.match(Msg, &M)) {
      New |= After == "<" ? add(M[1].str(), Kind::TypeTemplate, valueArgs(N, 1))
                          : add(M[1].str(), Kind::Type);
    } else if (NoTypeIn.match(Msg, &M)) {
      std::string Q = join(M[2].str(), M[1].str());
      New |= After == "<" ? add(Q, Kind::TypeTemplate, valueArgs(N, 1))
                          : add(Q, Kind::Type);
    } else if (NoTemplate.match(Msg, &M)) {
      New |= add(join(M[3].str(), M[1].str()), Kind::TypeTemplate,
                 After == "<" ? valueArgs(N, 1) : std::vector<bool>());
    } else if (Undeclared.match(Msg, &M)) {
      New |= addChain("", M[1].str(), N);
    } else if (NoMemberNs.match(Msg, &M)) {
      New |= addChain(M[3].str(), M[1].str(), N);
    } else if (NoMember.match(Msg, &M)) {
      std::string T = bareType(M[2]);
      auto It = Names.find(T);
      bool Ours = T == AnyType ||
                  (It != Names.end() && It->second.K != Kind::Namespace &&
                   It->second.K != Kind::Function);
      if (Ours)
        New |= addMember(T, M[1].str(),
                         After == "<" ? Kind::Function : valueKind(After));
    } else if (NotTemplate.match(Msg, &M)) {
      for (auto &[Type, Ms] : Members)
        if (Ms.count(M[1].str()))
          New |= addMember(Type, M[1].str(), Kind::Function);
    } else if (Conflict.match(Msg)) {
      // The TU declares the name itself (it was declared after its first
      // use, or by a header that does exist): drop the stub.
      llvm::SmallVector<llvm::StringRef, 4> Quoted;
      llvm::StringRef Rest = Msg;
      while (true) {
        size_t B = Rest.find('\'');
        if (B == llvm::StringRef::npos)
          break;
        size_t End = Rest.find('\'', B + 1);
        if (End == llvm::StringRef::npos)
          break;
        std::string Name = bareType(Rest.slice(B + 1, End));
        for (auto It = Names.begin(); It != Names.end();)
          if (It->first == Name || llvm::StringRef(It->first).ends_with("::" + Name)) {
            Dropped.insert(It->first);
            Members.erase(It->first);
            It = Names.erase(It);
            New = true;
          } else {
            ++It;
          }
        Rest = Rest.drop_front(End + 1);
      }
    }
  }
  return New;
}

std::vector<std::string> RecoveryStubs::names() const {
  std::vector<std::string> Out;
  for (const auto &[Q, S] : Names)
    if (S.K != Kind::Namespace)
      Out.push_back(Q);
  return Out;
}

/// The members of a stub type: calls take anything (explicit template
/// arguments too) and return anything; data members are static, so
/// `T::x` and `t.x` both work.
/// A function that takes anything: a variadic template (explicit template
/// arguments too), and an overload of __hipport_any parameters for braced
/// arguments (`f({a, b})`), which no template deduces.
static std::string functionText(bool Member, const std::string &Name) {
  std::string Any = AnyType, Head = Member ? "  static __hipport_hd " : "__hipport_hd ";
  std::string Params;
  for (int I = 0; I < 8; ++I)
    Params += std::string(I ? ", " : "") + Any + " = {}";
  return std::string(Member ? "  " : "") + "template <class... T, class... A>\n" +
         Head + Any + " " + Name + "(A &&...);\n" + Head + Any + " " + Name + "(" +
         Params + ");\n";
}

/// Constants get values of their own, far from any width (so `case`
/// labels differ and no check reads a 32 or a 64 into them).
static std::string constantText(bool Member, const std::string &Name, unsigned &Next) {
  return std::string(Member ? "  static " : "") + "constexpr long " + Name + " = " +
         std::to_string(Next++) + ";\n";
}

static std::string membersText(const std::map<std::string, RecoveryStubs::Kind> &Ms,
                               unsigned &Next) {
  using K = RecoveryStubs::Kind;
  std::string Out;
  for (const auto &[Name, Kind] : Ms)
    Out += Kind == K::Function   ? functionText(true, Name)
           : Kind == K::Constant ? constantText(true, Name, Next)
                                 : "  static " + std::string(AnyType) + " " + Name + ";\n";
  return Out;
}

void RecoveryStubs::renderScope(const std::string &Scope, std::string &Out,
                                unsigned &Next) const {
  for (const auto &[Q, S] : Names) {
    size_t Colon = Q.rfind("::");
    std::string Own = Colon == std::string::npos ? "" : Q.substr(0, Colon);
    std::string Name = Colon == std::string::npos ? Q : Q.substr(Colon + 2);
    if (Own != Scope)
      continue;
    std::string Body;
    auto Ms = Members.find(Q);
    if (Ms != Members.end())
      Body = membersText(Ms->second, Next);
    switch (S.K) {
    case Kind::Namespace:
      Out += "namespace " + Name + " {\n";
      renderScope(Q, Out, Next);
      Out += "}\n";
      break;
    case Kind::TypeTemplate: {
      std::string Params;
      for (size_t I = 0; I < S.ValueArgs.size(); ++I)
        Params += (S.ValueArgs[I] ? "__hipport_value A" : "class A") +
                  std::to_string(I) + (S.ValueArgs[I] ? " = 0, " : " = void, ");
      Out += "template <" + Params + "class... R> ";
      [[fallthrough]];
    }
    case Kind::Type:
      // Its own constructor: an inherited one is not used to convert from
      // the base, and stub functions return the base.
      Out += "struct " + Name + " : " + AnyType + " {\n  template <class... A> "
             "__hipport_hd " + Name + "(A &&...) {}\n" + Body + "};\n";
      break;
    case Kind::Function:
      Out += functionText(false, Name);
      break;
    case Kind::Constant:
      Out += constantText(false, Name, Next);
      break;
    case Kind::Variable:
      // A device variable: host and device code may both read it.
      Out += "#if defined(__CUDA__) || defined(__HIP__)\n__attribute__((device))\n"
             "#endif\nextern " + std::string(AnyType) + " " + Name + ";\n";
      break;
    }
  }
}

std::string RecoveryStubs::preludeText() const {
  std::string Out = PreludeHead;
  Out += "struct " + std::string(AnyType) + " {\n"
         "  __hipport_hd __hipport_any() {}\n"
         "  template <class A0, class... A> __hipport_hd __hipport_any(A0 &&, A &&...) {}\n"
         "  __hipport_hd operator long() const { return 0; }\n"
         "  template <class T> __hipport_hd operator T *() const { return nullptr; }\n"
         "  template <class... A> __hipport_hd __hipport_any operator()(A &&...) const { return {}; }\n"
         "  template <class A> __hipport_hd __hipport_any operator[](A &&) const { return {}; }\n"
         "  __hipport_hd const __hipport_any *operator->() const { return this; }\n"
         "  __hipport_hd __hipport_any &operator++() { return *this; }\n"
         "  __hipport_hd __hipport_any &operator--() { return *this; }\n"
         "  __hipport_hd __hipport_any operator++(int) { return *this; }\n"
         "  __hipport_hd __hipport_any operator--(int) { return *this; }\n";
  for (const char *Op : {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="})
    Out += std::string("  template <class A> __hipport_hd __hipport_any &operator") +
           Op + "(A &&) { return *this; }\n";
  unsigned Next = 100001;
  auto Ms = Members.find(AnyType);
  if (Ms != Members.end())
    Out += membersText(Ms->second, Next);
  Out += "};\n";
  renderScope("", Out, Next);
  return Out;
}

namespace {

/// What the first pass over a TU learnt, for the passes after it.
struct Learnt {
  RecoveryStubs Stubs;
  std::vector<ParseError> Errors; ///< the plain parse's
};

std::mutex MemoLock;
std::map<std::string, Learnt> &memo() {
  static std::map<std::string, Learnt> M;
  return M;
}

} // namespace

bool recoveredBefore(const std::string &TU) {
  std::lock_guard<std::mutex> G(MemoLock);
  return memo().count(TU);
}

// Opt-in: on real code it found nothing the token scan missed (held-out
// recall 0.257 either way) and cost lint a third more CPU on cuda-samples.
bool recoveryEnabled() {
  const char *E = std::getenv("HIPPORT_RECOVERY");
  return E && llvm::StringRef(E) == "on";
}

TUOutcome recoverParse(const std::string &TU, const TUOutcome *First,
                       const PlainParse &Plain, const StubbedParse &Stubbed) {
  RecoveryStubs S;
  TUOutcome Out;
  Out.File = TU;
  {
    std::lock_guard<std::mutex> G(MemoLock);
    auto It = memo().find(TU);
    if (It != memo().end()) {
      S = It->second.Stubs;
      Out.Errors = It->second.Errors;
    }
  }
  if (First) {
    Out = *First;
    if (!S.learn(First->Errors))
      return Out;
  }
  // The plain parse's errors are mostly what the missing headers hide; a
  // stubbed parse trades them for errors in expressions (members not yet
  // stubbed), so the first stubbed parse may have more and still keep the
  // function bodies. After it, errors must shrink for the loop to go on.
  size_t Best = SIZE_MAX, Last = SIZE_MAX;
  RecoveryStubs BestStubs;
  bool LastIsBest = true;
  unsigned Parses = 0;
  while (Parses < MaxRecoveryParses) {
    TUOutcome R = Stubbed(S);
    ++Parses;
    if (R.Crashed) {
      LastIsBest = false;
      break;
    }
    size_t N = R.Errors.size();
    LastIsBest = N < Best;
    if (LastIsBest) {
      Best = N;
      BestStubs = S;
      Out.RecoveredErrors = R.Errors;
    }
    if (N == 0 || N >= Last || !S.learn(R.Errors))
      break;
    Last = N;
  }
  if (!LastIsBest) {
    ++Parses;
    // The action's results are those of the last parse run.
    if (Best == SIZE_MAX) {
      TUOutcome P = Plain(); // every stubbed parse crashed
      P.RecoveryParses = Parses;
      return P;
    }
    Stubbed(BestStubs);
  }
  bool StubsWon = true; // see above: a stubbed parse is always preferred
  Out.Parsed = false;
  Out.Recovered = StubsWon;
  Out.RecoveryParses = Parses;
  if (StubsWon) {
    Out.StubbedHeaders.assign(BestStubs.headers().begin(), BestStubs.headers().end());
    Out.StubbedNames = BestStubs.names();
    std::lock_guard<std::mutex> G(MemoLock);
    memo().try_emplace(TU, Learnt{BestStubs, Out.Errors});
  }
  if (Out.Errors.empty())
    Out.Errors.push_back({TU, 0, 0, "recovered parse of a TU that did not parse"});
  return Out;
}

} // namespace hipport::frontend
