#include "Validate/Backend.h"

#include "Core/Paths.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hipport::validate {

const char *backendName(BackendKind B) {
  switch (B) {
  case BackendKind::Cuda:
    return "cuda";
  case BackendKind::CudaCpu:
    return "cuda-cpu";
  case BackendKind::Hip:
    return "hip";
  case BackendKind::HipCpu:
    return "hip-cpu";
  case BackendKind::CompileOnly:
    return "compile-only";
  }
  return "?";
}

bool parseBackend(llvm::StringRef Name, BackendKind &Out) {
  for (BackendKind B : {BackendKind::Cuda, BackendKind::CudaCpu, BackendKind::Hip,
                        BackendKind::HipCpu, BackendKind::CompileOnly})
    if (Name == backendName(B)) {
      Out = B;
      return true;
    }
  return false;
}

bool buildsOriginal(BackendKind B) {
  return B == BackendKind::Cuda || B == BackendKind::CudaCpu;
}

bool onHipcpu(BackendKind B) {
  return B == BackendKind::CudaCpu || B == BackendKind::HipCpu;
}

namespace {

std::string firstExisting(std::initializer_list<std::string> Paths) {
  for (const std::string &P : Paths)
    if (!P.empty() && fs::exists(P))
      return P;
  return "";
}

std::string onPath(llvm::StringRef Name) {
  auto P = llvm::sys::findProgramByName(Name);
  return P ? *P : "";
}

/// A fresh temporary file name for a child's output.
std::string tempLog(const char *Prefix) {
  llvm::SmallString<128> P;
  if (fs::createTemporaryFile(Prefix, "txt", P))
    return "/dev/null";
  return std::string(P);
}

} // namespace

Toolchain Toolchain::detect(const ToolchainOptions &Opts) {
  Toolchain T;
  T.Opts = Opts;
  T.Cxx = Opts.Cxx;
  if (T.Cxx.empty())
    if (const char *E = std::getenv("CXX"))
      T.Cxx = E;
  if (T.Cxx.empty())
    T.Cxx = onPath("g++");
  if (T.Cxx.empty())
    T.Cxx = onPath("clang++");
  if (!T.Cxx.empty() && !path::is_absolute(T.Cxx))
    T.Cxx = onPath(T.Cxx);

  const char *EnvInc = std::getenv("HIPPORT_HIPCPU_INCLUDE");
  T.HipcpuInclude = firstExisting(
      {EnvInc ? std::string(EnvInc) : "",
       core::rulesDirectory() + "/../runtime/hipcpu/include"});
  std::string ExeDir;
  static int Anchor;
  std::string Exe = fs::getMainExecutable(Opts.Argv0.c_str(), &Anchor);
  if (!Exe.empty())
    ExeDir = std::string(path::parent_path(Exe));
  const char *EnvLib = std::getenv("HIPPORT_HIPCPU_LIB");
  T.HipcpuLib = firstExisting(
      {Opts.HipcpuLib, EnvLib ? std::string(EnvLib) : "",
       ExeDir + "/../runtime/hipcpu/libhipcpu.a", ExeDir + "/../lib/libhipcpu.a",
       ExeDir + "/libhipcpu.a"});

  T.Nvcc = onPath("nvcc");
  if (T.Nvcc.empty())
    T.Nvcc = firstExisting({"/usr/local/cuda/bin/nvcc"});
  T.Hipcc = onPath("hipcc");
  // A GPU is there when its driver's own tool lists one.
  if (std::string Smi = onPath("nvidia-smi"); !Smi.empty()) {
    std::string Log = tempLog("hipport-smi");
    ProcResult R = runProcess({Smi, "-L"}, {}, Log, 20);
    T.NvidiaGpu = R.Rc == 0 && R.Output.find("GPU") != std::string::npos;
    fs::remove(Log);
  }
  if (fs::exists("/dev/kfd"))
    if (std::string RI = onPath("rocminfo"); !RI.empty()) {
      std::string Log = tempLog("hipport-rocminfo");
      ProcResult R = runProcess({RI}, {}, Log, 30);
      T.AmdGpu = R.Rc == 0 && R.Output.find("gfx") != std::string::npos;
      fs::remove(Log);
    }
  return T;
}

std::string Toolchain::missing(BackendKind B) const {
  switch (B) {
  case BackendKind::CudaCpu:
  case BackendKind::HipCpu:
    if (Cxx.empty())
      return "no C++ compiler (g++ or clang++) for runtime/hipcpu";
    if (HipcpuInclude.empty())
      return "runtime/hipcpu headers not found (set HIPPORT_HIPCPU_INCLUDE)";
    if (HipcpuLib.empty())
      return "libhipcpu.a not found (build the hipcpu target, or pass "
             "--hipcpu-lib / set HIPPORT_HIPCPU_LIB)";
    return "";
  case BackendKind::Cuda:
    if (Nvcc.empty())
      return "nvcc not found";
    if (!NvidiaGpu)
      return "no NVIDIA GPU (nvidia-smi lists none)";
    return "";
  case BackendKind::Hip:
    if (Hipcc.empty())
      return "hipcc not found";
    if (!AmdGpu)
      return "no AMD GPU (no /dev/kfd, or rocminfo lists none)";
    return "";
  case BackendKind::CompileOnly:
    return Hipcc.empty() ? "hipcc not found" : "";
  }
  return "";
}

std::string Toolchain::version(BackendKind B) const {
  std::string Tool = onHipcpu(B)                ? Cxx
                     : B == BackendKind::Cuda   ? Nvcc
                                                : Hipcc;
  if (Tool.empty())
    return "";
  std::string Log = tempLog("hipport-version");
  ProcResult R = runProcess({Tool, "--version"}, {}, Log, 30);
  fs::remove(Log);
  std::string V;
  for (llvm::StringRef L : llvm::split(R.Output, '\n')) {
    // nvcc prints its release on the 4th line; the others on the first.
    if (L.contains("release") || L.contains("version") || V.empty())
      V = L.trim().str();
    if (L.contains("release") || L.contains("HIP version"))
      break;
  }
  std::string Out = fmt::format("{}: {}", Tool, V);
  if (onHipcpu(B))
    Out += fmt::format(" + runtime/hipcpu ({})", HipcpuLib);
  return Out;
}

ProcResult runProcess(const std::vector<std::string> &Args,
                      const std::vector<std::string> &ExtraEnv,
                      const std::string &LogFile, unsigned TimeoutSeconds,
                      const std::string &StdoutFile) {
  ProcResult R;
  std::string Program = Args.empty() ? "" : Args[0];
  if (!Program.empty() && !path::is_absolute(Program))
    Program = onPath(Program);
  if (Program.empty()) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "program not found: " + (Args.empty() ? "" : Args[0]);
    return R;
  }
  // Everything the child needs is built before fork: between fork and exec
  // a multi-threaded parent's child may only make async-signal-safe calls.
  std::vector<std::string> EnvStore;
  for (char **E = environ; *E; ++E) {
    llvm::StringRef Entry(*E);
    bool Overridden = false;
    for (const std::string &X : ExtraEnv)
      Overridden |= Entry.starts_with(X.substr(0, X.find('=') + 1));
    if (!Overridden)
      EnvStore.push_back(Entry.str());
  }
  EnvStore.insert(EnvStore.end(), ExtraEnv.begin(), ExtraEnv.end());
  std::vector<char *> Argv, Envp;
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  for (const std::string &E : EnvStore)
    Envp.push_back(const_cast<char *>(E.c_str()));
  Envp.push_back(nullptr);
  int LogFD = ::open(LogFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                     0644);
  int OutFD = StdoutFile.empty()
                  ? LogFD
                  : ::open(StdoutFile.c_str(),
                           O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (LogFD < 0 || OutFD < 0) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "cannot write " + LogFile;
    if (LogFD >= 0)
      ::close(LogFD);
    return R;
  }
  pid_t Pid = ::fork();
  if (Pid == 0) {
    // Its own process group, so a timeout kills whatever it started too.
    ::setpgid(0, 0);
    int In = ::open("/dev/null", O_RDONLY);
    ::dup2(In, 0);
    ::dup2(OutFD, 1);
    ::dup2(LogFD, 2);
    ::execve(Program.c_str(), Argv.data(), Envp.data());
    ::_exit(127);
  }
  ::close(LogFD);
  if (OutFD != LogFD)
    ::close(OutFD);
  if (Pid < 0) {
    R.NotStarted = true;
    R.Rc = -1;
    R.Message = "fork failed";
    return R;
  }
  // Poll rather than alarm(): SIGALRM is process-wide and runs race when
  // several threads each wait for a child.
  auto Start = std::chrono::steady_clock::now();
  int Status = 0;
  for (unsigned Sleep = 1;; Sleep = std::min(Sleep * 2, 50u)) {
    pid_t W = ::waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      R.Rc = -1;
      R.Message = "waitpid failed";
      return R;
    }
    if (TimeoutSeconds &&
        std::chrono::steady_clock::now() - Start >=
            std::chrono::seconds(TimeoutSeconds)) {
      ::kill(-Pid, SIGKILL);
      ::kill(Pid, SIGKILL);
      ::waitpid(Pid, &Status, 0);
      R.TimedOut = true;
      R.Rc = -2;
      R.Message = fmt::format("timed out after {} s", TimeoutSeconds);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(Sleep));
  }
  if (!R.TimedOut) {
    if (WIFEXITED(Status)) {
      R.Rc = WEXITSTATUS(Status);
      if (R.Rc == 127) {
        R.NotStarted = true;
        R.Message = "cannot execute " + Program;
      }
    } else if (WIFSIGNALED(Status)) {
      R.Rc = -2;
      R.Crashed = true;
      R.Message = fmt::format("signal {} ({})", WTERMSIG(Status),
                              strsignal(WTERMSIG(Status)));
    }
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(LogFile))
    R.Output = (*Buf)->getBuffer().str();
  return R;
}

namespace {

/// The host API names of a driver in one spelling.
struct Spelling {
  const char *P;
  std::string api(const char *Name) const { return std::string(P) + Name; }
};

std::string dimText(const Dim3 &D) {
  return fmt::format("dim3({}, {}, {})", D.X, D.Y, D.Z);
}

std::string identifier(const std::string &Name) {
  std::string Out;
  for (char C : Name)
    Out += llvm::isAlnum(C) ? C : '_';
  return Out;
}

} // namespace

std::string generateDriver(const std::vector<const KernelSpec *> &Kernels,
                           const std::string &IncludeFile, BackendKind B) {
  Spelling S{buildsOriginal(B) ? "cuda" : "hip"};
  std::string O;
  O += "// Generated by hipport validate; rebuilt on every run.\n";
  O += "// The kernel file's own main() is renamed out of the way.\n";
  O += "#define main hipport_original_main\n";
  O += fmt::format("#include \"{}\"\n", IncludeFile);
  O += "#undef main\n\n";
  O += "#include <cstdio>\n#include <cstdlib>\n#include <string>\n"
       "#include <vector>\n\n";
  O += "namespace hipport_driver {\n";
  O += "static std::vector<char> readInput(const std::string &Path, size_t "
       "Bytes) {\n"
       "  std::vector<char> Data(Bytes);\n"
       "  FILE *F = std::fopen(Path.c_str(), \"rb\");\n"
       "  if (!F || std::fread(Data.data(), 1, Bytes, F) != Bytes) {\n"
       "    std::fprintf(stderr, \"hipport-driver: cannot read %zu bytes from "
       "%s\\n\", Bytes, Path.c_str());\n"
       "    std::exit(3);\n  }\n  std::fclose(F);\n  return Data;\n}\n";
  O += "static void writeOutput(const std::string &Path, const "
       "std::vector<char> &Data) {\n"
       "  FILE *F = std::fopen(Path.c_str(), \"wb\");\n"
       "  if (!F || std::fwrite(Data.data(), 1, Data.size(), F) != "
       "Data.size()) {\n"
       "    std::fprintf(stderr, \"hipport-driver: cannot write %s\\n\", "
       "Path.c_str());\n    std::exit(3);\n  }\n  std::fclose(F);\n}\n";
  O += fmt::format(
      "#define HIPPORT_CHECK(X) do {{ auto E_ = (X); if (E_ != {0}) {{ "
      "std::fprintf(stderr, \"hipport-driver: %s: %s\\n\", #X, "
      "{1}(E_)); std::exit(4); }} }} while (0)\n",
      S.api("Success"), S.api("GetErrorString"));
  O += "} // namespace hipport_driver\n\n";

  for (size_t KI = 0; KI < Kernels.size(); ++KI) {
    const KernelSpec &K = *Kernels[KI];
    O += fmt::format("// {} ({}:{})\n", K.Name, K.Relative, K.Line);
    O += fmt::format("static int hipport_run_{}(const std::string &In, const "
                     "std::string &Out) {{\n",
                     identifier(K.Name));
    O += "  using namespace hipport_driver;\n";
    std::vector<std::string> Args;
    for (size_t I = 0; I < K.Params.size(); ++I) {
      const Param &P = K.Params[I];
      if (P.Kind == ParamKind::Scalar) {
        std::string Ty = P.Type.Spelling;
        O += fmt::format("  {} a{} = ({})({});\n", Ty, I, Ty, P.Value);
        Args.push_back(fmt::format("a{}", I));
        continue;
      }
      uint64_t Bytes = bufferBytes(P);
      O += fmt::format("  std::vector<char> h{0} = readInput(In + \"/{1}.bin\", "
                       "{2});\n",
                       I, P.Name, Bytes);
      O += fmt::format("  void *d{0} = nullptr;\n  HIPPORT_CHECK({1}(&d{0}, "
                       "{2}));\n",
                       I, S.api("Malloc"), Bytes);
      O += fmt::format("  HIPPORT_CHECK({0}(d{1}, h{1}.data(), {2}, "
                       "{3}));\n",
                       S.api("Memcpy"), I, Bytes, S.api("MemcpyHostToDevice"));
      std::string Ty = P.Type.Spelling == "void" ? "void" : P.Type.Spelling;
      Args.push_back(fmt::format("static_cast<{} *>(d{})", Ty, I));
    }
    std::string ArgList;
    for (const std::string &A : Args)
      ArgList += ", " + A;
    if (onHipcpu(B))
      O += fmt::format("  hipLaunchKernelGGL({}, {}, {}, {}, 0{});\n",
                       K.QualifiedName, dimText(K.Grid), dimText(K.Block),
                       K.SharedBytes, ArgList);
    else
      O += fmt::format("  {}<<<{}, {}, {}>>>({});\n", K.QualifiedName,
                       dimText(K.Grid), dimText(K.Block), K.SharedBytes,
                       ArgList.empty() ? "" : ArgList.substr(2));
    O += fmt::format("  HIPPORT_CHECK({}());\n", S.api("GetLastError"));
    O += fmt::format("  HIPPORT_CHECK({}());\n", S.api("DeviceSynchronize"));
    for (size_t I = 0; I < K.Params.size(); ++I) {
      const Param &P = K.Params[I];
      if (P.Kind != ParamKind::Buffer)
        continue;
      if (P.Output) {
        O += fmt::format("  HIPPORT_CHECK({0}(h{1}.data(), d{1}, {2}, {3}));\n",
                         S.api("Memcpy"), I, bufferBytes(P),
                         S.api("MemcpyDeviceToHost"));
        O += fmt::format("  writeOutput(Out + \"/{}.bin\", h{});\n", P.Name, I);
      }
      O += fmt::format("  HIPPORT_CHECK({}(d{}));\n", S.api("Free"), I);
    }
    O += "  return 0;\n}\n\n";
  }
  O += "int main(int argc, char **argv) {\n"
       "  if (argc != 4) {\n"
       "    std::fprintf(stderr, \"usage: %s KERNEL INDIR OUTDIR\\n\", "
       "argv[0]);\n    return 2;\n  }\n"
       "  std::string K = argv[1];\n";
  for (const KernelSpec *K : Kernels)
    O += fmt::format("  if (K == \"{0}\")\n    return hipport_run_{1}(argv[2], "
                     "argv[3]);\n",
                     K->Name, identifier(K->Name));
  O += "  std::fprintf(stderr, \"hipport-driver: no kernel %s\\n\", "
       "K.c_str());\n  return 2;\n}\n";
  return O;
}

llvm::Error writeHipcpuShims(const std::string &Dir) {
  static const char *Headers[] = {
      "cuda_runtime.h",          "cuda_runtime_api.h",
      "cuda.h",                  "device_launch_parameters.h",
      "cooperative_groups.h",    "cuda_fp16.h",
      "cuda_bf16.h",             "device_functions.h",
      "hip/hip_runtime.h",       "hip/hip_runtime_api.h",
      "hip/hip_cooperative_groups.h", "hip/hip_fp16.h",
      "hip/hip_bf16.h",          "hip/hip_vector_types.h"};
  for (const char *H : Headers) {
    std::string P = Dir + "/" + H;
    if (std::error_code EC = fs::create_directories(path::parent_path(P)))
      return llvm::createStringError(EC, "%s: %s", P.c_str(),
                                     EC.message().c_str());
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    if (EC)
      return llvm::createStringError(EC, "%s: %s", P.c_str(),
                                     EC.message().c_str());
    OS << "// Stand-in: runtime/hipcpu's spelling header is force-included.\n";
  }
  return llvm::Error::success();
}

std::vector<std::string> buildCommand(const Toolchain &TC, BackendKind B,
                                      const std::string &Driver,
                                      const std::string &Output,
                                      const std::vector<std::string> &IncludeDirs,
                                      const std::string &ShimDir) {
  std::vector<std::string> C;
  auto Includes = [&] {
    for (const std::string &D : IncludeDirs)
      C.push_back("-I" + D);
  };
  switch (B) {
  case BackendKind::CudaCpu:
  case BackendKind::HipCpu:
    C = {TC.Cxx, "-std=c++17", "-O1", "-w", "-I" + ShimDir,
         "-I" + TC.HipcpuInclude};
    Includes();
    C.insert(C.end(), {"-include",
                       B == BackendKind::CudaCpu ? "hipcpu/cuda_runtime.h"
                                                 : "hipcpu/hip_runtime.h",
                       "-x", "c++", Driver, "-x", "none", TC.HipcpuLib,
                       "-lboost_context", "-lpthread", "-o", Output});
    break;
  case BackendKind::Cuda:
    C = {TC.Nvcc, "-std=c++17", "-O2", "-w", "-arch=" + TC.Opts.CudaArch};
    Includes();
    C.insert(C.end(), {"-x", "cu", Driver, "-o", Output});
    break;
  case BackendKind::Hip:
    C = {TC.Hipcc, "-std=c++17", "-O2", "-w",
         "--offload-arch=" + TC.Opts.OffloadArch};
    Includes();
    C.insert(C.end(), {"-x", "hip", Driver, "-o", Output});
    break;
  case BackendKind::CompileOnly:
    C = {TC.Hipcc, "-std=c++17", "-O2", "-w",
         "--offload-arch=" + TC.Opts.OffloadArch};
    Includes();
    C.insert(C.end(), {"-x", "hip", "-c", Driver, "-o", Output});
    break;
  }
  return C;
}

} // namespace hipport::validate
