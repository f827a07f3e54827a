// Long names everywhere, as generated template code has them: the report's
// tables must wrap them, not grow past the page.
#include <cuda_runtime.h>

namespace very_long_project_namespace_for_layout { namespace detail_implementation_namespace {

template <typename ValueTypeWithAVeryDescriptiveName, int BlockSizeParameterForTheReduction>
__global__ void blocked_segmented_reduction_kernel_with_an_extremely_long_descriptive_name(
    const ValueTypeWithAVeryDescriptiveName *input, ValueTypeWithAVeryDescriptiveName *output, int n) {
  __shared__ ValueTypeWithAVeryDescriptiveName partial_sums_for_the_whole_block[BlockSizeParameterForTheReduction];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ValueTypeWithAVeryDescriptiveName v = i < n ? input[i] : ValueTypeWithAVeryDescriptiveName(0);
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    partial_sums_for_the_whole_block[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(output, partial_sums_for_the_whole_block[0]);
}

}} // namespace

void launch_all_the_reductions_one_after_another(const float *in, float *out, const double *din, double *dout, int n) {
  using namespace very_long_project_namespace_for_layout::detail_implementation_namespace;
  blocked_segmented_reduction_kernel_with_an_extremely_long_descriptive_name<float, 256><<<n / 256, 256>>>(in, out, n);
  blocked_segmented_reduction_kernel_with_an_extremely_long_descriptive_name<double, 256><<<n / 256, 256>>>(din, dout, n);
  blocked_segmented_reduction_kernel_with_an_extremely_long_descriptive_name<float, 512><<<n / 512, 512>>>(in, out, n);
  blocked_segmented_reduction_kernel_with_an_extremely_long_descriptive_name<double, 512><<<n / 512, 512>>>(din, dout, n);
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte);
  cudaStreamAttrValue attribute_value_with_a_long_name;
  (void)attribute_value_with_a_long_name;
  cudaDeviceSynchronize();
}
