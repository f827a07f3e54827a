#pragma once
// Included by no translation unit: ported by the token pass alone.
#include <cuda_runtime.h>
inline cudaError_t resetDevice() { return cudaDeviceReset(); }
