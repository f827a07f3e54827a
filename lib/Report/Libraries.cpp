#include "Report/Libraries.h"

#include "Rules/RuleSet.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace hipport::report {

using json = nlohmann::json;

std::string librariesFile() {
  return rules::RuleSet::builtinDir() + "/report/libraries.json";
}

static bool stringList(const json &J, std::vector<std::string> &Out) {
  if (!J.is_array())
    return false;
  for (const json &X : J) {
    if (!X.is_string())
      return false;
    Out.push_back(X);
  }
  return true;
}

llvm::Expected<std::vector<LibraryInfo>>
loadLibraries(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: %s", File.c_str(),
                                   Buf.getError().message().c_str());
  std::vector<std::string> Errors;
  std::vector<LibraryInfo> Out;
  try {
    json J = json::parse((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end());
    if (!J.is_object() || !J.contains("libraries") || !J["libraries"].is_array())
      Errors.push_back("/libraries: expected an array");
    else
      for (size_t I = 0; I < J["libraries"].size(); ++I) {
        const json &E = J["libraries"][I];
        std::string Ptr = fmt::format("/libraries/{}", I);
        LibraryInfo L;
        bool Ok = E.is_object();
        for (const char *K : {"id", "name", "rocm", "maturity"})
          Ok = Ok && E.contains(K) && E[K].is_string();
        Ok = Ok && E.contains("mapped") && E["mapped"].is_boolean() &&
             E.contains("headers") && stringList(E["headers"], L.HeaderPrefixes) &&
             E.contains("families") && stringList(E["families"], L.Families);
        if (!Ok) {
          Errors.push_back(Ptr + ": expected {id, name, rocm, maturity: string, "
                                 "mapped: bool, headers, families: [string]}");
          continue;
        }
        L.Id = E["id"];
        L.Name = E["name"];
        L.Rocm = E["rocm"];
        L.Maturity = E["maturity"];
        L.Mapped = E["mapped"];
        Out.push_back(std::move(L));
      }
  } catch (const json::parse_error &E) {
    Errors.push_back(fmt::format(" invalid JSON: {}", E.what()));
  }
  if (!Errors.empty()) {
    std::string Msg;
    for (const std::string &L : Errors)
      Msg += File + ":" + L + "\n";
    Msg.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  }
  return Out;
}

const std::vector<LibraryInfo> &libraries() {
  static const std::vector<LibraryInfo> Table = [] {
    auto T = loadLibraries(librariesFile());
    if (T)
      return std::move(*T);
    llvm::WithColor::error(llvm::errs(), "hipport")
        << llvm::toString(T.takeError()) << "\n";
    return std::vector<LibraryInfo>();
  }();
  return Table;
}

const LibraryInfo *libraryForHeader(llvm::StringRef Include) {
  for (const LibraryInfo &L : libraries())
    for (const std::string &P : L.HeaderPrefixes)
      if (Include.starts_with(P))
        return &L;
  return nullptr;
}

const LibraryInfo *libraryForFamily(llvm::StringRef Family) {
  for (const LibraryInfo &L : libraries())
    for (const std::string &F : L.Families)
      if (Family == F)
        return &L;
  return nullptr;
}

} // namespace hipport::report
