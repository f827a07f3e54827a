// A ballot gated by a condition (`__ballot(p) * (x < n)`: all of its bits or
// none) is a ballot: kept in 32 bits it loses lanes 32-63, and its bits
// tested with `1 << j` shift out of a 32-bit int from j = 32.
// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#define TILEDIM 64
#define TILEROWS 8

__global__ void transpose(const float *in, float *out, int nx, int ny) {
  int lane = threadIdx.x & (warpSize - 1);
  int x = blockIdx.x * TILEDIM + threadIdx.x;
  int y = blockIdx.y * TILEDIM + threadIdx.y;
  // CHECK: :[[@LINE+1]]:22: error: result of ballot stored in 32-bit 'unsigned int'
  const unsigned int maskIn = __ballot_sync(0xffffffffffffffffull, y + lane < ny) * (x < nx);
  // CHECK: :[[@LINE+1]]:16: error: result of ballot stored in 32-bit 'unsigned int'
  unsigned int maskOut = (x < nx) * __ballot_sync(~0ull, x + lane < nx);
  for (int j = 0; j < TILEDIM; j += TILEROWS) {
    // CHECK: :[[@LINE+2]]:20: error: lane mask '1 << j' is built in 32-bit arithmetic
    // CHECK: :14:22: note: 'maskIn' is used as a lane mask
    if ((maskIn & (1 << j)) != 0)
      out[j] = in[j];
    // CHECK: :[[@LINE+2]]:21: error: lane mask '1 << j' is built in 32-bit arithmetic
    // CHECK: :16:16: note: 'maskOut' is used as a lane mask
    if ((maskOut & (1 << j)) != 0)
      out[j] += in[j];
  }
}

// Right: kept in 64 bits and tested with a 64-bit bit; a gate that is not a
// condition (a count) is arithmetic on the mask, not a gated ballot.
__global__ void wide(const float *in, float *out, int nx, int k) {
  int lane = threadIdx.x & (warpSize - 1);
  unsigned long long m = __ballot_sync(~0ull, lane < nx) * (k > 0);
  unsigned int scaled = __ballot_sync(~0ull, lane < nx) * k;
  for (int j = 0; j < 64; j += 8)
    if (m & (1ull << j))
      out[j] = in[j] + scaled;
}
