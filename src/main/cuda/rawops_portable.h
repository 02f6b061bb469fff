// The one header every rawops kernel includes. Under nvcc it is plain CUDA; under a host compiler
// (g++, for tests on machines without a GPU) it pulls in rawops_host_shim.h, which defines
// __global__, __device__, threadIdx, blockIdx, blockDim, gridDim and the atomics the kernels use,
// and makes RAWOPS_LAUNCHER export a C function that runs the kernel over the whole grid.
//
// Conventions, so that Java can launch any kernel the same way on both backends:
//  - a kernel takes exactly one argument, a struct of 64-bit fields (device pointers as
//    unsigned long long), passed by value; Java writes those fields as a long[];
//  - kernels use grid-stride loops, so any grid size is correct;
//  - elements are moved as raw bytes of the dtype's width (1, 2, 4, 8 or 16), so one kernel serves
//    every fixed-width dtype.
#ifndef RAWOPS_PORTABLE_H
#define RAWOPS_PORTABLE_H

#if defined(__CUDACC__)
#define RAWOPS_EXTERN_C extern "C"
#define RAWOPS_LAUNCHER(name, Args)
#else
#include "rawops_host_shim.h"
#endif

typedef long long i64;
typedef unsigned long long u64;

struct u128 {
  u64 lo, hi;
};

// Index of the calling thread in the whole grid and the grid's thread count (64-bit).
__device__ inline i64 rawops_thread() {
  return (i64)blockIdx.x * (i64)blockDim.x + (i64)threadIdx.x;
}

__device__ inline i64 rawops_threads() { return (i64)gridDim.x * (i64)blockDim.x; }

// Copies element src_i of src to element dst_i of dst, elements being esize bytes wide.
__device__ inline void rawops_copy_element(char* dst, i64 dst_i, const char* src, i64 src_i,
                                           int esize) {
  switch (esize) {
    case 1:
      ((unsigned char*)dst)[dst_i] = ((const unsigned char*)src)[src_i];
      break;
    case 2:
      ((unsigned short*)dst)[dst_i] = ((const unsigned short*)src)[src_i];
      break;
    case 4:
      ((unsigned int*)dst)[dst_i] = ((const unsigned int*)src)[src_i];
      break;
    case 8:
      ((u64*)dst)[dst_i] = ((const u64*)src)[src_i];
      break;
    default:
      ((u128*)dst)[dst_i] = ((const u128*)src)[src_i];
      break;
  }
}

// Writes zero bytes to element dst_i.
__device__ inline void rawops_zero_element(char* dst, i64 dst_i, int esize) {
  for (int b = 0; b < esize; b++) {
    dst[dst_i * esize + b] = 0;
  }
}

// Reads index i of an int32 (wide == 0) or int64 (wide != 0) array.
__device__ inline i64 rawops_index(const void* p, i64 i, i64 wide) {
  return wide ? ((const i64*)p)[i] : (i64)((const int*)p)[i];
}

// IEEE half <-> float (bit manipulation, the same on the device and the host; no cuda_fp16).
__device__ inline float rawops_half_to_float(unsigned short h) {
  unsigned int sign = ((unsigned int)h & 0x8000u) << 16;
  unsigned int exp = ((unsigned int)h >> 10) & 0x1fu;
  unsigned int man = (unsigned int)h & 0x3ffu;
  unsigned int bits;
  if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else {  // subnormal: normalize
      int e = -1;
      do {
        e++;
        man <<= 1;
      } while ((man & 0x400u) == 0);
      bits = sign | ((unsigned int)(127 - 15 - e) << 23) | ((man & 0x3ffu) << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (man << 13);
  } else {
    bits = sign | ((exp + 112u) << 23) | (man << 13);
  }
  union {
    unsigned int u;
    float f;
  } v;
  v.u = bits;
  return v.f;
}

// Rounds to nearest, ties to even, as TF's (Eigen's) float -> half conversion.
__device__ inline unsigned short rawops_float_to_half(float f) {
  union {
    float f;
    unsigned int u;
  } v;
  v.f = f;
  unsigned int sign = (v.u >> 16) & 0x8000u;
  unsigned int ax = v.u & 0x7fffffffu;
  if (ax >= 0x7f800000u) {  // inf, NaN (kept quiet)
    return (unsigned short)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0u));
  }
  if (ax >= 0x477ff000u) {  // 65520 and up round to inf
    return (unsigned short)(sign | 0x7c00u);
  }
  if (ax < 0x38800000u) {  // below 2^-14: a subnormal half or zero; exact scaling, then RNE
    v.u = ax;
    float scaled = v.f * 16777216.0f;
    unsigned int m = (unsigned int)scaled;
    float rest = scaled - (float)m;
    if (rest > 0.5f || (rest == 0.5f && (m & 1u))) {
      m++;
    }
    return (unsigned short)(sign | m);
  }
  unsigned int r = ax - 0x38000000u;
  unsigned int h = r >> 13;
  unsigned int rem = r & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) {
    h++;
  }
  return (unsigned short)(sign | h);
}

#endif
