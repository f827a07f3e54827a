#include <cuda.h>
#include <cstdio>

#define DRV_CHECK(call)                                                        \
  do {                                                                         \
    CUresult status = (call);                                                  \
    if (status != CUDA_SUCCESS) {                                              \
      std::fprintf(stderr, "%s: error %d\n", #call, int(status));              \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  const char *image = argc > 1 ? argv[1] : "scale.ptx";
  DRV_CHECK(cuInit(0));
  CUdevice dev;
  DRV_CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  DRV_CHECK(cuDeviceGetName(name, sizeof(name), dev));
  CUcontext ctx;
  DRV_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  DRV_CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  DRV_CHECK(cuModuleLoad(&mod, image));
  CUfunction fn;
  DRV_CHECK(cuModuleGetFunction(&fn, mod, "scale"));

  const int n = 1024;
  float host[n];
  for (int i = 0; i < n; ++i)
    host[i] = float(i);
  CUdeviceptr buf;
  DRV_CHECK(cuMemAlloc(&buf, sizeof(host)));
  DRV_CHECK(cuMemcpyHtoD(buf, host, sizeof(host)));
  float factor = 2.0f;
  int count = n;
  void *args[] = {&buf, &factor, &count};
  DRV_CHECK(cuLaunchKernel(fn, n / 256, 1, 1, 256, 1, 1, 0, nullptr, args,
                           nullptr));
  DRV_CHECK(cuCtxSynchronize());
  DRV_CHECK(cuMemcpyDtoH(host, buf, sizeof(host)));
  DRV_CHECK(cuMemFree(buf));
  DRV_CHECK(cuModuleUnload(mod));
  DRV_CHECK(cuDevicePrimaryCtxRelease(dev));
  std::printf("%s: host[10] = %g\n", name, host[10]);
  return 0;
}
