"""Prints 'yes' or 'no' and each line below: is it porting code by
calibrate.porting_line()'s rule? argv[1]: bench/calibration."""
import sys

sys.path.insert(0, sys.argv[1])
import calibrate as C  # noqa: E402

LINES = r'''hipMalloc(&d, n);
CUresult r = cuInit(0);
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
k<<<g, b>>>(x);
__global__ void f(int *x)
atomicAdd(&s, 1);
v += __shfl_down(v, 1);
const int WARP_SIZE = 64;
unsigned long long m = 0xffffffffffffffffull;
asm volatile("s_nop 0");
#ifdef __HIP_PLATFORM_AMD__
#if defined(__CUDACC__) && CUDART_VERSION >= 11000
#include <stdio.h>
printf("hipMalloc failed\n");
double t0 = get_time();
gettimeofday(&t1, NULL);
#if defined(USE_TIMER)
int t = threadIdx.x + blockIdx.x * blockDim.x;
dim3 grid(n / 256);
float s = sinf(x);
int mask = 0xff;
namespace hip {'''.splitlines()

for line in LINES:
    # The normalised form the residual classifies (includes as <...>).
    n = C.normalise(line, "hecbench", spaced=True)[0]
    print("yes" if C.porting_line(n) else "no", line)
