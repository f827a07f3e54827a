// A PyTorch-style extension whose framework headers lint was not given:
// the launch runs on the framework's stream, so without the recovery parse
// the launch expression is invalid and no launch check sees it. The
// recovery parse stubs `torch`, `at::cuda`, `torch::Tensor` and its
// members, and the launch is checked on the AST.
#include <cuda_runtime.h>
#include <torch/extension.h>

__global__ void rows(float *out, const float *in, int n) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int lane = threadIdx.x % warpSize;
  if (warp < n)
    out[warp] = in[warp * lane];
}

// A kernel whose parameter is a framework template: its body is judged.
__global__ void lanes(torch::PackedTensorAccessor32<float, 2> acc, float *out) {
  out[threadIdx.x % 32] = 0.f;
}

torch::Tensor launch_rows(torch::Tensor in) {
  int n = in.size(0);
  torch::Tensor out = torch::empty({n}, in.options());
  int threads = 256;
  int blocks = (n * 32 + threads - 1) / threads;
  rows<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), n);
  return out;
}

// Sized with the device's width: right at wave64, not reported.
torch::Tensor launch_rows_ok(torch::Tensor in, int width) {
  int n = in.size(0);
  torch::Tensor out = torch::empty({n}, in.options());
  int threads = 256;
  int blocks = (n * width + threads - 1) / threads;
  rows<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), n);
  return out;
}
