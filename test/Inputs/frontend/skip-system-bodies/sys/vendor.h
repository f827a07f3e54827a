// A vendor header, included as a system header (-isystem): hipport never
// walks its bodies, so it does not parse them (one here would not compile).
#pragma once
#define VENDOR_HD __host__ __device__
VENDOR_HD inline int vendorScale(int X) { return vendor_internal_scale(X); }
// Bodies that types or constants depend on are still parsed.
VENDOR_HD constexpr int vendorWidth() { return 32; }
VENDOR_HD inline auto vendorHalf(int X) { return X / 2; }
template <class T> VENDOR_HD T vendorTwice(T X) { return X + X; }
