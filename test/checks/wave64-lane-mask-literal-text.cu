// The token scan of a TU that does not parse: full 32-lane masks passed to
// warp intrinsics, also spelled with C++14 digit separators.
// RUN: hipport lint %s --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "framework_headers_not_found.h"

DEVICE_FN(votes, (bool p, unsigned long long *out), {
  // CHECK: :[[@LINE+1]]:44: error: lane mask 0xffff'ffffu of __ballot_sync names lanes 0-31 only; AMD wavefronts have 64 lanes (seen in the text: this file did not parse) [wave64-lane-mask-literal]
  unsigned long long a = ns::__ballot_sync(0xffff'ffffu, p);
  // CHECK: :[[@LINE+1]]:47: error: lane mask 0xFFFFFFFF of __any_sync names lanes 0-31 only
  out[0] = a + (unsigned long long)__any_sync(0xFFFFFFFF, p);
  // A 64-bit mask: not reported.
  out[1] = __ballot_sync(0xffff'ffff'ffff'ffffull, p);
})
