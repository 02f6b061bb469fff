// RaggedGather's values: index i's rows are one contiguous run of params_dense_values elements,
// [src_start[i], src_start[i] + dst_start[i+1] - dst_start[i]), written at dst_start[i] of the
// output. Splits and runs are computed on the host by the op's shared RaggedGatherGeometry (TF has
// no GPU kernel for RaggedGather; this one moves the values, the bulk of the bytes).
#include "rawops_portable.h"

struct RaggedValuesArgs {
  u64 values;
  u64 out;
  u64 meta;  // i64: src_start[n] then dst_start[n + 1] (dst_start[n] == total)
  i64 n;
  i64 total;
  i64 esize;
};

RAWOPS_EXTERN_C __global__ void ragged_values(const RaggedValuesArgs a) {
  const i64* src_start = (const i64*)a.meta;
  const i64* dst_start = src_start + a.n;
  for (i64 e = rawops_thread(); e < a.total; e += rawops_threads()) {
    // The last run starting at or before e (empty runs share their start with the next one).
    i64 lo = 0;
    i64 hi = a.n;
    while (hi - lo > 1) {
      const i64 mid = lo + (hi - lo) / 2;
      if (dst_start[mid] <= e) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    rawops_copy_element((char*)a.out, e, (const char*)a.values, src_start[lo] + (e - dst_start[lo]),
                        (int)a.esize);
  }
}

RAWOPS_LAUNCHER(ragged_values, RaggedValuesArgs)
