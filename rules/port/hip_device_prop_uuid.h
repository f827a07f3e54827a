// hipport shim for cudaDeviceProp::uuid on HIP releases whose hipDeviceProp_t
// has no uuid (before ROCm 6.0): the UUID of the device at the properties'
// PCI location (hipDeviceGetByPCIBusId, then hipDeviceGetUuid), kept per
// device so that the reference stays valid; all zero bytes where no device
// matches. Same layout as CUDA's (16 bytes named 'bytes'); not const, so
// &prop.uuid still converts to void *.
#ifndef HIPPORT_DEVICE_PROP_UUID_SHIM
#define HIPPORT_DEVICE_PROP_UUID_SHIM
#include <hip/hip_runtime.h>
#include <cstdio>
static inline hipUUID &hipport_prop_uuid(const hipDeviceProp_t &Prop) {
  static hipUUID PerDevice[64], None;
  char Bus[32];
  std::snprintf(Bus, sizeof Bus, "%04x:%02x:%02x.0", unsigned(Prop.pciDomainID),
                unsigned(Prop.pciBusID), unsigned(Prop.pciDeviceID));
  int Device = -1;
  if (hipDeviceGetByPCIBusId(&Device, Bus) != hipSuccess || Device < 0 || Device >= 64)
    return None;
  if (hipDeviceGetUuid(&PerDevice[Device], Device) != hipSuccess)
    return None;
  return PerDevice[Device];
}
#endif // HIPPORT_DEVICE_PROP_UUID_SHIM
