#include <cstdio>

int main() {
  std::printf("hello\n");
  return 0;
}
