// A header that already knows HIP: what it leaves to CUDA it leaves there
// on purpose, so nothing here is pending.
#pragma once
#if defined(SOLVER_USING_CUDA)
__device__ inline int lane_id() { return threadIdx.x % 32; }
#elif defined(__HIP_PLATFORM_AMD__)
__device__ inline int lane_id() { return threadIdx.x % warpSize; }
#endif
#if defined(SOLVER_USING_CUDA)
__device__ inline int warp_id() { return threadIdx.x / 32; }
#endif
