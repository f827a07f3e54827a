// The directed-rounding and system-atomic shims compiled for the host, against
// the host's own rounding modes (fesetround) and CUDA's documented
// atomicInc/atomicDec: add, sub, mul, div, sqrt in float and double, three
// directions, 200000 operand pairs each (random bits, zeros, powers of two,
// subnormal and overflowing products).
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
// The atomic shim's one HIP dependency, as a plain compare-and-swap.
static unsigned atomicCAS_system(unsigned *A, unsigned Compare, unsigned Val) {
  unsigned Old = *A;
  if (Old == Compare)
    *A = Val;
  return Old;
}
#include "hip_directed_rounding.h"
#include "hip_system_atomics.h"
#pragma STDC FENV_ACCESS ON

template <class T> static bool same(T A, T B) {
  return std::memcmp(&A, &B, sizeof A) == 0 || (A != A && B != B);
}
template <class T, class U> static T pick(std::mt19937_64 &G) {
  switch (G() % 8) {
  case 0: {
    U B = U(G());
    T X;
    std::memcpy(&X, &B, sizeof X);
    return X;
  }
  case 1:
    return G() & 1 ? T(0) : -T(0);
  case 2:
    return std::ldexp(T(1) + T(G() % 1000) / 1000, int(G() % 40) - 20);
  default: {
    T X = std::ldexp(T(G() % (1u << 23)) + 1, int(G() % 60) - 30);
    return G() & 1 ? -X : X;
  }
  }
}
template <class T, class U> static int check(const char *Name) {
  static const int Modes[3] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
  std::mt19937_64 G(42);
  int Bad = 0;
  for (int I = 0; I < 200000; ++I) {
    T A = pick<T, U>(G), B = pick<T, U>(G);
    for (int M = 0; M < 3; ++M) {
      auto Mode = hipport_rounding::Mode(M);
      T Got[5] = {hipport_rounding::add(A, B, Mode),
                  hipport_rounding::add(A, -B, Mode),
                  hipport_rounding::mul(A, B, Mode),
                  hipport_rounding::div(A, B, Mode),
                  hipport_rounding::sqrt(A, Mode)};
      std::fesetround(Modes[M]);
      volatile T VA = A, VB = B;
      T Want[5] = {VA + VB, VA - VB, VA * VB, VA / VB, std::sqrt(VA)};
      std::fesetround(FE_TONEAREST);
      for (int K = 0; K < 5; ++K)
        if (!same(Got[K], Want[K]) && Bad++ < 5)
          std::printf("%s op %d mode %d: %a %a -> %a, want %a\n", Name, K, M,
                      double(A), double(B), double(Got[K]), double(Want[K]));
    }
  }
  std::printf("%s rounding mismatches: %d\n", Name, Bad);
  return Bad;
}
int main() {
  int Bad = check<float, unsigned>("float") +
            check<double, unsigned long long>("double");
  // CUDA: inc stores (old >= val) ? 0 : old + 1; dec stores
  // (old == 0 || old > val) ? val : old - 1; both return old.
  int AtomicBad = 0;
  for (unsigned Old = 0; Old < 40; ++Old)
    for (unsigned Val = 0; Val < 20; ++Val) {
      unsigned X = Old, Y = Old;
      AtomicBad += hipport_atomicInc_system(&X, Val) != Old ||
                   X != (Old >= Val ? 0 : Old + 1);
      AtomicBad += hipport_atomicDec_system(&Y, Val) != Old ||
                   Y != ((Old == 0 || Old > Val) ? Val : Old - 1);
    }
  std::printf("atomic mismatches: %d\n", AtomicBad);
  return Bad + AtomicBad != 0;
}
