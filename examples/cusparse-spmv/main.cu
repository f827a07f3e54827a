// y = A * x for a small CSR matrix through the cuSPARSE generic API.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUSPARSE(call)                                                   \
  do {                                                                         \
    cusparseStatus_t S = (call);                                               \
    if (S != CUSPARSE_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "cuSPARSE error %d at line %d\n", int(S),           \
                   __LINE__);                                                  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  // 4x4 tridiagonal matrix [2 -1 0 0; -1 2 -1 0; 0 -1 2 -1; 0 0 -1 2].
  const int Rows = 4, Nnz = 10;
  std::vector<int> RowPtr = {0, 2, 5, 8, 10};
  std::vector<int> Cols = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
  std::vector<float> Vals = {2, -1, -1, 2, -1, -1, 2, -1, -1, 2};
  std::vector<float> X = {1, 2, 3, 4}, Y(Rows, 0.0f);
  int *DRowPtr, *DCols;
  float *DVals, *DX, *DY;
  cudaMalloc(&DRowPtr, RowPtr.size() * sizeof(int));
  cudaMalloc(&DCols, Nnz * sizeof(int));
  cudaMalloc(&DVals, Nnz * sizeof(float));
  cudaMalloc(&DX, Rows * sizeof(float));
  cudaMalloc(&DY, Rows * sizeof(float));
  cudaMemcpy(DRowPtr, RowPtr.data(), RowPtr.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(DCols, Cols.data(), Nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(DVals, Vals.data(), Nnz * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DX, X.data(), Rows * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DY, Y.data(), Rows * sizeof(float), cudaMemcpyHostToDevice);

  cusparseHandle_t Handle;
  CHECK_CUSPARSE(cusparseCreate(&Handle));
  cusparseSpMatDescr_t MatA;
  cusparseDnVecDescr_t VecX, VecY;
  CHECK_CUSPARSE(cusparseCreateCsr(&MatA, Rows, Rows, Nnz, DRowPtr, DCols,
                                   DVals, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&VecX, Rows, DX, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&VecY, Rows, DY, CUDA_R_32F));
  const float Alpha = 1.0f, Beta = 0.0f;
  size_t BufferSize = 0;
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(
      Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, MatA, VecX, &Beta,
      VecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &BufferSize));
  void *Buffer = nullptr;
  cudaMalloc(&Buffer, BufferSize);
  CHECK_CUSPARSE(cusparseSpMV(Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha,
                              MatA, VecX, &Beta, VecY, CUDA_R_32F,
                              CUSPARSE_SPMV_ALG_DEFAULT, Buffer));
  CHECK_CUSPARSE(cusparseDestroySpMat(MatA));
  CHECK_CUSPARSE(cusparseDestroyDnVec(VecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(VecY));
  CHECK_CUSPARSE(cusparseDestroy(Handle));
  cudaMemcpy(Y.data(), DY, Rows * sizeof(float), cudaMemcpyDeviceToHost);
  const float Want[] = {0, 0, 0, 5};
  int Bad = 0;
  for (int I = 0; I < Rows; ++I)
    Bad += Y[I] != Want[I];
  std::printf("%s (%d mismatches)\n", Bad ? "FAIL" : "PASS", Bad);
  return Bad != 0;
}
