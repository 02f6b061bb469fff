package dev.rawops.ops.array;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Optional;

/** Build-time helpers of the Array family's shape functions, and index rules kernels share. */
public final class ArrayShapes {
  private ArrayShapes() {}

  static final long U = PartialShape.UNKNOWN;

  /** Input i's value as longs when it is a known integer tensor. */
  static Optional<long[]> ints(NodeInfo node, int i) {
    return node.constantInput(i).filter(t -> t.dtype().isInteger()).map(Tensor::toLongArray);
  }

  /** Input i's single value when known. */
  static Optional<Long> scalar(NodeInfo node, int i) {
    return ints(node, i).filter(v -> v.length == 1).map(v -> v[0]);
  }

  /** The dims of a PartialShape (-1 unknown), or null when the rank is unknown. */
  static long[] dims(PartialShape s) {
    if (!s.hasRank()) {
      return null;
    }
    long[] d = new long[s.rank()];
    for (int i = 0; i < d.length; i++) {
      d[i] = s.dim(i);
    }
    return d;
  }

  /** TF's rendering of a shape's dims, e.g. "[2,3]". */
  public static String str(long[] dims) {
    return PartialShape.of(dims).toString();
  }

  /**
   * The partial shape a shape tensor (input i, a vector) describes: exact when constant, else of
   * known rank when the vector's length is known.
   */
  static PartialShape shapeFromTensor(NodeInfo node, int i) {
    Optional<Tensor> c = node.constantInput(i);
    if (c.isPresent() && c.get().dtype().isInteger()) {
      Tensor t = c.get();
      if (t.shape().rank() == 0) {
        return PartialShape.unknownRank();
      }
      return PartialShape.of(t.toLongArray());
    }
    PartialShape s = node.inputShape(i);
    if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
      return PartialShape.unknownDims((int) s.dim(0));
    }
    return PartialShape.unknownRank();
  }

  /** A canonical axis in [0, rank), or an INVALID_ARGUMENT with TF's wording for Pack/Unpack. */
  static int axis(NodeInfo node, long axis, int rank) {
    if (axis < -rank || axis >= rank) {
      throw node.invalidArgument(
          "Invalid axis: " + axis + "; must be in [" + -rank + "," + rank + ")");
    }
    return (int) (axis < 0 ? axis + rank : axis);
  }

  /**
   * Broadcasts two shapes as TF's BCast does, or throws "Incompatible shapes: [a] vs. [b]". Unknown
   * dims (-1) broadcast to unknown.
   */
  public static long[] broadcast(NodeInfo node, long[] a, long[] b) {
    int rank = Math.max(a.length, b.length);
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      int ia = a.length - rank + i;
      int ib = b.length - rank + i;
      long x = ia >= 0 ? a[ia] : 1;
      long y = ib >= 0 ? b[ib] : 1;
      if (x == 1) {
        out[i] = y;
      } else if (y == 1) {
        out[i] = x;
      } else if (x < 0 || y < 0) {
        out[i] = x < 0 ? y : x;
      } else if (x == y) {
        out[i] = x;
      } else {
        throw node.invalidArgument("Incompatible shapes: " + str(a) + " vs. " + str(b));
      }
    }
    return out;
  }

  /** The number of elements of an integer Range(start, limit, delta) as TF's kernel computes it. */
  public static long rangeSize(NodeInfo node, long start, long limit, long delta) {
    if (delta == 0) {
      throw node.invalidArgument("Requires delta != 0: " + delta);
    }
    if (delta > 0 && start > limit) {
      throw node.invalidArgument("Requires start <= limit when delta > 0: " + start + "/" + limit);
    }
    if (delta < 0 && start < limit) {
      throw node.invalidArgument("Requires start >= limit when delta < 0: " + start + "/" + limit);
    }
    long a = Math.abs(limit - start);
    long d = Math.abs(delta);
    return a / d + (a % d == 0 ? 0 : 1);
  }

  /** The number of elements of a floating-point Range as TF's kernel computes it. */
  public static long rangeSize(NodeInfo node, DType t, double start, double limit, double delta) {
    String s = fmt(t, start);
    String l = fmt(t, limit);
    if (delta == 0) {
      throw node.invalidArgument("Requires delta != 0: " + fmt(t, delta));
    }
    if (delta > 0 && start > limit) {
      throw node.invalidArgument("Requires start <= limit when delta > 0: " + s + "/" + l);
    }
    if (delta < 0 && start < limit) {
      throw node.invalidArgument("Requires start >= limit when delta < 0: " + s + "/" + l);
    }
    double size =
        t == DType.DOUBLE
            ? Math.ceil(Math.abs((limit - start) / delta))
            : Math.ceil(Math.abs(((float) limit - (float) start) / (float) delta));
    if (size > Long.MAX_VALUE) {
      throw node.invalidArgument(
          "Requires ((limit - start) / delta) <= " + Long.MAX_VALUE + ": " + size);
    }
    return (long) size;
  }

  private static String fmt(DType t, double v) {
    if (t.isInteger()) {
      return Long.toString((long) v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return t == DType.DOUBLE ? Double.toString(v) : Float.toString((float) v);
  }

  /** Reshape's target dims with its one -1 resolved, checked as TF's kernel checks. */
  public static Shape reshapeTarget(NodeInfo node, Shape input, long[] sizes) {
    long product = 1;
    int unknown = -1;
    boolean sizesHaveZero = false;
    for (int d = 0; d < sizes.length; d++) {
      long size = sizes[d];
      if (size == -1) {
        if (unknown != -1) {
          throw node.invalidArgument(
              "Only one input size may be -1, not both " + unknown + " and " + d);
        }
        unknown = d;
      } else if (size < 0) {
        throw node.invalidArgument("Size " + d + " must be non-negative, not " + size);
      } else if (size == 0) {
        sizesHaveZero = true;
      } else {
        product = Math.multiplyHigh(product, size) != 0 ? Long.MAX_VALUE : product * size;
      }
    }
    long[] out = sizes.clone();
    if (unknown != -1) {
      long inputElements = 1;
      for (long d : input.dims()) {
        if (d > 0 || !sizesHaveZero) {
          inputElements *= d;
        }
      }
      long missing = inputElements / product;
      if (missing * product != inputElements) {
        throw node.invalidArgument(
            "Input to reshape is a tensor with "
                + inputElements
                + " values, but the requested shape requires a multiple of "
                + product);
      }
      out[unknown] = missing;
    }
    long total = 1;
    for (long d : out) {
      total = Math.multiplyHigh(total, d) != 0 ? Long.MAX_VALUE : total * d;
    }
    if (total != input.numElements()) {
      throw node.invalidArgument(
          "Input to reshape is a tensor with "
              + input.numElements()
              + " values, but the requested shape has "
              + total);
    }
    return Shape.of(out);
  }

  /** a and b merged (an unknown rank or dim takes the other's), or empty if they conflict. */
  static Optional<PartialShape> merge(PartialShape a, PartialShape b) {
    if (!a.hasRank()) {
      return Optional.of(b);
    }
    if (!b.hasRank()) {
      return Optional.of(a);
    }
    if (a.rank() != b.rank()) {
      return Optional.empty();
    }
    long[] out = new long[a.rank()];
    for (int i = 0; i < out.length; i++) {
      long x = a.dim(i);
      long y = b.dim(i);
      if (x >= 0 && y >= 0 && x != y) {
        return Optional.empty();
      }
      out[i] = x >= 0 ? x : y;
    }
    return Optional.of(PartialShape.of(out));
  }
}
