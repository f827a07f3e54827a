// Uses Elem, which the including .cu defines before it: compiled alone,
// this header does not build.
__global__ void scaleK(Elem *x, Elem s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

template <typename T, int B> __global__ void sumT(const T *x, T *out) {
  __shared__ T part[B];
  part[threadIdx.x] = 0;
  for (int i = threadIdx.x; i < N; i += B)
    part[threadIdx.x] += x[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    T s = 0;
    for (int i = 0; i < B; ++i)
      s += part[i];
    *out = s;
  }
}
