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

std::vector<std::string> fingerprints(const std::vector<core::Finding> &Fs,
                                      const RelativeFn &Rel,
                                      const LineTextFn &LineText) {
  std::vector<std::string> Out;
  Out.reserve(Fs.size());
  // Findings equal in every part of the key, counted by the key's hash: a
  // map of the keys themselves held every message and line again (#17).
  std::unordered_map<uint64_t, unsigned> Seen;
  llvm::StringRef Zero("\0", 1);
  for (const core::Finding &F : Fs) {
    uint64_t H = fnv1a(F.CheckId);
    H = fnv1a(Zero, H);
    H = fnv1a(Rel(F.Range.File), H);
    H = fnv1a(Zero, H);
    H = fnv1a(squeeze(LineText(F.Range.File, F.Range.Offset)), H);
    H = fnv1a(Zero, H);
    H = fnv1a(F.Message, H);
    unsigned N = Seen[H]++;
    H = fnv1a(Zero, H);
    Out.push_back(fmt::format("{:016x}", fnv1a(std::to_string(N), H)));
  }
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
  nlohmann::json Arr = nlohmann::json::array();
  for (size_t I = 0; I < Fs.size(); ++I)
    Arr.push_back({{"checkId", Fs[I].CheckId},
                   {"file", Rel(Fs[I].Range.File)},
                   {"message", Fs[I].Message},
                   {"fingerprint", Prints[I]}});
  nlohmann::json J = {{"version", 1}, {"tool", "hipport lint"},
                      {"findings", Arr}};
  std::error_code EC;
  llvm::raw_fd_ostream OS(File, EC);
  if (EC)
    return llvm::createStringError(EC, "%s: %s", File.c_str(),
                                   EC.message().c_str());
  OS << J.dump(2) << "\n";
  return llvm::Error::success();
}

} // namespace hipport::checks
