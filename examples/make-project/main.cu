#include <cstdio>
#include <cstdlib>
#include <vector>
#include "saxpy.h"

int main() {
  const int n = 1 << 16;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  saxpy(n, 3.0f, x.data(), y.data());
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += y[i] != 5.0f;
  printf("%s: %d of %d wrong\n", bad ? "FAILED" : "ok", bad, n);
  return bad != 0;
}
