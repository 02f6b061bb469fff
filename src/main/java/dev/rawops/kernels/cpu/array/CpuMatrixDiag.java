package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The matrix-diagonal ops of every version (MatrixDiag, MatrixDiagPart, MatrixSetDiag and their
 * V2/V3 forms with a band {@code k} of diagonals and an alignment), MatrixBandPart, Diag and
 * DiagPart. V1 is V3 with k = 0; V2 is V3 with alignment LEFT_LEFT, as in TF's kernels.
 */
final class CpuMatrixDiag {
  private CpuMatrixDiag() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    for (String op : List.of("MatrixDiag", "MatrixDiagV2", "MatrixDiagV3")) {
      d.add(def(op, n -> ctx -> diag(ctx, version(op), align(n))));
    }
    for (String op : List.of("MatrixDiagPart", "MatrixDiagPartV2", "MatrixDiagPartV3")) {
      d.add(def(op, n -> ctx -> diagPart(ctx, version(op), align(n))));
    }
    for (String op : List.of("MatrixSetDiag", "MatrixSetDiagV2", "MatrixSetDiagV3")) {
      d.add(def(op, n -> ctx -> setDiag(ctx, version(op), align(n))));
    }
    d.add(def("MatrixBandPart", n -> CpuMatrixDiag::bandPart));
    d.add(def("Diag", CpuMatrixDiag::tensorDiag));
    d.add(def("DiagPart", CpuMatrixDiag::tensorDiagPart));
    return d;
  }

  private static int version(String op) {
    return op.endsWith("V3") ? 3 : op.endsWith("V2") ? 2 : 1;
  }

  /** Whether superdiagonals (index 0) and subdiagonals (index 1) are right-aligned. */
  private static boolean[] align(NodeInfo n) {
    String a = n.attrs().has("align") ? n.attrs().getString("align") : "LEFT_LEFT";
    return new boolean[] {a.startsWith("RIGHT"), a.endsWith("RIGHT")};
  }

  private static long diagLen(long d, long rows, long cols) {
    return Math.min(cols - Math.max(d, 0), rows + Math.min(d, 0));
  }

  private static long offset(long d, long maxLen, long rows, long cols, boolean[] right) {
    boolean r = (d >= 0 && right[0]) || (d <= 0 && right[1]);
    return r ? maxLen - diagLen(d, rows, cols) : 0;
  }

  /** {lo, hi} from the k input. */
  private static long[] band(KernelContext ctx, int input) {
    NodeInfo node = ctx.node();
    Tensor k = ctx.input(input);
    if (k.shape().rank() > 1) {
      throw node.invalidArgument(
          "diag_index must be a scalar or vector, received shape: " + k.shape());
    }
    long[] v = k.toLongArray();
    if (v.length == 0 || v.length > 2) {
      throw node.invalidArgument(
          "diag_index must have at most two elements, received " + v.length + " elements.");
    }
    long lo = v[0];
    long hi = v.length == 2 ? v[1] : v[0];
    if (lo > hi) {
      throw node.invalidArgument(
          "lower_diag_index must not be larger than upper_diag_index: " + lo + " > " + hi);
    }
    return new long[] {lo, hi};
  }

  private static Tensor scalarInput(KernelContext ctx, int i, String what) {
    Tensor t = ctx.input(i);
    if (t.numElements() != 1) {
      throw ctx.node().invalidArgument(what + " must be a scalar, received shape: " + t.shape());
    }
    return t;
  }

  private static void diag(KernelContext ctx, int version, boolean[] right) {
    NodeInfo node = ctx.node();
    Tensor diag = ctx.input(0);
    long lo = 0;
    long hi = 0;
    long rows = -1;
    long cols = -1;
    Tensor pad = null;
    if (version > 1) {
      long[] k = band(ctx, 1);
      lo = k[0];
      hi = k[1];
      rows = scalarInput(ctx, 2, "num_rows").getIndex(0);
      cols = scalarInput(ctx, 3, "num_cols").getIndex(0);
      pad = scalarInput(ctx, 4, "padding_value");
    }
    long[] dd = diag.shape().dims();
    int r = dd.length;
    if (r < 1) {
      throw node.invalidArgument(
          "diagonal must be at least 1-dim, received shape: " + diag.shape());
    }
    long numDiags = hi - lo + 1;
    if (lo != hi && (r < 2 || dd[r - 2] != numDiags)) {
      throw node.invalidArgument(
          "The number of diagonals provided in the input does not match the lower_diag_index and"
              + " upper_diag_index range.");
    }
    long maxLen = dd[r - 1];
    long minRows = maxLen - Math.min(hi, 0);
    long minCols = maxLen + Math.max(lo, 0);
    if (rows == -1 && cols == -1) {
      rows = Math.max(minRows, minCols);
      cols = rows;
    } else if (rows == -1) {
      rows = minRows;
    } else if (cols == -1) {
      cols = minCols;
    }
    if (rows != minRows && cols != minCols) {
      throw node.invalidArgument(
          "The number of rows or columns is not consistent with the specified d_lower, d_upper,"
              + " and diagonal.");
    }
    int batchRank = lo == hi ? r - 1 : r - 2;
    long[] batchDims = Arrays.copyOf(dd, batchRank);
    long batch = 1;
    for (long b : batchDims) {
      batch *= b;
    }
    long[] od = Arrays.copyOf(batchDims, batchRank + 2);
    od[batchRank] = rows;
    od[batchRank + 1] = cols;
    TensorBuffer out = ctx.allocate(diag.dtype(), Shape.of(od));
    if (pad != null) {
      ArrayCopy.fill(out, pad, 0);
    }
    ArrayCopy.Mover mv = ArrayCopy.Mover.of(diag, out);
    for (long b = 0; b < batch; b++) {
      for (long d = lo; d <= hi; d++) {
        long len = diagLen(d, rows, cols);
        long off = offset(d, maxLen, rows, cols, right);
        long base = (b * numDiags + (hi - d)) * maxLen;
        for (long t = 0; t < len; t++) {
          long i = t + Math.max(-d, 0);
          long j = t + Math.max(d, 0);
          mv.move(base + t + off, (b * rows + i) * cols + j, 1);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void diagPart(KernelContext ctx, int version, boolean[] right) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long lo = 0;
    long hi = 0;
    Tensor pad = null;
    long[] id = in.shape().dims();
    int r = id.length;
    if (r < 2) {
      throw node.invalidArgument("input must be at least 2-dim, received shape: " + in.shape());
    }
    long rows = id[r - 2];
    long cols = id[r - 1];
    if (version > 1) {
      long[] k = band(ctx, 1);
      lo = k[0];
      hi = k[1];
      pad = scalarInput(ctx, 2, "padding_value");
      checkBounds(node, lo, hi, rows, cols);
    }
    long numDiags = hi - lo + 1;
    long maxLen = Math.min(rows + Math.min(hi, 0), cols - Math.max(lo, 0));
    long batch = 1;
    for (int i = 0; i < r - 2; i++) {
      batch *= id[i];
    }
    long[] od = Arrays.copyOf(id, r - 2 + (numDiags == 1 ? 1 : 2));
    if (numDiags == 1) {
      od[r - 2] = Math.max(maxLen, 0);
    } else {
      od[r - 2] = numDiags;
      od[r - 1] = Math.max(maxLen, 0);
    }
    TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
    if (pad != null) {
      ArrayCopy.fill(out, pad, 0);
    }
    ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
    for (long b = 0; b < batch; b++) {
      for (long d = lo; d <= hi; d++) {
        long len = diagLen(d, rows, cols);
        long off = offset(d, maxLen, rows, cols, right);
        long base = (b * numDiags + (hi - d)) * maxLen;
        for (long t = 0; t < len; t++) {
          long i = t + Math.max(-d, 0);
          long j = t + Math.max(d, 0);
          mv.move((b * rows + i) * cols + j, base + t + off, 1);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void checkBounds(NodeInfo node, long lo, long hi, long rows, long cols) {
    if (!((-rows < lo && lo < cols) || lo == 0)) {
      throw node.invalidArgument(
          "lower_diag_index is out of bound: "
              + lo
              + ". It must be between "
              + -rows
              + " and "
              + cols);
    }
    if (!((-rows < hi && hi < cols) || hi == 0)) {
      throw node.invalidArgument(
          "upper_diag_index is out of bound: "
              + hi
              + " It must be between "
              + -rows
              + " and "
              + cols);
    }
  }

  private static void setDiag(KernelContext ctx, int version, boolean[] right) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor diag = ctx.input(1);
    long[] id = in.shape().dims();
    int r = id.length;
    if (r < 2) {
      throw node.invalidArgument("input must be at least 2-dim, received shape: " + in.shape());
    }
    long rows = id[r - 2];
    long cols = id[r - 1];
    long lo = 0;
    long hi = 0;
    if (version > 1) {
      long[] k = band(ctx, 2);
      lo = k[0];
      hi = k[1];
      checkBounds(node, lo, hi, rows, cols);
    }
    long numDiags = hi - lo + 1;
    long maxLen = Math.min(rows + Math.min(hi, 0), cols - Math.max(lo, 0));
    long[] expected = Arrays.copyOf(id, r - 2 + (numDiags == 1 ? 1 : 2));
    if (numDiags == 1) {
      expected[r - 2] = maxLen;
    } else {
      expected[r - 2] = numDiags;
      expected[r - 1] = maxLen;
    }
    if (!diag.shape().equals(Shape.of(expected))) {
      throw node.invalidArgument(
          "diagonal must have shape " + Shape.of(expected) + ", received shape: " + diag.shape());
    }
    TensorBuffer out = ArrayCopy.copyOf(ctx, in, in.shape());
    ArrayCopy.Mover mv = ArrayCopy.Mover.of(diag, out);
    long batch = 1;
    for (int i = 0; i < r - 2; i++) {
      batch *= id[i];
    }
    for (long b = 0; b < batch; b++) {
      for (long d = lo; d <= hi; d++) {
        long len = diagLen(d, rows, cols);
        long off = offset(d, maxLen, rows, cols, right);
        long base = (b * numDiags + (hi - d)) * maxLen;
        for (long t = 0; t < len; t++) {
          long i = t + Math.max(-d, 0);
          long j = t + Math.max(d, 0);
          mv.move(base + t + off, (b * rows + i) * cols + j, 1);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void bandPart(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long[] id = in.shape().dims();
    int r = id.length;
    if (r < 2) {
      throw node.invalidArgument("input must be at least 2-dim, received shape: " + in.shape());
    }
    long rows = id[r - 2];
    long cols = id[r - 1];
    Tensor lt = ctx.input(1);
    Tensor ut = ctx.input(2);
    if (lt.shape().rank() != 0) {
      throw node.invalidArgument("num_lower must be scalar, got shape " + lt.shape());
    }
    if (ut.shape().rank() != 0) {
      throw node.invalidArgument("num_upper must be scalar, got shape " + ut.shape());
    }
    long lower = lt.getIndex(0);
    long upper = ut.getIndex(0);
    if (lower > rows) {
      throw node.invalidArgument(
          "num_lower must be negative or less or equal to number of rows ("
              + rows
              + ") got: "
              + lower);
    }
    if (upper > cols) {
      throw node.invalidArgument(
          "num_upper must be negative or less or equal to number of columns ("
              + cols
              + ") got: "
              + upper);
    }
    TensorBuffer out = ctx.allocate(in.dtype(), in.shape());
    ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
    long batch = rows * cols == 0 ? 0 : in.numElements() / (rows * cols);
    for (long b = 0; b < batch; b++) {
      for (long i = 0; i < rows; i++) {
        long from = lower < 0 ? 0 : Math.max(0, i - lower);
        long to = upper < 0 ? cols : Math.min(cols, i + upper + 1);
        if (to > from) {
          long at = (b * rows + i) * cols + from;
          mv.move(at, at, to - from);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static Kernel tensorDiag(NodeInfo node) {
    return ctx -> {
      Tensor in = ctx.input(0);
      long[] d = in.shape().dims();
      if (d.length < 1) {
        throw node.invalidArgument("Input must be at least rank 1, got 0");
      }
      long n = in.numElements();
      long[] od = new long[d.length * 2];
      System.arraycopy(d, 0, od, 0, d.length);
      System.arraycopy(d, 0, od, d.length, d.length);
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
      ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
      for (long i = 0; i < n; i++) {
        mv.move(i, i * n + i, 1);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static Kernel tensorDiagPart(NodeInfo node) {
    return ctx -> {
      Tensor in = ctx.input(0);
      long[] d = in.shape().dims();
      if (d.length == 0 || d.length % 2 != 0) {
        throw node.invalidArgument(
            "The rank of the tensor should be even and positive, got shape " + in.shape());
      }
      int half = d.length / 2;
      for (int i = 0; i < half; i++) {
        if (d[i] != d[i + half]) {
          throw node.invalidArgument(
              "Invalid shape "
                  + in.shape()
                  + ": dimensions "
                  + i
                  + " and "
                  + (i + half)
                  + " do not match.");
        }
      }
      long[] od = Arrays.copyOf(d, half);
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
      long n = out.shape().numElements();
      ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
      for (long i = 0; i < n; i++) {
        mv.move(i * n + i, i, 1);
      }
      ctx.setOutput(0, out.freeze());
    };
  }
}
