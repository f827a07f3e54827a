// Only unconditional includes are precompiled: <set> stays in its #if,
// and a toolkit header after a project macro is read where it stands.
#ifdef USE_SET
#include <set>
#endif
#include <deque>
#define BLOCK 256
#include <cooperative_groups.h>

__global__ void k(int *x) { x[threadIdx.x / 32] = BLOCK; }
int main() { std::deque<int> d; return int(d.size()); }
