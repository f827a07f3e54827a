#include "Core/AmdTargets.h"
#include "Core/Json.h"

#include "Core/Paths.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

namespace hipport::core {

std::vector<std::string> AmdTarget::defineFlags() const {
  std::vector<std::string> Flags;
  for (const auto &[Name, Value] : Macros)
    Flags.push_back("-D" + Name + "=" + Value);
  return Flags;
}

namespace {

llvm::Error tableError(const std::string &File, const std::string &Pointer,
                       const std::string &Message) {
  return llvm::createStringError(File + ":" + Pointer + ": " + Message);
}

llvm::Expected<std::vector<AmdTarget>> readTargets(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return tableError(File, "", "cannot read: " + Buf.getError().message());
  nlohmann::json J;
  if (llvm::Error E = parseJson(File, (*Buf)->getBuffer(), J))
    return std::move(E);
  if (!J.is_object() || !J.contains("targets") || !J["targets"].is_array() ||
      !J.value("device", nlohmann::json::object()).is_object())
    return tableError(File, "", "expected an object with 'device' and 'targets'");
  std::vector<std::pair<std::string, std::string>> Device;
  // items() iterates a view: keep the object it views alive.
  const nlohmann::json DeviceJ = J.value("device", nlohmann::json::object());
  for (auto &[K, V] : DeviceJ.items()) {
    if (!V.is_string())
      return tableError(File, "/device/" + K, "macro value must be a string");
    Device.emplace_back(K, V.get<std::string>());
  }
  std::vector<AmdTarget> Targets;
  for (size_t I = 0; I < J["targets"].size(); ++I) {
    const nlohmann::json &T = J["targets"][I];
    std::string At = "/targets/" + std::to_string(I);
    if (!T.is_object() || !T.contains("name") || !T["name"].is_string() ||
        !T.contains("wave") || !T["wave"].is_number_unsigned() ||
        !T.value("macros", nlohmann::json::object()).is_object())
      return tableError(File, At, "expected {name, wave, macros}");
    AmdTarget Target;
    Target.Name = T["name"].get<std::string>();
    Target.Wave = T["wave"].get<unsigned>();
    if (Target.Wave != 32 && Target.Wave != 64)
      return tableError(File, At + "/wave", "wave must be 32 or 64");
    Target.Macros = Device;
    const nlohmann::json MacrosJ = T.value("macros", nlohmann::json::object());
    for (auto &[K, V] : MacrosJ.items()) {
      if (!V.is_string())
        return tableError(File, At + "/macros/" + K, "macro value must be a string");
      Target.Macros.emplace_back(K, V.get<std::string>());
    }
    Targets.push_back(std::move(Target));
  }
  return Targets;
}

} // namespace

llvm::Expected<const std::vector<AmdTarget> &> amdTargets() {
  static std::string Error;
  static const std::vector<AmdTarget> Targets = [] {
    auto T = readTargets(rulesDirectory() + "/targets/amd.json");
    if (!T) {
      Error = llvm::toString(T.takeError());
      return std::vector<AmdTarget>{};
    }
    return std::move(*T);
  }();
  if (!Error.empty())
    return llvm::createStringError(Error);
  return Targets;
}

llvm::Expected<const AmdTarget &> amdTargetForWave(unsigned Wave) {
  auto Targets = amdTargets();
  if (!Targets)
    return Targets.takeError();
  for (const AmdTarget &T : *Targets)
    if (T.Wave == Wave)
      return T;
  return llvm::createStringError("no AMD target of wave width " +
                                 std::to_string(Wave) + " in rules/targets/amd.json");
}

} // namespace hipport::core
