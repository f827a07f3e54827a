// A TU that parses: lint checks it once, with no recovery parse.
__global__ void reduce_rows(float *out, const float *in, int n) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (warp < n)
    out[warp] = in[warp];
}

void run(float *out, const float *in, int n) {
  reduce_rows<<<n / 32, 32>>>(out, in, n);
}
