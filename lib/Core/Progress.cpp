#include "Core/Progress.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace hipport::core {

Progress::Progress(std::string V, unsigned T)
    : Verb(std::move(V)), Total(T),
      Enabled(isatty(2) && !std::getenv("HIPPORT_NO_PROGRESS") && T > 0) {}

Progress::~Progress() {
  if (Enabled && Drawn)
    std::fprintf(stderr, "\r\033[K");
}

void Progress::start(const std::string &File) {
  std::lock_guard<std::mutex> G(Lock);
  draw(File);
}

void Progress::finish() {
  std::lock_guard<std::mutex> G(Lock);
  ++Done;
  draw("");
}

void Progress::draw(const std::string &File) {
  if (!Enabled)
    return;
  Drawn = true;
  std::string Shown = File.size() > 60 ? "..." + File.substr(File.size() - 57)
                                       : File;
  std::fprintf(stderr, "\r\033[K[%u/%u] %s %s", Done, Total, Verb.c_str(),
               Shown.c_str());
  std::fflush(stderr);
}

} // namespace hipport::core
