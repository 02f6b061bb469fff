package dev.rawops.ops.indexing;

import dev.rawops.Code;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * The run-time geometry of a strided-slice assignment (TF's StridedSliceAssignOp, shared by
 * TensorStridedSliceUpdate and ResourceStridedSliceAssign): StridedSlice's spec and checks on the
 * target's shape ({@link StridedSliceOp#runSpec}), then TF's StridedSliceAssignBCast rule for the
 * value: it broadcasts to the slice's final shape as numpy does, a larger rank allowed when its
 * extra leading dimensions are 1. An empty slice checks nothing about the value, as in TF.
 *
 * <p>{@link #forEach} visits the slice's elements in row-major order with the target element each
 * is written to and the value element it takes.
 */
// Arrays, not lists: read in the element loop; a value carrier for one kernel call, never compared.
@SuppressWarnings("ArrayRecordComponent")
public record StridedSliceAssign(
    StridedSliceGeometry geometry, long[] valueDims, long[] valueSteps) {

  /** TF's CPU kernel handles at most this many processing dimensions. */
  private static final int MAX_RANK = 8;

  /** Receives one element of the assignment. */
  @FunctionalInterface
  public interface Sink {
    void accept(long targetElement, long valueElement);
  }

  /** The assignment of {@code value} into {@code target[begin:end:strides]}, checked as TF does. */
  public static StridedSliceAssign of(
      NodeInfo node, Shape target, Tensor begin, Tensor end, Tensor strides, Shape value) {
    StridedSliceSpec spec = StridedSliceOp.runSpec(node, target, begin, end, strides);
    Shape processing = spec.processingShape().toShape().orElseThrow();
    Shape fin = spec.finalShape().toShape().orElseThrow();
    if (processing.numElements() == 0) {
      return new StridedSliceAssign(null, new long[0], new long[0]);
    }
    int rank = fin.rank();
    long[] dims = new long[rank];
    long[] steps = new long[rank];
    int skip = Math.max(0, value.rank() - rank);
    for (int d = 0; d < skip; d++) {
      if (value.dim(d) != 1) {
        throw cannotBroadcast(node, value, fin);
      }
    }
    long inner = 1;
    for (int d = rank - 1; d >= 0; d--) {
      int vd = d - (rank - (value.rank() - skip)) + skip;
      long v = vd >= skip ? value.dim(vd) : 1;
      dims[d] = fin.dim(d);
      if (v == fin.dim(d)) {
        steps[d] = inner;
      } else if (v == 1) {
        steps[d] = 0;
      } else {
        throw cannotBroadcast(node, value, fin);
      }
      inner *= v;
    }
    if (processing.rank() > MAX_RANK) {
      throw node.error(Code.UNIMPLEMENTED, "Unhandled input dimensions " + processing.rank());
    }
    return new StridedSliceAssign(StridedSliceGeometry.of(spec, target), dims, steps);
  }

  private static RuntimeException cannotBroadcast(NodeInfo node, Shape value, Shape fin) {
    return node.invalidArgument(
        "Cannot broadcast input shape " + value + " into final shape " + fin);
  }

  /** True when the slice is empty: nothing is written. */
  public boolean isEmpty() {
    return geometry == null;
  }

  /** Visits every element of the slice in row-major order (nothing when empty). */
  public void forEach(Sink sink) {
    if (geometry == null) {
      return;
    }
    long[] sizes = geometry.sizes();
    long[] tsteps = geometry.steps();
    long n = geometry.numElements();
    long[] tIdx = new long[sizes.length];
    long[] vIdx = new long[valueDims.length];
    long t = geometry.offset();
    long v = 0;
    for (long k = 0; k < n; k++) {
      sink.accept(t, v);
      for (int d = sizes.length - 1; d >= 0; d--) {
        if (++tIdx[d] < sizes[d]) {
          t += tsteps[d];
          break;
        }
        tIdx[d] = 0;
        t -= tsteps[d] * (sizes[d] - 1);
      }
      for (int d = valueDims.length - 1; d >= 0; d--) {
        if (++vIdx[d] < valueDims[d]) {
          v += valueSteps[d];
          break;
        }
        vIdx[d] = 0;
        v -= valueSteps[d] * (valueDims[d] - 1);
      }
    }
  }
}
