#include "Checks/Baseline.h"

#include "Core/Json.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>
#include <unordered_map>

namespace hipport::checks {

/// FNV-1a: simple and fixed forever, so baselines stay valid across builds.
/// It is a running hash: the hash of a concatenation is the hash of its
/// parts fed in turn, so a key is hashed without being built.
static uint64_t fnv1a(llvm::StringRef S, uint64_t H = 1469598103934665603ull) {
  for (unsigned char C : S) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
}

static std::string squeeze(const std::string &S) {
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (C == ' ' || C == '\t' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

uint64_t Fingerprinter::next(const core::Finding &F) {
  llvm::StringRef Zero("\0", 1);
  uint64_t H = fnv1a(F.CheckId);
  H = fnv1a(Zero, H);
  H = fnv1a(Rel(F.Range.File), H);
  H = fnv1a(Zero, H);
  H = fnv1a(squeeze(LineText(F.Range.File, F.Range.Offset)), H);
  H = fnv1a(Zero, H);
  H = fnv1a(F.Message, H);
  unsigned N = Seen[H]++;
  H = fnv1a(Zero, H);
  return fnv1a(std::to_string(N), H);
}

std::string Fingerprinter::text(uint64_t Print) {
  return fmt::format("{:016x}", Print);
}

std::vector<std::string> fingerprints(const std::vector<core::Finding> &Fs,
                                      const RelativeFn &Rel,
                                      const LineTextFn &LineText) {
  std::vector<std::string> Out;
  Out.reserve(Fs.size());
  Fingerprinter Prints(Rel, LineText);
  for (const core::Finding &F : Fs)
    Out.push_back(Fingerprinter::text(Prints.next(F)));
  return Out;
}

llvm::Expected<Baseline> Baseline::load(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: %s", File.c_str(),
                                   Buf.getError().message().c_str());
  llvm::StringRef Text = (*Buf)->getBuffer();
  auto Bad = [&](const std::string &Where, const std::string &What) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s:%s: not a hipport lint baseline: %s "
                                   "(expected {\"findings\": "
                                   "[{\"fingerprint\": ...}]})",
                                   File.c_str(), Where.c_str(), What.c_str());
  };
  nlohmann::json J;
  if (llvm::Error E = core::parseJson(File, Text, J))
    return std::move(E);
  // Every shape error is fatal: a baseline read as empty would report
  // every known finding as new, one read too widely would hide new ones.
  if (!J.is_object())
    return Bad("/", "expected an object");
  if (!J.contains("findings") || !J["findings"].is_array())
    return Bad("/findings", "expected an array");
  if (J.contains("version") &&
      (!J["version"].is_number_integer() || J["version"] != 1))
    return Bad("/version", "unsupported version (expected 1)");
  Baseline B;
  const nlohmann::json &Fs = J["findings"];
  for (size_t I = 0; I < Fs.size(); ++I) {
    const nlohmann::json &F = Fs[I];
    if (!F.is_object() || !F.contains("fingerprint") ||
        !F["fingerprint"].is_string())
      return Bad(fmt::format("/findings/{}", I),
                 "expected an object with a string \"fingerprint\"");
    B.Prints.insert(F["fingerprint"].get<std::string>());
  }
  return B;
}

llvm::Error Baseline::write(const std::string &File,
                            const std::vector<core::Finding> &Fs,
                            const std::vector<std::string> &Prints,
                            const RelativeFn &Rel) {
  return write(
      File, Fs.size(),
      [&](size_t I) -> const core::Finding & { return Fs[I]; },
      [&](size_t I) { return Prints[I]; }, Rel);
}

llvm::Error
Baseline::write(const std::string &File, size_t N,
                const std::function<const core::Finding &(size_t)> &At,
                const std::function<std::string(size_t)> &Print,
                const RelativeFn &Rel) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(File, EC);
  if (EC)
    return llvm::createStringError(EC, "%s: %s", File.c_str(),
                                   EC.message().c_str());
  auto Frame = [] {
    return nlohmann::json{{"version", 1},
                          {"tool", "hipport lint"},
                          {"findings", core::StreamedArray}};
  };
  core::writeStreamed(OS, Frame, N, [&](size_t I) {
    const core::Finding &F = At(I);
    return nlohmann::json{{"checkId", F.CheckId},
                          {"file", Rel(F.Range.File)},
                          {"message", F.Message},
                          {"fingerprint", Print(I)}};
  });
  OS << "\n";
  return llvm::Error::success();
}

} // namespace hipport::checks
