package dev.rawops.ops.indexing;

import static dev.rawops.ops.indexing.StridedSliceMasks.bit;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A StridedSlice spec in canonical form, as TensorFlow's ValidateStridedSliceOp computes it: the
 * sparse spec (begin/end/strides vectors plus five masks) expanded to one (begin, end, stride) per
 * input dimension, with masks and negative indices resolved and out-of-range bounds clamped; the
 * shape the slice has per input dimension ("processing shape") and the output shape after new axes
 * are inserted and shrunk dimensions dropped. Shape inference (partial shapes, maybe unknown
 * begin/end) and every device's kernel (concrete values) use this one implementation, so build time
 * and run time agree and raise TF's errors in TF's order.
 */
public final class StridedSliceSpec {
  /** In {@link #outputToProcessing}: an output dimension inserted by a new axis. */
  public static final int NEW_AXIS = -1;

  private static final int SHRUNK = -2;

  private final int[] entryOf;
  private final long[] begin;
  private final long[] end;
  private final long[] strides;
  private final boolean[] shrink;
  private final PartialShape processing;
  private final PartialShape output;
  private final int[] outputToProcessing;
  private final boolean identity;
  private final boolean sliceDim0;

  private StridedSliceSpec(Layout l, long[] begin, long[] end, long[] strides, Canonical c) {
    this.entryOf = l.entryOf;
    this.begin = begin;
    this.end = end;
    this.strides = strides;
    this.shrink = l.shrink;
    this.processing = PartialShape.of(c.sizes);
    List<Long> out = new ArrayList<>();
    List<Integer> map = new ArrayList<>();
    for (int g : l.gather) {
      if (g != SHRUNK) {
        out.add(g == NEW_AXIS ? 1L : c.sizes[g]);
        map.add(g);
      }
    }
    this.output = PartialShape.of(out.stream().mapToLong(Long::longValue).toArray());
    this.outputToProcessing = map.stream().mapToInt(Integer::intValue).toArray();
    this.identity = c.identity;
    this.sliceDim0 = c.sliceDim0;
  }

  /**
   * Canonicalises a spec against {@code input} (known rank, maybe unknown dims).
   *
   * @param begin the begin vector, or null when unknown (build time)
   * @param end the end vector, or null when unknown
   * @param strides the strides vector; its length is the spec's entry count
   * @throws dev.rawops.RawOpsException INVALID_ARGUMENT with TF's message, plus the mask bit, spec
   *     entry and dimension concerned
   */
  public static StridedSliceSpec of(
      NodeInfo node,
      StridedSliceMasks m,
      PartialShape input,
      long[] begin,
      long[] end,
      long[] strides) {
    StridedSliceMasks.checkEllipsis(node, m.ellipsis());
    Layout l = Layout.of(m, strides.length, input.rank());
    if (l.overflowEntry >= 0) {
      String why =
          " (slice spec entry "
              + l.overflowEntry
              + " of "
              + strides.length
              + " needs a dimension the input "
              + input
              + " does not have)";
      throw node.invalidArgument(
          input.rank() == 0
              ? "Attempting to slice scalar input." + why
              : "Index out of range using input dim "
                  + input.rank()
                  + "; input has only "
                  + input.rank()
                  + " dims"
                  + why);
    }
    int rank = input.rank();
    long[] b = new long[rank];
    long[] en = new long[rank];
    long[] s = new long[rank];
    for (int i = 0; i < rank; i++) {
      int k = l.entryOf[i];
      b[i] = k < 0 || begin == null ? 0 : begin[k];
      en[i] = k < 0 || end == null ? 0 : end[k];
      s[i] = k < 0 ? 1 : strides[k];
    }
    Canonical c = new Canonical(node, l, input, b, en, s, begin != null && end != null);
    return new StridedSliceSpec(l, b, en, s, c);
  }

  /**
   * The run-time spec of concrete tensors: TF's vector checks, then {@link #of}.
   *
   * @throws dev.rawops.RawOpsException INVALID_ARGUMENT as TF's kernel raises it
   */
  public static StridedSliceSpec forRun(
      NodeInfo node, StridedSliceMasks m, Shape input, Tensor begin, Tensor end, Tensor strides) {
    checkVectors(node, begin.shape(), end.shape(), strides.shape());
    return of(
        node, m, input.toPartial(), begin.toLongArray(), end.toLongArray(), strides.toLongArray());
  }

  /**
   * TF's check that begin, end and strides are vectors of one length below 32 (the masks' width).
   * {@code begin} or {@code end} is null when its value is unknown (build time).
   */
  public static void checkVectors(NodeInfo node, Shape begin, Shape end, Shape strides) {
    long n = strides.numElements();
    boolean beginWrong =
        begin != null && !(begin.rank() == 1 && begin.numElements() == n && n < Integer.SIZE);
    boolean endWrong = end != null && !(end.rank() == 1 && end.numElements() == n);
    if (!beginWrong && !endWrong && strides.rank() == 1) {
      return;
    }
    String why =
        strides.rank() == 1 && n >= Integer.SIZE
            ? " (a spec has at most 31 entries: the masks are 32-bit)"
            : "";
    if (begin != null && end != null) {
      throw node.invalidArgument(
          "Expected begin, end, and strides to be 1D equal size tensors, but got shapes "
              + begin
              + ", "
              + end
              + ", and "
              + strides
              + " instead."
              + why);
    }
    throw node.invalidArgument(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shape "
            + strides
            + " for strides."
            + why);
  }

  /**
   * The output shape implied by the masks alone, for when the strides are not known at build time
   * (TF infers nothing then): its rank, 1 for each new axis, and the input's size for each
   * dimension an ellipsis takes whole; empty when the spec does not fit the input's rank (the
   * kernel reports that).
   */
  public static Optional<PartialShape> outputRank(
      StridedSliceMasks m, int entries, PartialShape input) {
    int e = m.ellipsis();
    Layout l = Layout.of(m, entries, input.rank());
    if ((e & (e - 1)) != 0 || l.overflowEntry >= 0) {
      return Optional.empty();
    }
    List<Long> dims = new ArrayList<>();
    for (int g : l.gather) {
      if (g == NEW_AXIS) {
        dims.add(1L);
      } else if (g != SHRUNK) {
        dims.add(l.entryOf[g] < 0 ? input.dim(g) : PartialShape.UNKNOWN);
      }
    }
    return Optional.of(PartialShape.of(dims.stream().mapToLong(Long::longValue).toArray()));
  }

  /** The input's rank: the number of processing dimensions. */
  public int rank() {
    return begin.length;
  }

  /** Canonical first index along input dimension {@code i} (valid when its size is known). */
  public long begin(int i) {
    return begin[i];
  }

  /** Canonical end (exclusive, in the stride's direction) along input dimension {@code i}. */
  public long end(int i) {
    return end[i];
  }

  public long stride(int i) {
    return strides[i];
  }

  /** True when input dimension {@code i} is a single index that the output drops. */
  public boolean isShrink(int i) {
    return shrink[i];
  }

  /** The spec entry driving input dimension {@code i}, or -1 when an ellipsis covers it. */
  public int entryOf(int i) {
    return entryOf[i];
  }

  /** The slice's size along each input dimension (shrunk ones are 1). */
  public PartialShape processingShape() {
    return processing;
  }

  /** The output's shape. */
  public PartialShape finalShape() {
    return output;
  }

  /** For each output dimension: the input dimension it slices, or {@link #NEW_AXIS}. */
  public int[] outputToProcessing() {
    return outputToProcessing.clone();
  }

  /** True when the slice takes every element in order: the output is the input, reshaped. */
  public boolean isIdentity() {
    return identity;
  }

  /** TF's slice_dim0: only dimension 0 is cut (stride 1), every other is taken whole. */
  public boolean isSliceDim0() {
    return sliceDim0;
  }

  /**
   * TF's BuildDenseSpec: which spec entry drives each input dimension (ellipses expanded, an
   * implicit ellipsis appended when there is none), and where each output dimension comes from.
   */
  // Per-dimension flags as arrays for the canonicalisation loops; private, never compared or
  // hashed.
  @SuppressWarnings("ArrayRecordComponent")
  private record Layout(
      int[] entryOf,
      boolean[] beginMasked,
      boolean[] endMasked,
      boolean[] shrink,
      int[] gather,
      int overflowEntry) {

    static Layout of(StridedSliceMasks m, int entries, int rank) {
      int ellipsisAt = -1;
      int newAxesAfterEllipsis = 0;
      for (int i = 0; i < entries; i++) {
        if (ellipsisAt >= 0 && bit(m.newAxis(), i)) {
          newAxesAfterEllipsis++;
        }
        if (ellipsisAt < 0 && bit(m.ellipsis(), i)) {
          ellipsisAt = i;
        }
      }
      int total = entries;
      if (ellipsisAt < 0) {
        ellipsisAt = entries;
        total++;
      }
      int[] entryOf = new int[rank];
      boolean[] bm = new boolean[rank];
      boolean[] em = new boolean[rank];
      boolean[] sh = new boolean[rank];
      List<Integer> gather = new ArrayList<>();
      int full = 0;
      for (int i = 0; i < total; i++) {
        if (i == ellipsisAt) {
          int next = Math.min(rank - (total - i) + 1 + newAxesAfterEllipsis, rank);
          for (; full < next; full++) {
            entryOf[full] = -1;
            bm[full] = true;
            em[full] = true;
            gather.add(full);
          }
        } else if (bit(m.newAxis(), i)) {
          gather.add(NEW_AXIS);
        } else {
          if (full == rank) {
            return new Layout(entryOf, bm, em, sh, new int[0], i);
          }
          entryOf[full] = i;
          bm[full] = bit(m.begin(), i);
          em[full] = bit(m.end(), i);
          sh[full] = bit(m.shrink(), i);
          gather.add(sh[full] ? SHRUNK : full);
          full++;
        }
      }
      return new Layout(
          entryOf, bm, em, sh, gather.stream().mapToInt(Integer::intValue).toArray(), -1);
    }
  }

  /** TF's step 3: bounds resolved in place, sizes computed, errors raised, per input dimension. */
  private static final class Canonical {
    final long[] sizes;
    boolean identity = true;
    boolean sliceDim0 = true;

    Canonical(
        NodeInfo node,
        Layout l,
        PartialShape input,
        long[] b,
        long[] e,
        long[] s,
        boolean valuesKnown) {
      sizes = new long[input.rank()];
      for (int i = 0; i < sizes.length; i++) {
        sizes[i] = dim(node, l, input, i, b, e, s, valuesKnown);
      }
    }

    private long dim(
        NodeInfo node,
        Layout l,
        PartialShape input,
        int i,
        long[] b,
        long[] e,
        long[] s,
        boolean valuesKnown) {
      long stride = s[i];
      long dim = input.dim(i);
      if (stride == 0) {
        throw node.invalidArgument(
            "strides["
                + i
                + "] must be non-zero (slice spec entry "
                + l.entryOf[i]
                + " has stride 0)");
      }
      boolean shrink = l.shrink[i];
      if (dim < 0) {
        return shrink ? 1 : PartialShape.UNKNOWN;
      }
      if (shrink && stride < 0) {
        throw node.invalidArgument(
            "only stride 1 allowed on non-range indexing. (shrink_axis_mask bit "
                + l.entryOf[i]
                + " makes slice spec entry "
                + l.entryOf[i]
                + " a single index, but its stride is "
                + stride
                + ")");
      }
      boolean wholeDim = l.beginMasked[i] && l.endMasked[i];
      if (valuesKnown) {
        if (shrink) {
          shrinkIndex(node, l, input, i, b, e);
        } else {
          b[i] = bound(b[i], l.beginMasked[i], true, stride, dim);
          e[i] = bound(e[i], l.endMasked[i], false, stride, dim);
        }
        boolean takeAll = stride == 1 && b[i] == 0 && e[i] == dim;
        identity &= takeAll;
        sliceDim0 &= (i == 0 && stride == 1) || takeAll;
        return size(e[i] - b[i], stride);
      }
      identity &= stride == 1 && wholeDim;
      sliceDim0 &= (i == 0 && stride == 1) || wholeDim;
      if (shrink) {
        return 1;
      }
      return wholeDim ? size(stride < 0 ? -dim : dim, stride) : PartialShape.UNKNOWN;
    }

    /** A single index: negative counts from the end; it must land inside the dimension. */
    private static void shrinkIndex(
        NodeInfo node, Layout l, PartialShape input, int i, long[] b, long[] e) {
      long dim = input.dim(i);
      long x = b[i] < 0 ? dim + b[i] : b[i];
      b[i] = x;
      e[i] = x + 1;
      if (x < 0 || x >= dim) {
        throw node.invalidArgument(
            "slice index "
                + x
                + " of dimension "
                + i
                + " out of bounds. (shrink_axis_mask bit "
                + l.entryOf[i]
                + ": slice spec entry "
                + l.entryOf[i]
                + " indexes dimension "
                + i
                + " of size "
                + dim
                + " of input shape "
                + input
                + ")");
      }
    }

    /**
     * A masked bound is the widest for the stride's direction; otherwise negative counts from the
     * end and the result is clamped to [0, dim] (stride > 0) or [-1, dim - 1] (stride < 0).
     */
    private static long bound(long x, boolean masked, boolean isBegin, long stride, long dim) {
      long lo = stride > 0 ? 0 : -1;
      long hi = stride > 0 ? dim : dim - 1;
      if (masked) {
        return (stride > 0) == isBegin ? lo : hi;
      }
      long fwd = x < 0 ? dim + x : x;
      return fwd < lo ? lo : Math.min(fwd, hi);
    }

    /** Elements in an interval of signed length {@code len} walked with {@code stride}. */
    private static long size(long len, long stride) {
      if (len == 0 || (len < 0) != (stride < 0)) {
        return 0;
      }
      return len / stride + (len % stride != 0 ? 1 : 0);
    }
  }
}
