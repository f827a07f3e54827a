// A miniature hipblas/hipblas.h.
#pragma once
#define HIPBLAS_EXPORT
#ifdef __cplusplus
extern "C" {
#endif
typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1
} hipblasStatus_t;
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112 } hipblasOperation_t;
typedef void *hipblasHandle_t;
HIPBLAS_EXPORT hipblasStatus_t hipblasCreate(hipblasHandle_t *handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
HIPBLAS_EXPORT hipblasStatus_t
hipblasSgemm(hipblasHandle_t handle, hipblasOperation_t transA,
             hipblasOperation_t transB, int m, int n, int k,
             const float *alpha, const float *AP, int lda, const float *BP,
             int ldb, const float *beta, float *CP, int ldc);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetWorkspace(hipblasHandle_t handle,
                                                   void *workspace);
#ifdef __cplusplus
}
#endif
