// Reductions as data: Sum, Prod, Max, Min and Mean over any axes, one thread per output element
// folding its reduced elements in row-major order (the order the CPU kernel folds them in).
// Floats accumulate in double and round once, as the CPU kernel does; integers fold in 64 bits
// and wrap. dtype codes: 0 float, 1 double, 2 int32, 3 int64, 4 half.
#include "rawops_portable.h"

enum { R_SUM = 0, R_PROD, R_MAX, R_MIN };

struct ReduceArgs {
  u64 in;
  u64 out;
  u64 meta;   // i64: kept dims[kept], kept strides[kept], reduced dims[red], reduced strides[red]
  i64 n_out;  // output elements
  i64 kept;
  i64 red;
  i64 count;  // reduced elements per output
  i64 fold;
  i64 mean;   // 1: divide by count
  i64 dtype;
};

__device__ inline i64 rawops_offset(i64 index, const i64* dims, const i64* strides, i64 rank) {
  i64 off = 0;
  for (i64 d = rank - 1; d >= 0; d--) {
    const i64 c = index % dims[d];
    index /= dims[d];
    off += c * strides[d];
  }
  return off;
}

__device__ inline double reduce_real(const ReduceArgs& a, i64 base, const i64* rd,
                                     const i64* rs) {
  double acc = a.fold == R_SUM ? 0.0 : a.fold == R_PROD ? 1.0 : a.fold == R_MAX ? -1.0 / 0.0
                                                                                 : 1.0 / 0.0;
  for (i64 r = 0; r < a.count; r++) {
    const i64 at = base + rawops_offset(r, rd, rs, a.red);
    const double v = a.dtype == 0   ? (double)((const float*)a.in)[at]
                     : a.dtype == 4 ? (double)rawops_half_to_float(((const unsigned short*)a.in)[at])
                                    : ((const double*)a.in)[at];
    switch (a.fold) {
      case R_SUM: acc += v; break;
      case R_PROD: acc *= v; break;
      case R_MAX: acc = v > acc || v != v ? v : acc; break;
      default: acc = v < acc || v != v ? v : acc; break;
    }
  }
  return a.mean ? acc / (double)a.count : acc;
}

__device__ inline i64 reduce_int(const ReduceArgs& a, i64 base, const i64* rd, const i64* rs) {
  const bool wide = a.dtype == 3;
  i64 acc = a.fold == R_SUM    ? 0
            : a.fold == R_PROD ? 1
            : a.fold == R_MAX  ? (wide ? (i64)(1ULL << 63) : (i64)(-2147483647 - 1))
                               : (wide ? (i64)((1ULL << 63) - 1) : (i64)2147483647);
  for (i64 r = 0; r < a.count; r++) {
    const i64 at = base + rawops_offset(r, rd, rs, a.red);
    const i64 v = wide ? ((const i64*)a.in)[at] : (i64)((const int*)a.in)[at];
    switch (a.fold) {
      case R_SUM: acc = (i64)((u64)acc + (u64)v); break;
      case R_PROD: acc = (i64)((u64)acc * (u64)v); break;
      case R_MAX: acc = v > acc ? v : acc; break;
      default: acc = v < acc ? v : acc; break;
    }
  }
  if (a.mean) {
    return a.count == 0 ? 0 : acc / a.count;
  }
  return acc;
}

RAWOPS_EXTERN_C __global__ void reduce(const ReduceArgs a) {
  const i64* kd = (const i64*)a.meta;
  const i64* ks = kd + a.kept;
  const i64* rd = ks + a.kept;
  const i64* rs = rd + a.red;
  for (i64 o = rawops_thread(); o < a.n_out; o += rawops_threads()) {
    const i64 base = rawops_offset(o, kd, ks, a.kept);
    switch (a.dtype) {
      case 0: ((float*)a.out)[o] = (float)reduce_real(a, base, rd, rs); break;
      case 1: ((double*)a.out)[o] = reduce_real(a, base, rd, rs); break;
      case 2: ((int*)a.out)[o] = (int)reduce_int(a, base, rd, rs); break;
      case 4:
        ((unsigned short*)a.out)[o] = rawops_float_to_half((float)reduce_real(a, base, rd, rs));
        break;
      default: ((i64*)a.out)[o] = reduce_int(a, base, rd, rs); break;
    }
  }
}

RAWOPS_LAUNCHER(reduce, ReduceArgs)
