package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * Two sparse tensors merged entry by entry on CPU: SparseAdd (sparse_add_op.cc, with its magnitude
 * threshold) and SparseSparseMaximum/Minimum (sparse_sparse_binary_op_shared.cc, a missing side
 * counting as zero). Both walk the two index lists once, as TF does, assuming row-major order: the
 * output keeps a's entry where both have the same index.
 */
final class CpuSparseMerge {
  private CpuSparseMerge() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseAdd", Device.CPU).tfCpuTypes("T").build(n -> ctx -> add(n, ctx)),
          KernelDef.builder("SparseSparseMaximum", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> minMax(n, ctx, true)),
          KernelDef.builder("SparseSparseMinimum", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> minMax(n, ctx, false)));

  private static void add(NodeInfo node, KernelContext ctx) {
    Tensor aIx = ctx.input(0);
    Tensor aVals = ctx.input(1);
    Tensor aShape = ctx.input(2);
    Tensor bIx = ctx.input(3);
    Tensor bVals = ctx.input(4);
    Tensor bShape = ctx.input(5);
    Tensor threshT = ctx.input(6);
    if (aIx.shape().rank() != 2 || bIx.shape().rank() != 2) {
      throw node.invalidArgument(
          "Input indices should be matrices but received shapes: "
              + aIx.shape()
              + " and "
              + bIx.shape());
    }
    if (aVals.shape().rank() != 1 || bVals.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input values should be vectors but received shapes: "
              + aVals.shape()
              + " and "
              + bVals.shape());
    }
    long aNnz = aIx.shape().dim(0);
    long bNnz = bIx.shape().dim(0);
    if (aVals.shape().dim(0) != aNnz || bVals.shape().dim(0) != bNnz) {
      throw node.invalidArgument(
          "Expected "
              + aNnz
              + " and "
              + bNnz
              + " non-empty input values, got "
              + aVals.shape().dim(0)
              + " and "
              + bVals.shape().dim(0));
    }
    if (aIx.shape().dim(1) != bIx.shape().dim(1)) {
      throw node.invalidArgument(
          "Input indices must have the same dimension, got "
              + aIx.shape().dim(1)
              + " and "
              + bIx.shape().dim(1));
    }
    checkShapes(node, aShape, bShape);
    if (threshT.shape().rank() != 0) {
      throw node.invalidArgument(
          "The magnitude threshold must be a scalar: got shape " + threshT.shape());
    }
    DType real =
        switch (aVals.dtype()) {
          case COMPLEX64 -> DType.FLOAT;
          case COMPLEX128 -> DType.DOUBLE;
          default -> aVals.dtype();
        };
    if (threshT.dtype() != real) {
      throw node.invalidArgument(
          "Treal must be " + real.tfName() + " for T " + aVals.dtype().tfName());
    }
    int rank = (int) aShape.shape().dim(0);
    checkIndexRank(node, aIx, bIx, rank);
    SparseNumbers a = SparseNumbers.of(aVals);
    SparseNumbers b = SparseNumbers.of(bVals);
    SparseNumbers thresh = SparseNumbers.of(threshT);
    long[] ai = IndexChunks.readAll(aIx);
    long[] bi = IndexChunks.readAll(bIx);
    int na = (int) aNnz;
    int nb = (int) bNnz;
    SparseNumbers out = SparseNumbers.zeros(a.t, na + nb);
    SparseNumbers sum = SparseNumbers.zeros(a.t, 1);
    long[] ix = new long[(na + nb) * rank];
    int i = 0;
    int j = 0;
    int k = 0;
    while (i < na || j < nb) {
      int c = i >= na ? 1 : j >= nb ? -1 : SparseEntries.compare(ai, i, bi, j, rank);
      if (c < 0) {
        out.set(k, a, i);
        System.arraycopy(ai, i * rank, ix, k++ * rank, rank);
        i++;
      } else if (c > 0) {
        out.set(k, b, j);
        System.arraycopy(bi, j * rank, ix, k++ * rank, rank);
        j++;
      } else {
        SparseNumbers.add(sum, 0, a, i, b, j);
        if (atLeast(sum, thresh)) {
          out.set(k, sum, 0);
          System.arraycopy(ai, i * rank, ix, k++ * rank, rank);
        }
        i++;
        j++;
      }
    }
    ctx.setOutput(0, SparseEntries.indices(ctx, java.util.Arrays.copyOf(ix, k * rank), k, rank));
    ctx.setOutput(1, trimmed(ctx, out, k));
    ctx.setOutput(2, aShape);
  }

  /** TF's {@code thresh <= std::abs(s)} (complex: the modulus, computed in the component type). */
  private static boolean atLeast(SparseNumbers s, SparseNumbers thresh) {
    if (s.floating) {
      double mag = s.lanes == 2 ? thresh.round(Math.hypot(s.d[0], s.d[1])) : Math.abs(s.d[0]);
      return thresh.d[0] <= mag;
    }
    long v = s.l[0];
    long mag =
        switch (s.t) {
          case INT32 -> Math.abs((int) v);
          default -> Math.abs(v);
        };
    return thresh.l[0] <= mag;
  }

  private static Tensor trimmed(KernelContext ctx, SparseNumbers v, int n) {
    SparseNumbers out = SparseNumbers.zeros(v.t, n);
    for (int i = 0; i < n; i++) {
      out.set(i, v, i);
    }
    return out.store(ctx, Shape.of(n));
  }

  private static void checkShapes(NodeInfo node, Tensor aShape, Tensor bShape) {
    if (aShape.shape().rank() != 1 || bShape.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input shapes should be a vector but received shapes "
              + aShape.shape()
              + " and "
              + bShape.shape());
    }
    long[] as = aShape.toLongArray();
    long[] bs = bShape.toLongArray();
    if (as.length != bs.length) {
      throw node.invalidArgument(
          "Operands do not have the same ranks; got shapes: "
              + summarize(as)
              + " and "
              + summarize(bs));
    }
    for (int d = 0; d < as.length; d++) {
      if (as[d] != bs[d]) {
        throw node.invalidArgument(
            "Operands' shapes do not match: got "
                + as[d]
                + " and "
                + bs[d]
                + " for dimension "
                + d);
      }
    }
  }

  private static void checkIndexRank(NodeInfo node, Tensor aIx, Tensor bIx, int rank) {
    if (aIx.shape().dim(1) != rank || bIx.shape().dim(1) != rank) {
      throw node.invalidArgument(
          "Index rank and shape rank do not match: got "
              + aIx.shape().dim(1)
              + ", "
              + bIx.shape().dim(1)
              + " and "
              + rank);
    }
  }

  /** TF's SummarizeValue of a shape vector: "2 3". */
  static String summarize(long[] v) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < v.length && i < 10; i++) {
      sb.append(i > 0 ? " " : "").append(v[i]);
    }
    if (v.length > 10) {
      sb.append("...");
    }
    return sb.toString();
  }

  private static void minMax(NodeInfo node, KernelContext ctx, boolean max) {
    Tensor aIx = ctx.input(0);
    Tensor aVals = ctx.input(1);
    Tensor aShape = ctx.input(2);
    Tensor bIx = ctx.input(3);
    Tensor bVals = ctx.input(4);
    Tensor bShape = ctx.input(5);
    SparseTensorChecks.validate(node, aIx, aVals, aShape, SparseTensorChecks.Indices.UNORDERED);
    SparseTensorChecks.validate(node, bIx, bVals, bShape, SparseTensorChecks.Indices.UNORDERED);
    int rank = (int) aIx.shape().dim(1);
    long aNnz = aIx.shape().dim(0);
    long bNnz = bIx.shape().dim(0);
    checkShapes(node, aShape, bShape);
    SparseNumbers a = SparseNumbers.of(aVals);
    SparseNumbers b = SparseNumbers.of(bVals);
    SparseNumbers zero = SparseNumbers.zeros(a.t, 1);
    long[] ai = IndexChunks.readAll(aIx);
    long[] bi = IndexChunks.readAll(bIx);
    int na = (int) aNnz;
    int nb = (int) bNnz;
    SparseNumbers out = SparseNumbers.zeros(a.t, na + nb);
    long[] ix = new long[(na + nb) * rank];
    int i = 0;
    int j = 0;
    int k = 0;
    while (i < na || j < nb) {
      int c = i >= na ? 1 : j >= nb ? -1 : SparseEntries.compare(ai, i, bi, j, rank);
      if (c < 0) {
        pick(out, k, a, i, zero, 0, max);
        System.arraycopy(ai, i++ * rank, ix, k++ * rank, rank);
      } else if (c > 0) {
        pick(out, k, zero, 0, b, j, max);
        System.arraycopy(bi, j++ * rank, ix, k++ * rank, rank);
      } else {
        pick(out, k, a, i, b, j, max);
        System.arraycopy(ai, i * rank, ix, k++ * rank, rank);
        i++;
        j++;
      }
    }
    ctx.setOutput(0, SparseEntries.indices(ctx, java.util.Arrays.copyOf(ix, k * rank), k, rank));
    ctx.setOutput(1, trimmed(ctx, out, k));
  }

  /**
   * TF's maximum/minimum functors (Eigen's PropagateNaN): a NaN on either side is the result (x's
   * first), otherwise std::max (x &lt; y ? y : x) or std::min (y &lt; x ? y : x).
   */
  private static void pick(
      SparseNumbers out, int o, SparseNumbers x, int i, SparseNumbers y, int j, boolean max) {
    if (x.floating && (Double.isNaN(x.d[i]) || Double.isNaN(y.d[j]))) {
      if (Double.isNaN(x.d[i])) {
        out.set(o, x, i);
      } else {
        out.set(o, y, j);
      }
      return;
    }
    boolean takeY = max ? SparseNumbers.less(x, i, y, j) : SparseNumbers.less(y, j, x, i);
    if (takeY) {
      out.set(o, y, j);
    } else {
      out.set(o, x, i);
    }
  }
}
