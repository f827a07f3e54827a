#include "Validate/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace path = llvm::sys::path;

namespace hipport::validate {

std::string onPath(const std::string &Name) {
  auto P = llvm::sys::findProgramByName(Name);
  return P ? *P : "";
}

std::string tailLines(const std::string &Log, unsigned Lines) {
  llvm::SmallVector<llvm::StringRef> All;
  llvm::StringRef(Log).rtrim().split(All, '\n');
  std::string Out;
  size_t From = All.size() > Lines ? All.size() - Lines : 0;
  for (size_t I = From; I < All.size(); ++I)
    Out += (Out.empty() ? "" : "\n") + All[I].rtrim().str();
  return Out;
}

std::string buildError(const std::string &Log) {
  for (llvm::StringRef L : llvm::split(Log, '\n'))
    if (L.contains("error"))
      return L.trim().str();
  return tailLines(Log, 3);
}

ProcResult runProcess(const std::vector<std::string> &Args,
                      const std::vector<std::string> &ExtraEnv,
                      const std::string &LogFile, unsigned TimeoutSeconds,
                      const std::string &StdoutFile) {
  ProcResult R;
  std::string Program = Args.empty() ? "" : Args[0];
  if (!Program.empty() && !path::is_absolute(Program))
    Program = onPath(Program);
  if (Program.empty()) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "program not found: " + (Args.empty() ? "" : Args[0]);
    return R;
  }
  // Everything the child needs is built before fork: between fork and exec
  // a multi-threaded parent's child may only make async-signal-safe calls.
  std::vector<std::string> EnvStore;
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Entry(*E);
    bool Overridden = false;
    for (const std::string &X : ExtraEnv)
      Overridden |= Entry.starts_with(X.substr(0, X.find('=') + 1));
    if (!Overridden)
      EnvStore.push_back(Entry.str());
  }
  EnvStore.insert(EnvStore.end(), ExtraEnv.begin(), ExtraEnv.end());
  std::vector<char *> Argv, Envp;
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  for (const std::string &E : EnvStore)
    Envp.push_back(const_cast<char *>(E.c_str()));
  Envp.push_back(nullptr);
  int LogFD = ::open(LogFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                     0644);
  int OutFD = StdoutFile.empty()
                  ? LogFD
                  : ::open(StdoutFile.c_str(),
                           O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (LogFD < 0 || OutFD < 0) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "cannot write " + LogFile;
    if (LogFD >= 0)
      ::close(LogFD);
    return R;
  }
  pid_t Pid = ::fork();
  if (Pid == 0) {
    // Its own process group, so a timeout kills whatever it started too.
    ::setpgid(0, 0);
    int In = ::open("/dev/null", O_RDONLY);
    ::dup2(In, 0);
    ::dup2(OutFD, 1);
    ::dup2(LogFD, 2);
    ::execve(Program.c_str(), Argv.data(), Envp.data());
    ::_exit(127);
  }
  ::close(LogFD);
  if (OutFD != LogFD)
    ::close(OutFD);
  if (Pid < 0) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "fork failed";
    return R;
  }
  // Poll rather than alarm(): SIGALRM is process-wide and runs race when
  // several threads each wait for a child.
  auto Start = std::chrono::steady_clock::now();
  int Status = 0;
  for (unsigned Sleep = 1;; Sleep = std::min(Sleep * 2, 50u)) {
    pid_t W = ::waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      R.Rc = -1;
      R.Message = "waitpid failed";
      return R;
    }
    if (TimeoutSeconds &&
        std::chrono::steady_clock::now() - Start >=
            std::chrono::seconds(TimeoutSeconds)) {
      ::kill(-Pid, SIGKILL);
      ::kill(Pid, SIGKILL);
      ::waitpid(Pid, &Status, 0);
      R.TimedOut = true;
      R.Rc = -2;
      R.Message = fmt::format("timed out after {} s", TimeoutSeconds);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(Sleep));
  }
  if (!R.TimedOut) {
    if (WIFEXITED(Status)) {
      R.Rc = WEXITSTATUS(Status);
      if (R.Rc == 127) {
        R.NotStarted = true;
        R.Message = "cannot execute " + Program;
      }
    } else if (WIFSIGNALED(Status)) {
      R.Rc = -2;
      R.Crashed = true;
      R.Message = fmt::format("signal {} ({})", WTERMSIG(Status),
                              strsignal(WTERMSIG(Status)));
    }
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(LogFile))
    R.Output = (*Buf)->getBuffer().str();
  return R;
}

} // namespace hipport::validate
