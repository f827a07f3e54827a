// A lower-case macro may rename what <algorithm> declares: <map> before it
// is precompiled, <algorithm> after it is not.
#include <map>
#define clampmin(a, b) ((a) < (b) ? (a) : (b))
#include <algorithm>

__global__ void k(int *x) { x[threadIdx.x & 31] = clampmin(1, 2); }
int main() { std::map<int, int> m; return std::max(0, int(m.size())); }
