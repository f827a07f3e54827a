// A miniature cublas_v2.h: the v2 names are macros onto versioned functions.
#ifndef CUBLAS_V2_H_
#define CUBLAS_V2_H_
#include "cublas_api.h"
#define cublasCreate cublasCreate_v2
#define cublasSgemm cublasSgemm_v2
#endif
