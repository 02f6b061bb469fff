package dev.rawops.kernels.cpu.linalg;

import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * CPU kernels of the Linalg op family: each matrix of the batch (the two innermost dimensions) is
 * read into doubles, decomposed or solved by {@link DenseLinalg}, and written back in T. Real
 * dtypes only (float, double; half where TF registers it).
 */
public final class CpuLinalg {
  private CpuLinalg() {}

  public static List<KernelDef> defs() {
    return List.of(
        def("MatrixInverse", CpuLinalg::inverse, FLOAT, DOUBLE, HALF),
        def("MatrixDeterminant", (n, c) -> determinant(n, c, false), FLOAT, DOUBLE),
        def("LogMatrixDeterminant", (n, c) -> determinant(n, c, true), FLOAT, DOUBLE),
        def("MatrixSolve", CpuLinalg::solve, FLOAT, DOUBLE),
        def("MatrixTriangularSolve", CpuLinalg::triangularSolve, FLOAT, DOUBLE),
        def("MatrixSolveLs", CpuLinalg::solveLs, FLOAT, DOUBLE),
        def("Cholesky", CpuLinalg::cholesky, FLOAT, DOUBLE),
        KernelDef.builder("Lu", Device.CPU)
            .typeConstraint("T", FLOAT, DOUBLE)
            .typeConstraint("output_idx_type", INT32, INT64)
            .build(node -> ctx -> lu(node, ctx)),
        def("Qr", CpuLinalg::qr, FLOAT, DOUBLE, HALF),
        def("Svd", CpuLinalg::svd, FLOAT, DOUBLE),
        def("SelfAdjointEigV2", CpuLinalg::eig, FLOAT, DOUBLE));
  }

  @FunctionalInterface
  private interface Body {
    void compute(NodeInfo node, KernelContext ctx);
  }

  private static KernelDef def(String op, Body body, DType... types) {
    return KernelDef.builder(op, Device.CPU)
        .typeConstraint("T", types)
        .build(node -> ctx -> body.compute(node, ctx));
  }

  private static double[] read(Tensor t, long offset, int count) {
    double[] v = new double[count];
    for (int i = 0; i < count; i++) {
      v[i] = Numbers.get(t, offset + i);
    }
    return v;
  }

  private static void write(TensorBuffer b, long offset, double[] v) {
    for (int i = 0; i < v.length; i++) {
      Numbers.set(b, offset + i, v[i]);
    }
  }

  private static Shape requireMatrix(NodeInfo node, Tensor t, String what) {
    Shape s = t.shape();
    if (s.rank() < 2) {
      throw node.invalidArgument(what + " must have rank >= 2, got " + s.rank());
    }
    return s;
  }

  private static int requireSquare(NodeInfo node, Shape s) {
    long m = s.dim(s.rank() - 2);
    if (m != s.dim(s.rank() - 1)) {
      throw node.invalidArgument("Input matrix must be square.");
    }
    return (int) m;
  }

  private static long batches(Shape s, long perMatrix) {
    return perMatrix == 0 ? 0 : s.numElements() / perMatrix;
  }

  private static void inverse(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int n = requireSquare(node, s);
    boolean adjoint = node.attrs().getBool("adjoint");
    TensorBuffer out = ctx.allocate(in.dtype(), s);
    int[] perm = new int[n];
    for (long b = 0; b < batches(s, (long) n * n); b++) {
      double[] a = read(in, b * n * n, n * n);
      if (adjoint) {
        a = DenseLinalg.transpose(a, n, n);
      }
      DenseLinalg.lu(a, n, perm);
      if (!(DenseLinalg.minAbsDiagonal(a, n) > 0)) {
        throw node.invalidArgument("Input is not invertible.");
      }
      write(out, b * n * n, DenseLinalg.luSolve(a, n, perm, DenseLinalg.identity(n), n));
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void determinant(NodeInfo node, KernelContext ctx, boolean log) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int n = requireSquare(node, s);
    Shape bs = s.sub(0, s.rank() - 2);
    TensorBuffer sign = ctx.allocate(in.dtype(), bs);
    TensorBuffer value = log ? ctx.allocate(in.dtype(), bs) : sign;
    int[] perm = new int[n];
    long count = bs.numElements();
    for (long b = 0; b < count; b++) {
      double[] a = read(in, b * n * n, n * n);
      int swaps = DenseLinalg.lu(a, n, perm);
      double sg = swaps % 2 == 0 ? 1 : -1;
      double logAbs = 0;
      for (int i = 0; i < n; i++) {
        double d = a[i * n + i];
        logAbs += Math.log(Math.abs(d));
        sg *= Math.signum(d);
      }
      if (Double.isInfinite(logAbs) && logAbs < 0) {
        sg = 0;
      }
      if (log) {
        Numbers.set(sign, b, sg);
        Numbers.set(value, b, logAbs);
      } else {
        Numbers.set(sign, b, sg * Math.exp(logAbs));
      }
    }
    ctx.setOutput(0, sign.freeze());
    if (log) {
      ctx.setOutput(1, value.freeze());
    }
  }

  private static void solve(NodeInfo node, KernelContext ctx) {
    Tensor matrix = ctx.input(0);
    Tensor rhs = ctx.input(1);
    Shape ms = requireMatrix(node, matrix, "Input tensor 0");
    Shape rs = requireMatrix(node, rhs, "Input tensor 1");
    int n = requireSquare(node, ms);
    if (rs.dim(rs.rank() - 2) != n) {
      throw node.invalidArgument(
          "Input matrix and right-hand side must have the same number of rows.");
    }
    int k = (int) rs.dim(rs.rank() - 1);
    boolean adjoint = node.attrs().getBool("adjoint");
    TensorBuffer out = ctx.allocate(matrix.dtype(), rs);
    int[] perm = new int[n];
    long count = batches(ms, (long) n * n);
    for (long b = 0; b < count && (long) n * k > 0; b++) {
      double[] a = read(matrix, b * n * n, n * n);
      if (adjoint) {
        a = DenseLinalg.transpose(a, n, n);
      }
      DenseLinalg.lu(a, n, perm);
      if (!(DenseLinalg.minAbsDiagonal(a, n) > 0)) {
        throw node.invalidArgument("Input matrix is not invertible.");
      }
      double[] x = DenseLinalg.luSolve(a, n, perm, read(rhs, b * n * k, n * k), k);
      write(out, b * n * k, x);
    }
    ctx.setOutput(0, out.freeze());
  }

  /**
   * matrix_solve_ls_op_impl.h: fast = true solves the (regularised) normal equations by Cholesky
   * (of A^T A when M >= N, else of A A^T); fast = false gives the minimum-norm least-squares
   * solution (Eigen's complete orthogonal decomposition; here through the SVD).
   */
  private static void solveLs(NodeInfo node, KernelContext ctx) {
    Tensor matrix = ctx.input(0);
    Tensor rhs = ctx.input(1);
    Tensor l2 = ctx.input(2);
    Shape ms = requireMatrix(node, matrix, "Input tensor 0");
    Shape rs = requireMatrix(node, rhs, "Input tensor 1");
    if (l2.shape().rank() != 0) {
      throw node.invalidArgument("l2_regularizer must be scalar, got shape " + l2.shape());
    }
    double lambda = Numbers.get(l2, 0);
    boolean fast = node.attrs().getBool("fast");
    int m = (int) ms.dim(ms.rank() - 2);
    int n = (int) ms.dim(ms.rank() - 1);
    if (rs.dim(rs.rank() - 2) != m) {
      throw node.invalidArgument(
          "Input matrix and right-hand side must have the same number of rows.");
    }
    int k = (int) rs.dim(rs.rank() - 1);
    Shape bs = ms.sub(0, ms.rank() - 2);
    TensorBuffer out = ctx.allocate(matrix.dtype(), bs.concat(Shape.of(n, k)));
    long count = bs.numElements();
    if ((long) m * n * k == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    for (long b = 0; b < count; b++) {
      double[] a = read(matrix, b * m * n, m * n);
      double[] r = read(rhs, b * m * k, m * k);
      double[] x =
          fast
              ? normalEquations(node, a, m, n, r, k, lambda)
              : JacobiDecompositions.leastSquares(a, m, n, r, k);
      write(out, b * n * k, x);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static double[] normalEquations(
      NodeInfo node, double[] a, int m, int n, double[] r, int k, double lambda) {
    boolean over = m >= n;
    int g = over ? n : m;
    double[] gram = new double[g * g];
    for (int i = 0; i < g; i++) {
      for (int j = 0; j <= i; j++) {
        double s = 0;
        if (over) {
          for (int t = 0; t < m; t++) {
            s += a[t * n + i] * a[t * n + j];
          }
        } else {
          for (int t = 0; t < n; t++) {
            s += a[i * n + t] * a[j * n + t];
          }
        }
        gram[i * g + j] = s;
      }
      if (lambda > 0) {
        gram[i * g + i] += lambda;
      }
    }
    double[] l = DenseLinalg.cholesky(gram, g);
    if (l == null) {
      throw node.invalidArgument(
          "Input matrix was rank deficient or ill-conditioned. Try setting fast=False or provide"
              + " a larger l2_regularizer > 0.");
    }
    double[] at = DenseLinalg.transpose(a, m, n);
    if (over) {
      double[] y = multiply(at, n, m, r, k);
      return choleskySolve(l, g, y, k);
    }
    return multiply(at, n, m, choleskySolve(l, g, r, k), k);
  }

  private static double[] choleskySolve(double[] l, int g, double[] y, int k) {
    double[] z = DenseLinalg.triangularSolve(l, g, y, k, true, false);
    return DenseLinalg.triangularSolve(l, g, z, k, true, true);
  }

  /** (rows × inner) · (inner × cols). */
  private static double[] multiply(double[] x, int rows, int inner, double[] y, int cols) {
    double[] o = new double[rows * cols];
    for (int i = 0; i < rows; i++) {
      for (int t = 0; t < inner; t++) {
        double v = x[i * inner + t];
        for (int j = 0; j < cols; j++) {
          o[i * cols + j] += v * y[t * cols + j];
        }
      }
    }
    return o;
  }

  private static void triangularSolve(NodeInfo node, KernelContext ctx) {
    Tensor matrix = ctx.input(0);
    Tensor rhs = ctx.input(1);
    Shape ms = matrix.shape();
    Shape rs = rhs.shape();
    if (ms.rank() < 2) {
      throw node.invalidArgument("In[0] ndims must be >= 2: " + ms.rank());
    }
    if (rs.rank() < 2) {
      throw node.invalidArgument("In[1] ndims must be >= 2: " + rs.rank());
    }
    int n = (int) ms.dim(ms.rank() - 1);
    if (ms.dim(ms.rank() - 2) != n) {
      throw node.invalidArgument(
          "In[0] matrices in the last dimensions must be square ("
              + n
              + " =/= "
              + ms.dim(ms.rank() - 2)
              + ")");
    }
    Shape mb = ms.sub(0, ms.rank() - 2);
    Shape rb = rs.sub(0, rs.rank() - 2);
    int r = Math.max(mb.rank(), rb.rank());
    long[] ob = new long[r];
    for (int i = 0; i < r; i++) {
      int im = i - (r - mb.rank());
      int ir = i - (r - rb.rank());
      long dm = im >= 0 ? mb.dim(im) : 1;
      long dr = ir >= 0 ? rb.dim(ir) : 1;
      if (dm != dr && dm != 1 && dr != 1) {
        throw node.invalidArgument(
            "In[0] and In[1] must have compatible batch dimensions: " + ms + " vs. " + rs);
      }
      ob[i] = dm == 1 ? dr : dm;
    }
    boolean lower = node.attrs().getBool("lower");
    boolean adjoint = node.attrs().getBool("adjoint");
    long d2 = rs.dim(rs.rank() - 2);
    int k = (int) rs.dim(rs.rank() - 1);
    if (d2 != n) {
      throw node.invalidArgument(
          "In[0] mismatch In[1] shape: "
              + n
              + " vs. "
              + d2
              + ": "
              + ms
              + " "
              + rs
              + " "
              + lower
              + " "
              + adjoint);
    }
    Shape outShape = Shape.of(ob).concat(Shape.of(n, k));
    TensorBuffer out = ctx.allocate(matrix.dtype(), outShape);
    long count = Shape.of(ob).numElements();
    if (outShape.numElements() > 0) {
      for (long b = 0; b < count; b++) {
        long mi = batchIndex(b, ob, mb);
        long ri = batchIndex(b, ob, rb);
        double[] a = read(matrix, mi * n * n, n * n);
        double[] x =
            DenseLinalg.triangularSolve(a, n, read(rhs, ri * n * k, n * k), k, lower, adjoint);
        write(out, b * n * k, x);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** The flat batch index in {@code in} (broadcast against {@code out}) of output batch b. */
  private static long batchIndex(long b, long[] out, Shape in) {
    long idx = 0;
    long stride = 1;
    long rem = b;
    int off = out.length - in.rank();
    for (int i = out.length - 1; i >= 0; i--) {
      long coord = rem % out[i];
      rem /= out[i];
      int ii = i - off;
      if (ii >= 0) {
        long d = in.dim(ii);
        idx += (d == 1 ? 0 : coord) * stride;
        stride *= d;
      }
    }
    return idx;
  }

  private static void cholesky(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int n = requireSquare(node, s);
    TensorBuffer out = ctx.allocate(in.dtype(), s);
    for (long b = 0; b < batches(s, (long) n * n); b++) {
      double[] l = DenseLinalg.cholesky(read(in, b * n * n, n * n), n);
      if (l == null) {
        throw node.invalidArgument(
            "Cholesky decomposition was not successful. The input might not be valid.");
      }
      write(out, b * n * n, l);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void lu(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = in.shape();
    if (s.rank() < 2) {
      throw node.invalidArgument("Input tensor must have rank >= 2, got " + s.rank());
    }
    int n = requireSquare(node, s);
    DType idx = node.outputDType(1);
    TensorBuffer out = ctx.allocate(in.dtype(), s);
    TensorBuffer p = ctx.allocate(idx, s.sub(0, s.rank() - 1));
    int[] perm = new int[n];
    for (long b = 0; b < batches(s, (long) n * n); b++) {
      double[] a = read(in, b * n * n, n * n);
      DenseLinalg.lu(a, n, perm);
      write(out, b * n * n, a);
      for (int i = 0; i < n; i++) {
        p.setIndex(b * n + i, perm[i]);
      }
      if (!(DenseLinalg.minAbsDiagonal(a, n) > 0)) {
        throw node.invalidArgument("Input is not invertible.");
      }
    }
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, p.freeze());
  }

  private static void qr(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int m = (int) s.dim(s.rank() - 2);
    int n = (int) s.dim(s.rank() - 1);
    int p = Math.min(m, n);
    boolean full = node.attrs().getBool("full_matrices");
    Shape bs = s.sub(0, s.rank() - 2);
    int qc = full ? m : p;
    TensorBuffer q = ctx.allocate(in.dtype(), bs.concat(Shape.of(m, qc)));
    TensorBuffer r = ctx.allocate(in.dtype(), bs.concat(Shape.of(qc, n)));
    long count = bs.numElements();
    for (long b = 0; b < count && (long) m * n > 0; b++) {
      double[][] res = DenseLinalg.qr(read(in, b * m * n, m * n), m, n, full);
      write(q, b * m * qc, res[0]);
      write(r, b * qc * n, res[1]);
    }
    ctx.setOutput(0, q.freeze());
    ctx.setOutput(1, r.freeze());
  }

  private static void svd(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int m = (int) s.dim(s.rank() - 2);
    int n = (int) s.dim(s.rank() - 1);
    int p = Math.min(m, n);
    boolean uv = node.attrs().getBool("compute_uv");
    boolean full = node.attrs().getBool("full_matrices");
    Shape bs = s.sub(0, s.rank() - 2);
    int uc = full ? m : p;
    int vc = full ? n : p;
    TensorBuffer sv = ctx.allocate(in.dtype(), bs.concat(Shape.of(p)));
    TensorBuffer u = ctx.allocate(in.dtype(), uv ? bs.concat(Shape.of(m, uc)) : Shape.of(0));
    TensorBuffer v = ctx.allocate(in.dtype(), uv ? bs.concat(Shape.of(n, vc)) : Shape.of(0));
    long count = bs.numElements();
    for (long b = 0; b < count; b++) {
      if ((long) m * n == 0) {
        if (uv) {
          writeEye(u, b, m, uc);
          writeEye(v, b, n, vc);
        }
        continue;
      }
      double[][] res = JacobiDecompositions.svd(read(in, b * m * n, m * n), m, n, full);
      write(sv, b * p, res[0]);
      if (uv) {
        // res[1] is m×(m or p) and res[2] is n×(n or p) per the m>=n or transposed path.
        writeColumns(u, b * m * uc, res[1], m, uc);
        writeColumns(v, b * n * vc, res[2], n, vc);
      }
    }
    ctx.setOutput(0, sv.freeze());
    ctx.setOutput(1, u.freeze());
    ctx.setOutput(2, v.freeze());
  }

  private static void writeEye(TensorBuffer t, long b, int rows, int cols) {
    for (int i = 0; i < Math.min(rows, cols); i++) {
      Numbers.set(t, b * rows * cols + (long) i * cols + i, 1);
    }
  }

  /** Writes the first {@code cols} columns of the row-major matrix src (rows × srcCols). */
  private static void writeColumns(TensorBuffer t, long offset, double[] src, int rows, int cols) {
    int srcCols = src.length / Math.max(1, rows);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        Numbers.set(t, offset + (long) i * cols + j, src[i * srcCols + j]);
      }
    }
  }

  private static void eig(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    Shape s = requireMatrix(node, in, "Input tensor 0");
    int n = requireSquare(node, s);
    boolean computeV = node.attrs().getBool("compute_v");
    TensorBuffer e = ctx.allocate(in.dtype(), s.sub(0, s.rank() - 1));
    TensorBuffer v = ctx.allocate(in.dtype(), computeV ? s : Shape.of(0));
    for (long b = 0; b < batches(s, (long) n * n); b++) {
      double[][] res = JacobiDecompositions.symmetricEigen(read(in, b * n * n, n * n), n);
      write(e, b * n, res[0]);
      if (computeV) {
        write(v, b * n * n, res[1]);
      }
    }
    ctx.setOutput(0, e.freeze());
    ctx.setOutput(1, v.freeze());
  }
}
