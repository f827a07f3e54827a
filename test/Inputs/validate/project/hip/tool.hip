// A second executable of the same tree: program mode must not link it in.
#include <cstdio>
int main() {
  std::printf("tool\n");
  return 7;
}
