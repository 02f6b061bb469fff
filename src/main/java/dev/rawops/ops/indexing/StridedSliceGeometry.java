package dev.rawops.ops.indexing;

import dev.rawops.tensor.Shape;
import java.util.Arrays;

/**
 * StridedSlice's run-time geometry, the entry point every device's kernel shares: a kernel gets the
 * canonical {@link StridedSliceSpec} of its call from {@link StridedSliceOp#runSpec} (TF's run-time
 * checks and messages, and the output shape) and lays it onto memory with {@link #of}. The spec and
 * its {@link StridedSliceMasks} (the five bitfields) are this geometry's parts; shape inference
 * uses them too, so build time and run time agree.
 *
 * <p>The geometry says where a concrete, non-empty slice's elements lie in the input's row-major
 * memory: output element {@code (i0, …, ik)} (row-major over {@code sizes}) is input element {@code
 * offset + Σ ij * steps[j]}. Dimensions of size 1 are folded into the offset and neighbours that
 * continue each other in memory are merged, so a slice that is one contiguous run has at most one
 * dimension, with step 1.
 *
 * @param offset input element of the first output element
 * @param sizes output elements along each remaining dimension (all &gt; 1)
 * @param steps input elements between neighbours along each remaining dimension (may be negative)
 */
// Arrays, not lists: kernels index them in their innermost loops. The record is a value carrier for
// one kernel call and is never compared or hashed, so array identity semantics cannot bite.
@SuppressWarnings("ArrayRecordComponent")
public record StridedSliceGeometry(long offset, long[] sizes, long[] steps) {

  /**
   * The geometry of {@code spec} on an input of shape {@code input}; the slice must not be empty.
   */
  public static StridedSliceGeometry of(StridedSliceSpec spec, Shape input) {
    int rank = input.rank();
    long[] sizes = new long[rank];
    long[] steps = new long[rank];
    int k = 0;
    long offset = 0;
    long inner = 1;
    long[] elementStride = new long[rank];
    for (int d = rank - 1; d >= 0; d--) {
      elementStride[d] = inner;
      inner *= input.dim(d);
    }
    for (int d = 0; d < rank; d++) {
      long n = spec.processingShape().dim(d);
      if (n < 1) {
        throw new IllegalArgumentException("geometry of an empty slice: " + spec.processingShape());
      }
      offset += spec.begin(d) * elementStride[d];
      if (n == 1) {
        continue;
      }
      long step = spec.stride(d) * elementStride[d];
      if (k > 0 && steps[k - 1] == n * step) {
        sizes[k - 1] *= n;
        steps[k - 1] = step;
      } else {
        sizes[k] = n;
        steps[k] = step;
        k++;
      }
    }
    return new StridedSliceGeometry(offset, Arrays.copyOf(sizes, k), Arrays.copyOf(steps, k));
  }

  /** True when the slice is the input's elements {@code [offset, offset + n)} in order. */
  public boolean isContiguous() {
    return sizes.length == 0 || (sizes.length == 1 && steps[0] == 1);
  }

  /** Number of elements in the slice. */
  public long numElements() {
    long n = 1;
    for (long s : sizes) {
      n *= s;
    }
    return n;
  }
}
