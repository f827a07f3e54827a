#include "Checks/Baseline.h"

#include "Core/Json.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

namespace hipport::checks {

/// FNV-1a: simple and fixed forever, so baselines stay valid across builds.
static uint64_t fnv1a(const std::string &S, uint64_t H = 1469598103934665603ull) {
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
  std::map<std::string, unsigned> Seen;
  for (const core::Finding &F : Fs) {
    std::string Key = F.CheckId + '\0' + Rel(F.Range.File) + '\0' +
                      squeeze(LineText(F.Range.File, F.Range.Offset)) + '\0' +
                      F.Message;
    unsigned N = Seen[Key]++;
    Out.push_back(fmt::format("{:016x}", fnv1a(Key + '\0' + std::to_string(N))));
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
