// Elementwise ops as data: one kernel per family (unary, binary with broadcasting), the op a code
// and the dtype a code, so adding an op is a line here and a line in GpuElementwise.java.
// dtype codes: 0 float, 1 double, 2 int32, 3 int64, 4 half (computed in float, rounded once). Floats compute in their own precision, as
// TF's GPU kernels do (the documented tolerance against the CPU covers the transcendental ones).
#include "rawops_portable.h"
#if !defined(__CUDACC__)
#include <math.h>
#endif

#define RAWOPS_MATH1(name)                                              \
  __device__ inline float m_##name(float x) { return name##f(x); }     \
  __device__ inline double m_##name(double x) { return name(x); }
RAWOPS_MATH1(exp)
RAWOPS_MATH1(expm1)
RAWOPS_MATH1(log)
RAWOPS_MATH1(log1p)
RAWOPS_MATH1(tanh)
RAWOPS_MATH1(sqrt)
RAWOPS_MATH1(floor)
RAWOPS_MATH1(ceil)
RAWOPS_MATH1(rint)
RAWOPS_MATH1(fabs)
RAWOPS_MATH1(sin)
RAWOPS_MATH1(cos)
__device__ inline float m_pow(float x, float y) { return powf(x, y); }
__device__ inline double m_pow(double x, double y) { return pow(x, y); }

// Unary op codes (GpuElementwise.Unary).
enum {
  U_NEG = 0,
  U_ABS,
  U_SQUARE,
  U_SQRT,
  U_RSQRT,
  U_EXP,
  U_LOG,
  U_TANH,
  U_SIGMOID,
  U_RELU,
  U_RELU6,
  U_FLOOR,
  U_CEIL,
  U_SIGN,
  U_RECIPROCAL,
  U_EXPM1,
  U_LOG1P,
  U_SIN,
  U_COS,
  U_ROUND
};

template <typename T>
__device__ inline T unary_float(i64 op, T x) {
  switch (op) {
    case U_NEG: return -x;
    case U_ABS: return m_fabs(x);
    case U_SQUARE: return x * x;
    case U_SQRT: return m_sqrt(x);
    case U_RSQRT: return (T)1 / m_sqrt(x);
    case U_EXP: return m_exp(x);
    case U_LOG: return m_log(x);
    case U_TANH: return m_tanh(x);
    case U_SIGMOID: return (T)1 / ((T)1 + m_exp(-x));
    case U_RELU: return x > 0 || x != x ? x : (T)0;
    case U_RELU6: return x != x ? x : x > 6 ? (T)6 : x > 0 ? x : (T)0;
    case U_FLOOR: return m_floor(x);
    case U_CEIL: return m_ceil(x);
    case U_SIGN: return x > 0 ? (T)1 : x < 0 ? (T)-1 : x != x ? x : (T)0;
    case U_RECIPROCAL: return (T)1 / x;
    case U_EXPM1: return m_expm1(x);
    case U_LOG1P: return m_log1p(x);
    case U_SIN: return m_sin(x);
    case U_COS: return m_cos(x);
    default: return m_rint(x);  // U_ROUND: half to even
  }
}

// Integers wrap as in TF's C++ (computed unsigned: no undefined overflow).
template <typename T, typename U>
__device__ inline T unary_int(i64 op, T x) {
  switch (op) {
    case U_NEG: return (T)((U)0 - (U)x);
    case U_ABS: return x < 0 ? (T)((U)0 - (U)x) : x;
    case U_SQUARE: return (T)((U)x * (U)x);
    case U_SIGN: return x > 0 ? (T)1 : x < 0 ? (T)-1 : (T)0;
    case U_RELU: return x > 0 ? x : (T)0;
    case U_RELU6: return x > 6 ? (T)6 : x > 0 ? x : (T)0;
    default: return x;
  }
}

struct UnaryArgs {
  u64 in;
  u64 out;
  i64 n;
  i64 op;
  i64 dtype;
};

RAWOPS_EXTERN_C __global__ void unary(const UnaryArgs a) {
  for (i64 i = rawops_thread(); i < a.n; i += rawops_threads()) {
    switch (a.dtype) {
      case 0: ((float*)a.out)[i] = unary_float<float>(a.op, ((const float*)a.in)[i]); break;
      case 1: ((double*)a.out)[i] = unary_float<double>(a.op, ((const double*)a.in)[i]); break;
      case 2:
        ((int*)a.out)[i] = unary_int<int, unsigned int>(a.op, ((const int*)a.in)[i]);
        break;
      case 4:
        ((unsigned short*)a.out)[i] = rawops_float_to_half(
            unary_float<float>(a.op, rawops_half_to_float(((const unsigned short*)a.in)[i])));
        break;
      default:
        ((i64*)a.out)[i] = unary_int<i64, u64>(a.op, ((const i64*)a.in)[i]);
        break;
    }
  }
}

RAWOPS_LAUNCHER(unary, UnaryArgs)

// Binary op codes (GpuElementwise.Binary).
enum { B_ADD = 0, B_SUB, B_MUL, B_DIV, B_MAX, B_MIN, B_POW, B_SQDIFF };

template <typename T>
__device__ inline T binary_float(i64 op, T x, T y) {
  switch (op) {
    case B_ADD: return x + y;
    case B_SUB: return x - y;
    case B_MUL: return x * y;
    case B_DIV: return x / y;
    case B_MAX: return x != x ? x : y != y ? y : x < y ? y : x;  // NaN propagates
    case B_MIN: return x != x ? x : y != y ? y : y < x ? y : x;
    case B_POW: return m_pow(x, y);
    default: {
      T d = x - y;
      return d * d;
    }
  }
}

template <typename T, typename U>
__device__ inline T binary_int(i64 op, T x, T y) {
  switch (op) {
    case B_ADD: return (T)((U)x + (U)y);
    case B_SUB: return (T)((U)x - (U)y);
    case B_MUL: return (T)((U)x * (U)y);
    case B_MAX: return x < y ? y : x;
    case B_MIN: return y < x ? y : x;
    default: {
      U d = (U)x - (U)y;
      return (T)(d * d);
    }
  }
}

struct BinaryArgs {
  u64 x;
  u64 y;
  u64 out;
  u64 meta;  // i64: dims[rank], x strides[rank], y strides[rank] (0 where broadcast)
  i64 n;
  i64 rank;  // 0: x and y both have n elements, no index math
  i64 op;
  i64 dtype;
};

RAWOPS_EXTERN_C __global__ void binary(const BinaryArgs a) {
  const i64* dims = (const i64*)a.meta;
  const i64* xs = dims + a.rank;
  const i64* ys = xs + a.rank;
  for (i64 i = rawops_thread(); i < a.n; i += rawops_threads()) {
    i64 xi = i;
    i64 yi = i;
    if (a.rank > 0) {
      xi = 0;
      yi = 0;
      i64 rest = i;
      for (i64 d = a.rank - 1; d >= 0; d--) {
        const i64 c = rest % dims[d];
        rest /= dims[d];
        xi += c * xs[d];
        yi += c * ys[d];
      }
    }
    switch (a.dtype) {
      case 0:
        ((float*)a.out)[i] =
            binary_float<float>(a.op, ((const float*)a.x)[xi], ((const float*)a.y)[yi]);
        break;
      case 1:
        ((double*)a.out)[i] =
            binary_float<double>(a.op, ((const double*)a.x)[xi], ((const double*)a.y)[yi]);
        break;
      case 2:
        ((int*)a.out)[i] =
            binary_int<int, unsigned int>(a.op, ((const int*)a.x)[xi], ((const int*)a.y)[yi]);
        break;
      case 4:
        ((unsigned short*)a.out)[i] = rawops_float_to_half(
            binary_float<float>(a.op, rawops_half_to_float(((const unsigned short*)a.x)[xi]),
                                rawops_half_to_float(((const unsigned short*)a.y)[yi])));
        break;
      default:
        ((i64*)a.out)[i] =
            binary_int<i64, u64>(a.op, ((const i64*)a.x)[xi], ((const i64*)a.y)[yi]);
        break;
    }
  }
}

RAWOPS_LAUNCHER(binary, BinaryArgs)
