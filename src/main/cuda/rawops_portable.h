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

#endif
