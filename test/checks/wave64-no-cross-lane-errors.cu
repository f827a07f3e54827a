// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'

// A header lint was not given (hipCUB): the alias of its type does not
// parse. In tileCopy nothing uses the alias, so the error hides no code and
// the kernel still shows that its lanes never read each other's: notes.
__global__ void tileCopy(const char *in, char *out) {
  typedef hipcub::BlockExchange<char, 256, 4> Exchange;
  // CHECK: :[[@LINE+1]]:28: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; no lane here reads another's
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:28: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; no lane here reads another's
  int lane = threadIdx.x % 32;
  out[warp * 32 + lane] = in[lane * 8 + warp];
}

// Here the load uses the alias: what it does is unknown, a warning stays.
__global__ void tileLoad(const char *in, char *out) {
  typedef hipcub::BlockLoad<char, 256, 4> Load;
  __shared__ typename Load::TempStorage temp;
  // CHECK: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
  int lane = threadIdx.x % 32;
  out[lane] = in[lane];
}

// A statement that does not parse may hide a collective: a warning stays.
__global__ void hidden(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
  int lane = threadIdx.x % 32;
  out[lane] = hipcub::WarpReduce<float>(temp).Sum(in[lane]);
}
