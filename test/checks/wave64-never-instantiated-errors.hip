// RUN: not hipport lint %s --checks='-*,wave64-*,lint-parse-error' --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// In a TU with errors, clang may drop the code that instantiates a
// template, so an empty list of instantiations proves nothing. The file's
// text does: a kernel template it names nowhere but in its own definition is
// built from nothing, and every wave64 finding inside it is a note, the
// token scan's too. One that the file names elsewhere (here in a launch
// clang dropped) is read as usual.
#include <hip/hip_runtime.h>
// CHECK: :[[@LINE+1]]:10: error: this translation unit does not parse {{.*}}'missing_blas.h' file not found{{.*}}[lint-parse-error]
#include "missing_blas.h"

// CHECK: :[[@LINE+2]]:53: note: 'out' holds ballot masks as 32-bit words {{.*}}; this is a function template the file defines and never instantiates, so no code of this build comes from it: judge it where code instantiates it
template <typename T>
__global__ void compress_max(const T *in, unsigned *out) {
  // CHECK: :[[@LINE+1]]:28: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; this is a function template the file defines and never instantiates
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+2]]:12: note: result of __ballot stored in 32-bit 'unsigned': {{.*}}never instantiates
  // CHECK: :[[@LINE+1]]:12: note: 'mask' holds a ballot mask in 32 bits; {{.*}}never instantiates
  unsigned mask = __ballot(in[threadIdx.x] > in[warp]);
  // CHECK: :[[@LINE+1]]:13: note: ballot mask stored in a 32-bit word of 'out'{{.*}}never instantiates
  out[warp] = mask;
}

// CHECK: :[[@LINE+2]]:53: warning: 'out' holds ballot masks as 32-bit words
template <typename T>
__global__ void compress_min(const T *in, unsigned *out) {
  // CHECK: :[[@LINE+1]]:28: warning: warp index 'threadIdx.x / 32' assumes 32-wide warps; use warpSize
  int warp = threadIdx.x / 32;
  // The partial AST holds the instantiation below, where the ballot is
  // resolved.
  // CHECK: :[[@LINE+2]]:12: error: result of __ballot stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
  // CHECK: :[[@LINE+1]]:12: warning: 'mask' holds a ballot mask in 32 bits
  unsigned mask = __ballot(in[threadIdx.x] < in[warp]);
  // CHECK: :[[@LINE+1]]:13: error: ballot mask stored in a 32-bit word of 'out'
  out[warp] = mask;
}

void run(const float *in, unsigned *out, blas_handle h) {
  compress_min<float><<<1, 256>>>(in, out);
}
