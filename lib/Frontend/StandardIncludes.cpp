#include "Frontend/StandardIncludes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace path = llvm::sys::path;

namespace hipport::frontend {

namespace {

/// <cassert> and <assert.h> are left out: they are meant to be read again,
/// under whatever NDEBUG says at that point.
const char *const CHeaders[] = {
    "ctype.h",  "errno.h",  "float.h",  "inttypes.h", "limits.h",
    "locale.h", "math.h",   "setjmp.h", "signal.h",   "stdarg.h",
    "stdbool.h", "stddef.h", "stdint.h", "stdio.h",   "stdlib.h",
    "string.h", "time.h",   "wchar.h",  "wctype.h"};

/// C++ headers that wrap a C header.
const char *const CWrappers[] = {
    "cctype",  "cerrno",  "cfloat",  "cinttypes", "climits", "clocale",
    "cmath",   "csetjmp", "csignal", "cstdarg",   "cstdbool", "cstddef",
    "cstdint", "cstdio",  "cstdlib", "cstring",   "ctime",   "cwchar",
    "cwctype"};

const char *const CxxHeaders[] = {
    "algorithm", "array",         "atomic",        "bitset",
    "chrono",    "complex",       "condition_variable", "deque",
    "exception", "fstream",       "functional",    "initializer_list",
    "iomanip",   "ios",           "iosfwd",        "iostream",
    "istream",   "iterator",      "limits",        "list",
    "map",       "memory",        "mutex",         "new",
    "numeric",   "optional",      "ostream",       "queue",
    "random",    "ratio",         "set",           "sstream",
    "stack",     "stdexcept",     "string",        "string_view",
    "thread",    "tuple",         "type_traits",   "typeinfo",
    "unordered_map", "unordered_set", "utility",   "valarray",
    "variant",   "vector"};

bool inList(llvm::StringRef Name, llvm::ArrayRef<const char *> List) {
  return llvm::any_of(List, [&](const char *N) { return Name == N; });
}

bool isStandardHeader(llvm::StringRef Name) {
  return inList(Name, CHeaders) || inList(Name, CWrappers) ||
         inList(Name, CxxHeaders);
}

/// A macro whose definition may change how a standard header reads:
/// reserved names (feature macros such as _GNU_SOURCE), NDEBUG, and names
/// without capitals, which may be identifiers the headers use (min, max).
bool mayAffectStandardHeaders(llvm::StringRef Macro) {
  if (Macro.empty() || Macro.starts_with("_") || Macro == "NDEBUG")
    return true;
  return llvm::none_of(Macro, [](char C) { return std::isupper((unsigned char)C); });
}

struct Directive {
  enum Kind { Include, Define, Conditional, EndConditional, Barrier, Other };
  Kind K = Other;
  std::string Name; ///< included header, defined macro, or #ifndef macro
  bool Angled = false;
};

/// The preprocessor directives of Text, comments removed, continued lines
/// joined.
std::vector<Directive> scanDirectives(llvm::StringRef Text) {
  std::vector<Directive> Out;
  bool InComment = false;
  std::string Line;
  auto Flush = [&] {
    llvm::StringRef L = llvm::StringRef(Line).trim();
    if (!L.consume_front("#"))
      return;
    L = L.ltrim();
    llvm::StringRef Word = L.take_while([](char C) { return std::isalpha((unsigned char)C) || C == '_'; });
    llvm::StringRef Rest = L.drop_front(Word.size()).trim();
    llvm::StringRef Ident = Rest.take_while([](char C) { return std::isalnum((unsigned char)C) || C == '_'; });
    Directive D;
    if (Word == "include") {
      char Open = Rest.empty() ? 0 : Rest.front();
      char Close = Open == '<' ? '>' : Open == '"' ? '"' : 0;
      size_t End = Close ? Rest.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos) {
        D.K = Directive::Barrier; // a computed include: could be anything
      } else {
        D.K = Directive::Include;
        D.Name = Rest.slice(1, End).str();
        D.Angled = Open == '<';
      }
    } else if (Word == "define" || Word == "undef") {
      D.K = Directive::Define;
      D.Name = Ident.str();
    } else if (Word == "if" || Word == "ifdef" || Word == "ifndef") {
      D.K = Directive::Conditional;
      if (Word == "ifndef")
        D.Name = Ident.str();
    } else if (Word == "endif") {
      D.K = Directive::EndConditional;
    } else if (Word == "include_next" || Word == "import") {
      D.K = Directive::Barrier;
    }
    Out.push_back(std::move(D));
  };
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Raw : Lines) {
    std::string Clean;
    for (size_t I = 0; I < Raw.size(); ++I) {
      if (InComment) {
        if (Raw.substr(I).starts_with("*/")) {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (Raw.substr(I).starts_with("/*")) {
        InComment = true;
        ++I;
        Clean += ' ';
        continue;
      }
      if (Raw.substr(I).starts_with("//"))
        break;
      Clean += Raw[I];
    }
    llvm::StringRef C = llvm::StringRef(Clean).rtrim("\r \t");
    if (C.ends_with("\\")) {
      Line += C.drop_back().str();
      continue;
    }
    Line += C.str();
    Flush();
    Line.clear();
  }
  Flush();
  return Out;
}

/// Every file's directives, read once per process.
class DirectiveCache {
public:
  std::shared_ptr<const std::vector<Directive>> get(const std::string &File) {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Files.find(File);
    if (It != Files.end())
      return It->second;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    auto D = std::make_shared<const std::vector<Directive>>(
        Buf ? scanDirectives((*Buf)->getBuffer()) : std::vector<Directive>{});
    Files.emplace(File, D);
    return D;
  }

private:
  std::mutex Lock;
  std::map<std::string, std::shared_ptr<const std::vector<Directive>>> Files;
};

DirectiveCache &directives() {
  static DirectiveCache Cache;
  return Cache;
}

/// One walk of a TU's include tree in the order the preprocessor meets it.
class IncludeWalk {
public:
  IncludeWalk(const std::vector<std::string> &IncludeDirs,
              const std::vector<std::string> &ToolkitDirs)
      : IncludeDirs(IncludeDirs), ToolkitDirs(ToolkitDirs) {}

  /// False once a barrier is met: nothing after it is precompilable.
  bool walk(const std::string &File, bool Conditional) {
    if (!Visited.insert(File).second)
      return true;
    auto Dirs = directives().get(File);
    // An include guard's #ifndef/#define pair does not make the file's
    // includes conditional.
    unsigned Guard = Dirs->size() >= 2 &&
                     (*Dirs)[0].K == Directive::Conditional &&
                     !(*Dirs)[0].Name.empty() &&
                     (*Dirs)[1].K == Directive::Define &&
                     (*Dirs)[1].Name == (*Dirs)[0].Name;
    unsigned Depth = 0;
    for (size_t I = 0; I < Dirs->size(); ++I) {
      const Directive &D = (*Dirs)[I];
      switch (D.K) {
      case Directive::Conditional:
        ++Depth;
        break;
      case Directive::EndConditional:
        Depth = Depth ? Depth - 1 : 0;
        break;
      case Directive::Barrier:
        return false;
      case Directive::Define:
        if (Guard && I == 1)
          break;
        // Toolkit headers read the project's macros (THRUST_*, CUB_*):
        // none may come after any.
        AnyDefine = true;
        if (mayAffectStandardHeaders(D.Name))
          return false;
        break;
      case Directive::Include:
        if (!include(File, D, Conditional || Depth > Guard))
          return false;
        break;
      case Directive::Other:
        break;
      }
    }
    return true;
  }

  std::set<std::string> Standard;
  std::vector<std::string> Toolkit; ///< in the order the TU reads them

private:
  bool include(const std::string &From, const Directive &D, bool Conditional) {
    if (std::optional<std::string> Project = resolve(From, D, IncludeDirs))
      return walk(*Project, Conditional);
    if (Conditional)
      return true;
    if (isStandardHeader(D.Name))
      Standard.insert(D.Name);
    else if (D.Angled && !AnyDefine && resolve(From, D, ToolkitDirs) &&
             !llvm::is_contained(Toolkit, D.Name))
      Toolkit.push_back(D.Name);
    return true;
  }

  /// The file an include names in Dirs (or, quoted, beside From), if any.
  std::optional<std::string> resolve(const std::string &From,
                                     const Directive &D,
                                     const std::vector<std::string> &Dirs) {
    auto Try = [&](llvm::StringRef Dir) -> std::optional<std::string> {
      llvm::SmallString<256> P(Dir);
      path::append(P, D.Name);
      if (llvm::sys::fs::is_regular_file(P))
        return std::string(P);
      return std::nullopt;
    };
    if (!D.Angled && &Dirs == &IncludeDirs)
      if (auto P = Try(path::parent_path(From)))
        return P;
    for (const std::string &Dir : Dirs)
      if (auto P = Try(Dir))
        return P;
    return std::nullopt;
  }

  const std::vector<std::string> &IncludeDirs, &ToolkitDirs;
  std::set<std::string> Visited;
  bool AnyDefine = false;
};

} // namespace

PrecompilableHeaders
precompilableHeaders(const std::string &TU,
                     const std::vector<std::string> &IncludeDirs,
                     const std::vector<std::string> &ToolkitDirs) {
  IncludeWalk W(IncludeDirs, ToolkitDirs);
  W.walk(TU, /*Conditional=*/false);
  return {std::move(W.Toolkit), {W.Standard.begin(), W.Standard.end()}};
}

bool isHeavyStandardHeader(const std::string &Name) {
  return inList(Name, CxxHeaders);
}

} // namespace hipport::frontend
