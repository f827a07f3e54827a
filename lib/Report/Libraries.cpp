#include "Report/Libraries.h"

namespace hipport::report {

const std::vector<LibraryInfo> &libraries() {
  // Maturity notes summarise the state of the ROCm side as of ROCm 6.x; they
  // are what a lead needs to budget, not a compatibility matrix.
  static const std::vector<LibraryInfo> Table = {
      {"cublas", "cuBLAS", "hipBLAS / rocBLAS; hipBLASLt for cublasLt",
       "mature: hipBLAS mirrors the v2 API; cublasLt epilogues map to "
       "hipBLASLt with gaps; tune GEMM shapes per GPU",
       true,
       {"cublas", "cublasLt", "cublasXt"},
       {"cublas"}},
      {"cudnn", "cuDNN", "MIOpen",
       "partial: MIOpen covers convolution, pooling, normalization, RNN and "
       "softmax with a different descriptor and algorithm-search model; "
       "cuDNN's graph/frontend API has no counterpart",
       true,
       {"cudnn"},
       {"cudnn"}},
      {"cutlass", "CUTLASS / CuTe", "Composable Kernel or rocWMMA",
       "rewrite: no source-compatible port; GEMM/attention templates are "
       "re-expressed in Composable Kernel, or hand kernels on rocWMMA",
       false,
       {"cutlass/", "cute/"},
       {}},
      {"nccl", "NCCL", "RCCL",
       "mature: same API and NCCL_* environment; topology tuning differs",
       true,
       {"nccl.h", "nccl_net.h"},
       {"nccl"}},
      {"thrust", "Thrust", "rocThrust",
       "mature: same API; CUDA-backend policies (thrust::cuda) become "
       "thrust::hip",
       true,
       {"thrust/"},
       {"thrust"}},
      {"cub", "CUB", "hipCUB (on rocPRIM)",
       "mature for device-wide and block primitives; warp primitives assume "
       "the logical warp size you give them; many detail:: names unsupported",
       true,
       {"cub/"},
       {"cub"}},
      {"cufft", "cuFFT", "hipFFT (on rocFFT)",
       "mature: hipFFT mirrors the plan API; callbacks and some Xt "
       "multi-GPU calls differ",
       true,
       {"cufft.h", "cufftXt.h", "cufftw.h"},
       {"cufft"}},
      {"cusparse", "cuSPARSE", "hipSPARSE (on rocSPARSE)",
       "mature for the generic API (SpMV, SpMM); legacy routines removed "
       "in CUDA 12 are deprecated here too",
       true,
       {"cusparse"},
       {"cusparse"}},
      {"cusolver", "cuSOLVER", "hipSOLVER (on rocSOLVER)",
       "usable: dense LAPACK-style routines map; sparse and refactorization "
       "APIs have gaps",
       true,
       {"cusolver"},
       {"cusolver"}},
      {"curand", "cuRAND", "hipRAND (on rocRAND)",
       "mature: host and device APIs map; generator streams differ, so "
       "random sequences are not bit-identical",
       true,
       {"curand"},
       {"curand"}},
      {"nvtx", "Nsight / NVTX", "roctx (rocprof, rocprofv3)",
       "mature for ranges and marks; categories, domains and payloads are "
       "dropped",
       true,
       {"nvToolsExt", "nvtx3/"},
       {"nvtx"}},
      {"nvml", "NVML", "AMD SMI (amdsmi) / rocm_smi",
       "usable: device telemetry maps; the API shape differs (handles, "
       "units)",
       true,
       {"nvml.h"},
       {"nvml"}},
      {"nvrtc", "NVRTC", "hipRTC",
       "mature: same API; kernels compiled at run time need their own "
       "wave64 review",
       true,
       {"nvrtc.h"},
       {"nvrtc"}},
      {"cutensor", "cuTENSOR", "hipTensor",
       "early: contraction and permutation only",
       false,
       {"cutensor"},
       {}},
      {"tensorrt", "TensorRT", "MIGraphX",
       "rewrite: a different engine and API; budget as a new integration",
       false,
       {"NvInfer", "NvOnnxParser"},
       {}},
      {"npp", "NPP", "rocm NPP-style primitives are sparse (hipNPP is early)",
       "rewrite for most calls", false,
       {"npp.h", "nppi", "npps"},
       {}},
      {"nvjpeg", "nvJPEG", "rocJPEG",
       "early: decode only", false,
       {"nvjpeg.h"},
       {}},
  };
  return Table;
}

const LibraryInfo *libraryForHeader(llvm::StringRef Include) {
  for (const LibraryInfo &L : libraries())
    for (const char *P : L.HeaderPrefixes)
      if (Include.starts_with(P))
        return &L;
  return nullptr;
}

const LibraryInfo *libraryForFamily(llvm::StringRef Family) {
  for (const LibraryInfo &L : libraries())
    for (const char *F : L.Families)
      if (Family == F)
        return &L;
  return nullptr;
}

} // namespace hipport::report
