#define USE_DRIVER_API 1
#include "errors.h"
#include <cstdio>

int main() {
  std::printf("%s %d\n", errorName(cudaSuccess), errorCode(cudaSuccess));
  return 0;
}
