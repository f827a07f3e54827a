#include "Validate/Recording.h"

#include "Core/FileWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

#include <map>

namespace fs = llvm::sys::fs;

namespace hipport::validate {
namespace {

/// The words of one manifest line, each with its column, for errors.
class Words {
public:
  Words(const std::string &File, unsigned Line, llvm::StringRef Text)
      : File(File), Line(Line), Text(Text) {}

  bool done() { return skip() >= Text.size(); }
  unsigned column() const { return unsigned(Pos) + 1; }
  unsigned nextColumn() { return unsigned(skip()) + 1; }
  llvm::Error errorAt(unsigned Col, const std::string &Msg) const {
    return llvm::createStringError(
        fmt::format("{}:{}:{}: {}", File, Line, Col, Msg));
  }
  llvm::Error error(const std::string &Msg) const {
    return errorAt(column(), Msg);
  }
  llvm::Expected<llvm::StringRef> word(llvm::StringRef What) {
    if (done())
      return error("expected " + What.str() + ", found the end of the line");
    size_t End = Text.find(' ', Pos);
    End = End == llvm::StringRef::npos ? Text.size() : End;
    llvm::StringRef W = Text.slice(Pos, End);
    Pos = End;
    return W;
  }
  /// The keyword Key, then a value.
  llvm::Expected<llvm::StringRef> field(llvm::StringRef Key) {
    size_t At = skip();
    auto K = word("'" + Key.str() + "'");
    if (!K)
      return K.takeError();
    if (*K != Key) {
      Pos = At;
      return error(fmt::format("expected '{}', found '{}'", Key, *K));
    }
    return word("a value after '" + Key.str() + "'");
  }
  template <typename T> llvm::Error number(llvm::StringRef Key, T &Out) {
    auto V = Key.empty() ? word("a number") : field(Key);
    if (!V)
      return V.takeError();
    long long X;
    if (V->getAsInteger(10, X) || (std::is_unsigned_v<T> && X < 0)) {
      Pos -= V->size();
      return error(fmt::format("expected a number, found '{}'", *V));
    }
    Out = T(X);
    return llvm::Error::success();
  }
  llvm::Error dim3(llvm::StringRef Key, Dim3 &D) {
    if (auto E = number(Key, D.X))
      return E;
    if (auto E = number("", D.Y))
      return E;
    return number("", D.Z);
  }
  /// The rest of the line (a kernel name may hold spaces).
  llvm::StringRef rest() {
    skip();
    llvm::StringRef R = Text.drop_front(Pos);
    Pos = Text.size();
    return R;
  }

private:
  size_t skip() {
    while (Pos < Text.size() && Text[Pos] == ' ')
      ++Pos;
    return Pos;
  }
  const std::string &File;
  unsigned Line;
  llvm::StringRef Text;
  size_t Pos = 0;
};

llvm::Error readBuffer(Words &W, RecordedArg &A) {
  A.Kind = RecordedArg::Buffer;
  unsigned Col = W.nextColumn();
  auto Ty = W.word("an element type");
  if (!Ty)
    return Ty.takeError();
  if (!parseTypeName(*Ty, A.Type))
    return W.errorAt(Col, fmt::format("unknown element type '{}'", *Ty));
  A.Type.Spelling = Ty->str();
  if (auto E = W.number("", A.Type.Size))
    return E;
  auto K = W.word("'alloc', 'untracked' or 'null'");
  if (!K)
    return K.takeError();
  if (*K == "untracked" || *K == "null") {
    A.Null = *K == "null";
    return llvm::Error::success();
  }
  if (*K != "alloc")
    return W.error(fmt::format("expected 'alloc', 'untracked' or 'null', "
                               "found '{}'",
                               *K));
  A.Tracked = true;
  if (auto E = W.number("", A.Alloc))
    return E;
  if (auto E = W.number("offset", A.Offset))
    return E;
  if (auto E = W.number("bytes", A.Bytes))
    return E;
  auto B = W.field("before");
  if (!B)
    return B.takeError();
  auto Af = W.field("after");
  if (!Af)
    return Af.takeError();
  if (*B != "-")
    A.Before = B->str();
  A.AfterSame = *Af == "=";
  if (*Af != "-" && *Af != "=")
    A.After = Af->str();
  if (A.Before.empty() != (*Af == "-"))
    return W.error("'before' and 'after' must both be '-' or both name data");
  return llvm::Error::success();
}

llvm::Error readArg(Words &W, RecordedLaunchRun &L) {
  unsigned Index;
  if (auto E = W.number("", Index))
    return E;
  if (Index != L.Args.size())
    return W.error(fmt::format("argument {} out of order: expected {}", Index,
                               L.Args.size()));
  RecordedArg A;
  auto K = W.word("an argument kind");
  if (!K)
    return K.takeError();
  if (*K == "buf") {
    if (auto E = readBuffer(W, A))
      return E;
  } else if (*K == "int" || *K == "float" || *K == "other") {
    A.Kind = *K == "int"     ? RecordedArg::Int
             : *K == "float" ? RecordedArg::Float
                             : RecordedArg::Other;
    if (A.Kind != RecordedArg::Other) {
      auto V = W.word("a value");
      if (!V)
        return V.takeError();
      A.Value = V->str();
    }
    auto H = W.field("hex");
    if (!H)
      return H.takeError();
    A.Hex = H->str();
  } else {
    return W.error(fmt::format(
        "expected 'buf', 'int', 'float' or 'other', found '{}'", *K));
  }
  if (!W.done())
    return W.error("unexpected text after the argument");
  L.Args.push_back(std::move(A));
  return llvm::Error::success();
}

llvm::Error readLaunch(Words &W, RecordedLaunchRun &L, unsigned &Args) {
  if (auto E = W.number("", L.Seq))
    return E;
  if (auto E = W.number("rc", L.Rc))
    return E;
  if (auto E = W.number("width", L.Width))
    return E;
  if (auto E = W.dim3("grid", L.Grid))
    return E;
  if (auto E = W.dim3("block", L.Block))
    return E;
  if (auto E = W.number("shared", L.Shared))
    return E;
  if (auto E = W.number("args", Args))
    return E;
  auto N = W.word("'name'");
  if (!N)
    return N.takeError();
  if (*N != "name")
    return W.error(fmt::format("expected 'name', found '{}'", *N));
  llvm::StringRef K = W.rest().trim();
  if (K.empty())
    return W.error("expected a kernel name");
  if (K.consume_front("HIP_KERNEL_NAME(") && K.consume_back(")"))
    K = K.trim();
  L.Kernel = K.str();
  return llvm::Error::success();
}

} // namespace

namespace {

/// A data file the manifest names must exist with the allocation's size.
llvm::Error checkData(Words &W, llvm::StringRef Line, const Recording &R,
                      const std::string &Name, uint64_t Bytes, uint64_t &Total) {
  uint64_t Size = 0;
  unsigned Col = unsigned(Line.find(" " + Name)) + 2;
  if (fs::file_size(R.Dir + "/data/" + Name, Size))
    return W.errorAt(Col, fmt::format("data file {} is missing", Name));
  if (Size != Bytes)
    return W.errorAt(Col, fmt::format("data file {} has {} bytes, the "
                                      "allocation {}",
                                      Name, Size, Bytes));
  Total += Size;
  return llvm::Error::success();
}

/// Reads the header: "hipcpu-record 1", then "limit BYTES".
llvm::Error readHeader(const std::string &File, llvm::ArrayRef<llvm::StringRef> Lines,
                       Recording &R) {
  Words H(File, 1, Lines.empty() ? "" : Lines[0]);
  auto Magic = H.word("'hipcpu-record'");
  if (!Magic)
    return Magic.takeError();
  if (*Magic != "hipcpu-record")
    return H.errorAt(1, "not a hipcpu recording (expected 'hipcpu-record 1')");
  unsigned Version = 0;
  if (auto E = H.number("", Version))
    return E;
  if (Version != 1)
    return H.errorAt(15, fmt::format("format version {}; this hipport reads 1",
                                     Version));
  Words L(File, 2, Lines.size() > 1 ? Lines[1] : "");
  return L.number("limit", R.Limit);
}

} // namespace

llvm::Expected<std::string> Recording::data(const std::string &Name) const {
  return core::readFile(Dir + "/data/" + Name);
}

llvm::Expected<Recording> readRecording(const std::string &Dir) {
  Recording R;
  R.Dir = Dir;
  std::string File = Dir + "/manifest.txt";
  auto Text = core::readFile(File);
  if (!Text)
    return llvm::createStringError(
        fmt::format("{}: no recording ({})", File,
                    llvm::toString(Text.takeError())));
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(*Text).split(Lines, '\n');
  if (auto E = readHeader(File, Lines, R))
    return std::move(E);
  unsigned Expect = 0; // arg lines still due for the last launch
  for (unsigned I = 2; I < Lines.size(); ++I) {
    Words W(File, I + 1, Lines[I]);
    if (W.done())
      continue;
    auto Key = W.word("a line kind");
    if (!Key)
      return Key.takeError();
    if (*Key == "arg" && Expect) {
      if (auto E = readArg(W, R.Launches.back()))
        return std::move(E);
      --Expect;
      const RecordedArg &A = R.Launches.back().Args.back();
      for (const std::string *N : {&A.Before, &A.After})
        if (!N->empty())
          if (auto E = checkData(W, Lines[I], R, *N, A.Bytes, R.DataBytes))
            return std::move(E);
      R.DataFiles += !A.Before.empty() + !A.After.empty();
      continue;
    }
    if (Expect)
      return W.errorAt(1, fmt::format("expected {} more 'arg' line(s) of "
                                      "launch {}",
                                      Expect, R.Launches.back().Seq));
    if (*Key == "launch") {
      RecordedLaunchRun L;
      L.Line = I + 1;
      if (auto E = readLaunch(W, L, Expect))
        return std::move(E);
      R.Launches.push_back(std::move(L));
    } else if (*Key == "limit-reached") {
      unsigned Seq;
      if (auto E = W.number("launch", Seq))
        return std::move(E);
      R.LimitReachedAt = Seq;
    } else {
      return W.errorAt(1, fmt::format("expected 'launch', 'arg' or "
                                      "'limit-reached', found '{}'",
                                      *Key));
    }
  }
  if (Expect)
    return llvm::createStringError(fmt::format(
        "{}:{}: the manifest ends {} 'arg' line(s) short of launch {}", File,
        Lines.size() - Lines.back().empty(), Expect, R.Launches.back().Seq));
  return R;
}

BufferResult compareAfter(const RecordedArg &A, unsigned Index,
                          llvm::StringRef Expected, llvm::StringRef Actual) {
  Param P;
  P.Name = fmt::format("argument {}", Index);
  P.Kind = ParamKind::Buffer;
  P.Type = A.Type;
  uint64_t Off = std::min<uint64_t>(A.Offset, Expected.size());
  return compareBuffer(P, Expected.drop_front(Off),
                       Actual.drop_front(std::min<uint64_t>(Off, Actual.size())));
}

namespace {

std::string dimText(const Dim3 &D) {
  return fmt::format("{} {} {}", D.X, D.Y, D.Z);
}

/// Where two launches at the same place of the sequence differ in what the
/// host gave them (kernel, shape, scalars); "" when they do not.
/// One kernel: the same name, or the same template launched with arguments
/// spelled another way (`sumBlocks<T, 64>` as template host code launches
/// it on hipcpu, `sumBlocks<int, 64>` as a GPU's runtime names the
/// instantiation); the arguments' types and bytes are compared apart.
bool sameKernel(llvm::StringRef A, llvm::StringRef B) {
  return A == B || (A.contains('<') && B.contains('<') &&
                    A.split('<').first.trim() == B.split('<').first.trim());
}

std::string hostDifference(const RecordedLaunchRun &X,
                           const RecordedLaunchRun &Y) {
  std::string At = fmt::format("launch {}: ", X.Seq);
  if (!sameKernel(X.Kernel, Y.Kernel))
    return At + fmt::format("the port launches {}, the reference {}", Y.Kernel,
                            X.Kernel);
  At += X.Kernel + " ";
  if (X.Grid.X != Y.Grid.X || X.Grid.Y != Y.Grid.Y || X.Grid.Z != Y.Grid.Z)
    return At + fmt::format("grid {}, the reference has {}", dimText(Y.Grid),
                            dimText(X.Grid));
  if (X.Block.X != Y.Block.X || X.Block.Y != Y.Block.Y || X.Block.Z != Y.Block.Z)
    return At + fmt::format("block {}, the reference has {}", dimText(Y.Block),
                            dimText(X.Block));
  if (X.Shared != Y.Shared)
    return At + fmt::format("{} bytes of dynamic shared memory, the reference "
                            "{}",
                            Y.Shared, X.Shared);
  if (X.Args.size() != Y.Args.size())
    return At + fmt::format("{} arguments, the reference {}", Y.Args.size(),
                            X.Args.size());
  for (size_t I = 0; I < X.Args.size(); ++I) {
    const RecordedArg &A = X.Args[I], &B = Y.Args[I];
    // Scalars by their bytes alone: a GPU's recorder, which sees no types,
    // writes an enum or a struct as `other` where hipcpu writes `int`.
    bool BufA = A.Kind == RecordedArg::Buffer, BufB = B.Kind == RecordedArg::Buffer;
    if (BufA != BufB || (!BufA && A.Hex != B.Hex))
      return At + fmt::format("argument {} is {}, the reference's {}", I,
                              B.Value.empty() ? "0x" + B.Hex : B.Value,
                              A.Value.empty() ? "0x" + A.Hex : A.Value);
    if (A.Kind == RecordedArg::Buffer && (A.Bytes != B.Bytes || A.Offset != B.Offset))
      return At + fmt::format("argument {} points at byte {} of {}, the "
                              "reference's at {} of {}",
                              I, B.Offset, B.Bytes, A.Offset, A.Bytes);
  }
  return "";
}

/// The contents of a buffer argument before or after its launch.
std::optional<std::string> contents(const Recording &R, const RecordedArg &A,
                                    bool After) {
  if (!A.hasData())
    return std::nullopt;
  auto D = R.data(After && !A.AfterSame ? A.After : A.Before);
  if (!D) {
    llvm::consumeError(D.takeError());
    return std::nullopt;
  }
  return std::move(*D);
}

/// Compares the outputs of one launch pair; false when some buffer had no
/// data (the limit) in either recording. Sets V on the first difference.
bool compareLaunch(const Recording &Ref, const Recording &Port,
                   const RecordedLaunchRun &X, const RecordedLaunchRun &Y,
                   KernelVerdict &V) {
  bool Complete = true;
  if (X.Rc != Y.Rc && !V.Differs) {
    V.Differs = true;
    V.FirstSeq = X.Seq;
    V.Diff.Name = "the launch";
    V.Diff.Problem = fmt::format("returned {}, the reference's {}", Y.Rc, X.Rc);
  }
  std::vector<unsigned> Seen;
  for (size_t I = 0; I < X.Args.size(); ++I) {
    const RecordedArg &A = X.Args[I], &B = Y.Args[I];
    if (A.Kind != RecordedArg::Buffer || !A.Tracked ||
        llvm::is_contained(Seen, A.Alloc))
      continue;
    Seen.push_back(A.Alloc);
    auto E = contents(Ref, A, true), G = contents(Port, B, true);
    if (!E || !G) {
      Complete = false;
      continue;
    }
    BufferResult BR = compareAfter(A, unsigned(I), *E, *G);
    if (!BR.passed() && !V.Differs) {
      V.Differs = true;
      V.FirstSeq = X.Seq;
      V.Arg = int(I);
      V.Diff = std::move(BR);
    }
  }
  return Complete;
}

/// Whether the buffers Y started from are the ones X started from.
bool sameInputs(const Recording &Ref, const Recording &Port,
                const RecordedLaunchRun &X, const RecordedLaunchRun &Y,
                unsigned &Arg) {
  for (size_t I = 0; I < X.Args.size(); ++I) {
    auto E = contents(Ref, X.Args[I], false), G = contents(Port, Y.Args[I], false);
    if (E && G && *E != *G) {
      Arg = unsigned(I);
      return false;
    }
  }
  return true;
}

} // namespace

RecordComparison compareRecordings(const Recording &Ref, const Recording &Port) {
  RecordComparison C;
  C.RefLaunches = unsigned(Ref.Launches.size());
  C.PortLaunches = unsigned(Port.Launches.size());
  std::map<std::string, size_t> Index;
  auto Verdict = [&](const std::string &K) -> KernelVerdict & {
    auto [It, New] = Index.try_emplace(K, C.Kernels.size());
    if (New)
      C.Kernels.push_back({K});
    return C.Kernels[It->second];
  };
  for (const RecordedLaunchRun &L : Ref.Launches)
    ++Verdict(L.Kernel).Launches;
  std::string Stop; // why later launches are not compared
  size_t N = std::min(Ref.Launches.size(), Port.Launches.size()), I = 0;
  bool AnyDiffers = false;
  for (; I < N; ++I) {
    const RecordedLaunchRun &X = Ref.Launches[I], &Y = Port.Launches[I];
    if (std::string H = hostDifference(X, Y); !H.empty()) {
      C.HostDivergence = H;
      Stop = fmt::format("the host sides part at launch {}", X.Seq);
      break;
    }
    KernelVerdict &V = Verdict(X.Kernel);
    unsigned Arg = 0;
    if (!sameInputs(Ref, Port, X, Y, Arg)) {
      // Launches that start from the same data are still compared.
      if (!AnyDiffers && C.HostDivergence.empty())
        C.HostDivergence = fmt::format(
            "launch {}: {} argument {}: the buffer differs before the launch "
            "(the host wrote other data)",
            X.Seq, X.Kernel, Arg);
      if (V.Note.empty())
        V.Note = fmt::format("launch {} starts from other data{}", X.Seq,
                             AnyDiffers ? " (an earlier launch's outputs "
                                          "differ)"
                                        : "");
      continue;
    }
    if (compareLaunch(Ref, Port, X, Y, V))
      ++V.Compared;
    else if (V.Note.empty())
      V.Note = "buffers not recorded (the record limit)";
    AnyDiffers |= V.Differs;
  }
  if (Stop.empty() && Ref.Launches.size() != Port.Launches.size() &&
      C.HostDivergence.empty())
    C.HostDivergence = fmt::format("the port launches {} kernel(s), the "
                                   "reference {}",
                                   Port.Launches.size(), Ref.Launches.size());
  for (KernelVerdict &V : C.Kernels)
    if (V.Compared < V.Launches && !V.Differs && V.Note.empty())
      V.Note = Stop.empty() ? "the port stops launching" : Stop;
  return C;
}

bool RecordComparison::differs() const {
  for (const KernelVerdict &V : Kernels)
    if (V.Differs)
      return true;
  return false;
}

std::string describeVerdict(const KernelVerdict &V) {
  if (!V.Differs)
    return V.Compared
               ? fmt::format("{}: same outputs in {} launch(es){}", V.Kernel,
                             V.Compared,
                             V.Compared < V.Launches
                                 ? fmt::format(" of {}; {}", V.Launches, V.Note)
                                 : "")
               : fmt::format("{}: not compared ({} launch(es)): {}", V.Kernel,
                             V.Launches, V.Note);
  const BufferResult &B = V.Diff;
  std::string S = fmt::format("{}: outputs differ at launch {}, {}: ", V.Kernel,
                              V.FirstSeq, B.Name);
  if (!B.Problem.empty())
    return S + B.Problem;
  S += fmt::format("{} of {} elements differ", B.Mismatches, B.Count);
  if (V.Diff.MaxError > 0)
    S += fmt::format(", largest error {}", B.MaxError);
  for (const Mismatch &M : B.First)
    S += fmt::format("; [{}] expected {}, got {}", M.Index, M.Expected, M.Actual);
  return S;
}

} // namespace hipport::validate
