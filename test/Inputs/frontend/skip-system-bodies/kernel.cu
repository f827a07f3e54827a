#include <vendor.h>

static_assert(vendorWidth() == 32, "constexpr body parsed");

__global__ void lanes(int *Out) {
  int Lane = threadIdx.x % 32;
  Out[threadIdx.x] = vendorTwice(Lane) + vendorHalf(Lane) + vendorScale(Lane);
}
