// Uses <vector> without including it: an error with and without the cache.
#include <cstdio>
__global__ void k(int *x) { x[threadIdx.x % 32] = 1; }
int main() { std::vector<int> v; std::printf("%zu\n", v.size()); }
