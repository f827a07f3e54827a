// The token scan of a TU that does not parse: ballots kept in 32 bits and
// counted with the 32-bit __popc, as far as the text tells (the kernel
// comes from a macro of a header lint could not find).
// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "framework_headers_not_found.h"

DEVICE_FN(votes, (bool p, int *out), {
  // CHECK: :[[@LINE+1]]:16: error: result of __ballot_sync stored in 32-bit 'int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost; use uint64_t (seen in the text: this file did not parse) [wave64-ballot-mask-width]
  unsigned int m = __ballot_sync(0xffffffffu, p);
  // CHECK: :[[@LINE+1]]:12: error: result of __ballot stored in 32-bit 'uint32_t'
  uint32_t b = __ballot(p);
  // CHECK: :[[@LINE+1]]:11: error: __popc counts 32 bits of a 64-bit lane mask; use __popcll
  int n = __popc(__ballot(p));
  // A qualified intrinsic kept in a const 32-bit local.
  // CHECK: :[[@LINE+1]]:22: error: result of __ballot_sync stored in 32-bit 'int'
  unsigned int const q = hip_ext::__ballot_sync(~0ull, p);
  // A project's wrapper named for a ballot: the text does not show its type.
  // CHECK: :[[@LINE+1]]:12: warning: result of ballot stored in 32-bit 'uint32_t': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost; use uint64_t (if the wrapper returns the 64-bit ballot)
  uint32_t w = ballot(p);
  // A count named like a ballot is no mask: not reported.
  int c = ballot_count(p);
  // 64-bit: not reported.
  uint64_t ok = __ballot(p);
  unsigned long long ok2 = __activemask();
  out[0] = n + m + b + q + w + c + __popcll(ok) + __popcll(ok2) + __popc(out[1]);
})
