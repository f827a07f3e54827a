#include <cuda.h>
#include "../common/check.h"
int main() {
  CUdevice d;
  return ok(cuDeviceGet(&d, 0)) ? 0 : 1;
}
