#pragma once
// Shared by every sample: the toolkit's CUresult and CUDA_SUCCESS.
#ifdef __cuda_cuda_h__
static inline bool ok(CUresult r) { return r == CUDA_SUCCESS; }
#endif
