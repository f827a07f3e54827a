// hipport shim for CUDA's directed-rounding intrinsics (__fadd_rd, __dmul_ru,
// __fsqrt_rz, ...), which HIP lacks: its headers declare them only behind
// OCML_BASIC_ROUNDED_OPERATIONS, and the device libraries do not define the
// __ocml_*_rt[npz] functions they call. Each result is the round-to-nearest
// result moved one ulp where the exact error says so: float operations take
// the error from exact double arithmetic (products of floats are exact in
// double; TwoSum for sums), double ones from fma residuals of the operands
// scaled to [0.5, 1) (TwoSum for sums), subnormal results included, for
// correctly rounded HIP division and square root. Overflow gives the
// largest finite value where the direction asks for it; NaN stays NaN.
#ifndef HIPPORT_DIRECTED_ROUNDING_SHIM
#define HIPPORT_DIRECTED_ROUNDING_SHIM
#if !defined(HIPPORT_SHIM_HOST_TEST)
#include <hip/hip_runtime.h>
#endif
namespace hipport_rounding {
enum Mode { Down, Up, Zero };
__host__ __device__ inline float bits(unsigned B) { return __builtin_bit_cast(float, B); }
__host__ __device__ inline double bits(unsigned long long B) { return __builtin_bit_cast(double, B); }
__host__ __device__ inline unsigned bitsOf(float X) { return __builtin_bit_cast(unsigned, X); }
__host__ __device__ inline unsigned long long bitsOf(double X) { return __builtin_bit_cast(unsigned long long, X); }
// The next value toward -inf (Dir < 0) or +inf (Dir > 0).
template <class T> __host__ __device__ inline T step(T X, int Dir) {
  if (X != X || (Dir < 0 && X < 0 && X - X != X - X) || (Dir > 0 && X > 0 && X - X != X - X))
    return X; // NaN, or already infinite that way
  if (X == 0)
    return Dir < 0 ? -bits(decltype(bitsOf(X))(1)) : bits(decltype(bitsOf(X))(1));
  auto B = bitsOf(X);
  return bits((X > 0) == (Dir > 0) ? B + 1 : B - 1);
}
// R rounded to nearest; Err: the sign of (exact - R).
template <class T> __host__ __device__ inline T direct(T R, int Err, Mode M) {
  if (Err == 0 || R != R)
    return R;
  if (M == Down)
    return Err < 0 ? step(R, -1) : R;
  if (M == Up)
    return Err > 0 ? step(R, 1) : R;
  if (R > 0 && Err < 0)
    return step(R, -1);
  if (R < 0 && Err > 0)
    return step(R, 1);
  return R;
}
template <class T> __host__ __device__ inline int sign(T X) { return (X > 0) - (X < 0); }
template <class T> __host__ __device__ inline bool finite(T X) { return X - X == X - X; }
template <class T> __host__ __device__ inline T add(T A, T B, Mode M) {
  T S = A + B;
  if (!finite(S))
    return finite(A) && finite(B) ? direct(S, -sign(S), M) : S;
  if (S == 0) // exact; rounding down makes an exact zero sum -0 unless both are +0
    return M == Down && (A != 0 || (bitsOf(A) | bitsOf(B)) != 0) ? -T(0) : S;
  T BB = S - A; // TwoSum: S + E == A + B exactly
  T E = (A - (S - BB)) + (B - BB);
  return direct(S, sign(E), M);
}
__host__ __device__ inline float mul(float A, float B, Mode M) {
  double P = double(A) * double(B); // exact
  float R = float(P);
  return direct(R, sign(P - double(R)), M);
}
// Double residuals are taken on the operands scaled to [0.5, 1) (frexp),
// where they are exact or keep their sign, so underflow needs no case.
__host__ __device__ inline double mul(double A, double B, Mode M) {
  double R = A * B;
  if (!finite(R))
    return finite(A) && finite(B) ? direct(R, -sign(R), M) : R;
  if (A == 0 || B == 0)
    return R;
  int EA, EB;
  double MA = __builtin_frexp(A, &EA), MB = __builtin_frexp(B, &EB);
  return direct(R, sign(__builtin_fma(MA, MB, -__builtin_ldexp(R, -(EA + EB)))), M);
}
__host__ __device__ inline float div(float A, float B, Mode M) {
  float R = A / B;
  if (R != R || !finite(A) || B == 0 || !finite(B))
    return R;
  if (!finite(R))
    return direct(R, -sign(R), M);
  double Rem = double(A) - double(R) * double(B); // exact (Sterbenz)
  return direct(R, sign(Rem) * sign(B), M);
}
__host__ __device__ inline double div(double A, double B, Mode M) {
  double R = A / B;
  if (R != R || !finite(A) || A == 0 || B == 0 || !finite(B))
    return R;
  if (!finite(R))
    return direct(R, -sign(R), M);
  int EA, EB;
  double MA = __builtin_frexp(A, &EA), MB = __builtin_frexp(B, &EB);
  double RS = __builtin_ldexp(R, EB - EA);
  return direct(R, sign(__builtin_fma(-RS, MB, MA)) * sign(MB), M);
}
__host__ __device__ inline float sqrt(float A, Mode M) {
  if (!(A > 0) || !finite(A))
    return float(__builtin_sqrt(double(A)));
  float R = float(__builtin_sqrt(double(A)));
  double Sq = double(R) * double(R); // exact
  return direct(R, sign(double(A) - Sq), M);
}
__host__ __device__ inline double sqrt(double A, Mode M) {
  double R = __builtin_sqrt(A);
  if (!(A > 0) || !finite(A))
    return R;
  int E;
  double MA = __builtin_frexp(A, &E);
  if (E & 1) {
    MA *= 2;
    E -= 1;
  }
  double RS = __builtin_ldexp(R, -E / 2);
  return direct(R, sign(__builtin_fma(-RS, RS, MA)), M);
}
} // namespace hipport_rounding
#define HIPPORT_ROUNDED2(Name, T, Op, M)                                       \
  __host__ __device__ inline T Name(T A, T B) { return hipport_rounding::Op(A, B, hipport_rounding::M); }
#define HIPPORT_ROUNDED1(Name, T, Op, M)                                       \
  __host__ __device__ inline T Name(T A) { return hipport_rounding::Op(A, hipport_rounding::M); }
HIPPORT_ROUNDED2(hipport_fadd_rd, float, add, Down)
HIPPORT_ROUNDED2(hipport_fadd_ru, float, add, Up)
HIPPORT_ROUNDED2(hipport_fadd_rz, float, add, Zero)
HIPPORT_ROUNDED2(hipport_dadd_rd, double, add, Down)
HIPPORT_ROUNDED2(hipport_dadd_ru, double, add, Up)
HIPPORT_ROUNDED2(hipport_dadd_rz, double, add, Zero)
HIPPORT_ROUNDED2(hipport_fmul_rd, float, mul, Down)
HIPPORT_ROUNDED2(hipport_fmul_ru, float, mul, Up)
HIPPORT_ROUNDED2(hipport_fmul_rz, float, mul, Zero)
HIPPORT_ROUNDED2(hipport_dmul_rd, double, mul, Down)
HIPPORT_ROUNDED2(hipport_dmul_ru, double, mul, Up)
HIPPORT_ROUNDED2(hipport_dmul_rz, double, mul, Zero)
HIPPORT_ROUNDED2(hipport_fdiv_rd, float, div, Down)
HIPPORT_ROUNDED2(hipport_fdiv_ru, float, div, Up)
HIPPORT_ROUNDED2(hipport_fdiv_rz, float, div, Zero)
HIPPORT_ROUNDED2(hipport_ddiv_rd, double, div, Down)
HIPPORT_ROUNDED2(hipport_ddiv_ru, double, div, Up)
HIPPORT_ROUNDED2(hipport_ddiv_rz, double, div, Zero)
HIPPORT_ROUNDED1(hipport_fsqrt_rd, float, sqrt, Down)
HIPPORT_ROUNDED1(hipport_fsqrt_ru, float, sqrt, Up)
HIPPORT_ROUNDED1(hipport_fsqrt_rz, float, sqrt, Zero)
HIPPORT_ROUNDED1(hipport_dsqrt_rd, double, sqrt, Down)
HIPPORT_ROUNDED1(hipport_dsqrt_ru, double, sqrt, Up)
HIPPORT_ROUNDED1(hipport_dsqrt_rz, double, sqrt, Zero)
#undef HIPPORT_ROUNDED2
#undef HIPPORT_ROUNDED1
__host__ __device__ inline float hipport_fsub_rd(float A, float B) { return hipport_fadd_rd(A, -B); }
__host__ __device__ inline float hipport_fsub_ru(float A, float B) { return hipport_fadd_ru(A, -B); }
__host__ __device__ inline float hipport_fsub_rz(float A, float B) { return hipport_fadd_rz(A, -B); }
__host__ __device__ inline double hipport_dsub_rd(double A, double B) { return hipport_dadd_rd(A, -B); }
__host__ __device__ inline double hipport_dsub_ru(double A, double B) { return hipport_dadd_ru(A, -B); }
__host__ __device__ inline double hipport_dsub_rz(double A, double B) { return hipport_dadd_rz(A, -B); }
__host__ __device__ inline float hipport_frcp_rd(float A) { return hipport_fdiv_rd(1.0f, A); }
__host__ __device__ inline float hipport_frcp_ru(float A) { return hipport_fdiv_ru(1.0f, A); }
__host__ __device__ inline float hipport_frcp_rz(float A) { return hipport_fdiv_rz(1.0f, A); }
__host__ __device__ inline double hipport_drcp_rd(double A) { return hipport_ddiv_rd(1.0, A); }
__host__ __device__ inline double hipport_drcp_ru(double A) { return hipport_ddiv_ru(1.0, A); }
__host__ __device__ inline double hipport_drcp_rz(double A) { return hipport_ddiv_rz(1.0, A); }
#endif // HIPPORT_DIRECTED_ROUNDING_SHIM
