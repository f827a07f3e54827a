// C = alpha * A * B + beta * C with cuBLAS, checked against a host loop.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t S = (call);                                                 \
    if (S != CUBLAS_STATUS_SUCCESS) {                                          \
      std::fprintf(stderr, "cuBLAS error %d at line %d\n", int(S), __LINE__);  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

int main() {
  const int N = 64;
  std::vector<float> A(N * N), B(N * N), C(N * N, 0.0f), Ref(N * N, 0.0f);
  for (int I = 0; I < N * N; ++I) {
    A[I] = float(I % 7) - 3.0f;
    B[I] = float(I % 5) - 2.0f;
  }
  float *DA, *DB, *DC;
  cudaMalloc(&DA, N * N * sizeof(float));
  cudaMalloc(&DB, N * N * sizeof(float));
  cudaMalloc(&DC, N * N * sizeof(float));
  cudaMemcpy(DA, A.data(), N * N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DB, B.data(), N * N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DC, C.data(), N * N * sizeof(float), cudaMemcpyHostToDevice);

  cublasHandle_t Handle;
  CHECK_CUBLAS(cublasCreate(&Handle));
  const float Alpha = 1.0f, Beta = 0.0f;
  // Column-major, as BLAS expects.
  CHECK_CUBLAS(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha,
                           DA, N, DB, N, &Beta, DC, N));
  CHECK_CUBLAS(cublasDestroy(Handle));
  cudaMemcpy(C.data(), DC, N * N * sizeof(float), cudaMemcpyDeviceToHost);

  for (int Col = 0; Col < N; ++Col)
    for (int Row = 0; Row < N; ++Row)
      for (int K = 0; K < N; ++K)
        Ref[Col * N + Row] += A[K * N + Row] * B[Col * N + K];
  int Bad = 0;
  for (int I = 0; I < N * N; ++I)
    Bad += C[I] != Ref[I];
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DC);
  std::printf("%s (%d mismatches)\n", Bad ? "FAIL" : "PASS", Bad);
  return Bad != 0;
}
