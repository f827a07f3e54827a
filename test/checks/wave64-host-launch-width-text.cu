// The token scan of a TU that does not parse: host code reading a
// compile-time warp width (declared in a header lint could not find).
// RUN: hipport lint %s --checks='-*,wave64-host-launch-width,wave64-width-guard' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_config_not_found.h"

namespace ops {

// Device code may use the compile-time width: the device pass sees its own.
__global__ void rows(float *out, const float *in, int n) {
  int lane = threadIdx.x % kWarpSize;
  out[blockIdx.x * kWarpSize + lane] = in[lane];
}

template <typename T>
__device__ __forceinline__ T lane_of(T i) { return i % WARP_SIZE; }

struct Config {
  int threads() const {
    // CHECK: :[[@LINE+1]]:12: warning: host code reads the compile-time warp width 'WARP_SIZE': the host pass never sees the device's width (64 on CDNA, 32 on RDNA), so sizes computed from it disagree with the device on some target; query it at run time (hipDeviceAttributeWarpSize) (seen in the text: this file did not parse) [wave64-host-launch-width]
    return WARP_SIZE * 4;
  }
};

void launch(Tensor out, Tensor in, int n) {
  // CHECK: :[[@LINE+1]]:52: warning: host code reads the compile-time warp width 'kWarpSize'
  const int warps_per_block = kMaxThreads / utils::kWarpSize;
  // Counts of warps and names of functions are not the width.
  const int blocks = div_round_up(n, warps_per_block);
  const int ws = device_warp_size();
  dispatch(out.scalar_type(), [&] {
    // CHECK: :[[@LINE+1]]:32: warning: launch configuration sized with the compile-time warp constant 'kWarpSize'
    rows<<<blocks, dim3(utils::kWarpSize, warps_per_block)>>>(out.data(), in.data(), n);
    // The queried width is right; the warp count still comes from kWarpSize.
    // CHECK: :[[@LINE+1]]:29: warning: launch configuration sized with the compile-time warp constant 'warps_per_block'
    rows<<<blocks, dim3(ws, warps_per_block)>>>(out.data(), in.data(), n);
    rows<<<blocks, dim3(ws, 4)>>>(out.data(), in.data(), n);
  });
  // A static_assert is judged per pass by the compiler: no run-time size.
  static_assert(utils::kWarpSize <= 64, "lane masks fit in 64 bits");
  // A declaration of a host constant is not a read of the device's width.
  constexpr int kWarpSize = 64;
  // Nor does a message printed size anything.
  printf("%d threads per block\n", 24 * utils::kWarpSize);
}

// A width asked of the device once and cached in an atomic object: a value
// of run time, declared with its type's braces (bitsandbytes' ops.cu).
static int host_warp_size() {
  static std::atomic<int> warp_size{0};
  int ws = warp_size.load(std::memory_order_relaxed);
  if (ws == 0) {
    ws = device_warp_size();
    warp_size.store(ws, std::memory_order_relaxed);
  }
  return ws;
}

// A width the host pass computes at compile time (rocprim's warp_size() is
// constexpr there), and the launch it chooses.
template <typename T>
void pick(T *p, int n) {
  // CHECK: :[[@LINE+1]]:17: warning: host code fixes the warp width 'warp_size' at compile time{{.*}}[wave64-host-launch-width]
  constexpr int warp_size = rocprim::warp_size();
  // CHECK: :[[@LINE+1]]:7: warning: host code reads the compile-time warp width 'warp_size'
  if (warp_size == 32)
    rows<<<n, 128>>>(p, p, n);
  // Queried at run time: not reported.
  const int ws = rocprim::host_warp_size();
  if (ws == 64)
    rows<<<n, 256>>>(p, p, n);
}

// A parameter holds what the caller passes at run time (audio lanes, a
// waveform object), an object with members is no width, nor is std::ws.
void extract(const Vector<float> &wave, int num_lanes, std::istream &is) {
  rows<<<num_lanes, 1024>>>(wave.Data(), wave.Data(), wave.Dim());
  const int frames = wave.Dim() / num_lanes;
  is >> std::ws >> frames;
}

// A pointer named like a width is storage, not a width; a product in
// parentheses is no declaration.
void scratch(float *p, int n, int rows_per_block) {
  float *warp = stage_rows(p, n);
  rows<<<n, 256>>>(warp + n, p, n);
  // CHECK: :[[@LINE+1]]:41: warning: host code reads the compile-time warp width 'WARP_SIZE'
  const int threads = (rows_per_block * WARP_SIZE);
  rows<<<n, threads>>>(p, p, n);
}

// Width guards on the text: a query compared with 32, and with 64 inside a
// check (a refusal of RDNA); a plain `if` on 64 picks a path.
void guards() {
  // CHECK: :[[@LINE+1]]:37: warning: 'warp_size() == 64' singles out 64-wide warps; AMD wavefronts have 64 lanes on CDNA and 32 on RDNA (seen in the text: this file did not parse) [wave64-width-guard]
  TORCH_CHECK(at::cuda::warp_size() == 64, "needs wave64");
  // CHECK: :[[@LINE+1]]:29: error: 'warp_size() != 32' singles out 32-wide warps
  if (at::cuda::warp_size() != 32)
    abort();
  if (at::cuda::warp_size() == 64)
    use_wave64_path();
}

// Kernels declared through a project's macro for __global__, or with
// __launch_bounds__ after it: device code, whose reads are not the host's.
PROJECT_KERNEL void __launch_bounds__(128) stats(int *out, int n) {
  out[threadIdx.x / kWarpSize] = n;
}
template <int Block>
__launch_bounds__(Block) void fill(int *out) { out[threadIdx.x % kWarpSize] = 0; }
template <class T, int Lanes = 4>
static __device__ T rle(const T *in, int t) {
  while (t < Lanes) {
    t += kWarpSize;
  }
  return in[t];
}

// Macro case: a macro body is not host code (it may expand anywhere).
#define LANE(i) ((i) % kWarpSize)

} // namespace ops

// A literal 32 scaling a launch in a file whose kernels work per warp (the
// launching function comes from a macro of the missing header).
__global__ void vote(int *out, bool p) { out[threadIdx.x] = __ballot(p) != 0; }
__global__ void scale(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2;
}
HOST_FN(launch_vote, (int *out, int n), {
  // CHECK: :[[@LINE+1]]:21: warning: launch configuration scaled by 32 in a file whose kernels work per warp: AMD wavefronts have 64 lanes; size it with the device's warp width (hipDeviceAttributeWarpSize) (seen in the text: this file did not parse) [wave64-host-launch-width]
  vote<<<(n + 31) / 32, 256>>>(out, true);
  // Not a scale, but one 32-thread warp per block: half a wavefront.
  // CHECK: :[[@LINE+1]]:13: warning: block of 32 threads, one 32-wide warp, for kernel 'vote', which works per warp or is defined elsewhere{{.*}}[wave64-host-launch-width]
  vote<<<n, 32>>>(out, true);
  // The same through a dim3 the text defines, with rows of 32.
  // CHECK: :[[@LINE+1]]:25: warning: block of 32 threads per row, one 32-wide warp per row, for kernel 'vote'{{.*}}[wave64-host-launch-width]
  const dim3 threads = {32u, 8, 1};
  vote<<<n, threads>>>(out, true);
  // A dim3 of one row of 32 is one warp; a dim3 of 64 is not reported.
  // CHECK: :[[@LINE+1]]:12: warning: block of 32 threads, one 32-wide warp, for kernel 'vote'
  dim3 one{32};
  vote<<<n, one>>>(out, true);
  dim3 wide(64, 4);
  vote<<<n, wide>>>(out, true);
  // A kernel with no lane-level code: its block only counts threads.
  scale<<<(n + 31) / 32, 32>>>(out, n);
  // Shared memory of one slot per 32-lane warp holds the fewer slots of
  // 64-lane warps too.
  vote<<<n, 256, (256 / 32) * sizeof(int)>>>(out, true);
  vote<<<n, 256, num_warps * sizeof(int)>>>(out, true);
})

// Instantiated: a template no code comes from would hold only notes.
template void pick<float>(float *, int);
