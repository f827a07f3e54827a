#include <cstdio>
#include <vector>
#include "histogram.h"

int main() {
  std::vector<unsigned char> data(1 << 20);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<unsigned char>(i * 7);
  unsigned bins[256];
  cudaError_t err = histogram256(data.data(), int(data.size()), bins);
  if (err != cudaSuccess) {
    printf("error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  unsigned total = 0;
  for (unsigned b : bins)
    total += b;
  printf("%s: %u of %zu counted\n", total == data.size() ? "ok" : "FAILED", total, data.size());
  return total != data.size();
}
