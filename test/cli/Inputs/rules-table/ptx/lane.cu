__global__ void lane(unsigned *out) {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  out[threadIdx.x] = id;
}
