// Host emulation of the CUDA execution model, for compiling rawops' .cu kernels with g++ into a
// shared library that tests load through FFM. A launch runs every thread of every block in turn on
// the calling thread (kernels must not rely on __syncthreads or shared memory: none does).
#ifndef RAWOPS_HOST_SHIM_H
#define RAWOPS_HOST_SHIM_H

#define __global__
#define __device__
#define __host__
#define RAWOPS_EXTERN_C extern "C"

struct rawops_dim3 {
  unsigned int x, y, z;
};

// One launch at a time per host thread.
static thread_local rawops_dim3 threadIdx, blockIdx, blockDim, gridDim;

// Atomics: the emulation runs threads one after another, so plain read-modify-write is atomic.
inline long long atomicMax(long long* p, long long v) {
  long long old = *p;
  if (v > old) {
    *p = v;
  }
  return old;
}

// Exports rawops_host_<name>(grid, block, args): runs kernel <name> over grid x block threads.
#define RAWOPS_LAUNCHER(name, Args)                                                     \
  extern "C" void rawops_host_##name(long long grid, long long block, const Args* args) { \
    gridDim = {(unsigned int)grid, 1, 1};                                               \
    blockDim = {(unsigned int)block, 1, 1};                                             \
    for (unsigned int b = 0; b < (unsigned int)grid; b++) {                             \
      blockIdx = {b, 0, 0};                                                             \
      for (unsigned int t = 0; t < (unsigned int)block; t++) {                          \
        threadIdx = {t, 0, 0};                                                          \
        name(*args);                                                                    \
      }                                                                                 \
    }                                                                                   \
  }

#endif
