// cg::reduce over static tiles of 32 and 8 lanes with four operators; every
// thread checks its own copy of the result against the host's.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void reduceTiles(const int *in, int *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(cta);
  unsigned r = cta.thread_rank();
  int v = in[r];
  out[4 * r + 0] = cg::reduce(t32, v, cg::plus<int>());
  out[4 * r + 1] = cg::reduce(t32, v, cg::less<int>());
  out[4 * r + 2] = cg::reduce(t8, v, cg::greater<int>());
  out[4 * r + 3] = cg::reduce(t8, v, cg::bit_xor<int>());
}

int main() {
  const int N = 128;
  int h[N], got[4 * N];
  for (int i = 0; i < N; ++i)
    h[i] = (i * 37) % 101 - 50;
  int *dIn, *dOut;
  cudaMalloc(&dIn, sizeof h);
  cudaMalloc(&dOut, sizeof got);
  cudaMemcpy(dIn, h, sizeof h, cudaMemcpyHostToDevice);
  reduceTiles<<<1, N>>>(dIn, dOut);
  cudaMemcpy(got, dOut, sizeof got, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    int b32 = i / 32 * 32, b8 = i / 8 * 8, s = 0, lo = h[b32], hi = h[b8], x = 0;
    for (int j = b32; j < b32 + 32; ++j) {
      s += h[j];
      lo = h[j] < lo ? h[j] : lo;
    }
    for (int j = b8; j < b8 + 8; ++j) {
      hi = h[j] > hi ? h[j] : hi;
      x ^= h[j];
    }
    bad += got[4 * i] != s || got[4 * i + 1] != lo || got[4 * i + 2] != hi ||
           got[4 * i + 3] != x;
  }
  printf("mismatches: %d of %d threads\n", bad, N);
  cudaFree(dIn);
  cudaFree(dOut);
  return bad != 0;
}
