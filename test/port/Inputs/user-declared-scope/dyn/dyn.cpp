#include "dynlink.h"
#include "../common/check.h"
int probe(CUdevice d) { return d ? CUDA_SUCCESS : 1; }
