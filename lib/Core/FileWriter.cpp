#include "Core/FileWriter.h"

#include "Core/Paths.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fcntl.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;

namespace hipport::core {

llvm::Expected<std::string> readFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: cannot read: %s",
                                   Path.c_str(),
                                   Buf.getError().message().c_str());
  return (*Buf)->getBuffer().str();
}

static llvm::Error writeAtomically(const std::string &Path,
                                   const std::string &Content) {
  llvm::SmallString<256> Model(Path);
  Model += ".hipport-%%%%%%";
  int FD;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Temp))
    return llvm::createStringError(EC, "%s: cannot write: %s", Path.c_str(),
                                   EC.message().c_str());
  size_t Done = 0;
  while (Done < Content.size()) {
    ssize_t N = ::write(FD, Content.data() + Done, Content.size() - Done);
    if (N < 0) {
      std::error_code EC(errno, std::generic_category());
      ::close(FD);
      fs::remove(Temp);
      return llvm::createStringError(EC, "%s: write failed: %s", Path.c_str(),
                                     EC.message().c_str());
    }
    Done += size_t(N);
  }
  bool Synced = ::fsync(FD) == 0;
  ::close(FD);
  if (!Synced) {
    fs::remove(Temp);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: fsync failed", Path.c_str());
  }
  // Keep the permissions of the file we replace.
  fs::file_status St;
  if (!fs::status(Path, St))
    fs::setPermissions(Temp, St.permissions());
  if (std::error_code EC = fs::rename(Temp, Path)) {
    fs::remove(Temp);
    return llvm::createStringError(EC, "%s: cannot replace: %s", Path.c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

llvm::Error FileWriter::write(const std::string &Path,
                              const std::string &Content, bool Backup,
                              bool &Changed) {
  Changed = false;
  if (!isUnder(Path, Root))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: refusing to write outside %s",
                                   Path.c_str(), Root.c_str());
  bool Exists = fs::exists(Path);
  if (Exists) {
    auto Old = readFile(Path);
    if (Old && *Old == Content)
      return llvm::Error::success();
    if (!Old)
      llvm::consumeError(Old.takeError());
    else if (Backup && !fs::exists(Path + ".orig"))
      if (auto E = writeAtomically(Path + ".orig", *Old))
        return E;
  }
  if (std::error_code EC =
          fs::create_directories(llvm::sys::path::parent_path(Path)))
    return llvm::createStringError(EC, "%s: cannot create directory: %s",
                                   Path.c_str(), EC.message().c_str());
  if (auto E = writeAtomically(Path, Content))
    return E;
  Changed = true;
  return llvm::Error::success();
}

} // namespace hipport::core
