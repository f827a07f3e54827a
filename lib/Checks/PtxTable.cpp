#include "Checks/PtxTable.h"

#include "Core/Json.h"

#include "Core/Paths.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

namespace hipport::checks {

std::string PtxTable::defaultFile() {
  return core::rulesDirectory() + "/ptx-instructions.json";
}

llvm::Expected<PtxTable> PtxTable::load(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: %s", File.c_str(),
                                   Buf.getError().message().c_str());
  nlohmann::json J;
  if (llvm::Error E = core::parseJson(File, (*Buf)->getBuffer(), J))
    return std::move(E);
  if (!J.is_object() || !J.contains("entries") ||
      !J["entries"].is_array())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: expected an object with 'entries'",
                                   File.c_str());
  PtxTable T;
  std::string Errors;
  size_t I = 0;
  for (const auto &E : J["entries"]) {
    std::string Where = File + ":/entries/" + std::to_string(I++);
    if (!E.is_object() || !E.contains("ptx") || !E.contains("pattern") ||
        !E["ptx"].is_string() || !E["pattern"].is_string()) {
      Errors += Where + ": needs string 'ptx' and 'pattern'\n";
      continue;
    }
    PtxEntry P;
    P.Ptx = E["ptx"];
    P.Hip = E.value("hip", "");
    P.Note = E.value("note", "");
    P.Pattern = std::make_shared<llvm::Regex>(E["pattern"].get<std::string>());
    std::string Err;
    if (!P.Pattern->isValid(Err)) {
      Errors += Where + "/pattern: " + Err + "\n";
      continue;
    }
    T.Entries.push_back(std::move(P));
  }
  if (!Errors.empty()) {
    Errors.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Errors);
  }
  return T;
}

std::vector<const PtxEntry *> PtxTable::match(llvm::StringRef Asm) const {
  std::vector<const PtxEntry *> Out;
  for (const PtxEntry &E : Entries)
    if (E.Pattern->match(Asm))
      Out.push_back(&E);
  return Out;
}

} // namespace hipport::checks
