// A warp utility file that hands out whole lane masks (a wrapper returning
// __activemask or __ballot: 64-bit in HIP) and counts a 32-bit mask
// parameter with __popc or __ffs: every mask the helper is given loses lanes
// 32-63 (mallocMC's utilities before their wave64 fix). The same helpers in
// a file with no mask wrapper count words, not lanes.
// RUN: rm -rf %t && split-file %s %t
// RUN: hipport lint %t/utils.hip %t/bits.hip --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// CHECK: utils.hip:6:43: error: lane-mask parameter 'mask' is 32-bit 'std::uint32_t' and counted with __ffs, in a file whose ballot wrappers return 64-bit HIP masks: lanes 32-63 of every mask it is given are lost; make it unsigned long long and use __ffsll [wave64-ballot-mask-width]
// CHECK: utils.hip:6:58: note: counted here
// CHECK: utils.hip:7:39: error: lane-mask parameter 'lane_mask' is 32-bit 'unsigned int' and counted with __popc
// CHECK: utils.hip:7:59: note: counted here
// CHECK: utils.hip:11:24: error: lane-mask parameter 'mask' is 32-bit 'unsigned int' and counted with __popc
// CHECK: utils.hip:11:39: note: counted here

//--- utils.hip
#include <hip/hip_runtime.h>
#include <cstdint>
#define FN __device__ inline
FN auto activemask() { return __activemask(); }
FN unsigned long long wide_popc(unsigned long long mask) { return __popcll(mask); }
FN std::uint32_t first_lane(std::uint32_t mask) { return __ffs(mask); }
FN std::uint32_t count_lanes(unsigned lane_mask) { return __popc(lane_mask); }
FN std::uint32_t count_bits(std::uint32_t word) { return __popc(word); }
// A mask type the caller picks: the 32-bit instantiation loses lanes.
template <class M>
FN unsigned count_of(M mask) { return __popc(mask); }
FN unsigned both(unsigned a, unsigned long long b) { return count_of(a) + count_of(b); }
//--- bits.hip
#include <hip/hip_runtime.h>
#include <cstdint>
__device__ inline std::uint32_t popc(std::uint32_t mask) { return __popc(mask); }
