#pragma once
#include <cuda_runtime.h>

inline __host__ __device__ float4 operator+(float4 a, float4 b)
{
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
inline __host__ __device__ void operator+=(float4 &a, float4 b)
{
    a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w;
}
inline __host__ __device__ void operator+=(float4 &a, float b)
{
    a.x += b; a.y += b; a.z += b; a.w += b;
}

////////////////////////////////////////////////////////////////////////////////
// subtract
////////////////////////////////////////////////////////////////////////////////
inline __host__ __device__ void operator-=(float3 &a, float3 b)
{
    a.x -= b.x; a.y -= b.y; a.z -= b.z;
}
__host__ __device__ inline void operator*=(int2 &a, const int2 &b) { a.x *= b.x; a.y *= b.y; }

// Not element-wise: left, with a warning.
inline __host__ __device__ void operator/=(float2 &a, float2 b)
{
    a.x = a.x * b.y; a.y = a.y + b.x;
}
