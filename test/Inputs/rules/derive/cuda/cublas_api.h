// A miniature cublas_api.h with each declaration form the scanner reads.
#ifndef CUBLAS_API_H_
#define CUBLAS_API_H_
#define CUBLASWINAPI
#define CUBLAS_VER_MAJOR 13
#if defined(__cplusplus)
extern "C" {
#endif
typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_LICENSE_ERROR = 16 /* NVIDIA only */
} cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1 } cublasOperation_t;
struct cublasContext;
typedef struct cublasContext *cublasHandle_t;
typedef void (*cublasLogCallback)(const char *msg);
cublasStatus_t CUBLASWINAPI cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t CUBLASWINAPI cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t CUBLASWINAPI cublasSgemm_v2(cublasHandle_t handle,
                                           cublasOperation_t transa,
                                           cublasOperation_t transb, int m,
                                           int n, int k, const float *alpha,
                                           const float *A, int lda,
                                           const float *B, int ldb,
                                           const float *beta, float *C,
                                           int ldc);
/* The HIP side declares this with one parameter fewer. */
cublasStatus_t CUBLASWINAPI cublasSetWorkspace_v2(cublasHandle_t handle,
                                                  void *workspace,
                                                  size_t workspaceSizeInBytes);
cublasStatus_t CUBLASWINAPI cublasGetProperty(int type, int *value);
static inline int cublasInlineHelper(int x) { return x + 1; }
#if defined(__cplusplus)
}
#endif
#endif
