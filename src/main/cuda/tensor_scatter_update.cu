// TensorScatterUpdate with TF's GPU semantics (an out-of-bounds index vector is skipped, no error)
// and a promise TF's GPU kernel does not make: among duplicate index vectors the last one in
// row-major order of indices wins, deterministically. Two passes: scatter_winner finds, for every
// output slice, the largest update number aiming at it (atomicMax); scatter_apply copies only the
// winners' slices. The output already holds a copy of the input tensor.
#include "rawops_portable.h"

struct ScatterWinnerArgs {
  u64 indices;  // int32 or int64 [num_updates, depth]
  u64 meta;     // i64: dims[depth] then strides[depth]
  u64 winner;   // i64[output slices], all -1 before the launch
  i64 num_updates;
  i64 depth;
  i64 wide_indices;
  i64 slice_size;
};

struct ScatterApplyArgs {
  u64 indices;
  u64 meta;
  u64 winner;
  u64 updates;  // T[num_updates * slice_size]
  u64 out;      // T[...]
  i64 num_updates;
  i64 depth;
  i64 wide_indices;
  i64 slice_size;
  i64 esize;
};

// Element offset of update u's slice in the output, or -1 when its index vector is out of bounds.
__device__ inline i64 rawops_scatter_offset(u64 indices, const i64* meta, i64 u, i64 depth,
                                            i64 wide) {
  const i64* dims = meta;
  const i64* strides = meta + depth;
  i64 offset = 0;
  for (i64 d = 0; d < depth; d++) {
    const i64 v = rawops_index((const void*)indices, u * depth + d, wide);
    if (v < 0 || v >= dims[d]) {
      return -1;
    }
    offset += v * strides[d];
  }
  return offset;
}

RAWOPS_EXTERN_C __global__ void scatter_winner(const ScatterWinnerArgs a) {
  for (i64 u = rawops_thread(); u < a.num_updates; u += rawops_threads()) {
    const i64 offset =
        rawops_scatter_offset(a.indices, (const i64*)a.meta, u, a.depth, a.wide_indices);
    if (offset >= 0) {
      atomicMax(&((long long*)a.winner)[offset / a.slice_size], (long long)u);
    }
  }
}

RAWOPS_EXTERN_C __global__ void scatter_apply(const ScatterApplyArgs a) {
  const i64 total = a.num_updates * a.slice_size;
  for (i64 e = rawops_thread(); e < total; e += rawops_threads()) {
    const i64 u = e / a.slice_size;
    const i64 j = e - u * a.slice_size;
    const i64 offset =
        rawops_scatter_offset(a.indices, (const i64*)a.meta, u, a.depth, a.wide_indices);
    if (offset >= 0 && ((const i64*)a.winner)[offset / a.slice_size] == u) {
      rawops_copy_element((char*)a.out, offset + j, (const char*)a.updates, e, (int)a.esize);
    }
  }
}

RAWOPS_LAUNCHER(scatter_winner, ScatterWinnerArgs)
RAWOPS_LAUNCHER(scatter_apply, ScatterApplyArgs)
