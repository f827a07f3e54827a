#include "Core/FileWriter.h"

#include "Core/Paths.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>
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
                                   const std::string &Content,
                                   std::optional<fs::perms> Mode = {}) {
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
  // The mode asked for, else the permissions of the file we replace.
  fs::file_status St;
  if (Mode)
    fs::setPermissions(Temp, *Mode);
  else if (!fs::status(Path, St))
    fs::setPermissions(Temp, St.permissions());
  if (std::error_code EC = fs::rename(Temp, Path)) {
    fs::remove(Temp);
    return llvm::createStringError(EC, "%s: cannot replace: %s", Path.c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

std::string symlinkOnPath(const std::string &Path, const std::string &Root) {
  llvm::StringRef P(Path);
  std::string Found;
  while (P.size() > Root.size() && isUnder(P, Root)) {
    fs::file_status St;
    if (!fs::status(P, St, /*Follow=*/false) &&
        St.type() == fs::file_type::symlink_file)
      Found = P.str(); // keep the outermost one
    P = llvm::sys::path::parent_path(P);
  }
  return Found;
}

bool isWriterTemporary(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  size_t At = Name.rfind(".hipport-");
  if (At == llvm::StringRef::npos || At == 0 || Name.size() != At + 15)
    return false;
  for (char C : Name.drop_front(At + 9))
    if (!llvm::isAlnum(C))
      return false;
  return true;
}

std::vector<std::string> findTemporaries(const std::string &Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false),
       End;
       It != End && !EC; It.increment(EC)) {
    fs::file_status St;
    if (fs::status(It->path(), St, /*Follow=*/false))
      continue;
    if (St.type() == fs::file_type::regular_file &&
        isWriterTemporary(It->path()))
      Out.push_back(It->path());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

llvm::Error removeTemporaries(const std::vector<std::string> &Paths) {
  for (const std::string &P : Paths) {
    fs::file_status St;
    if (fs::status(P, St, /*Follow=*/false) ||
        St.type() != fs::file_type::regular_file)
      continue;
    if (std::error_code EC = fs::remove(P))
      return llvm::createStringError(EC, "%s: cannot remove: %s", P.c_str(),
                                     EC.message().c_str());
  }
  return llvm::Error::success();
}

bool isBackupName(llvm::StringRef Name) {
  if (Name.ends_with(".orig"))
    return true;
  auto [Stem, N] = Name.rsplit('.');
  unsigned K;
  return Stem.ends_with(".orig") && !N.empty() && !N.getAsInteger(10, K);
}

/// Where the current original of Path goes: Path.orig when free or already
/// holding exactly Old, else the first free Path.orig.N.
static std::string backupName(const std::string &Path, const std::string &Old,
                              bool &Needed) {
  Needed = true;
  std::string Orig = Path + ".orig";
  fs::file_status St;
  if (fs::status(Orig, St, /*Follow=*/false))
    return Orig;
  if (St.type() == fs::file_type::regular_file) {
    auto Prev = readFile(Orig);
    if (Prev && *Prev == Old) {
      Needed = false;
      return Orig;
    }
    if (!Prev)
      llvm::consumeError(Prev.takeError());
  }
  for (unsigned N = 1;; ++N) {
    std::string Next = Orig + "." + std::to_string(N);
    if (fs::status(Next, St, /*Follow=*/false))
      return Next;
    if (St.type() == fs::file_type::regular_file) {
      auto Prev = readFile(Next);
      if (Prev && *Prev == Old) {
        Needed = false;
        return Next;
      }
      if (!Prev)
        llvm::consumeError(Prev.takeError());
    }
  }
}

llvm::Error FileWriter::write(const std::string &Path,
                              const std::string &Content, bool Backup,
                              bool &Changed, std::optional<fs::perms> Mode) {
  Changed = false;
  LastBackup.clear();
  if (!isUnder(Path, Root))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: refusing to write outside %s",
                                   Path.c_str(), Root.c_str());
  std::string Link = symlinkOnPath(Path, Root);
  if (!Link.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: refusing to write through the symbolic "
                                   "link %s",
                                   Path.c_str(), Link.c_str());
  bool Exists = fs::exists(Path);
  if (Exists) {
    auto Old = readFile(Path);
    if (Old && *Old == Content) {
      fs::file_status St;
      if (!Mode || fs::status(Path, St) || St.permissions() == *Mode)
        return llvm::Error::success();
      if (std::error_code EC = fs::setPermissions(Path, *Mode))
        return llvm::createStringError(EC, "%s: cannot set its mode: %s",
                                       Path.c_str(), EC.message().c_str());
      Changed = true;
      return llvm::Error::success();
    }
    if (!Old)
      llvm::consumeError(Old.takeError());
    else if (Backup) {
      bool Needed;
      std::string Name = backupName(Path, *Old, Needed);
      if (Needed) {
        if (auto E = writeAtomically(Name, *Old))
          return E;
        if (Name != Path + ".orig")
          LastBackup = Name;
      }
    }
  }
  if (std::error_code EC =
          fs::create_directories(llvm::sys::path::parent_path(Path)))
    return llvm::createStringError(EC, "%s: cannot create directory: %s",
                                   Path.c_str(), EC.message().c_str());
  if (auto E = writeAtomically(Path, Content, Mode))
    return E;
  Changed = true;
  return llvm::Error::success();
}

} // namespace hipport::core
