// A 64-bit value passed as a vote's predicate: __ballot, __any and __all
// take an int, so `mask & (1ull << lane)` keeps only its low 32 bits and
// lanes 32-63 vote on bits that are always 0 (hip-tests' warp vote tests
// before their wave64 fix). The fix-it turns it into a comparison.
// RUN: cp %s %t.hip
// RUN: hipport lint %t.hip --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: hipport lint %t.hip --checks='-*,wave64-ballot-mask-width' --fix --fail-on=never --quiet > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FILE %s < %t.hip
#include <hip/hip_runtime.h>
#include <cstdint>

#define LANE_BIT(m, l) ((m) & (static_cast<uint64_t>(1) << (l)))

// In a template the predicate's type is known in each instantiation only:
// reported once, for the 64-bit one.
template <class M>
__device__ unsigned long long templateVote(M predicate, int lane) {
  return __ballot(predicate & (M(1) << lane));
  // CHECK: :[[@LINE-1]]:19: error: the predicate of __ballot is a 32-bit int, so the 64-bit 'unsigned long' is cut
}

__global__ void votes(uint64_t *out, uint64_t predicate, unsigned lane_mask32) {
  int lane = threadIdx.x % warpSize;
  out[0] = __ballot(predicate & (static_cast<uint64_t>(1) << lane));
  // CHECK: :[[@LINE-1]]:21: error: the predicate of __ballot is a 32-bit int, so the 64-bit 'uint64_t' is cut to its low 32 bits: lanes 32-63 vote on bits that are always 0; pass a comparison ('(predicate & (static_cast<uint64_t>(1) << lane)) != 0') [wave64-ballot-mask-width]
  out[1] = __any(predicate >> lane);
  // CHECK: :[[@LINE-1]]:18: error: the predicate of __any is a 32-bit int
  out[2] = __all(LANE_BIT(predicate, lane));
  // CHECK: :[[@LINE-1]]:18: error: the predicate of __all is a 32-bit int
  // Negatives: a comparison, a 32-bit value, a 64-bit mask operand.
  out[3] = __ballot((predicate & (1ull << lane)) != 0);
  out[4] = __ballot(lane_mask32 & (1u << (lane & 31)));
  out[5] = __any_sync(~0ull, (predicate >> lane) & 1ull ? 1 : 0);
  out[6] = templateVote(predicate, lane) + templateVote(lane_mask32, lane);
}
// FILE: return __ballot((predicate & (M(1) << lane)) != 0);
// FILE: out[0] = __ballot((predicate & (static_cast<uint64_t>(1) << lane)) != 0);
// FILE: out[1] = __any((predicate >> lane) != 0);
// FILE: out[2] = __all(LANE_BIT(predicate, lane));
