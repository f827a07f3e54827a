#pragma once
__device__ inline int lastLane(int t) { return (t & 31) == 31; }
