//===- Process.h - child processes with a time limit -----------*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace hipport::validate {

/// The result of one child process.
struct ProcResult {
  int Rc = 0;
  bool TimedOut = false, Crashed = false, NotStarted = false;
  std::string Message; ///< why it failed to start, or the signal
  std::string Output;  ///< stdout and stderr, as written to the log
};

/// Runs Args (Args[0] a path or a name on $PATH) with extra environment
/// entries, stdout and stderr to LogFile. Timeout 0: none.
ProcResult runProcess(const std::vector<std::string> &Args,
                      const std::vector<std::string> &ExtraEnv,
                      const std::string &LogFile, unsigned TimeoutSeconds,
                      const std::string &StdoutFile = "");

/// The program on $PATH, or "".
std::string onPath(const std::string &Name);

/// The last Lines lines of a log.
std::string tailLines(const std::string &Log, unsigned Lines);
/// The first compiler error line of a build log, or its last lines.
std::string buildError(const std::string &Log);

} // namespace hipport::validate
