//===- cudarecord.cpp - record kernel launches on NVIDIA hardware ---------===//
//
// An LD_PRELOAD shim for a CUDA program linked with `-cudart shared`: under
// HIPCPU_RECORD=DIR it writes every kernel launch in runtime/hipcpu's
// recording format (docs/validate-record.md), so a recording made on a GPU
// compares with one made on hipcpu, launch by launch. The CUDA runtime
// gives no argument types, so they come from the kernel's demangled name
// (an extern "C" kernel's pointers are "bytes"), sizes from
// cuFuncGetParamInfo, and a pointer argument is a buffer when it points
// into a tracked cudaMalloc/cudaMallocManaged allocation.
//
//   g++ -std=c++17 -O2 -shared -fPIC -I$CUDA/include -Iruntime/hipcpu/include
//     cudarecord.cpp -L$CUDA/lib64 -lcudart -lcuda -ldl -o libcudarecord.so
//   HIPCPU_RECORD=DIR LD_PRELOAD=./libcudarecord.so ./program
//
//===----------------------------------------------------------------------===//
#include "hipcpu/detail/record_files.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

struct Alloc {
  std::size_t Bytes = 0;
  unsigned Id = 0;
};

/// The files (hipcpu/detail/record_files.h) and the allocations tracked.
struct Recorder : hipcpu::record::RecordFiles {
  std::mutex M;
  std::map<std::uintptr_t, Alloc> Allocs; // by base address

  /// The allocation holding P: its base, or 0.
  std::uintptr_t find(const void *P) const {
    auto A = reinterpret_cast<std::uintptr_t>(P);
    auto It = Allocs.upper_bound(A);
    if (It == Allocs.begin())
      return 0;
    --It;
    return A < It->first + It->second.Bytes ? It->first : 0;
  }
};

Recorder &recorder() {
  static Recorder R;
  return R;
}

template <class F> F real(const char *Name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, Name));
}


struct ParamType {
  bool Pointer = false;
  std::string Base; ///< without const, volatile, __restrict and '*'
};

/// "k(float const*, int*, int)" -> name "k", types of the parameters.
std::string splitSignature(const std::string &Demangled,
                           std::vector<ParamType> &Params) {
  // The parameter list's '(', past any "(anonymous namespace)".
  std::size_t From = 0;
  for (std::size_t At; (At = Demangled.find("(anonymous namespace)", From)) !=
                       std::string::npos;)
    From = At + std::strlen("(anonymous namespace)");
  std::size_t Open = Demangled.find('(', From);
  if (Open == std::string::npos)
    return Demangled;
  int Depth = 0;
  std::string Cur;
  auto Flush = [&] {
    ParamType P;
    P.Pointer = Cur.find('*') != std::string::npos;
    std::string B;
    for (const char *Word : {"const", "volatile", "__restrict__", "__restrict"})
      for (std::size_t At; (At = Cur.find(Word)) != std::string::npos;)
        Cur.erase(At, std::strlen(Word));
    for (char C : Cur)
      if (C != '*' && C != '&')
        B += C;
    std::size_t S = B.find_first_not_of(' '), E = B.find_last_not_of(' ');
    P.Base = S == std::string::npos ? "" : B.substr(S, E - S + 1);
    for (std::size_t At; (At = P.Base.find("  ")) != std::string::npos;)
      P.Base.erase(At, 1);
    Params.push_back(P);
    Cur.clear();
  };
  for (std::size_t I = Open + 1; I < Demangled.size(); ++I) {
    char C = Demangled[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if ((C == '>' || C == ')') && Depth > 0)
      --Depth;
    else if (C == ')' && Depth == 0) {
      if (!Cur.empty())
        Flush();
      break;
    } else if (C == ',' && Depth == 0) {
      Flush();
      continue;
    }
    Cur += C;
  }
  // A function template's demangled name starts with its return type.
  std::string Name = Demangled.substr(0, Open);
  int Angle = 0;
  for (std::size_t I = Name.size(); I-- > 0;) {
    if (Name[I] == '>' || Name[I] == ')')
      ++Angle;
    else if (Name[I] == '<' || Name[I] == '(')
      --Angle;
    else if (Name[I] == ' ' && Angle == 0)
      return Name.substr(I + 1);
  }
  return Name;
}

/// runtime/hipcpu's record name of an element type, and its size.
const char *typeName(const std::string &T, unsigned &Size) {
  struct Known {
    const char *Spelling, *Name;
    unsigned Size;
  };
  static const Known Table[] = {
      {"float", "float32", 4},        {"double", "float64", 8},
      {"int", "int32", 4},            {"unsigned int", "uint32", 4},
      {"char", "int8", 1},            {"signed char", "int8", 1},
      {"unsigned char", "uint8", 1},  {"short", "int16", 2},
      {"unsigned short", "uint16", 2}, {"long", "int64", 8},
      {"long long", "int64", 8},      {"unsigned long", "uint64", 8},
      {"unsigned long long", "uint64", 8}, {"bool", "uint8", 1}};
  for (const Known &K : Table)
    if (T == K.Spelling) {
      Size = K.Size;
      return K.Name;
    }
  Size = 1;
  return "bytes";
}

std::vector<char> copyOut(std::uintptr_t Base, std::size_t Bytes) {
  std::vector<char> V(Bytes);
  cudaMemcpy(V.data(), reinterpret_cast<const void *>(Base), Bytes,
             cudaMemcpyDeviceToHost);
  return V;
}

struct ArgRecord {
  std::string Line; ///< without " after ..."
  std::uintptr_t Base = 0;
  unsigned Id = 0;
  bool Data = false; ///< its allocation's "before" is in the launch's Befores
};

using Befores = std::map<unsigned, std::vector<char>>;

/// The tracked allocation a pointer-sized argument points into, or 0.
std::uintptr_t allocOf(Recorder &R, const void *Value, std::size_t Size) {
  const void *Ptr = nullptr;
  if (Size != sizeof(void *))
    return 0;
  std::memcpy(&Ptr, Value, sizeof Ptr);
  return Ptr ? R.find(Ptr) : 0;
}

/// Keep: the launch was admitted with its contents (RecordFiles::admit).
ArgRecord recordArg(Recorder &R, Befores &Seen, unsigned Seq, unsigned I,
                    const void *Value, std::size_t Size, const ParamType *T,
                    bool Keep) {
  ArgRecord A;
  char B[96];
  A.Line = "arg " + std::to_string(I) + " ";
  const void *Ptr = nullptr;
  if (Size == sizeof(void *))
    std::memcpy(&Ptr, Value, sizeof Ptr);
  std::uintptr_t Base = Ptr ? R.find(Ptr) : 0;
  if ((T && T->Pointer) || Base) {
    unsigned ElemSize = 1;
    const char *Type = typeName(T ? T->Base : "", ElemSize);
    A.Line += std::string("buf ") + Type + " " + std::to_string(ElemSize);
    if (!Base)
      return A.Line += Ptr ? " untracked" : " null", A;
    Alloc &Al = R.Allocs[Base];
    A.Base = Base;
    A.Id = Al.Id;
    std::snprintf(B, sizeof B, " alloc %u offset %zu bytes %zu", Al.Id,
                  std::size_t(reinterpret_cast<std::uintptr_t>(Ptr) - Base),
                  Al.Bytes);
    A.Line += B;
    std::string Name = std::to_string(Seq) + "-" + std::to_string(Al.Id);
    A.Data = Seen.count(Al.Id) != 0;
    if (A.Data) // another argument into the same allocation
      return A.Line += " before " + Name + ".before", A;
    if (!Keep)
      return A.Line += " before -", A;
    std::vector<char> &Before = Seen[Al.Id] = copyOut(Base, Al.Bytes);
    R.writeData(Seq, Al.Id, "before", Before.data(), Before.size());
    A.Data = true;
    A.Line += " before " + Name + ".before";
    return A;
  }
  unsigned Ignored;
  std::string Base0 = T ? T->Base : "";
  bool Float = Base0 == "float" || Base0 == "double";
  bool Int = !Float && T && std::string(typeName(Base0, Ignored)) != "bytes";
  if (Int) {
    long long V = 0;
    std::memcpy(&V, Value, Size < sizeof V ? Size : sizeof V);
    if (Size < sizeof V && (Base0.rfind("unsigned", 0) != 0) &&
        (V >> (8 * Size - 1) & 1))
      V -= 1ll << (8 * Size); // sign-extend
    A.Line += "int " + std::to_string(V);
  } else if (Float) {
    double V = 0;
    if (Size == 4) {
      float F;
      std::memcpy(&F, Value, 4);
      V = F;
    } else
      std::memcpy(&V, Value, 8);
    std::snprintf(B, sizeof B, "float %.17g", V);
    A.Line += B;
  } else {
    A.Line += "other";
  }
  return A.Line += " hex " + hipcpu::record::hex(Value, Size), A;
}

} // namespace

extern "C" cudaError_t cudaMalloc(void **P, size_t Bytes) {
  static auto Real = real<cudaError_t (*)(void **, size_t)>("cudaMalloc");
  cudaError_t E = Real(P, Bytes);
  Recorder &R = recorder();
  if (E == cudaSuccess && !R.Dir.empty()) {
    std::lock_guard<std::mutex> G(R.M);
    R.Allocs[reinterpret_cast<std::uintptr_t>(*P)] = {Bytes, R.NextAlloc++};
  }
  return E;
}

extern "C" cudaError_t cudaMallocManaged(void **P, size_t Bytes,
                                         unsigned Flags) {
  static auto Real =
      real<cudaError_t (*)(void **, size_t, unsigned)>("cudaMallocManaged");
  cudaError_t E = Real(P, Bytes, Flags);
  Recorder &R = recorder();
  if (E == cudaSuccess && !R.Dir.empty()) {
    std::lock_guard<std::mutex> G(R.M);
    R.Allocs[reinterpret_cast<std::uintptr_t>(*P)] = {Bytes, R.NextAlloc++};
  }
  return E;
}

extern "C" cudaError_t cudaFree(void *P) {
  static auto Real = real<cudaError_t (*)(void *)>("cudaFree");
  Recorder &R = recorder();
  if (!R.Dir.empty()) {
    std::lock_guard<std::mutex> G(R.M);
    R.Allocs.erase(reinterpret_cast<std::uintptr_t>(P));
  }
  return Real(P);
}

namespace {

std::map<cudaKernel_t, const void *> &kernelFunctions() {
  static std::map<cudaKernel_t, const void *> M;
  return M;
}

/// Records one launch of Func around Launch(), which runs it.
template <class LaunchFn>
cudaError_t recordLaunch(const void *Func, dim3 Grid, dim3 Block, void **Args,
                         size_t Shared, LaunchFn Launch) {
  Recorder &R = recorder();
  if (R.Dir.empty() || !Func)
    return Launch();
  std::lock_guard<std::mutex> G(R.M);
  cudaDeviceSynchronize();
  const char *Mangled = nullptr;
  cudaFuncGetName(&Mangled, Func);
  int St = 0;
  char *D = Mangled ? abi::__cxa_demangle(Mangled, nullptr, nullptr, &St)
                    : nullptr;
  std::vector<ParamType> Types;
  std::string Name =
      D ? splitSignature(D, Types) : (Mangled ? Mangled : "unknown");
  std::free(D);
  cudaFunction_t CuFunc = nullptr;
  cudaGetFuncBySymbol(&CuFunc, Func);
  unsigned Seq = R.NextSeq++;
  std::vector<size_t> Sizes;
  for (unsigned I = 0;; ++I) {
    size_t Offset = 0, Size = 0;
    if (!CuFunc || cuFuncGetParamInfo(reinterpret_cast<CUfunction>(CuFunc), I,
                                      &Offset, &Size) != CUDA_SUCCESS)
      break;
    Sizes.push_back(Size);
  }
  // All of the launch's allocations get their contents, or none does.
  std::set<std::uintptr_t> Touched;
  unsigned long long Total = 0;
  for (unsigned I = 0; I < Sizes.size(); ++I)
    if (std::uintptr_t B = allocOf(R, Args[I], Sizes[I]))
      if (Touched.insert(B).second)
        Total += R.Allocs[B].Bytes;
  bool Keep = R.admit(Name, Seq, Total);
  std::vector<ArgRecord> Recs;
  Befores Seen;
  for (unsigned I = 0; I < Sizes.size(); ++I)
    Recs.push_back(recordArg(R, Seen, Seq, I, Args[I], Sizes[I],
                             I < Types.size() ? &Types[I] : nullptr, Keep));
  cudaError_t E = Launch();
  cudaError_t Sync = cudaDeviceSynchronize();
  char Head[256];
  std::snprintf(Head, sizeof Head,
                "launch %u rc %d width 32 grid %u %u %u block %u %u %u "
                "shared %zu args %zu name ",
                Seq, E != cudaSuccess ? int(E) : int(Sync), Grid.x, Grid.y,
                Grid.z, Block.x, Block.y, Block.z, Shared, Recs.size());
  std::string Out = Head + Name + "\n";
  std::map<unsigned, std::string> After; // per allocation, once per launch
  for (ArgRecord &A : Recs) {
    Out += A.Line;
    if (A.Data) {
      auto It = After.find(A.Id);
      if (It == After.end()) {
        const std::vector<char> &Before = Seen[A.Id];
        std::vector<char> Now = copyOut(A.Base, Before.size());
        std::string N = Now == Before
                            ? "="
                            : R.writeData(Seq, A.Id, "after", Now.data(),
                                          Now.size());
        It = After.emplace(A.Id, N).first;
      }
      Out += " after " + It->second;
    } else if (A.Line.find(" before -") != std::string::npos) {
      Out += " after -";
    }
    Out += "\n";
  }
  R.finish(Name, Seq, Out);
  return E;
}

} // namespace

// CUDA 13's launch stubs: the kernel handle from __cudaGetKernel, then
// __cudaLaunchKernel (or _ptsz); older stubs and explicit calls use
// cudaLaunchKernel with the function itself.
extern "C" cudaError_t __cudaGetKernel(cudaKernel_t *K, const void *Func) {
  static auto Real =
      real<cudaError_t (*)(cudaKernel_t *, const void *)>("__cudaGetKernel");
  cudaError_t E = Real(K, Func);
  if (E == cudaSuccess) {
    std::lock_guard<std::mutex> G(recorder().M);
    kernelFunctions()[*K] = Func;
  }
  return E;
}

#define HIPPORT_RECORD_HANDLE_LAUNCH(Symbol)                                   \
  extern "C" cudaError_t Symbol(cudaKernel_t K, dim3 Grid, dim3 Block,          \
                                void **Args, size_t Shared, cudaStream_t S) {   \
    using Fn = cudaError_t (*)(cudaKernel_t, dim3, dim3, void **, size_t,       \
                               cudaStream_t);                                   \
    static auto Real = real<Fn>(#Symbol);                                      \
    const void *Func = nullptr;                                                \
    {                                                                          \
      std::lock_guard<std::mutex> G(recorder().M);                             \
      auto It = kernelFunctions().find(K);                                     \
      Func = It == kernelFunctions().end() ? nullptr : It->second;             \
    }                                                                          \
    return recordLaunch(Func, Grid, Block, Args, Shared,                       \
                        [&] { return Real(K, Grid, Block, Args, Shared, S); }); \
  }
HIPPORT_RECORD_HANDLE_LAUNCH(__cudaLaunchKernel)
HIPPORT_RECORD_HANDLE_LAUNCH(__cudaLaunchKernel_ptsz)

extern "C" cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid,
                                        dim3 Block, void **Args,
                                        size_t Shared, cudaStream_t Stream) {
  using Fn = cudaError_t (*)(const void *, dim3, dim3, void **, size_t,
                             cudaStream_t);
  static auto Real = real<Fn>("cudaLaunchKernel");
  return recordLaunch(Func, Grid, Block, Args, Shared, [&] {
    return Real(Func, Grid, Block, Args, Shared, Stream);
  });
}
