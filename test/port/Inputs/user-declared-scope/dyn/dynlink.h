#pragma once
// A sample that loads the driver itself declares the CUDA names it uses.
typedef int CUdevice;
#define CUDA_SUCCESS 0
