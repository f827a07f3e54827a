#!/usr/bin/env python3
"""Compare fidelity outputs of the GPU and of hipcpu.

Usage: compare.py gpu.bin cpu.bin

Integer, half and bfloat16 bit patterns must agree bit for bit. Floating
point results must agree within the ULP bound listed in FLOAT_ULPS (the
distance counted in representable floats); the GPU's fast intrinsics
(__expf, __sinf, __logf, __fdividef) are approximations, so their bounds
are wide and the measured maximum is printed for the record.
"""
import math
import struct
import sys

# Bounds for libm functions are the sum of the two libraries' documented
# maximum errors against the correctly rounded result (CUDA Programming
# Guide, "Mathematical Functions"; glibc manual, "Known Maximum Errors in
# Math Functions", x86_64 float): the GPU and the CPU may err in opposite
# directions.
FLOAT_ULPS = {
    "block_reduce_sum": 0, "atomic_add_float_exact": 0,
    "atomic_add_double_exact": 0, "transpose_256": 0, "half_bf16_arith": 0,
    "math_sqrtf": 0, "math_fmaf": 0, "math_div": 0,
    "math_expf": 2 + 1, "math_logf": 1 + 1, "math_sinf": 2 + 1,
    "math_cosf": 2 + 1, "math_rsqrtf": 2 + 1, "math_tanhf": 2 + 2,
    "math_powf": 4 + 1, "math___fdividef": 2,
    # CUDA's bounds for the approximate intrinsics are absolute or scale
    # with |x| (__sinf: 2^-21.41 absolute); in ULPs they are wide near the
    # zeros of the result, so these bounds only catch gross errors.
    "math___expf": 64, "math___sinf": 2**20, "math___logf": 2**20,
}
SIZES = {"i": 4, "u": 4, "f": 4, "d": 8, "h": 2}
FMT = {"i": "i", "u": "I", "f": "f", "d": "d", "h": "H"}


def read(path):
    out = {}
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        name = data[pos:pos + 48].split(b"\0")[0].decode()
        kind = chr(data[pos + 48])
        (count,) = struct.unpack_from("<i", data, pos + 52)
        pos += 56
        size = SIZES[kind] * count
        out[name] = (kind, data[pos:pos + size], count)
        pos += size
    return out


def ordered(bits, wide):
    """Map float bits to integers whose difference counts ULPs."""
    sign = 1 << (63 if wide else 31)
    return bits if bits < sign else sign - bits


def ulp_diff(a, b, kind):
    wide = kind == "d"
    fmt = "<Q" if wide else "<I"
    pa = struct.unpack(fmt, struct.pack("<d" if wide else "<f", a))[0]
    pb = struct.unpack(fmt, struct.pack("<d" if wide else "<f", b))[0]
    return abs(ordered(pa, wide) - ordered(pb, wide))


def main():
    gpu, cpu = read(sys.argv[1]), read(sys.argv[2])
    failed = 0
    print(f"{'output':28} {'kind':5} {'count':>7} {'mismatches':>10} "
          f"{'max ulp':>8} {'bound':>8}  verdict")
    for name, (kind, gbytes, count) in gpu.items():
        if name not in cpu:
            print(f"{name:28} missing from the hipcpu run")
            failed += 1
            continue
        ckind, cbytes, ccount = cpu[name]
        vals_g = struct.unpack(f"<{count}{FMT[kind]}", gbytes)
        vals_c = struct.unpack(f"<{ccount}{FMT[ckind]}", cbytes)
        if kind in "fd":
            bound = FLOAT_ULPS.get(name, 0)
            worst = 0
            bad = 0
            for a, b in zip(vals_g, vals_c):
                if math.isnan(a) and math.isnan(b):
                    continue
                d = ulp_diff(a, b, kind)
                worst = max(worst, d)
                bad += d > bound
            ok = bad == 0 and count == ccount
            print(f"{name:28} {kind:5} {count:7} {bad:10} {worst:8} {bound:8}  "
                  f"{'ok' if ok else 'FAIL'}")
        else:
            bad = sum(1 for a, b in zip(vals_g, vals_c) if a != b)
            ok = bad == 0 and count == ccount
            print(f"{name:28} {kind:5} {count:7} {bad:10} {'-':>8} {'exact':>8}  "
                  f"{'ok' if ok else 'FAIL'}")
        failed += not ok
    print("all outputs agree" if not failed else f"{failed} outputs differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
