#include "Validate/OutputCompare.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <regex>

namespace hipport::validate {
namespace {

std::optional<double> number(llvm::StringRef T) {
  T = T.trim(",;:()[]");
  if (T.empty())
    return std::nullopt;
  char *End = nullptr;
  std::string S = T.str();
  double V = std::strtod(S.c_str(), &End);
  if (End != S.c_str() + S.size())
    return std::nullopt;
  return V;
}

bool sameToken(llvm::StringRef E, llvm::StringRef A, double Rel, double Abs,
               double &Err) {
  Err = 0;
  if (E == A)
    return true;
  auto X = number(E), Y = number(A);
  if (!X || !Y)
    return false;
  if (std::isnan(*X) && std::isnan(*Y))
    return true;
  Err = std::fabs(*X - *Y);
  return Err <= Abs || Err <= Rel * std::fabs(*X);
}

const std::regex &timingLine() {
  static const std::regex R(
      R"((time|elapsed|perf|throughput|bandwidth|flop|gb/s|mb/s|msec|usec|[0-9. ](ms|us|ns|s)\b|seconds|second|sec\b|iter/s))",
      std::regex::icase | std::regex::optimize);
  return R;
}

} // namespace

llvm::Expected<std::string>
normaliseOutput(llvm::StringRef Text, const std::vector<std::string> &Extra) {
  static const std::regex Num(R"([-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)");
  static const std::regex Path(R"((^|[\s'"=(\[])/[^\s:'")\],]*[^\s:'")\],.])");
  static const std::regex Addr(R"(0x[0-9a-fA-F]{6,})");
  std::string Out;
  for (llvm::StringRef L : llvm::split(Text, '\n')) {
    std::string Line = L.str();
    Line = std::regex_replace(Line, Addr, "<addr>");
    Line = std::regex_replace(Line, Path, "$1<path>");
    if (std::regex_search(Line, timingLine()))
      Line = std::regex_replace(Line, Num, "<t>");
    Out += Line + "\n";
  }
  if (!Text.ends_with("\n") && !Out.empty())
    Out.pop_back();
  for (const std::string &X : Extra) {
    try {
      Out = std::regex_replace(Out, std::regex(X), "<masked>");
    } catch (const std::regex_error &E) {
      return llvm::createStringError(
          fmt::format("--normalise '{}': not a regular expression: {}", X,
                      E.what()));
    }
  }
  return Out;
}

Unstable unstableTokens(llvm::StringRef First, llvm::StringRef Second,
                        double Rel, double Abs) {
  llvm::SmallVector<llvm::StringRef> A, B;
  llvm::SplitString(First, A);
  llvm::SplitString(Second, B);
  Unstable U;
  if (A.size() != B.size()) {
    U.Comparable = false;
    return U;
  }
  for (size_t I = 0; I < A.size(); ++I) {
    double Err;
    if (!sameToken(A[I], B[I], Rel, Abs, Err))
      U.Positions.insert(I);
  }
  return U;
}

std::string compareStdout(llvm::StringRef Expected, llvm::StringRef Actual,
                          double Rel, double Abs, const Unstable &Skip,
                          unsigned Keep) {
  llvm::SmallVector<llvm::StringRef> E, A;
  llvm::SplitString(Expected, E);
  llvm::SplitString(Actual, A);
  size_t Common = std::min(E.size(), A.size()), Differ = 0;
  double MaxErr = 0;
  std::vector<std::string> First;
  for (size_t I = 0; I < Common; ++I) {
    double Err;
    if (Skip.Positions.count(I) || sameToken(E[I], A[I], Rel, Abs, Err))
      continue;
    ++Differ;
    MaxErr = std::max(MaxErr, Err);
    if (First.size() < Keep)
      First.push_back(
          fmt::format("token {}: expected '{}', got '{}'", I, E[I], A[I]));
  }
  if (Differ == 0 && E.size() == A.size())
    return "";
  std::string S = "stdout: ";
  if (E.size() != A.size())
    S += fmt::format("{} tokens, the reference has {}; ", A.size(), E.size());
  S += fmt::format("{} of {} token(s) differ", Differ, Common);
  if (MaxErr > 0)
    S += fmt::format(", largest numeric error {:.6g}", MaxErr);
  for (const std::string &F : First)
    S += "\n    " + F;
  if (Differ > First.size())
    S += fmt::format("\n    ... and {} more", Differ - First.size());
  return S;
}

} // namespace hipport::validate
