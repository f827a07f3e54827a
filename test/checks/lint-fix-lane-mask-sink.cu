// The 1ull fix-it of wave64-lane-mask-literal only where the mask ends in
// 64 bits: a mask stored in, or passed as, a 32-bit word would truncate the
// 64-bit literal right there, so the fix-it could change the program (the
// shift count reaches past 31) but never repair it (cuda-samples'
// simpleAtomicIntrinsics: `atomicOr(&g_odata[9], 1 << tid)` on an int).
// The finding stays; only the fix-it is withheld.
// REQUIRES: cuda
// RUN: cp %s %t.cu
// RUN: hipport lint %t.cu --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet | FileCheck --check-prefix=MSG %s
// RUN: hipport lint %t.cu --checks='-*,wave64-lane-mask-literal' --fix --fail-on=never --quiet 2>&1 | FileCheck --check-prefix=FIX %s
// RUN: FileCheck --check-prefix=FILE %s < %t.cu
// The comment lines below also reach FileCheck: each pattern is anchored at
// the start of a line, so only the code can match it.
__global__ void k(int *word, unsigned *w32, unsigned long long *w64) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  atomicOr(&word[0], 1 << tid);
  unsigned bit = 1u << lane;
  unsigned long long below = (1u << lane) - 1;
  w64[tid] = below;
  w32[tid] = bit;
}
// MSG-COUNT-3: error: lane mask
// FIX: applied 1 fix(es) to
// FILE: {{^  }}atomicOr(&word[0], 1 << tid);
// FILE: {{^  }}unsigned bit = 1u << lane;
// FILE: {{^  }}unsigned long long below = (1ull << lane) - 1;
