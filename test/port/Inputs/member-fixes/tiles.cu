// meta_group_rank/meta_group_size of tiles of 32 and 8 lanes (a declared
// tile, an auto one whose CUDA members are static, one through a pointer, one
// in a template); every thread checks its values against the host's. 96
// threads: the 32-lane tiles do not fill a 64-wide wavefront evenly.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class Tile> __device__ unsigned groupOf(const Tile &t) {
  return t.meta_group_rank() * 1000 + t.meta_group_size();
}

__global__ void ranks(unsigned *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
  auto t8 = cg::tiled_partition<8>(cta);
  const cg::thread_block_tile<32> *p = &t32;
  unsigned r = cta.thread_rank();
  out[4 * r + 0] = t32.meta_group_rank();
  out[4 * r + 1] = p->meta_group_size();
  out[4 * r + 2] = t8.meta_group_rank() * 100 + t8.meta_group_size();
  out[4 * r + 3] = groupOf(t8);
}

int main() {
  const int N = 96;
  unsigned got[4 * N];
  unsigned *d;
  cudaMalloc(&d, sizeof got);
  ranks<<<1, N>>>(d);
  cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += got[4 * i] != unsigned(i / 32) || got[4 * i + 1] != 3u ||
           got[4 * i + 2] != unsigned(i / 8 * 100 + 12) ||
           got[4 * i + 3] != unsigned(i / 8 * 1000 + 12);
  printf("mismatches: %d of %d threads\n", bad, N);
  cudaFree(d);
  return bad != 0;
}
