//===- hipcpu/detail/warp.h - warp collectives of one spelling ------------===//
//
// Shuffles, votes, __syncwarp and cooperative groups. Their masks are 64-bit
// in the HIP spelling and 32-bit in CUDA's, so everything here sits in an
// inline namespace named after the spelling: a program may link files of
// both spellings without two different inline definitions of one name.
//
// Source-lane arithmetic follows HIP's amd_warp_functions.h (the same rules
// as CUDA's documentation, see /work/shared/WAVE64.md); a source outside
// the active lanes yields the caller's own value.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_DETAIL_WARP_H
#define HIPCPU_DETAIL_WARP_H

#include "hipcpu/detail/core.h"

#if defined(HIPCPU_SPELLING_HIP)
#define HIPCPU_NS spelling_hip
#define HIPCPU_MASK_FLAG ::hipcpu::detail::MaskHip
#define HIPCPU_DEFAULT_WIDTH 64
using hipcpuLaneMask = unsigned long long;
#else
#define HIPCPU_NS spelling_cuda
#define HIPCPU_MASK_FLAG ::hipcpu::detail::MaskCuda
#define HIPCPU_DEFAULT_WIDTH 32
using hipcpuLaneMask = unsigned int;
#endif

namespace hipcpu::detail {
inline namespace HIPCPU_NS {
using LaneMask = ::hipcpuLaneMask;

template <class T>
inline T shuffle(T V, int Src, const char *Name, std::uint64_t Mask,
                 unsigned Flags, int GroupWidth, const char *File, int Line) {
  static_assert(std::is_trivially_copyable_v<T>,
                "hipcpu: shuffles move trivially copyable values");
  if constexpr (sizeof(T) > 8) {
    // Larger values (cooperative groups shuffle any type) move in 8-byte
    // pieces, one collective each, in the same order on every lane.
    unsigned char Bytes[sizeof(T)];
    std::memcpy(Bytes, &V, sizeof(T));
    for (std::size_t At = 0; At < sizeof(T); At += 8) {
      std::uint64_t Piece = 0;
      std::size_t N = sizeof(T) - At < 8 ? sizeof(T) - At : 8;
      std::memcpy(&Piece, Bytes + At, N);
      Piece = shuffle(Piece, Src, Name, Mask, Flags, GroupWidth, File, Line);
      std::memcpy(Bytes + At, &Piece, N);
    }
    T Out;
    std::memcpy(&Out, Bytes, sizeof(T));
    return Out;
  } else {
    std::uint64_t Bits = 0;
    std::memcpy(&Bits, &V, sizeof(T));
    std::uint64_t R = collective(CollectiveOp::Shuffle, Name, Bits, Src, Mask,
                                 Flags, GroupWidth, File, Line);
    T Out;
    std::memcpy(&Out, &R, sizeof(T));
    return Out;
  }
}
inline int srcIndex(int SrcLane, int Width) {
  int Self = static_cast<int>(thread().LaneId);
  return (Self & ~(Width - 1)) + (SrcLane & (Width - 1));
}
inline int srcUp(unsigned Delta, int Width) {
  int Self = static_cast<int>(thread().LaneId);
  return (Self & (Width - 1)) - static_cast<int>(Delta) < 0
             ? -1
             : Self - static_cast<int>(Delta);
}
inline int srcDown(unsigned Delta, int Width) {
  int Self = static_cast<int>(thread().LaneId);
  return (Self & (Width - 1)) + static_cast<int>(Delta) >= Width
             ? -1
             : Self + static_cast<int>(Delta);
}
inline int srcXor(int LaneMaskBits, int Width) {
  int Self = static_cast<int>(thread().LaneId);
  int Index = Self ^ LaneMaskBits;
  return Index >= ((Self + Width) & ~(Width - 1)) ? -1 : Index;
}
inline std::uint64_t vote(CollectiveOp Op, const char *Name, int Pred,
                          std::uint64_t Mask, unsigned Flags, int GroupWidth,
                          const char *File, int Line) {
  return collective(Op, Name, Pred != 0, -1, Mask, Flags, GroupWidth, File,
                    Line);
}
} // namespace HIPCPU_NS
} // namespace hipcpu::detail

inline namespace HIPCPU_NS {
#define HIPCPU_W (+::warpSize)
template <class T>
inline T __shfl(T V, int Src, int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcIndex(Src, Width), "__shfl", 0, MaskNone, HIPCPU_W,
                 HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_up(T V, unsigned Delta, int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcUp(Delta, Width), "__shfl_up", 0, MaskNone, HIPCPU_W,
                 HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_down(T V, unsigned Delta, int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcDown(Delta, Width), "__shfl_down", 0, MaskNone, HIPCPU_W,
                 HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_xor(T V, int LaneMask, int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcXor(LaneMask, Width), "__shfl_xor", 0, MaskNone,
                 HIPCPU_W, HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_sync(hipcpuLaneMask Mask, T V, int Src, int Width = warpSize,
                     HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcIndex(Src, Width), "__shfl_sync", Mask, HIPCPU_MASK_FLAG,
                 HIPCPU_W, HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_up_sync(hipcpuLaneMask Mask, T V, unsigned Delta,
                        int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcUp(Delta, Width), "__shfl_up_sync", Mask,
                 HIPCPU_MASK_FLAG, HIPCPU_W, HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_down_sync(hipcpuLaneMask Mask, T V, unsigned Delta,
                          int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcDown(Delta, Width), "__shfl_down_sync", Mask,
                 HIPCPU_MASK_FLAG, HIPCPU_W, HipcpuFile, HipcpuLine);
}
template <class T>
inline T __shfl_xor_sync(hipcpuLaneMask Mask, T V, int LaneMask,
                         int Width = warpSize, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return shuffle(V, srcXor(LaneMask, Width), "__shfl_xor_sync", Mask,
                 HIPCPU_MASK_FLAG, HIPCPU_W, HipcpuFile, HipcpuLine);
}

inline hipcpuLaneMask __ballot(int Pred, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<hipcpuLaneMask>(vote(CollectiveOp::Ballot, "__ballot",
                                          Pred, 0, MaskNone, HIPCPU_W,
                                          HipcpuFile, HipcpuLine));
}
inline hipcpuLaneMask __ballot_sync(hipcpuLaneMask Mask, int Pred,
                                    HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<hipcpuLaneMask>(vote(CollectiveOp::Ballot, "__ballot_sync",
                                          Pred, Mask, HIPCPU_MASK_FLAG,
                                          HIPCPU_W, HipcpuFile, HipcpuLine) &
                                     Mask);
}
inline int __any(int Pred, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<int>(vote(CollectiveOp::Any, "__any", Pred, 0, MaskNone,
                               HIPCPU_W, HipcpuFile, HipcpuLine));
}
inline int __all(int Pred, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<int>(vote(CollectiveOp::All, "__all", Pred, 0, MaskNone,
                               HIPCPU_W, HipcpuFile, HipcpuLine));
}
inline int __any_sync(hipcpuLaneMask Mask, int Pred, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<int>(vote(CollectiveOp::Any, "__any_sync", Pred, Mask,
                               HIPCPU_MASK_FLAG, HIPCPU_W, HipcpuFile,
                               HipcpuLine));
}
inline int __all_sync(hipcpuLaneMask Mask, int Pred, HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<int>(vote(CollectiveOp::All, "__all_sync", Pred, Mask,
                               HIPCPU_MASK_FLAG, HIPCPU_W, HipcpuFile,
                               HipcpuLine));
}
/// The lanes of \p Mask holding the caller's value: one shuffle per lane
/// of the mask, so every lane sees every other lane's value.
template <class T>
inline hipcpuLaneMask __match_any_sync(hipcpuLaneMask Mask, T V, HIPCPU_SITE) {
  static_assert(sizeof(T) <= 8, "hipcpu: __match_*_sync on a type over 8 bytes");
  using namespace ::hipcpu::detail;
  hipcpuLaneMask R = 0;
  for (int L = 0; L < warpSize && L < int(8 * sizeof(hipcpuLaneMask)); ++L)
    if ((Mask >> L) & 1)
      if (shuffle(V, L, "__match_any_sync", Mask, HIPCPU_MASK_FLAG, HIPCPU_W,
                  HipcpuFile, HipcpuLine) == V)
        R |= hipcpuLaneMask(1) << L;
  return R;
}
/// \p Mask when every lane of it holds the same value (*Pred = 1), else 0.
template <class T>
inline hipcpuLaneMask __match_all_sync(hipcpuLaneMask Mask, T V, int *Pred,
                                       HIPCPU_SITE) {
  hipcpuLaneMask Same = __match_any_sync(Mask, V, HipcpuFile, HipcpuLine);
  *Pred = Same == Mask;
  return *Pred ? Mask : 0;
}
inline hipcpuLaneMask __activemask(HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
  return static_cast<hipcpuLaneMask>(
      collective(CollectiveOp::Active, "__activemask", 0, -1, 0, MaskNone,
                 HIPCPU_W, HipcpuFile, HipcpuLine));
}
inline void __syncwarp(hipcpuLaneMask Mask = ~hipcpuLaneMask(0), HIPCPU_SITE) {
  using namespace ::hipcpu::detail;
#if defined(HIPCPU_SPELLING_HIP)
  // HIP's default names every lane of the widest warp: all active lanes.
  unsigned Flags = Mask == ~hipcpuLaneMask(0) ? MaskNone : HIPCPU_MASK_FLAG;
#else
  unsigned Flags = HIPCPU_MASK_FLAG;
#endif
  collective(CollectiveOp::Sync, "__syncwarp", 0, -1, Mask, Flags, HIPCPU_W,
             HipcpuFile, HipcpuLine);
}
} // namespace HIPCPU_NS

//===----------------------------------------------------------------------===//
// Cooperative groups: thread_block and static tiles of a warp.
//===----------------------------------------------------------------------===//
namespace cooperative_groups {
inline namespace HIPCPU_NS {

class thread_block {
public:
  void sync(HIPCPU_SITE) const { __syncthreads(HipcpuFile, HipcpuLine); }
  unsigned thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return blockIdx; }
  dim3 thread_index() const { return threadIdx; }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
inline thread_block this_thread_block() { return {}; }
/// CUDA's scratch for tiles wider than a warp; hipcpu needs none.
template <std::size_t MaxBlockSize = 1024, std::size_t = 0>
struct block_tile_memory {
  char Unused;
};
template <std::size_t M, std::size_t X>
inline thread_block this_thread_block(block_tile_memory<M, X> &) {
  return {};
}
inline void sync(const thread_block &G, HIPCPU_SITE) {
  G.sync(HipcpuFile, HipcpuLine);
}

/// N consecutive lanes of a warp; N must not exceed the run-time warpSize.
template <unsigned N> class thread_block_tile {
  // Tiles wider than a warp compile (CUDA's multi-warp tiles, with
  // block_tile_memory) but stop the kernel when made at a width below N.
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "tile size must be a power of two of at most 1024");

public:
  using Mask = hipcpuLaneMask;
  thread_block_tile() {
    if (static_cast<int>(N) > warpSize)
      ::hipcpu::detail::trap("tiled_partition<N> with N larger than warpSize",
                             __FILE__, __LINE__);
  }
  unsigned thread_rank() const { return __lane_id() & (N - 1); }
  static constexpr unsigned size() { return N; }
  static constexpr unsigned num_threads() { return N; }
  unsigned meta_group_rank() const {
    return this_thread_block().thread_rank() / N;
  }
  unsigned meta_group_size() const {
    return (this_thread_block().size() + N - 1) / N;
  }
  void sync(HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    collective(CollectiveOp::Sync, "thread_block_tile::sync", 0, -1, 0,
               MaskNone, N, HipcpuFile, HipcpuLine);
  }
  template <class T> T shfl(T V, int Src, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return shuffle(V, srcIndex(Src, N), "thread_block_tile::shfl", 0, MaskNone,
                   N, HipcpuFile, HipcpuLine);
  }
  template <class T> T shfl_up(T V, unsigned Delta, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return shuffle(V, srcUp(Delta, N), "thread_block_tile::shfl_up", 0,
                   MaskNone, N, HipcpuFile, HipcpuLine);
  }
  template <class T> T shfl_down(T V, unsigned Delta, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return shuffle(V, srcDown(Delta, N), "thread_block_tile::shfl_down", 0,
                   MaskNone, N, HipcpuFile, HipcpuLine);
  }
  template <class T> T shfl_xor(T V, int LaneMask, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return shuffle(V, srcXor(LaneMask, N), "thread_block_tile::shfl_xor", 0,
                   MaskNone, N, HipcpuFile, HipcpuLine);
  }
  /// Bit i is tile lane i, as in CUDA and HIP.
  Mask ballot(int Pred, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    std::uint64_t Warp = vote(CollectiveOp::Ballot, "thread_block_tile::ballot",
                              Pred, 0, MaskNone, N, HipcpuFile, HipcpuLine);
    unsigned Base = __lane_id() & ~(N - 1);
    std::uint64_t TileBits = N == 64 ? ~0ull : ((1ull << N) - 1);
    return static_cast<Mask>((Warp >> Base) & TileBits);
  }
  int any(int Pred, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return static_cast<int>(vote(CollectiveOp::Any, "thread_block_tile::any",
                                 Pred, 0, MaskNone, N, HipcpuFile, HipcpuLine));
  }
  int all(int Pred, HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    return static_cast<int>(vote(CollectiveOp::All, "thread_block_tile::all",
                                 Pred, 0, MaskNone, N, HipcpuFile, HipcpuLine));
  }
};

template <unsigned N, class Parent>
inline thread_block_tile<N> tiled_partition(const Parent &) {
  return {};
}

/// A group known at run time: the whole block, or a tile of Tile lanes of a
/// warp (tiled_partition(parent, n)).
class thread_group {
  unsigned Tile = 0; // 0: the whole block

public:
  thread_group(const thread_block &) {}
  template <unsigned N> thread_group(const thread_block_tile<N> &) : Tile(N) {}
  explicit thread_group(unsigned TileSize) : Tile(TileSize) {
    if (Tile == 0 || (Tile & (Tile - 1)) != 0 || static_cast<int>(Tile) > warpSize)
      ::hipcpu::detail::trap("tiled_partition(parent, n): n must be a power "
                             "of two of at most warpSize",
                             __FILE__, __LINE__);
  }
  void sync(HIPCPU_SITE) const {
    using namespace ::hipcpu::detail;
    if (!Tile)
      __syncthreads(HipcpuFile, HipcpuLine);
    else
      collective(CollectiveOp::Sync, "thread_group::sync", 0, -1, 0, MaskNone,
                 static_cast<int>(Tile), HipcpuFile, HipcpuLine);
  }
  unsigned thread_rank() const {
    return Tile ? (__lane_id() & (Tile - 1)) : this_thread_block().thread_rank();
  }
  unsigned size() const { return Tile ? Tile : this_thread_block().size(); }
  unsigned num_threads() const { return size(); }
  unsigned meta_group_rank() const {
    return Tile ? this_thread_block().thread_rank() / Tile : 0;
  }
  unsigned meta_group_size() const {
    return Tile ? (this_thread_block().size() + Tile - 1) / Tile : 1;
  }
};
inline thread_group tiled_partition(const thread_group &Parent, unsigned N) {
  (void)Parent;
  return thread_group(N);
}
inline void sync(const thread_group &G, HIPCPU_SITE) {
  G.sync(HipcpuFile, HipcpuLine);
}
template <unsigned N>
inline void sync(const thread_block_tile<N> &G, HIPCPU_SITE) {
  G.sync(HipcpuFile, HipcpuLine);
}
#undef HIPCPU_W

} // namespace HIPCPU_NS
} // namespace cooperative_groups

#endif // HIPCPU_DETAIL_WARP_H
