package dev.rawops.ops.reduction;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * The index math of TF's reductions (its {@code ReductionHelper}): which axes an axis tensor names,
 * the output shape, and the input seen as rows of a contiguous innermost run. Adjacent axes of the
 * same kind (kept or reduced) merge, so a reduction is a loop over rows, each either a contiguous
 * run of kept elements folded element-wise into the output or a contiguous run of reduced elements
 * folded into one output element.
 */
public final class ReductionGeometry {
  private final Shape input;
  private final boolean[] reduced;

  private ReductionGeometry(Shape input, boolean[] reduced) {
    this.input = input;
    this.reduced = reduced;
  }

  public Shape input() {
    return input;
  }

  /** Whether input axis {@code i} is reduced. */
  public boolean isReduced(int i) {
    return reduced[i];
  }

  /**
   * The axes {@code axes} (an int32/int64 scalar or vector; negative counts from the end) names in
   * {@code input}.
   *
   * @throws dev.rawops.RawOpsException INVALID_ARGUMENT with TF's run-time message for an axis out
   *     of range
   */
  public static ReductionGeometry of(NodeInfo node, Shape input, Tensor axes) {
    if (axes.shape().rank() > 1) {
      throw node.invalidArgument(
          "Expected scalar or vector for reduction indices, got shape " + axes.shape());
    }
    int rank = input.rank();
    boolean[] reduced = new boolean[rank];
    for (long a : axes.toLongArray()) {
      if (a < -rank || a >= rank) {
        throw node.invalidArgument(
            "Invalid reduction dimension (" + a + " for input with " + rank + " dimension(s)");
      }
      int axis = (int) (a < 0 ? a + rank : a);
      if (reduced[axis]) {
        throw node.invalidArgument(
            "Invalid reduction arguments: Axes contains duplicate dimension: " + axis);
      }
      reduced[axis] = true;
    }
    return new ReductionGeometry(input, reduced);
  }

  /** The output shape: reduced axes dropped, or kept with size 1. */
  public Shape output(boolean keepDims) {
    List<Long> dims = new ArrayList<>();
    for (int i = 0; i < reduced.length; i++) {
      if (!reduced[i]) {
        dims.add(input.dim(i));
      } else if (keepDims) {
        dims.add(1L);
      }
    }
    return Shape.of(dims.stream().mapToLong(Long::longValue).toArray());
  }

  /** How many input elements fold into each output element. */
  public long reducedCount() {
    long n = 1;
    for (int i = 0; i < reduced.length; i++) {
      if (reduced[i]) {
        n *= input.dim(i);
      }
    }
    return n;
  }

  /**
   * The input as {@code rows} rows of {@code inner} contiguous elements; {@code rowOut[r]} is the
   * output offset of row r's first element. When {@code innerReduced}, a row folds into the one
   * element {@code rowOut[r]}; otherwise element k of the row folds into {@code rowOut[r] + k}.
   */
  public static final class Rows {
    private final long[] rowOut;
    private final int inner;
    private final boolean innerReduced;

    Rows(long[] rowOut, int inner, boolean innerReduced) {
      this.rowOut = rowOut;
      this.inner = inner;
      this.innerReduced = innerReduced;
    }

    /** The output offset of each row (shared, not copied: read only). */
    public long[] rowOut() {
      return rowOut;
    }

    public int inner() {
      return inner;
    }

    public boolean innerReduced() {
      return innerReduced;
    }
  }

  /** This reduction as rows (see {@link Rows}). */
  public Rows rows() {
    // Merge adjacent axes of the same kind; size-1 axes count as kept and merge with anything.
    List<long[]> groups = new ArrayList<>(); // {size, reduced ? 1 : 0}
    for (int i = 0; i < reduced.length; i++) {
      long d = input.dim(i);
      if (d == 1) {
        continue;
      }
      int kind = reduced[i] ? 1 : 0;
      if (!groups.isEmpty() && groups.getLast()[1] == kind) {
        groups.getLast()[0] *= d;
      } else {
        groups.add(new long[] {d, kind});
      }
    }
    if (groups.isEmpty()) {
      groups.add(new long[] {1, 0});
    }
    int m = groups.size();
    long[] last = groups.get(m - 1);
    int inner = Math.toIntExact(last[0]);
    boolean innerReduced = last[1] == 1;
    long rows = 1;
    long[] sizes = new long[m - 1];
    long[] outStride = new long[m - 1];
    long stride = innerReduced ? 1 : inner;
    for (int g = m - 2; g >= 0; g--) {
      sizes[g] = groups.get(g)[0];
      rows *= sizes[g];
      if (groups.get(g)[1] == 0) {
        outStride[g] = stride;
        stride *= sizes[g];
      }
    }
    long[] rowOut = new long[Math.toIntExact(rows)];
    long[] idx = new long[m - 1];
    long off = 0;
    for (int r = 0; r < rowOut.length; r++) {
      rowOut[r] = off;
      for (int g = m - 2; g >= 0; g--) {
        idx[g]++;
        off += outStride[g];
        if (idx[g] < sizes[g]) {
          break;
        }
        off -= outStride[g] * idx[g];
        idx[g] = 0;
      }
    }
    return new Rows(rowOut, inner, innerReduced);
  }

  /**
   * TF's shape function for reductions (ReductionShape): exact when the axes are known, checking
   * them as TF does at graph construction.
   */
  public static PartialShape inferShape(NodeInfo node, int inputIndex, int axesIndex) {
    PartialShape in = node.inputShape(inputIndex);
    boolean keepDims = node.attrs().has("keep_dims") && node.attrs().getBool("keep_dims");
    var axes = node.constantInput(axesIndex);
    if (axes.isEmpty()) {
      return keepDims && in.hasRank() ? PartialShape.unknownDims(in.rank()) : unknownOrScalar(in);
    }
    if (!in.hasRank()) {
      return PartialShape.unknownRank();
    }
    int rank = in.rank();
    boolean[] red = new boolean[rank];
    for (long a : axes.get().toLongArray()) {
      if (a < -rank || a >= rank) {
        throw node.invalidArgument(
            "Invalid reduction dimension " + a + " for input with " + rank + " dimensions.");
      }
      red[(int) (a < 0 ? a + rank : a)] = true;
    }
    List<Long> dims = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      if (!red[i]) {
        dims.add(in.dim(i));
      } else if (keepDims) {
        dims.add(1L);
      }
    }
    return PartialShape.of(dims.stream().mapToLong(Long::longValue).toArray());
  }

  private static PartialShape unknownOrScalar(PartialShape in) {
    return in.hasRank() && in.rank() == 0 ? PartialShape.of() : PartialShape.unknownRank();
  }
}
