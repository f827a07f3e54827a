"""Checks a PNG's width and height against the expected ones (from its IHDR
chunk; no imaging library needed): png_size.py FILE WIDTH [MIN_HEIGHT]."""
import struct
import sys

with open(sys.argv[1], "rb") as f:
    head = f.read(24)
if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
    sys.exit(f"{sys.argv[1]}: not a PNG")
w, h = struct.unpack(">II", head[16:24])
want = int(sys.argv[2])
low = int(sys.argv[3]) if len(sys.argv) > 3 else 1
if w != want or h < low:
    sys.exit(f"{sys.argv[1]}: {w}x{h}, expected width {want}, height >= {low}")
print(f"png {w}x{h}")
