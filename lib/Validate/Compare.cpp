#include "Validate/Compare.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace hipport::validate {
namespace {

/// SplitMix64: tiny, fully specified, identical everywhere.
struct SplitMix64 {
  uint64_t State;
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  double unit() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
};

uint64_t hashName(llvm::StringRef S) {
  uint64_t H = 1469598103934665603ULL; // FNV-1a
  for (char C : S)
    H = (H ^ uint8_t(C)) * 1099511628211ULL;
  return H;
}

void storeInt(char *At, unsigned Size, int64_t V) {
  switch (Size) {
  case 1: {
    int8_t X = int8_t(V);
    std::memcpy(At, &X, 1);
    break;
  }
  case 2: {
    int16_t X = int16_t(V);
    std::memcpy(At, &X, 2);
    break;
  }
  case 4: {
    int32_t X = int32_t(V);
    std::memcpy(At, &X, 4);
    break;
  }
  default: {
    std::memcpy(At, &V, std::min(Size, 8u));
    break;
  }
  }
}

void storeFloat(char *At, unsigned Size, double V) {
  if (Size == 4) {
    float F = float(V);
    std::memcpy(At, &F, 4);
  } else {
    std::memcpy(At, &V, 8);
  }
}

double loadValue(const char *At, const ElemType &T) {
  switch (T.Kind) {
  case ElemKind::Float:
    if (T.Size == 4) {
      float F;
      std::memcpy(&F, At, 4);
      return F;
    } else {
      double D;
      std::memcpy(&D, At, 8);
      return D;
    }
  case ElemKind::Signed: {
    int64_t V = 0;
    switch (T.Size) {
    case 1: V = *reinterpret_cast<const int8_t *>(At); break;
    case 2: { int16_t X; std::memcpy(&X, At, 2); V = X; break; }
    case 4: { int32_t X; std::memcpy(&X, At, 4); V = X; break; }
    default: std::memcpy(&V, At, 8); break;
    }
    return double(V);
  }
  case ElemKind::Unsigned: {
    uint64_t V = 0;
    std::memcpy(&V, At, std::min(T.Size, 8u)); // little-endian
    return double(V);
  }
  case ElemKind::Bytes:
    return 0;
  }
  return 0;
}

std::string showValue(const char *At, const ElemType &T) {
  switch (T.Kind) {
  case ElemKind::Float:
    // The shortest text that reads back as the same float or double.
    if (T.Size == 4)
      return fmt::format("{}", float(loadValue(At, T)));
    return fmt::format("{}", loadValue(At, T));
  case ElemKind::Signed: {
    return fmt::format("{}", int64_t(loadValue(At, T)));
  }
  case ElemKind::Unsigned: {
    uint64_t V = 0;
    std::memcpy(&V, At, std::min(T.Size, 8u));
    if (T.Size < 8)
      V &= (uint64_t(1) << (8 * T.Size)) - 1;
    return T.Size >= 4 ? fmt::format("{} (0x{:x})", V, V) : fmt::format("{}", V);
  }
  case ElemKind::Bytes: {
    std::string S;
    for (unsigned I = 0; I < T.Size && I < 16; ++I)
      S += fmt::format("{:02x}", uint8_t(At[I]));
    return "0x" + S + (T.Size > 16 ? "..." : "");
  }
  }
  return "";
}

} // namespace

uint64_t ulpDistance(double A, double B, bool Single) {
  auto Ordered = [&](double V) -> int64_t {
    if (Single) {
      float F = float(V);
      int32_t I;
      std::memcpy(&I, &F, 4);
      return I < 0 ? int64_t(INT32_MIN) - I : I;
    }
    int64_t I;
    std::memcpy(&I, &V, 8);
    return I < 0 ? INT64_MIN - I : I;
  };
  int64_t X = Ordered(A), Y = Ordered(B);
  return X > Y ? uint64_t(X) - uint64_t(Y) : uint64_t(Y) - uint64_t(X);
}

llvm::Error writeInputs(const KernelSpec &S, const std::string &Dir) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return llvm::createStringError(EC, "%s: %s", Dir.c_str(),
                                   EC.message().c_str());
  for (const Param &P : S.Params) {
    if (P.Kind != ParamKind::Buffer)
      continue;
    uint64_t Bytes = bufferBytes(P);
    std::string Data(Bytes, '\0');
    uint64_t N = Bytes / std::max(P.Type.Size, 1u);
    if (P.Fill == "file") {
      auto Buf = llvm::MemoryBuffer::getFile(P.FillFile);
      if (!Buf)
        return llvm::createStringError(
            Buf.getError(), "%s: input of '%s' parameter '%s': %s",
            P.FillFile.c_str(), S.Name.c_str(), P.Name.c_str(),
            Buf.getError().message().c_str());
      if ((*Buf)->getBufferSize() != Bytes)
        return llvm::createStringError(
            "%s: input of '%s' parameter '%s' has %zu bytes; the spec needs "
            "%llu (%llu elements of %u bytes)",
            P.FillFile.c_str(), S.Name.c_str(), P.Name.c_str(),
            (*Buf)->getBufferSize(), (unsigned long long)Bytes,
            (unsigned long long)N, P.Type.Size);
      Data = (*Buf)->getBuffer().str();
    } else if (P.Fill == "iota") {
      for (uint64_t I = 0; I < N; ++I) {
        char *At = Data.data() + I * P.Type.Size;
        if (P.Type.Kind == ElemKind::Float)
          storeFloat(At, P.Type.Size, double(I));
        else
          storeInt(At, P.Type.Size, int64_t(I));
      }
    } else if (P.Fill == "random") {
      // Per buffer: the seed, the kernel and the parameter name, so adding a
      // parameter does not change the others' data.
      SplitMix64 G{S.Seed ^ hashName(S.Name) ^ (hashName(P.Name) << 1)};
      for (uint64_t I = 0; I < N; ++I) {
        char *At = Data.data() + I * P.Type.Size;
        switch (P.Type.Kind) {
        case ElemKind::Float: {
          double Lo = P.HasRange ? P.Lo : -1, Hi = P.HasRange ? P.Hi : 1;
          storeFloat(At, P.Type.Size, Lo + (Hi - Lo) * G.unit());
          break;
        }
        case ElemKind::Signed:
        case ElemKind::Unsigned: {
          if (P.HasRange) {
            int64_t Lo = int64_t(P.Lo), Hi = int64_t(P.Hi);
            uint64_t Span = uint64_t(Hi - Lo) + 1;
            storeInt(At, P.Type.Size, Lo + int64_t(G.next() % Span));
          } else {
            uint64_t V = G.next();
            std::memcpy(At, &V, std::min(P.Type.Size, 8u));
          }
          break;
        }
        case ElemKind::Bytes:
          for (unsigned B = 0; B < P.Type.Size; ++B)
            At[B] = char(G.next() & 0xff);
          break;
        }
      }
    }
    std::string Out = Dir + "/" + P.Name + ".bin";
    std::error_code EC;
    llvm::raw_fd_ostream OS(Out, EC);
    if (EC)
      return llvm::createStringError(EC, "%s: %s", Out.c_str(),
                                     EC.message().c_str());
    OS << Data;
  }
  return llvm::Error::success();
}

BufferResult compareBuffer(const Param &P, llvm::StringRef Expected,
                           llvm::StringRef Actual, unsigned Keep) {
  BufferResult R;
  R.Name = P.Name;
  unsigned Size = std::max(P.Type.Size, 1u);
  R.Count = Expected.size() / Size;
  if (Expected.size() != Actual.size()) {
    R.Problem = fmt::format("{} bytes, the reference has {}", Actual.size(),
                            Expected.size());
    return R;
  }
  bool Single = P.Type.Size == 4;
  for (uint64_t I = 0; I < R.Count; ++I) {
    const char *E = Expected.data() + I * Size;
    const char *A = Actual.data() + I * Size;
    bool Ok;
    double Err = 0;
    if (P.Type.Kind == ElemKind::Float) {
      double X = loadValue(E, P.Type), Y = loadValue(A, P.Type);
      if (std::isnan(X) || std::isnan(Y)) {
        Ok = std::isnan(X) && std::isnan(Y);
        Err = Ok ? 0 : INFINITY;
      } else {
        Err = std::fabs(X - Y);
        Ok = X == Y || Err <= P.Tol.Abs || Err <= P.Tol.Rel * std::fabs(X) ||
             (P.Tol.Ulp && ulpDistance(X, Y, Single) <= P.Tol.Ulp);
      }
    } else {
      Ok = std::memcmp(E, A, Size) == 0;
      if (!Ok && P.Type.Kind != ElemKind::Bytes)
        Err = std::fabs(loadValue(E, P.Type) - loadValue(A, P.Type));
    }
    R.MaxError = std::max(R.MaxError, Err);
    if (!Ok) {
      if (R.First.size() < Keep)
        R.First.push_back({I, showValue(E, P.Type), showValue(A, P.Type)});
      ++R.Mismatches;
    }
  }
  return R;
}

} // namespace hipport::validate
