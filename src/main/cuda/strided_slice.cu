// StridedSlice of a non-empty slice: output element e (row-major over sizes) is input element
// offset + sum(i_d * steps[d]); geometry (begin/end/strides resolution, dimension merging) is
// computed on the host by the op's shared StridedSliceGeometry.
#include "rawops_portable.h"

struct StridedSliceArgs {
  u64 in;
  u64 out;
  u64 meta;  // i64: sizes[rank] then steps[rank] (steps may be negative)
  i64 num_elements;
  i64 rank;
  i64 offset;
  i64 esize;
};

RAWOPS_EXTERN_C __global__ void strided_slice(const StridedSliceArgs a) {
  const i64* sizes = (const i64*)a.meta;
  const i64* steps = sizes + a.rank;
  for (i64 e = rawops_thread(); e < a.num_elements; e += rawops_threads()) {
    i64 rem = e;
    i64 src = a.offset;
    for (i64 d = a.rank - 1; d >= 0; d--) {
      const i64 i = rem % sizes[d];
      rem /= sizes[d];
      src += i * steps[d];
    }
    rawops_copy_element((char*)a.out, e, (const char*)a.in, src, (int)a.esize);
  }
}

RAWOPS_LAUNCHER(strided_slice, StridedSliceArgs)
