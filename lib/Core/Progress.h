//===- Progress.h - done/total progress line on a terminal -----*- C++ -*-===//
#pragma once

#include <mutex>
#include <string>

namespace hipport::core {

/// "[done/total] verb file" on stderr, rewritten in place; silent when
/// stderr is not a terminal so logs and pipes stay clean.
class Progress {
public:
  Progress(std::string Verb, unsigned Total);
  ~Progress();
  void start(const std::string &File);
  void finish();
  bool enabled() const { return Enabled; }

private:
  void draw(const std::string &File);
  std::mutex Lock;
  std::string Verb;
  unsigned Total, Done = 0;
  bool Enabled;
  bool Drawn = false;
};

} // namespace hipport::core
