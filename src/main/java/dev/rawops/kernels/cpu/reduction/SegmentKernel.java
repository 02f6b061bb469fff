package dev.rawops.kernels.cpu.reduction;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Arrays;

/**
 * The one kernel of TF's segment reductions: Segment* (sorted ids), UnsortedSegment* (any ids,
 * num_segments) and SparseSegment* (rows picked by indices, sorted ids, optional num_segments).
 * Each op is a {@link Spec}: which family, its fold and finisher; rows of {@code data} fold into
 * output rows, then empty segments get the family's value and Mean/SqrtN divide.
 */
final class SegmentKernel {
  private SegmentKernel() {}

  enum Kind {
    SORTED,
    UNSORTED,
    SPARSE
  }

  enum Finish {
    NONE,
    MEAN,
    SQRTN
  }

  record Spec(Kind kind, ReduceKernel.Fold fold, Finish finish, boolean numSegments) {}

  static Kernel create(NodeInfo node, Spec spec) {
    return ctx -> compute(ctx, spec);
  }

  private static void compute(KernelContext ctx, Spec spec) {
    NodeInfo node = ctx.node();
    Tensor data = ctx.input(0);
    Shape dshape = data.shape();
    int rowsOfData;
    long[] rowOf; // data row of each item
    long[] seg; // segment of each item
    long outRows;
    int inner;
    switch (spec.kind()) {
      case SORTED -> {
        Tensor ids = ctx.input(1);
        if (dshape.rank() < 1) {
          throw node.invalidArgument("input must be at least rank 1");
        }
        if (ids.shape().rank() != 1) {
          throw node.invalidArgument("segment_ids should be a vector.");
        }
        if (ids.numElements() != dshape.dim(0)) {
          throw node.invalidArgument(
              "segment_ids should be the same size as dimension 0 of input.");
        }
        seg = ids.toLongArray();
        rowOf = null;
        outRows = seg.length > 0 ? seg[seg.length - 1] + 1 : 0;
        if (outRows < 0) {
          throw node.invalidArgument("segment ids must be >= 0");
        }
        checkSorted(node, seg, outRows);
        inner = Math.toIntExact(dshape.numElementsFrom(1));
      }
      case UNSORTED -> {
        Tensor ids = ctx.input(1);
        Tensor num = ctx.input(2);
        if (num.shape().rank() != 0) {
          throw node.invalidArgument("num_segments should be a scalar, not shape " + num.shape());
        }
        int idRank = ids.shape().rank();
        if (dshape.rank() < idRank || !dshape.sub(0, idRank).equals(ids.shape())) {
          throw node.invalidArgument(
              "data.shape = " + dshape + " does not start with segment_ids.shape = " + ids.shape());
        }
        outRows = num.getIndex(0);
        if (outRows < 0) {
          throw node.invalidArgument("Input num_segments == " + outRows + " must not be negative.");
        }
        seg = ids.toLongArray();
        for (int i = 0; i < seg.length; i++) {
          if (seg[i] >= outRows) {
            throw node.invalidArgument(
                "segment_ids"
                    + sliceDebugString(ids.shape(), i)
                    + " = "
                    + seg[i]
                    + " is out of range [0, "
                    + outRows
                    + ")");
          }
        }
        rowOf = null;
        inner = Math.toIntExact(dshape.numElementsFrom(idRank));
      }
      case SPARSE -> {
        Tensor indices = ctx.input(1);
        Tensor ids = ctx.input(2);
        if (indices.shape().rank() != 1) {
          throw node.invalidArgument("indices should be a vector.");
        }
        if (ids.shape().rank() != 1) {
          throw node.invalidArgument("segment_ids should be a vector.");
        }
        if (indices.numElements() != ids.numElements()) {
          throw node.invalidArgument("segment_ids and indices should have same size.");
        }
        if (dshape.rank() < 1) {
          throw node.invalidArgument("input must be at least rank 1");
        }
        seg = ids.toLongArray();
        rowOf = indices.toLongArray();
        long last = seg.length > 0 ? seg[seg.length - 1] + 1 : 0;
        if (spec.numSegments()) {
          Tensor num = ctx.input(3);
          outRows = num.getIndex(0);
          if (last > outRows) {
            throw node.invalidArgument("segment ids must be < num_segments");
          }
        } else {
          outRows = last;
        }
        if (outRows < 0 || (seg.length > 0 && seg[0] < 0)) {
          throw node.invalidArgument("segment ids must be >= 0");
        }
        checkSorted(node, seg, outRows);
        for (int i = 0; i < rowOf.length; i++) {
          if (rowOf[i] < 0 || rowOf[i] >= dshape.dim(0)) {
            throw node.invalidArgument(
                "Bad: indices["
                    + i
                    + "] == "
                    + rowOf[i]
                    + " out of range [0, "
                    + dshape.dim(0)
                    + ")");
          }
        }
        inner = Math.toIntExact(dshape.numElementsFrom(1));
      }
      default -> throw new IllegalStateException();
    }
    rowsOfData = seg.length;
    long[] outDims =
        new long
            [dshape.rank() - (spec.kind() == Kind.UNSORTED ? ctx.input(1).shape().rank() : 1) + 1];
    outDims[0] = outRows;
    int lead = spec.kind() == Kind.UNSORTED ? ctx.input(1).shape().rank() : 1;
    for (int i = lead; i < dshape.rank(); i++) {
      outDims[i - lead + 1] = dshape.dim(i);
    }
    Shape outShape = Shape.of(outDims);
    int outN = Math.toIntExact(outShape.numElements());
    int nOut = Math.toIntExact(outRows);
    long[] counts = new long[nOut];
    for (long s : seg) {
      if (s >= 0) {
        counts[(int) s]++;
      }
    }
    DType t = data.dtype();
    int lanes = NumericArrays.lanes(t);
    TensorBuffer out = ctx.allocate(t, outShape);
    ReduceKernel.Fold fold = spec.fold();
    if (NumericArrays.isFloating(t)) {
      double[] x = NumericArrays.doubles(data);
      double[] acc = new double[outN * lanes];
      if (lanes == 2) {
        for (int i = 0; i < outN; i++) {
          acc[2 * i] = fold == ReduceKernel.Fold.PROD ? 1 : 0;
        }
      } else {
        // TF starts at -inf/+inf (sorted: Eigen's reducers) or the lowest/highest finite value
        // (unsorted), and folds with std::max(value, acc): a NaN
        // value replaces the accumulator, and the next value replaces a NaN accumulator.
        Arrays.fill(
            acc,
            spec.kind() != Kind.UNSORTED
                ? ReduceKernel.initDouble(fold)
                : switch (fold) {
                  case MAX -> NumericArrays.lowestFloating(t);
                  case MIN -> -NumericArrays.lowestFloating(t);
                  default -> ReduceKernel.initDouble(fold);
                });
      }
      int w = inner * lanes;
      for (int r = 0; r < rowsOfData; r++) {
        long s = seg[r];
        if (s < 0) {
          continue;
        }
        int src = (int) (rowOf == null ? r : rowOf[r]) * w;
        int dst = (int) s * w;
        if (lanes == 2) {
          for (int k = 0; k < w; k += 2) {
            if (fold == ReduceKernel.Fold.PROD) {
              double ar = acc[dst + k];
              double ai = acc[dst + k + 1];
              acc[dst + k] = ar * x[src + k] - ai * x[src + k + 1];
              acc[dst + k + 1] = ar * x[src + k + 1] + ai * x[src + k];
            } else {
              acc[dst + k] += x[src + k];
              acc[dst + k + 1] += x[src + k + 1];
            }
          }
          continue;
        }
        switch (fold) {
          case SUM -> {
            for (int k = 0; k < w; k++) {
              acc[dst + k] += x[src + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < w; k++) {
              acc[dst + k] *= x[src + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < w; k++) {
              double v = x[src + k];
              acc[dst + k] = v < acc[dst + k] ? acc[dst + k] : v;
            }
          }
          case MIN -> {
            for (int k = 0; k < w; k++) {
              double v = x[src + k];
              acc[dst + k] = acc[dst + k] < v ? acc[dst + k] : v;
            }
          }
        }
      }
      double empty = emptyDouble(spec, t);
      int w2 = inner * lanes;
      for (int s = 0; s < nOut; s++) {
        long c = counts[s];
        for (int k = 0; k < w2; k++) {
          int p = s * w2 + k;
          if (c == 0) {
            acc[p] = lanes == 2 && k % 2 == 1 ? 0 : empty;
          } else if (spec.finish() == Finish.MEAN) {
            acc[p] /= c;
          } else if (spec.finish() == Finish.SQRTN) {
            acc[p] /= Math.sqrt((double) c);
          }
        }
      }
      NumericArrays.store(out, acc);
    } else {
      long[] x = NumericArrays.longs(data);
      boolean flip =
          t == DType.UINT64 && (fold == ReduceKernel.Fold.MAX || fold == ReduceKernel.Fold.MIN);
      long[] acc = new long[outN];
      long init =
          switch (fold) {
            case SUM -> 0;
            case PROD -> 1;
            case MAX -> flip ? Long.MIN_VALUE : NumericArrays.lowest(t);
            case MIN -> flip ? Long.MAX_VALUE : NumericArrays.highest(t);
          };
      Arrays.fill(acc, init);
      long f = flip ? Long.MIN_VALUE : 0;
      for (int r = 0; r < rowsOfData; r++) {
        long s = seg[r];
        if (s < 0) {
          continue;
        }
        int src = (int) (rowOf == null ? r : rowOf[r]) * inner;
        int dst = (int) s * inner;
        switch (fold) {
          case SUM -> {
            for (int k = 0; k < inner; k++) {
              acc[dst + k] += x[src + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < inner; k++) {
              acc[dst + k] *= x[src + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < inner; k++) {
              acc[dst + k] = Math.max(acc[dst + k], x[src + k] ^ f);
            }
          }
          case MIN -> {
            for (int k = 0; k < inner; k++) {
              acc[dst + k] = Math.min(acc[dst + k], x[src + k] ^ f);
            }
          }
        }
      }
      long empty = emptyLong(spec, t);
      for (int s = 0; s < nOut; s++) {
        long c = counts[s];
        for (int k = 0; k < inner; k++) {
          int p = s * inner + k;
          long v = acc[p] ^ f;
          if (c == 0) {
            v = empty;
          } else if (spec.finish() == Finish.MEAN) {
            // Eigen's MeanReducer: the sum in T (wrapping), divided by the count.
            long wrapped = NumericArrays.wrap(t, v);
            v = t == DType.UINT64 ? Long.divideUnsigned(wrapped, c) : wrapped / c;
          }
          acc[p] = v;
        }
      }
      NumericArrays.store(out, acc);
    }
    ctx.setOutput(0, out.freeze());
  }

  /** TF's sorted-id loop checks: ids never decrease and stay below the output row count. */
  private static void checkSorted(NodeInfo node, long[] seg, long outRows) {
    for (int i = 0; i < seg.length; i++) {
      if (i + 1 < seg.length && seg[i + 1] != seg[i] && seg[i + 1] < seg[i]) {
        throw node.invalidArgument("segment ids are not increasing");
      }
      if (seg[i] < 0 || seg[i] >= outRows) {
        throw node.invalidArgument(
            "Segment id "
                + seg[i]
                + " out of range [0, "
                + outRows
                + "), possibly because 'segment_ids' input is not sorted.");
      }
    }
  }

  private static double emptyDouble(Spec spec, DType t) {
    if (spec.kind() == Kind.UNSORTED) {
      return switch (spec.fold()) {
        case SUM -> 0;
        case PROD -> 1;
        case MAX -> NumericArrays.lowestFloating(t);
        case MIN -> -NumericArrays.lowestFloating(t);
      };
    }
    return spec.fold() == ReduceKernel.Fold.PROD ? 1 : 0;
  }

  private static long emptyLong(Spec spec, DType t) {
    if (spec.kind() == Kind.UNSORTED) {
      return switch (spec.fold()) {
        case SUM -> 0;
        case PROD -> 1;
        case MAX -> NumericArrays.lowest(t);
        case MIN -> NumericArrays.highest(t);
      };
    }
    return spec.fold() == ReduceKernel.Fold.PROD ? 1 : 0;
  }

  /** TF's SliceDebugString: "[i]" for a vector, "[i,j]" for higher ranks. */
  private static String sliceDebugString(Shape shape, long flat) {
    long[] idx = new long[shape.rank()];
    for (int d = shape.rank() - 1; d >= 0; d--) {
      idx[d] = flat % shape.dim(d);
      flat /= shape.dim(d);
    }
    StringBuilder sb = new StringBuilder("[");
    for (int d = 0; d < idx.length; d++) {
      sb.append(d == 0 ? "" : ",").append(idx[d]);
    }
    return sb.append(']').toString();
  }
}
