// A feature macro first: <vector> must read it, so nothing is precompiled.
#define _GNU_SOURCE
#include <vector>

__global__ void k(int *x) { x[threadIdx.x % 32] = 0; }
int main() { std::vector<int> v; return int(v.size()); }
