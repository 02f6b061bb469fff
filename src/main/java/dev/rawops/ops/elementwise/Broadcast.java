package dev.rawops.ops.elementwise;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * TensorFlow's broadcasting (its {@code BCast}) of any number of shapes: the output shape, and the
 * iteration over the output reduced to as few dimensions as possible (adjacent dimensions that
 * every input either spans or repeats together are merged), with each input's element stride per
 * reduced dimension (0 where the input is repeated). Kernels walk the output in contiguous inner
 * runs.
 */
public final class Broadcast {
  private final Shape output;
  private final long[] dims; // reduced output dims, at least one
  private final long[][] strides; // per input, per reduced dim

  private Broadcast(Shape output, long[] dims, long[][] strides) {
    this.output = output;
    this.dims = dims;
    this.strides = strides;
  }

  /** The broadcast of {@code shapes}, or null when they are incompatible. */
  public static Broadcast of(Shape... shapes) {
    int rank = 0;
    for (Shape s : shapes) {
      rank = Math.max(rank, s.rank());
    }
    long[] out = new long[rank];
    for (int d = 0; d < rank; d++) {
      long o = 1;
      for (Shape s : shapes) {
        long v = dimFromEnd(s, rank - d);
        if (v != 1) {
          if (o != 1 && o != v) {
            return null;
          }
          o = v;
        }
      }
      out[d] = o;
    }
    Shape outShape = Shape.of(out);
    // Reduce: drop size-1 output dims, merge neighbours with the same repeat pattern.
    List<Long> rdims = new ArrayList<>();
    List<boolean[]> patterns = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      if (out[d] == 1) {
        continue;
      }
      boolean[] p = new boolean[shapes.length];
      for (int k = 0; k < shapes.length; k++) {
        p[k] = dimFromEnd(shapes[k], rank - d) == 1;
      }
      int last = rdims.size() - 1;
      if (last >= 0 && java.util.Arrays.equals(patterns.get(last), p)) {
        rdims.set(last, rdims.get(last) * out[d]);
      } else {
        rdims.add(out[d]);
        patterns.add(p);
      }
    }
    if (rdims.isEmpty()) {
      rdims.add(1L);
      patterns.add(new boolean[shapes.length]);
    }
    int m = rdims.size();
    long[] dims = new long[m];
    for (int i = 0; i < m; i++) {
      dims[i] = rdims.get(i);
    }
    long[][] strides = new long[shapes.length][m];
    for (int k = 0; k < shapes.length; k++) {
      long stride = 1;
      for (int i = m - 1; i >= 0; i--) {
        if (patterns.get(i)[k]) {
          strides[k][i] = 0;
        } else {
          strides[k][i] = stride;
          stride *= dims[i];
        }
      }
    }
    return new Broadcast(outShape, dims, strides);
  }

  private static long dimFromEnd(Shape s, int fromEnd) {
    int i = s.rank() - fromEnd;
    return i < 0 ? 1 : s.dim(i);
  }

  public Shape outputShape() {
    return output;
  }

  /** The reduced output dimensions (row-major; at least one). */
  public long[] dims() {
    return dims;
  }

  /** Input {@code k}'s element strides over {@link #dims()} (0: repeated). */
  public long[] strides(int k) {
    return strides[k];
  }

  /** TF's message for shapes that do not broadcast: "Incompatible shapes: [2,3] vs. [4]". */
  public static String incompatible(Shape... shapes) {
    StringBuilder sb = new StringBuilder("Incompatible shapes: ");
    for (int i = 0; i < shapes.length; i++) {
      sb.append(i == 0 ? "" : " vs. ").append(shapes[i]);
    }
    return sb.toString();
  }

  /**
   * TF's broadcasting shape function over static shapes: unknown where build time cannot tell, an
   * INVALID_ARGUMENT naming the node when known dimensions already contradict.
   */
  public static PartialShape staticShape(NodeInfo node, PartialShape... shapes) {
    PartialShape r = staticShapeOrNull(shapes);
    if (r == null) {
      StringBuilder sb = new StringBuilder("Incompatible shapes: ");
      for (int i = 0; i < shapes.length; i++) {
        sb.append(i == 0 ? "" : " vs. ").append(shapes[i]);
      }
      throw node.invalidArgument(sb.toString());
    }
    return r;
  }

  /** The static broadcast, or null when known dimensions contradict. */
  public static PartialShape staticShapeOrNull(PartialShape... shapes) {
    boolean same = shapes.length > 0;
    for (int k = 1; k < shapes.length && same; k++) {
      same = shapes[k].equals(shapes[0]);
    }
    if (same) {
      return shapes[0]; // equal shapes broadcast to themselves (known, unknown or 1 per dim)
    }
    int rank = 0;
    for (PartialShape s : shapes) {
      if (!s.hasRank()) {
        return PartialShape.unknownRank();
      }
      rank = Math.max(rank, s.rank());
    }
    long[] out = new long[rank];
    for (int d = 0; d < rank; d++) {
      long known = 1; // a known dim != 1, or 1
      boolean unknown = false;
      for (PartialShape s : shapes) {
        int i = s.rank() - (rank - d);
        long v = i < 0 ? 1 : s.dim(i);
        if (v < 0) {
          unknown = true;
        } else if (v != 1) {
          if (known != 1 && known != v) {
            return null;
          }
          known = v;
        }
      }
      // An unknown dim beside a known one > 1 must be that or 1; beside only 1s it is unknown.
      out[d] = known != 1 ? known : unknown ? PartialShape.UNKNOWN : 1;
    }
    return PartialShape.of(out);
  }
}
