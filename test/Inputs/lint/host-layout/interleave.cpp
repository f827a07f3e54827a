// Checked by test/checks/wave64-width-literal-host-layout.test.
// Host code with no GPU code of its own that packs data as the device's warps
// read it: a function that splits an index into 32-lane groups (`lane = i %
// 32`) makes each 32 it groups by a warp width (faiss's interleaved codes).
#include <cstdint>
#include <vector>

namespace layout {

inline int divUp(int a, int b) { return (a + b - 1) / b; }

std::vector<uint8_t> interleave(const std::vector<uint8_t> &in, int numVecs,
                                int dims) {
  // CHECK: :[[@LINE+1]]:23: warning: '32' groups items by 32 in code that splits indices into 32-lane groups (line [[@LINE+9]]): a layout for the device's 32-wide warps; AMD wavefronts have 64 lanes
  int bytesPerBlock = 32 * dims;
  // CHECK: :[[@LINE+1]]:34: warning: '32' groups items
  int numBlocks = divUp(numVecs, 32);
  std::vector<uint8_t> out(bytesPerBlock * numBlocks);
  for (int i = 0; i < numVecs; ++i) {
    // CHECK: :[[@LINE+1]]:21: warning: '32' groups items
    int block = i / 32;
    // CHECK: :[[@LINE+1]]:20: warning: '32' groups items
    int lane = i % 32;
    for (int j = 0; j < dims; ++j)
      out[block * bytesPerBlock + j * 32 + lane] = in[i * dims + j];
    // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: '32' groups items
    // A comparison is no grouping: `bits == 32` picks a word type.
    if (dims == 32)
      out[0] = 0;
  }
  return out;
}

#if 0
// Code the preprocessor skips is not read.
int skipped(int i) {
  int lane = i % 32;
  return i / 32 + lane;
}
#endif

// Without a lane split, a host function's 32s are words and bits.
int words(int nbits, int i) {
  int word = i / 32;
  int bit = i % 32;
  return nbits / 32 + word + bit;
}

// A "lane" that picks a bit of a 32-bit word (it is a shift amount) is word
// width: the function's 32s are bits.
void bitmatrix(std::vector<uint32_t> &c, int height, int width) {
  for (int j = 0; j < width; ++j)
    for (int i = 0; i < height; ++i) {
      int vecId = i / 32 * width + j;
      int vecLane = i % 32;
      c[vecId] |= 1u << vecLane;
    }
}

} // namespace layout

namespace layout {
// A function of the same file that counts blocks of 32 items with a rounding
// division, but splits no lane itself (packing 4-bit codes two to a byte):
// the same layout.
void pack4(const std::vector<uint8_t> &in, std::vector<uint8_t> &out,
           int numVecs) {
  // CHECK: :[[@LINE+1]]:34: warning: '32' groups items by 32 in code that splits indices into 32-lane groups (line 23)
  int numBlocks = divUp(numVecs, 32);
  for (int i = 0; i < numBlocks; ++i)
    for (int k = 0; k < 16; ++k) {
      // CHECK: :[[@LINE+1]]:23: warning: '32' groups items
      int loVec = i * 32 + k * 2;
      out[i * 16 + k] = (in[loVec + 1] << 4) | (in[loVec] & 0xf);
    }
}
} // namespace layout
