// GatherNd with TF's GPU semantics: an index vector out of bounds gathers zeros (no error).
#include "rawops_portable.h"

struct GatherNdArgs {
  u64 params;      // T[...]
  u64 indices;     // int32 or int64 [num_slices, depth]
  u64 out;         // T[num_slices * slice_size]
  u64 meta;        // i64: dims[depth] then strides[depth] (element strides of indexed dims)
  i64 num_slices;
  i64 slice_size;
  i64 depth;
  i64 wide_indices;  // 1 when indices are int64
  i64 esize;         // bytes per element
};

RAWOPS_EXTERN_C __global__ void gather_nd(const GatherNdArgs a) {
  const i64* dims = (const i64*)a.meta;
  const i64* strides = dims + a.depth;
  const i64 total = a.num_slices * a.slice_size;
  for (i64 e = rawops_thread(); e < total; e += rawops_threads()) {
    const i64 slice = e / a.slice_size;
    const i64 j = e - slice * a.slice_size;
    i64 offset = 0;
    bool bad = false;
    for (i64 d = 0; d < a.depth; d++) {
      const i64 v = rawops_index((const void*)a.indices, slice * a.depth + d, a.wide_indices);
      bad |= v < 0 || v >= dims[d];
      offset += v * strides[d];
    }
    if (bad) {
      rawops_zero_element((char*)a.out, e, (int)a.esize);
    } else {
      rawops_copy_element((char*)a.out, e, (const char*)a.params, offset + j, (int)a.esize);
    }
  }
}

RAWOPS_LAUNCHER(gather_nd, GatherNdArgs)
