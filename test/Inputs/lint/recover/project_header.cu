// A TU whose project header was not extracted: its types and its namespace
// template are unknown to clang. The recovery parse stubs them (a type, a
// namespace template with a value argument, a member function), so the
// host function that returns one is not dropped.
#include "detail/launch_config.h"

__global__ void reduce_rows(float *out, const float *in, int n) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (warp < n)
    out[warp] = in[warp];
}

mylib::DeviceArray<float, 2> run(LaunchConfig cfg,
                                 const mylib::DeviceArray<float, 2> &in) {
  int n = cfg.rows();
  mylib::DeviceArray<float, 2> out(n);
  reduce_rows<<<n / 32, 32>>>(out.data(), in.data(), n);
  return out;
}

// A warp count from the queried width: not reported.
mylib::DeviceArray<float, 2> run_ok(LaunchConfig cfg,
                                    const mylib::DeviceArray<float, 2> &in,
                                    int width) {
  int n = cfg.rows();
  mylib::DeviceArray<float, 2> out(n);
  reduce_rows<<<n / width, width>>>(out.data(), in.data(), n);
  return out;
}
