#pragma once
#include <cuda_runtime.h>

/// Counts bytes of data into 256 bins on the GPU.
cudaError_t histogram256(const unsigned char *data, int n, unsigned *bins);
