// cudaDeviceProp::uuid by value, through a pointer, and its bytes; a
// project struct's own member named uuid stays.
#include <cstring>

struct Named {
  unsigned uuid;
};

bool sameDevice(const cudaDeviceProp &a, const cudaDeviceProp *b) {
  Named n{1};
  return n.uuid == 1 && memcmp(&a.uuid, &b->uuid, sizeof a.uuid) == 0;
}

char firstByte(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  return prop.uuid.bytes[0];
}

void *raw(cudaDeviceProp &prop) { return &prop.uuid; }

bool persists(const cudaDeviceProp *p) { return p->persistingL2CacheMaxSize > 0; }
