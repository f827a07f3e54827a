// Votes and ballots. HIP's __ballot_sync and __activemask return 64-bit masks;
// CUDA's return 32 bits, so code sized for CUDA loses lanes 32-63.
#include <cstdint>

__device__ void keep32(unsigned m, int *out) { out[0] = int(m); }

__device__ unsigned vote(bool p) {
  return __ballot_sync(__activemask(), p); // BUG: wave64-ballot-mask-width
}

__global__ void count_flags(int *out, const int *flags) {
  bool p = flags[threadIdx.x] > 0;
  unsigned mask = __ballot_sync(__activemask(), p); // BUG: wave64-ballot-mask-width
  out[0] = int(mask);
}

__global__ void popc_of_ballot(int *out, const int *flags) {
  unsigned long long m = __ballot_sync(__activemask(), flags[threadIdx.x]); // OK
  out[0] = __popc(m); // BUG: wave64-ballot-mask-width
  out[1] = __popcll(m); // OK
}

__global__ void active_lanes(int *out) {
  uint32_t act = __activemask(); // BUG: wave64-ballot-mask-width
  out[0] = int(act);
}

__global__ void first_lane(int *out, const int *v) {
  int first = __ffs(__ballot_sync(__activemask(), v[threadIdx.x] < 0)) - 1; // BUG: wave64-ballot-mask-width
  out[0] = first;
}

__global__ void all_true(int *out, const int *v) {
  if (__ballot_sync(__activemask(), v[threadIdx.x] != 0) == 0xffffffff) // BUG: wave64-ballot-mask-width
    out[0] = 1;
}

__global__ void pass_narrow(int *out, const int *v) {
  keep32(__ballot_sync(__activemask(), v[threadIdx.x] > 2), out); // BUG: wave64-ballot-mask-width
}

__global__ void cast_narrow(unsigned *out, const int *v) {
  out[0] = (unsigned)__ballot_sync(__activemask(), v[threadIdx.x] > 3); // BUG: wave64-ballot-mask-width
}

struct WarpState {
  unsigned votes;
  unsigned long long wide;
};

__global__ void member_store(WarpState *s, const int *v) {
  s->votes = __ballot_sync(__activemask(), v[threadIdx.x] > 4); // BUG: wave64-ballot-mask-width
  s->wide = __ballot_sync(__activemask(), v[threadIdx.x] > 5); // OK
}

__global__ void leader(int *out, const int *v) {
  auto m = __ballot_sync(__activemask(), v[threadIdx.x] > 6); // OK
  int lead = __ffsll(m) - 1; // OK
  int total = __popcll(m); // OK
  if (threadIdx.x % warpSize == unsigned(lead)) // OK
    atomicAdd(out, total);
}

// 32-bit words that are data, not lane masks.
__global__ void bit_counts(int *out, const unsigned *words, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned w = words[i];
  out[i] = __popc(w); // OK
  unsigned r = __brev(w); // OK
  int lowest = __ffs(w); // OK
  uint32_t white = 0xffffffff; // OK
  out[n + i] = int(r ^ white) + lowest;
}
