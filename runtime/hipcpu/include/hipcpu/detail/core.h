//===- hipcpu/detail/core.h - spelling-independent device side ------------===//
//
// What a kernel file compiled by g++/clang++ needs that does not depend on
// the API spelling: the CUDA/HIP qualifiers as macros, the built-in index
// variables, dim3 and the vector types, barriers, fences, atomics, integer
// and floating-point intrinsics, __half and __nv_bfloat16, and the launch
// template. Warp collectives depend on the spelling (their mask width) and
// live in warp.h.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_DETAIL_CORE_H
#define HIPCPU_DETAIL_CORE_H

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

//===----------------------------------------------------------------------===//
// Qualifiers. Kernels are ordinary C++ functions on the CPU.
//===----------------------------------------------------------------------===//
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
// All fibers of a block run on one OS thread and an OS thread runs one block
// at a time, so one thread_local instance per OS thread is exactly one
// instance per running block. At block scope thread_local implies static, and
// `extern __shared__ T a[];` becomes an extern thread_local declaration whose
// storage HIPCPU_DYNAMIC_SHARED_STORAGE provides (see docs/hipcpu.md).
#define __shared__ thread_local
#define __launch_bounds__(...)
#define __forceinline__ inline __attribute__((always_inline))
// libstdc++ spells __attribute__((__noinline__)); an empty attribute list
// keeps that valid while `__noinline__ void f()` still compiles.
#define __noinline__
#define __restrict__ __restrict
#define __align__(N) alignas(N)
#define __CUDA_ALIGN__(N) alignas(N)

namespace hipcpu {

/// Diagnostics the engine found during launches (divergent collectives,
/// barriers not reached by every thread, mask mismatches).
struct Diagnostic {
  enum SeverityKind { Warning, Error } Severity;
  std::string Message;
};

/// Diagnostics recorded since the last call, oldest first.
std::vector<Diagnostic> takeDiagnostics();
/// Forces the wavefront width for later launches (32 or 64); 0 restores the
/// default (HIPCPU_WARP_SIZE, else 64 for the HIP spelling, 32 for CUDA's).
void setWarpSize(int Width);
/// The width a launch from a file of the given spelling would use.
int effectiveWarpSize(int SpellingDefault);
/// Checked mode (also HIPCPU_CHECK=1): device allocations get guard pages and
/// a fault inside a kernel names kernel, block and thread. Affects later
/// allocations only.
void setChecked(bool On);
bool isChecked();
/// Silences the stderr copy of diagnostics (also HIPCPU_QUIET=1).
void setQuiet(bool On);
/// Lockstep mode for later launches: 1 on, 0 off, -1 back to the default
/// (HIPCPU_LOCKSTEP=1 turns it on; hipport validate does).
void setLockstep(int On);

} // namespace hipcpu

//===----------------------------------------------------------------------===//
// dim3 and vector types, laid out and aligned as in CUDA's vector_types.h.
//===----------------------------------------------------------------------===//
#define HIPCPU_ALIGN_OF(T, N) ((sizeof(T) * (N)) > 16 ? 16 : (sizeof(T) * (N)))
#define HIPCPU_VECTOR_TYPES(T, Name)                                           \
  struct alignas(sizeof(T)) Name##1 {                                          \
    T x;                                                                       \
  };                                                                           \
  struct alignas(HIPCPU_ALIGN_OF(T, 2)) Name##2 {                              \
    T x, y;                                                                    \
  };                                                                           \
  struct Name##3 {                                                             \
    T x, y, z;                                                                 \
  };                                                                           \
  struct alignas(HIPCPU_ALIGN_OF(T, 4)) Name##4 {                              \
    T x, y, z, w;                                                              \
  };                                                                           \
  inline Name##1 make_##Name##1(T x) { return {x}; }                           \
  inline Name##2 make_##Name##2(T x, T y) { return {x, y}; }                   \
  inline Name##3 make_##Name##3(T x, T y, T z) { return {x, y, z}; }           \
  inline Name##4 make_##Name##4(T x, T y, T z, T w) { return {x, y, z, w}; }

HIPCPU_VECTOR_TYPES(signed char, char)
HIPCPU_VECTOR_TYPES(unsigned char, uchar)
HIPCPU_VECTOR_TYPES(short, short)
HIPCPU_VECTOR_TYPES(unsigned short, ushort)
HIPCPU_VECTOR_TYPES(int, int)
HIPCPU_VECTOR_TYPES(unsigned int, uint)
HIPCPU_VECTOR_TYPES(long, long)
HIPCPU_VECTOR_TYPES(unsigned long, ulong)
HIPCPU_VECTOR_TYPES(long long, longlong)
HIPCPU_VECTOR_TYPES(unsigned long long, ulonglong)
HIPCPU_VECTOR_TYPES(float, float)
HIPCPU_VECTOR_TYPES(double, double)
#undef HIPCPU_VECTOR_TYPES
#undef HIPCPU_ALIGN_OF

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int X = 1, unsigned int Y = 1, unsigned int Z = 1)
      : x(X), y(Y), z(Z) {}
  constexpr dim3(uint3 V) : x(V.x), y(V.y), z(V.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};

//===----------------------------------------------------------------------===//
// Engine interface. The library keeps one ThreadState per fiber and one
// BlockState per OS thread; the pointers are switched with the fibers.
//===----------------------------------------------------------------------===//
namespace hipcpu::detail {

struct ThreadState {
  uint3 ThreadIdx;
  unsigned LaneId;
  unsigned WarpId;
};

struct BlockState {
  uint3 BlockIdx;
  dim3 BlockDim;
  dim3 GridDim;
  unsigned char *DynamicShared;
  std::size_t DynamicSharedBytes;
};

// __thread, not thread_local: no TLS wrapper calls on every threadIdx read.
extern __thread ThreadState *CurThread;
extern __thread BlockState *CurBlock;

inline const ThreadState &thread() { return *CurThread; }
inline const BlockState &block() { return *CurBlock; }

enum class CollectiveOp : std::uint8_t {
  Shuffle,
  Ballot,
  Any,
  All,
  Sync,
  Active
};

/// Flags of a collective call: which mask rule a *_sync form follows.
enum CollectiveFlags : unsigned {
  MaskNone = 0,
  MaskHip = 1,  // HIP: the mask must equal the set of active lanes
  MaskCuda = 2, // CUDA: every lane named in the mask must take part
};

/// Rendezvous of the calling lane with the other active lanes of its group
/// (GroupWidth lanes: the warp, or a cooperative-groups tile) at one call
/// site. Returns the lane's result: for Shuffle the value of lane Src (or its
/// own when Src is outside the active lanes); for Ballot/Active a bit mask of
/// warp lanes; for Any/All 0 or 1.
std::uint64_t collective(CollectiveOp Op, const char *OpName,
                         std::uint64_t Value, int Src, std::uint64_t Mask,
                         unsigned Flags, int GroupWidth, const char *File,
                         int Line);

enum class BarrierKind : std::uint8_t { Plain, Count, And, Or };
/// Block barrier; returns the reduction of Pred for the _count/_and/_or forms.
int barrier(BarrierKind Kind, int Pred, const char *File, int Line);

using KernelThunk = void (*)(void *);
/// Runs Thunk(Ctx) once per thread of the grid; returns an error code in
/// CUDA/HIP numbering (0 on success).
int launch(const char *Name, dim3 Grid, dim3 Block, std::size_t SharedBytes,
           int DefaultWidth, KernelThunk Thunk, void *Ctx);

[[noreturn]] void trap(const char *What, const char *File, int Line);

/// Scheduling points, written into device code by hipport validate's CPU
/// build (docs/hipcpu.md, "Lockstep mode and forward progress"). In
/// lockstep mode a step hands over to the next lane of the warp and a
/// reconvergence point (after a branch or loop, at nesting depth Depth)
/// waits for the warp's other lanes; in both modes every 1024th loop
/// back-edge lets another lane run and watches the launch's progress.
extern bool LockstepOn;
extern __thread unsigned LoopTicks;
void stepPoint();
void reconvergePoint(int Depth);
void progressPoint(const char *File, int Line);

} // namespace hipcpu::detail

#define HIPCPU_STEP()                                                          \
  (::hipcpu::detail::LockstepOn ? ::hipcpu::detail::stepPoint() : (void)0)
#define HIPCPU_RECONVERGE(Depth)                                               \
  (::hipcpu::detail::LockstepOn ? ::hipcpu::detail::reconvergePoint(Depth)    \
                                : (void)0)
#define HIPCPU_LOOP()                                                          \
  (HIPCPU_STEP(), (++::hipcpu::detail::LoopTicks & 1023u)                      \
                      ? (void)0                                                \
                      : ::hipcpu::detail::progressPoint(__FILE__, __LINE__))

/// A run-time value, as in ROCm 7 (not usable in constant expressions): the
/// width of the running launch. A variable rather than a macro, so that
/// `prop.warpSize` on the host still names the field.
extern int warpSize;

#define HIPCPU_SITE                                                            \
  const char *HipcpuFile = __builtin_FILE(), int HipcpuLine = __builtin_LINE()

#define threadIdx (::hipcpu::detail::thread().ThreadIdx)
#define blockIdx (::hipcpu::detail::block().BlockIdx)
/// The same for every thread of a launch (launches run one at a time), so
/// variables set at each launch rather than macros: host code keeps its own
/// `dim3 blockDim(...)` and `params.gridDim` fields.
extern dim3 blockDim;
extern dim3 gridDim;

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

/// Dynamic shared memory of the running block, sized by the launch.
#define HIP_DYNAMIC_SHARED(type, var)                                          \
  type *var = reinterpret_cast<type *>(::hipcpu::detail::block().DynamicShared)
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#ifndef HIPCPU_DYNAMIC_SHARED_CAPACITY
#define HIPCPU_DYNAMIC_SHARED_CAPACITY (64 * 1024)
#endif
/// Storage for `extern __shared__ T name[];`: write
/// HIPCPU_DYNAMIC_SHARED_STORAGE(T, name) once per name, at namespace scope,
/// in any one file of the program. Its capacity bounds the launch's dynamic
/// shared size.
#define HIPCPU_DYNAMIC_SHARED_STORAGE(type, name)                              \
  alignas(64) thread_local type                                                \
      name[HIPCPU_DYNAMIC_SHARED_CAPACITY / sizeof(type)]

//===----------------------------------------------------------------------===//
// Barriers and fences.
//===----------------------------------------------------------------------===//
inline void __syncthreads(HIPCPU_SITE) {
  ::hipcpu::detail::barrier(::hipcpu::detail::BarrierKind::Plain, 0, HipcpuFile,
                            HipcpuLine);
}
inline int __syncthreads_count(int P, HIPCPU_SITE) {
  return ::hipcpu::detail::barrier(::hipcpu::detail::BarrierKind::Count, P,
                                   HipcpuFile, HipcpuLine);
}
inline int __syncthreads_and(int P, HIPCPU_SITE) {
  return ::hipcpu::detail::barrier(::hipcpu::detail::BarrierKind::And, P,
                                   HipcpuFile, HipcpuLine);
}
inline int __syncthreads_or(int P, HIPCPU_SITE) {
  return ::hipcpu::detail::barrier(::hipcpu::detail::BarrierKind::Or, P,
                                   HipcpuFile, HipcpuLine);
}
inline void __threadfence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
inline void __threadfence_block() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
inline void __threadfence_system() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
#define __trap() ::hipcpu::detail::trap("__trap()", __FILE__, __LINE__)
inline long long clock64() {
  return static_cast<long long>(__builtin_ia32_rdtsc());
}
inline long long wall_clock64() { return clock64(); }
inline unsigned int __lane_id() { return ::hipcpu::detail::thread().LaneId; }

template <class T> inline T __ldg(const T *P) { return *P; }

//===----------------------------------------------------------------------===//
// Atomics. Blocks run concurrently on several OS threads, so these are real
// atomic read-modify-writes; floating-point ones are compare-and-swap loops.
//===----------------------------------------------------------------------===//
namespace hipcpu::detail {
template <class T, class F> inline T atomicUpdate(T *Addr, F Fn) {
  if constexpr (std::is_integral_v<T>) {
    T Old = __atomic_load_n(Addr, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(Addr, &Old, Fn(Old), true,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
    return Old;
  } else {
    using Bits =
        std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    Bits *B = reinterpret_cast<Bits *>(Addr);
    Bits OldBits = __atomic_load_n(B, __ATOMIC_RELAXED);
    for (;;) {
      T Old;
      std::memcpy(&Old, &OldBits, sizeof(T));
      T New = Fn(Old);
      Bits NewBits;
      std::memcpy(&NewBits, &New, sizeof(T));
      if (__atomic_compare_exchange_n(B, &OldBits, NewBits, true,
                                      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return Old;
    }
  }
}
} // namespace hipcpu::detail

#define HIPCPU_ATOMIC_INT(T)                                                   \
  inline T atomicAdd(T *A, T V) {                                              \
    return __atomic_fetch_add(A, V, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  inline T atomicSub(T *A, T V) {                                              \
    return __atomic_fetch_sub(A, V, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  inline T atomicAnd(T *A, T V) {                                              \
    return __atomic_fetch_and(A, V, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  inline T atomicOr(T *A, T V) {                                               \
    return __atomic_fetch_or(A, V, __ATOMIC_SEQ_CST);                          \
  }                                                                            \
  inline T atomicXor(T *A, T V) {                                              \
    return __atomic_fetch_xor(A, V, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  inline T atomicExch(T *A, T V) {                                             \
    return __atomic_exchange_n(A, V, __ATOMIC_SEQ_CST);                        \
  }                                                                            \
  inline T atomicMin(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(A,                                   \
                                          [V](T O) { return O < V ? O : V; }); \
  }                                                                            \
  inline T atomicMax(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(A,                                   \
                                          [V](T O) { return O > V ? O : V; }); \
  }                                                                            \
  inline T atomicCAS(T *A, T Compare, T V) {                                   \
    __atomic_compare_exchange_n(A, &Compare, V, false, __ATOMIC_SEQ_CST,       \
                                __ATOMIC_SEQ_CST);                             \
    return Compare;                                                            \
  }
HIPCPU_ATOMIC_INT(int)
HIPCPU_ATOMIC_INT(unsigned int)
HIPCPU_ATOMIC_INT(unsigned long long)
HIPCPU_ATOMIC_INT(long long)
#undef HIPCPU_ATOMIC_INT

#define HIPCPU_ATOMIC_FLOAT(T)                                                 \
  inline T atomicAdd(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(A, [V](T O) { return O + V; });      \
  }                                                                            \
  inline T atomicSub(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(A, [V](T O) { return O - V; });      \
  }                                                                            \
  inline T atomicMin(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(                                     \
        A, [V](T O) { return std::fmin(O, V); });                              \
  }                                                                            \
  inline T atomicMax(T *A, T V) {                                              \
    return ::hipcpu::detail::atomicUpdate(                                     \
        A, [V](T O) { return std::fmax(O, V); });                              \
  }                                                                            \
  inline T atomicExch(T *A, T V) {                                             \
    return ::hipcpu::detail::atomicUpdate(A, [V](T) { return V; });            \
  }                                                                            \
  inline T atomicCAS(T *A, T Compare, T V) {                                   \
    return ::hipcpu::detail::atomicUpdate(A, [Compare, V](T O) {               \
      return std::memcmp(&O, &Compare, sizeof(T)) == 0 ? V : O;                \
    });                                                                        \
  }
HIPCPU_ATOMIC_FLOAT(float)
HIPCPU_ATOMIC_FLOAT(double)
#undef HIPCPU_ATOMIC_FLOAT

inline unsigned int atomicInc(unsigned int *A, unsigned int V) {
  return ::hipcpu::detail::atomicUpdate(
      A, [V](unsigned int O) { return O >= V ? 0u : O + 1; });
}
inline unsigned int atomicDec(unsigned int *A, unsigned int V) {
  return ::hipcpu::detail::atomicUpdate(
      A, [V](unsigned int O) { return (O == 0 || O > V) ? V : O - 1; });
}
#define atomicAdd_system atomicAdd
#define atomicAdd_block atomicAdd
#define atomicCAS_system atomicCAS
#define atomicExch_system atomicExch

//===----------------------------------------------------------------------===//
// Integer intrinsics.
//===----------------------------------------------------------------------===//
inline int __popc(unsigned int X) { return __builtin_popcount(X); }
inline int __popcll(unsigned long long X) { return __builtin_popcountll(X); }
inline int __ffs(int X) { return __builtin_ffs(X); }
inline int __ffs(unsigned int X) { return __builtin_ffs(static_cast<int>(X)); }
inline int __ffsll(long long X) { return __builtin_ffsll(X); }
inline int __ffsll(unsigned long long X) {
  return __builtin_ffsll(static_cast<long long>(X));
}
inline int __clz(int X) {
  return X == 0 ? 32 : __builtin_clz(static_cast<unsigned>(X));
}
inline int __clzll(long long X) {
  return X == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(X));
}
inline unsigned int __brev(unsigned int X) {
  X = ((X >> 1) & 0x55555555u) | ((X & 0x55555555u) << 1);
  X = ((X >> 2) & 0x33333333u) | ((X & 0x33333333u) << 2);
  X = ((X >> 4) & 0x0F0F0F0Fu) | ((X & 0x0F0F0F0Fu) << 4);
  return __builtin_bswap32(X);
}
inline unsigned long long __brevll(unsigned long long X) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(X)))
          << 32) |
         __brev(static_cast<unsigned>(X >> 32));
}
inline unsigned int __byte_perm(unsigned int X, unsigned int Y,
                                unsigned int S) {
  unsigned long long Bytes = (static_cast<unsigned long long>(Y) << 32) | X;
  unsigned int R = 0;
  for (int I = 0; I < 4; ++I) {
    unsigned Sel = (S >> (4 * I)) & 7u;
    R |= static_cast<unsigned>((Bytes >> (8 * Sel)) & 0xFFu) << (8 * I);
  }
  return R;
}
inline int __mul24(int X, int Y) {
  return static_cast<int>(
      (static_cast<long long>(X << 8 >> 8) * (Y << 8 >> 8)));
}
inline unsigned int __umul24(unsigned int X, unsigned int Y) {
  return (X & 0xFFFFFFu) * (Y & 0xFFFFFFu);
}
inline int __mulhi(int X, int Y) {
  return static_cast<int>((static_cast<long long>(X) * Y) >> 32);
}
inline unsigned int __umulhi(unsigned int X, unsigned int Y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(X) * Y) >> 32);
}
inline long long __mul64hi(long long X, long long Y) {
  return static_cast<long long>((static_cast<__int128>(X) * Y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long X,
                                     unsigned long long Y) {
  return static_cast<unsigned long long>(
      (static_cast<unsigned __int128>(X) * Y) >> 64);
}
inline unsigned int __funnelshift_l(unsigned int Lo, unsigned int Hi,
                                    unsigned int S) {
  unsigned long long V = (static_cast<unsigned long long>(Hi) << 32) | Lo;
  return static_cast<unsigned>((V << (S & 31)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int Lo, unsigned int Hi,
                                    unsigned int S) {
  unsigned long long V = (static_cast<unsigned long long>(Hi) << 32) | Lo;
  return static_cast<unsigned>(V >> (S & 31));
}

// CUDA's device min/max are overloads, not templates, so they win over
// std::min/std::max and accept mixed signed/unsigned as CUDA does.
#define HIPCPU_MINMAX(T)                                                       \
  inline T min(T A, T B) { return A < B ? A : B; }                             \
  inline T max(T A, T B) { return A > B ? A : B; }
HIPCPU_MINMAX(int)
HIPCPU_MINMAX(unsigned int)
HIPCPU_MINMAX(long long)
HIPCPU_MINMAX(unsigned long long)
#undef HIPCPU_MINMAX
// The named forms of the CUDA math API. Templates, so that a program's own
// host function of the same name and signature (nvcc keeps host and device
// overloads apart) is not a redefinition, and wins where both are visible.
template <class = void> inline unsigned umin(unsigned A, unsigned B) {
  return min(A, B);
}
template <class = void> inline unsigned umax(unsigned A, unsigned B) {
  return max(A, B);
}
template <class = void> inline long long llmin(long long A, long long B) {
  return min(A, B);
}
template <class = void> inline long long llmax(long long A, long long B) {
  return max(A, B);
}
template <class = void>
inline unsigned long long ullmin(unsigned long long A, unsigned long long B) {
  return min(A, B);
}
template <class = void>
inline unsigned long long ullmax(unsigned long long A, unsigned long long B) {
  return max(A, B);
}
inline float min(float A, float B) { return std::fmin(A, B); }
inline float max(float A, float B) { return std::fmax(A, B); }
inline double min(double A, double B) { return std::fmin(A, B); }
inline double max(double A, double B) { return std::fmax(A, B); }
inline unsigned int min(int A, unsigned int B) {
  return min(static_cast<unsigned>(A), B);
}
inline unsigned int min(unsigned int A, int B) {
  return min(A, static_cast<unsigned>(B));
}
inline unsigned int max(int A, unsigned int B) {
  return max(static_cast<unsigned>(A), B);
}
inline unsigned int max(unsigned int A, int B) {
  return max(A, static_cast<unsigned>(B));
}

//===----------------------------------------------------------------------===//
// Floating-point intrinsics. The fast forms (__expf ...) are computed with
// the accurate libm function: hipcpu is a reference, and the ULP bounds of
// the GPU's approximations are stated in docs/hipcpu.md.
//===----------------------------------------------------------------------===//
inline float __expf(float X) { return expf(X); }
inline float __exp10f(float X) { return exp10f(X); }
inline float __logf(float X) { return logf(X); }
inline float __log2f(float X) { return log2f(X); }
inline float __log10f(float X) { return log10f(X); }
inline float __sinf(float X) { return sinf(X); }
inline float __cosf(float X) { return cosf(X); }
inline float __tanf(float X) { return tanf(X); }
inline void __sincosf(float X, float *S, float *C) { sincosf(X, S, C); }
inline float __powf(float X, float Y) { return powf(X, Y); }
inline float __fdividef(float X, float Y) { return X / Y; }
inline float fdividef(float X, float Y) { return X / Y; }
inline float rsqrtf(float X) { return 1.0f / sqrtf(X); }
inline double rsqrt(double X) { return 1.0 / sqrt(X); }
inline float rcbrtf(float X) { return 1.0f / cbrtf(X); }
inline float __frsqrt_rn(float X) { return 1.0f / sqrtf(X); }
inline float __frcp_rn(float X) { return 1.0f / X; }
inline float __fsqrt_rn(float X) { return sqrtf(X); }
inline float __fadd_rn(float X, float Y) { return X + Y; }
inline float __fsub_rn(float X, float Y) { return X - Y; }
inline float __fmul_rn(float X, float Y) { return X * Y; }
inline float __fdiv_rn(float X, float Y) { return X / Y; }
inline float __fmaf_rn(float X, float Y, float Z) { return fmaf(X, Y, Z); }
inline double __dadd_rn(double X, double Y) { return X + Y; }
inline double __dmul_rn(double X, double Y) { return X * Y; }
inline double __fma_rn(double X, double Y, double Z) { return fma(X, Y, Z); }
inline float __saturatef(float X) {
  return X != X ? 0.0f : (X < 0.0f ? 0.0f : (X > 1.0f ? 1.0f : X));
}
inline float saturate(float X) { return __saturatef(X); }
inline int __float2int_rn(float X) { return static_cast<int>(nearbyintf(X)); }
inline int __float2int_rz(float X) { return static_cast<int>(X); }
inline int __float2int_rd(float X) { return static_cast<int>(floorf(X)); }
inline int __float2int_ru(float X) { return static_cast<int>(ceilf(X)); }
inline unsigned int __float2uint_rn(float X) {
  return static_cast<unsigned>(nearbyintf(X));
}
inline float __int2float_rn(int X) { return static_cast<float>(X); }
inline float __uint2float_rn(unsigned int X) { return static_cast<float>(X); }
inline int __double2int_rn(double X) { return static_cast<int>(nearbyint(X)); }
inline int __float_as_int(float X) {
  int R;
  std::memcpy(&R, &X, 4);
  return R;
}
inline unsigned int __float_as_uint(float X) {
  unsigned R;
  std::memcpy(&R, &X, 4);
  return R;
}
inline float __int_as_float(int X) {
  float R;
  std::memcpy(&R, &X, 4);
  return R;
}
inline float __uint_as_float(unsigned int X) {
  float R;
  std::memcpy(&R, &X, 4);
  return R;
}
inline long long __double_as_longlong(double X) {
  long long R;
  std::memcpy(&R, &X, 8);
  return R;
}
inline double __longlong_as_double(long long X) {
  double R;
  std::memcpy(&R, &X, 8);
  return R;
}

//===----------------------------------------------------------------------===//
// __half and __nv_bfloat16: storage types with round-to-nearest-even
// conversions; arithmetic goes through float, as the GPUs' basic ops do for
// a single operation.
//===----------------------------------------------------------------------===//
namespace hipcpu::detail {
inline std::uint16_t floatToHalfBits(float F) {
  std::uint32_t X;
  std::memcpy(&X, &F, 4);
  std::uint32_t Sign = (X >> 16) & 0x8000u;
  std::uint32_t Exp = (X >> 23) & 0xFFu;
  std::uint32_t Man = X & 0x7FFFFFu;
  if (Exp == 0xFF)
    return static_cast<std::uint16_t>(Sign | 0x7C00u | (Man ? 0x200u : 0u));
  int E = static_cast<int>(Exp) - 127 + 15;
  if (E >= 31)
    return static_cast<std::uint16_t>(Sign | 0x7C00u);
  if (E <= 0) {
    if (E < -10)
      return static_cast<std::uint16_t>(Sign);
    Man |= 0x800000u;
    int Shift = 14 - E;
    std::uint32_t Half = Man >> Shift;
    std::uint32_t Rem = Man & ((1u << Shift) - 1);
    std::uint32_t Mid = 1u << (Shift - 1);
    if (Rem > Mid || (Rem == Mid && (Half & 1)))
      ++Half;
    return static_cast<std::uint16_t>(Sign | Half);
  }
  std::uint32_t Half = (static_cast<std::uint32_t>(E) << 10) | (Man >> 13);
  std::uint32_t Rem = Man & 0x1FFFu;
  if (Rem > 0x1000u || (Rem == 0x1000u && (Half & 1)))
    ++Half; // may carry into the exponent, which rounds to infinity correctly
  return static_cast<std::uint16_t>(Sign | Half);
}
inline float halfBitsToFloat(std::uint16_t H) {
  std::uint32_t Sign = (H & 0x8000u) << 16;
  std::uint32_t Exp = (H >> 10) & 0x1Fu;
  std::uint32_t Man = H & 0x3FFu;
  std::uint32_t X;
  if (Exp == 0x1F) {
    X = Sign | 0x7F800000u | (Man << 13);
  } else if (Exp == 0) {
    if (Man == 0) {
      X = Sign;
    } else {
      int E = -1;
      do {
        ++E;
        Man <<= 1;
      } while (!(Man & 0x400u));
      X = Sign | (static_cast<std::uint32_t>(127 - 15 - E) << 23) |
          ((Man & 0x3FFu) << 13);
    }
  } else {
    X = Sign | ((Exp + 127 - 15) << 23) | (Man << 13);
  }
  float F;
  std::memcpy(&F, &X, 4);
  return F;
}
inline std::uint16_t floatToBf16Bits(float F) {
  std::uint32_t X;
  std::memcpy(&X, &F, 4);
  if ((X & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<std::uint16_t>((X >> 16) | 0x40u);
  X += 0x7FFFu + ((X >> 16) & 1u);
  return static_cast<std::uint16_t>(X >> 16);
}
inline float bf16BitsToFloat(std::uint16_t B) {
  std::uint32_t X = static_cast<std::uint32_t>(B) << 16;
  float F;
  std::memcpy(&F, &X, 4);
  return F;
}
} // namespace hipcpu::detail

struct __half {
  std::uint16_t __x;
  __half() = default;
  __half(float F) : __x(::hipcpu::detail::floatToHalfBits(F)) {}
  __half(double F) : __half(static_cast<float>(F)) {}
  __half(int I) : __half(static_cast<float>(I)) {}
  operator float() const { return ::hipcpu::detail::halfBitsToFloat(__x); }
};
struct __nv_bfloat16 {
  std::uint16_t __x;
  __nv_bfloat16() = default;
  __nv_bfloat16(float F) : __x(::hipcpu::detail::floatToBf16Bits(F)) {}
  __nv_bfloat16(double F) : __nv_bfloat16(static_cast<float>(F)) {}
  __nv_bfloat16(int I) : __nv_bfloat16(static_cast<float>(I)) {}
  operator float() const { return ::hipcpu::detail::bf16BitsToFloat(__x); }
};
using half = __half;
using __hip_bfloat16 = __nv_bfloat16;
using hip_bfloat16 = __nv_bfloat16;
using nv_bfloat16 = __nv_bfloat16;

#define HIPCPU_HALF_OPS(H, Prefix)                                             \
  inline H operator+(H A, H B) { return H(float(A) + float(B)); }              \
  inline H operator-(H A, H B) { return H(float(A) - float(B)); }              \
  inline H operator*(H A, H B) { return H(float(A) * float(B)); }              \
  inline H operator/(H A, H B) { return H(float(A) / float(B)); }              \
  inline H operator-(H A) {                                                    \
    H R;                                                                       \
    R.__x = static_cast<std::uint16_t>(A.__x ^ 0x8000u);                       \
    return R;                                                                  \
  }                                                                            \
  inline H &operator+=(H &A, H B) { return A = A + B; }                        \
  inline H &operator-=(H &A, H B) { return A = A - B; }                        \
  inline H &operator*=(H &A, H B) { return A = A * B; }                        \
  inline H &operator/=(H &A, H B) { return A = A / B; }                        \
  inline bool operator==(H A, H B) { return float(A) == float(B); }            \
  inline bool operator!=(H A, H B) { return float(A) != float(B); }            \
  inline bool operator<(H A, H B) { return float(A) < float(B); }              \
  inline bool operator>(H A, H B) { return float(A) > float(B); }              \
  inline bool operator<=(H A, H B) { return float(A) <= float(B); }            \
  inline bool operator>=(H A, H B) { return float(A) >= float(B); }            \
  inline H Prefix##add(H A, H B) { return A + B; }                             \
  inline H Prefix##sub(H A, H B) { return A - B; }                             \
  inline H Prefix##mul(H A, H B) { return A * B; }                             \
  inline H Prefix##div(H A, H B) { return A / B; }                             \
  inline H Prefix##neg(H A) { return -A; }                                     \
  inline H Prefix##fma(H A, H B, H C) {                                        \
    return H(std::fma(float(A), float(B), float(C)));                          \
  }                                                                            \
  inline bool Prefix##eq(H A, H B) { return A == B; }                          \
  inline bool Prefix##ne(H A, H B) { return A != B; }                          \
  inline bool Prefix##lt(H A, H B) { return A < B; }                           \
  inline bool Prefix##gt(H A, H B) { return A > B; }                           \
  inline bool Prefix##le(H A, H B) { return A <= B; }                          \
  inline bool Prefix##ge(H A, H B) { return A >= B; }                          \
  inline H Prefix##max(H A, H B) { return float(A) < float(B) ? B : A; }       \
  inline H Prefix##min(H A, H B) { return float(B) < float(A) ? B : A; }
HIPCPU_HALF_OPS(__half, __h)
#undef HIPCPU_HALF_OPS
inline __nv_bfloat16 operator+(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat16(float(A) + float(B));
}
inline __nv_bfloat16 operator-(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat16(float(A) - float(B));
}
inline __nv_bfloat16 operator*(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat16(float(A) * float(B));
}
inline __nv_bfloat16 operator/(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat16(float(A) / float(B));
}
inline __nv_bfloat16 &operator+=(__nv_bfloat16 &A, __nv_bfloat16 B) {
  return A = A + B;
}
inline __half __float2half(float F) { return __half(F); }
inline __half __float2half_rn(float F) { return __half(F); }
inline float __half2float(__half H) { return float(H); }
inline __half __habs(__half H) {
  __half R;
  R.__x = static_cast<std::uint16_t>(H.__x & 0x7FFFu);
  return R;
}
inline __half __ushort_as_half(unsigned short B) {
  __half R;
  R.__x = B;
  return R;
}
inline unsigned short __half_as_ushort(__half H) { return H.__x; }
inline __nv_bfloat16 __float2bfloat16(float F) { return __nv_bfloat16(F); }
inline __nv_bfloat16 __float2bfloat16_rn(float F) { return __nv_bfloat16(F); }
inline float __bfloat162float(__nv_bfloat16 B) { return float(B); }
inline __nv_bfloat16 __hadd(__nv_bfloat16 A, __nv_bfloat16 B) { return A + B; }
inline __nv_bfloat16 __hmul(__nv_bfloat16 A, __nv_bfloat16 B) { return A * B; }
inline __nv_bfloat16 __hsub(__nv_bfloat16 A, __nv_bfloat16 B) { return A - B; }

// __half2 and __nv_bfloat162: two lanes of a packed pair; each operation is
// the scalar operation on both halves.
#define HIPCPU_PAIR(P, H, Pfx, Sfx)                                            \
  struct P {                                                                   \
    H x, y;                                                                    \
    P() = default;                                                             \
    P(H A, H B) : x(A), y(B) {}                                                \
  };                                                                           \
  inline P operator+(P A, P B) { return {A.x + B.x, A.y + B.y}; }              \
  inline P operator-(P A, P B) { return {A.x - B.x, A.y - B.y}; }              \
  inline P operator*(P A, P B) { return {A.x * B.x, A.y * B.y}; }              \
  inline P operator/(P A, P B) { return {A.x / B.x, A.y / B.y}; }              \
  inline P &operator+=(P &A, P B) { return A = A + B; }                        \
  inline P &operator-=(P &A, P B) { return A = A - B; }                        \
  inline P &operator*=(P &A, P B) { return A = A * B; }                        \
  inline P &operator/=(P &A, P B) { return A = A / B; }                        \
  inline P operator-(P A) { return {H(-float(A.x)), H(-float(A.y))}; }         \
  inline bool operator==(P A, P B) {                                           \
    return float(A.x) == float(B.x) && float(A.y) == float(B.y);               \
  }                                                                            \
  inline bool operator!=(P A, P B) { return !(A == B); }                       \
  inline P Pfx##add2(P A, P B) { return A + B; }                               \
  inline P Pfx##sub2(P A, P B) { return A - B; }                               \
  inline P Pfx##mul2(P A, P B) { return A * B; }                               \
  inline P Pfx##fma2(P A, P B, P C) {                                          \
    return {H(std::fma(float(A.x), float(B.x), float(C.x))),                   \
            H(std::fma(float(A.y), float(B.y), float(C.y)))};                  \
  }                                                                            \
  inline P Pfx##neg2(P A) { return -A; }                                       \
  inline P Pfx##abs2(P A) {                                                    \
    return {H(std::fabs(float(A.x))), H(std::fabs(float(A.y)))};               \
  }                                                                            \
  inline P Pfx##max2(P A, P B) {                                               \
    return {float(A.x) < float(B.x) ? B.x : A.x,                               \
            float(A.y) < float(B.y) ? B.y : A.y};                              \
  }                                                                            \
  inline P Pfx##min2(P A, P B) {                                               \
    return {float(B.x) < float(A.x) ? B.x : A.x,                               \
            float(B.y) < float(A.y) ? B.y : A.y};                              \
  }                                                                            \
  inline P __halves2##Sfx##2(H A, H B) { return {A, B}; }                      \
  inline H __low2##Sfx(P A) { return A.x; }                                    \
  inline H __high2##Sfx(P A) { return A.y; }                                   \
  inline P __low2##Sfx##2(P A) { return {A.x, A.x}; }                          \
  inline P __high2##Sfx##2(P A) { return {A.y, A.y}; }                         \
  inline P __lows2##Sfx##2(P A, P B) { return {A.x, B.x}; }                    \
  inline P __highs2##Sfx##2(P A, P B) { return {A.y, B.y}; }                   \
  inline P __##Sfx##2##Sfx##2(H A) { return {A, A}; }                          \
  inline float __low2float(P A) { return float(A.x); }                         \
  inline float __high2float(P A) { return float(A.y); }
HIPCPU_PAIR(__half2, __half, __h, half)
HIPCPU_PAIR(__nv_bfloat162, __nv_bfloat16, __hbf, bfloat16)
#undef HIPCPU_PAIR
using half2 = __half2;
using __hip_bfloat162 = __nv_bfloat162;
inline __half2 __h2div(__half2 A, __half2 B) { return A / B; }
inline __half2 make_half2(__half A, __half B) { return {A, B}; }
inline __half2 __float2half2_rn(float F) { return {__half(F), __half(F)}; }
inline __half2 __floats2half2_rn(float A, float B) { return {__half(A), __half(B)}; }
inline float2 __half22float2(__half2 H) { return {float(H.x), float(H.y)}; }
inline __half2 __float22half2_rn(float2 F) { return {__half(F.x), __half(F.y)}; }
inline __nv_bfloat162 __float22bfloat162_rn(float2 F) {
  return {__nv_bfloat16(F.x), __nv_bfloat16(F.y)};
}
inline float2 __bfloat1622float2(__nv_bfloat162 B) {
  return {float(B.x), float(B.y)};
}
inline __nv_bfloat16 __double2bfloat16(double D) { return __nv_bfloat16(D); }
inline short __bfloat16_as_short(__nv_bfloat16 B) { return short(B.__x); }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 B) { return B.__x; }
inline __nv_bfloat16 __short_as_bfloat16(short S) {
  __nv_bfloat16 R;
  R.__x = static_cast<std::uint16_t>(S);
  return R;
}
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short S) {
  __nv_bfloat16 R;
  R.__x = S;
  return R;
}
inline short __half_as_short(__half H) { return short(H.__x); }
inline __half __short_as_half(short S) {
  __half R;
  R.__x = static_cast<std::uint16_t>(S);
  return R;
}
/// NaN-propagating max and min: a NaN operand gives NaN.
template <class H> inline H __hmax_nan(H A, H B) {
  return std::isnan(float(A)) || std::isnan(float(B)) ? H(NAN)
         : float(A) < float(B)                         ? B
                                                       : A;
}
template <class H> inline H __hmin_nan(H A, H B) {
  return std::isnan(float(A)) || std::isnan(float(B)) ? H(NAN)
         : float(B) < float(A)                         ? B
                                                       : A;
}
inline __nv_bfloat16 __hmax(__nv_bfloat16 A, __nv_bfloat16 B) {
  return float(A) < float(B) ? B : A;
}
inline __nv_bfloat16 __hmin(__nv_bfloat16 A, __nv_bfloat16 B) {
  return float(B) < float(A) ? B : A;
}

//===----------------------------------------------------------------------===//
// Launch.
//===----------------------------------------------------------------------===//
namespace hipcpu::detail {
template <class Fn, class Tuple> struct LaunchCtx {
  Fn Kernel;
  Tuple *Args;
  static void run(void *P) {
    auto *C = static_cast<LaunchCtx *>(P);
    std::apply(C->Kernel, *C->Args);
  }
};

/// Launch recording (HIPCPU_RECORD=DIR, docs/validate-record.md): every
/// launch's shape, scalar arguments and the whole allocation behind every
/// pointer argument, before and after. One RecordArg per argument.
struct RecordArg {
  enum KindT { Pointer, Integer, Floating, Other } Kind = Other;
  const void *Ptr = nullptr;   ///< Pointer: its value
  const char *Type = "bytes";  ///< Pointer: the element type's record name
  unsigned ElemSize = 1;       ///< Pointer: sizeof the element
  long long Int = 0;
  double Float = 0;
  const void *Bytes = nullptr; ///< the argument's own bytes
  unsigned Size = 0;
};
bool recordOn();
/// Copies the inputs; returns a token for recordAfter (null: not recorded).
void *recordBefore(const char *Name, dim3 Grid, dim3 Block, std::size_t Shared,
                   int DefaultWidth, const RecordArg *Args, std::size_t N);
void recordAfter(void *Token, int Rc);

/// The record name of an element type: the spec-file names where one fits
/// (int32, float64, ...), else "bytes".
template <class T> constexpr const char *recordTypeName() {
  if constexpr (std::is_same_v<T, float>)
    return "float32";
  else if constexpr (std::is_same_v<T, double>)
    return "float64";
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return sizeof(T) == 1 ? "int8" : sizeof(T) == 2 ? "int16"
           : sizeof(T) == 4 ? "int32" : "int64";
  else if constexpr (std::is_integral_v<T>)
    return sizeof(T) == 1 ? "uint8" : sizeof(T) == 2 ? "uint16"
           : sizeof(T) == 4 ? "uint32" : "uint64";
  else
    return "bytes";
}
template <class T> RecordArg recordArg(const T &V) {
  RecordArg A;
  A.Bytes = &V;
  A.Size = sizeof(T);
  if constexpr (std::is_pointer_v<T>) {
    using E = std::remove_cv_t<std::remove_pointer_t<T>>;
    A.Kind = RecordArg::Pointer;
    A.Ptr = reinterpret_cast<const void *>(V);
    A.Type = recordTypeName<E>();
    if constexpr (!std::is_void_v<E> && !std::is_function_v<E>)
      A.ElemSize = sizeof(E);
  } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
    A.Kind = RecordArg::Integer;
    A.Int = static_cast<long long>(V);
  } else if constexpr (std::is_floating_point_v<T>) {
    A.Kind = RecordArg::Floating;
    A.Float = static_cast<double>(V);
  }
  return A;
}

template <class... Params>
void registerTyped(void (*K)(Params...), const char *Name);

/// Runs \p Kernel on the argument tuple \p Copy: the one instantiation per
/// kernel type that direct launches, graph nodes and captured launches share.
template <class K, class Tuple>
int launchTuple(const char *Name, K Kernel, dim3 Grid, dim3 Block,
                std::size_t SharedBytes, int DefaultWidth, Tuple *Copy) {
  registerTyped(Kernel, Name);
  LaunchCtx<K, Tuple> C{Kernel, Copy};
  void *Token = nullptr;
  if (recordOn()) {
    RecordArg Args[std::tuple_size_v<Tuple> + 1];
    std::size_t N = 0;
    std::apply([&](const auto &...V) { ((Args[N++] = recordArg(V)), ...); },
               *Copy);
    Token = recordBefore(Name, Grid, Block, SharedBytes, DefaultWidth, Args, N);
  }
  int Rc = launch(Name, Grid, Block, SharedBytes, DefaultWidth,
                  &LaunchCtx<K, Tuple>::run, &C);
  if (Token)
    recordAfter(Token, Rc);
  return Rc;
}

/// Converts the arguments once to the kernel's parameter types (as a GPU
/// launch does) and runs every thread on its own copy of them.
template <class... Params, class... Args>
int launchKernel(const char *Name, void (*Kernel)(Params...), dim3 Grid,
                 dim3 Block, std::size_t SharedBytes, int DefaultWidth,
                 Args &&...A) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "hipcpu: wrong number of kernel arguments");
  using Tuple = std::tuple<std::decay_t<Params>...>;
  Tuple Copy(static_cast<std::decay_t<Params>>(std::forward<Args>(A))...);
  return launchTuple(Name, Kernel, Grid, Block, SharedBytes, DefaultWidth,
                     &Copy);
}

struct KernelLaunch;
/// What a KernelLaunch does with its argument tuple, per kernel type.
struct KernelOps {
  int (*Run)(const KernelLaunch &);
  void *(*Clone)(const void *);
  void (*Free)(void *);
  void (*Pointers)(void *, std::vector<void *> &);
};
/// A kernel launch with its own copy of the arguments: a graph's kernel
/// node, a captured launch. Store holds the tuple, ArgPtrs points into it
/// (the kernelParams view of hipKernelNodeParams). Copies copy the tuple.
struct KernelLaunch {
  const void *Func = nullptr;
  const char *Name = "kernel";
  dim3 Grid, Block;
  std::size_t Shared = 0;
  int Width = 64;
  void *Store = nullptr;
  const KernelOps *Ops = nullptr;
  std::vector<void *> ArgPtrs;

  KernelLaunch() = default;
  KernelLaunch(const KernelLaunch &O);
  KernelLaunch(KernelLaunch &&O) noexcept;
  KernelLaunch &operator=(KernelLaunch O) noexcept;
  ~KernelLaunch();
  int run() const { return Ops ? Ops->Run(*this) : 0; }
};
template <class Tuple, std::size_t... I>
void argPointers(std::vector<void *> &Out, Tuple &T, std::index_sequence<I...>) {
  (Out.push_back(static_cast<void *>(&std::get<I>(T))), ...);
}
template <class K, class Tuple> struct TupleOps {
  static int run(const KernelLaunch &L) {
    return launchTuple(L.Name, reinterpret_cast<K>(const_cast<void *>(L.Func)),
                       L.Grid, L.Block, L.Shared, L.Width,
                       static_cast<Tuple *>(L.Store));
  }
  static void *clone(const void *P) {
    return new Tuple(*static_cast<const Tuple *>(P));
  }
  static void free(void *P) { delete static_cast<Tuple *>(P); }
  static void pointers(void *P, std::vector<void *> &Out) {
    Out.clear();
    argPointers(Out, *static_cast<Tuple *>(P),
                std::make_index_sequence<std::tuple_size_v<Tuple>>{});
  }
  static constexpr KernelOps Ops{&run, &clone, &free, &pointers};
};
template <class... Params>
KernelLaunch bindTuple(const char *Name, void (*K)(Params...), dim3 Grid,
                       dim3 Block, std::size_t Shared, int Width,
                       std::tuple<std::decay_t<Params>...> &&T) {
  using Tuple = std::tuple<std::decay_t<Params>...>;
  KernelLaunch L;
  L.Func = reinterpret_cast<const void *>(K);
  L.Name = Name;
  L.Grid = Grid;
  L.Block = Block;
  L.Shared = Shared;
  L.Width = Width;
  L.Store = new Tuple(std::move(T));
  L.Ops = &TupleOps<void (*)(Params...), Tuple>::Ops;
  L.Ops->Pointers(L.Store, L.ArgPtrs);
  return L;
}
template <class... Params, class... Args>
KernelLaunch bindKernel(const char *Name, void (*K)(Params...), dim3 Grid,
                        dim3 Block, std::size_t Shared, int Width,
                        Args &&...A) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "hipcpu: wrong number of kernel arguments");
  return bindTuple(Name, K, Grid, Block, Shared, Width,
                   std::tuple<std::decay_t<Params>...>(
                       static_cast<std::decay_t<Params>>(std::forward<Args>(A))...));
}

/// Kernels by address, for the APIs that take a kernel as `const void *`
/// (graph kernel nodes, hipLaunchByPtr): a binder that knows its parameter
/// types. Every typed launch registers its kernel; HIPCPU_REGISTER_KERNEL
/// registers one that is never launched by type.
using KernelBinder = KernelLaunch (*)(const void *Func, const char *Name,
                                      dim3 Grid, dim3 Block,
                                      std::size_t Shared, int Width,
                                      void **Argv);
void registerKernel(const void *Func, const char *Name, KernelBinder B);
/// False (and a diagnostic) when \p Func was never registered.
bool bindByAddress(const void *Func, dim3 Grid, dim3 Block, std::size_t Shared,
                   int Width, void **Argv, KernelLaunch &Out);
template <class... Params, std::size_t... I>
KernelLaunch bindArgvImpl(const void *F, const char *Name, dim3 G, dim3 B,
                          std::size_t S, int W, void **Argv,
                          std::index_sequence<I...>) {
  return bindTuple(Name,
                   reinterpret_cast<void (*)(Params...)>(const_cast<void *>(F)),
                   G, B, S, W,
                   std::tuple<std::decay_t<Params>...>(
                       *static_cast<std::decay_t<Params> *>(Argv[I])...));
}
template <class... Params>
KernelLaunch bindArgv(const void *F, const char *Name, dim3 G, dim3 B,
                      std::size_t S, int W, void **Argv) {
  return bindArgvImpl<Params...>(F, Name, G, B, S, W, Argv,
                                 std::index_sequence_for<Params...>{});
}
template <class... Params>
void registerTyped(void (*K)(Params...), const char *Name) {
  // Launch loops call this every time: one registration per kernel.
  static std::atomic<const void *> Last{nullptr};
  const void *F = reinterpret_cast<const void *>(K);
  if (Last.load(std::memory_order_relaxed) == F)
    return;
  registerKernel(F, Name, &bindArgv<Params...>);
  Last.store(F, std::memory_order_relaxed);
}

template <class... Params, std::size_t... I>
int launchKernelArgv(const char *Name, void (*Kernel)(Params...), dim3 Grid,
                     dim3 Block, void **Argv, std::size_t SharedBytes,
                     int DefaultWidth, std::index_sequence<I...>) {
  return launchKernel(Name, Kernel, Grid, Block, SharedBytes, DefaultWidth,
                      *static_cast<std::decay_t<Params> *>(Argv[I])...);
}
} // namespace hipcpu::detail

/// Registers a kernel that the program only ever names as `const void *`.
#define HIPCPU_REGISTER_KERNEL(K)                                              \
  static const bool HIPCPU_CAT_REG_(hipcpuRegistered_, __LINE__) =            \
      (::hipcpu::detail::registerTyped(K, #K), true)
#define HIPCPU_CAT_REG2_(A, B) A##B
#define HIPCPU_CAT_REG_(A, B) HIPCPU_CAT_REG2_(A, B)

#endif // HIPCPU_DETAIL_CORE_H
