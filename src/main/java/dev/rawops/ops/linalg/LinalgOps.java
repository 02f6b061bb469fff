package dev.rawops.ops.linalg;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The Linalg op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): batched matrix
 * decompositions and solvers over the two innermost dimensions.
 */
public final class LinalgOps implements OpFamily {

  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("MatMul", LinalgOps::matMul),
        DefinedOp.of("BatchMatMul", node -> batchMatMul(node, false)),
        DefinedOp.of("BatchMatMulV2", node -> batchMatMul(node, true)),
        DefinedOp.of("BatchMatMulV3", node -> batchMatMul(node, true)),
        DefinedOp.of("Einsum", LinalgOps::einsum),
        DefinedOp.of("MatrixInverse", node -> List.of(square(node, 0))),
        DefinedOp.of("Cholesky", node -> List.of(square(node, 0))),
        DefinedOp.of("MatrixDeterminant", node -> List.of(batch(square(node, 0)))),
        DefinedOp.of(
            "LogMatrixDeterminant",
            node -> {
              PartialShape b = batch(square(node, 0));
              return List.of(b, b);
            }),
        DefinedOp.of("MatrixSolve", LinalgOps::solveShape),
        DefinedOp.of("MatrixTriangularSolve", LinalgOps::triangularSolveShape),
        DefinedOp.of("MatrixSolveLs", LinalgOps::solveLsShape),
        DefinedOp.of("Lu", LinalgOps::luShape),
        DefinedOp.of("Qr", LinalgOps::qrShape),
        DefinedOp.of("Svd", LinalgOps::svdShape),
        DefinedOp.of("SelfAdjointEigV2", LinalgOps::eigShape),
        DefinedOp.of("Cross", LinalgOps::crossShape));
  }

  private static PartialShape matrix(NodeInfo node, int input) {
    Shapes.requireRankAtLeast(node, input, 2);
    return node.inputShape(input);
  }

  /** TF's BatchUnchangedSquareShapeFn: rank >= 2 and the two innermost dimensions merged. */
  private static PartialShape square(NodeInfo node, int input) {
    PartialShape s = matrix(node, input);
    if (!s.hasRank()) {
      return s;
    }
    int r = s.rank();
    long a = s.dim(r - 2);
    long b = s.dim(r - 1);
    if (a >= 0 && b >= 0 && a != b) {
      throw node.invalidArgument("Dimensions must be equal, but are " + a + " and " + b);
    }
    long d = a >= 0 ? a : b;
    long[] dims = dims(s);
    dims[r - 2] = d;
    dims[r - 1] = d;
    return PartialShape.of(dims);
  }

  private static long[] dims(PartialShape s) {
    long[] d = new long[s.rank()];
    for (int i = 0; i < d.length; i++) {
      d[i] = s.dim(i);
    }
    return d;
  }

  private static PartialShape batch(PartialShape s) {
    return s.hasRank() ? s.sub(0, s.rank() - 2) : s;
  }

  private static long last(PartialShape s, int fromEnd) {
    return s.hasRank() ? s.dim(s.rank() - fromEnd) : PartialShape.UNKNOWN;
  }

  private static List<PartialShape> solveShape(NodeInfo node) {
    PartialShape m = square(node, 0);
    PartialShape rhs = matrix(node, 1);
    long mm = last(m, 1);
    long rm = last(rhs, 2);
    if (mm >= 0 && rm >= 0 && mm != rm) {
      throw node.invalidArgument("Dimensions must be equal, but are " + mm + " and " + rm);
    }
    PartialShape b = m.hasRank() ? batch(m) : batch(rhs);
    return List.of(b.concat(PartialShape.of(mm >= 0 ? mm : rm, last(rhs, 1))));
  }

  /** matrix [..., M, N], rhs [..., M, K], l2_regularizer scalar: output [..., N, K]. */
  private static List<PartialShape> solveLsShape(NodeInfo node) {
    PartialShape m = matrix(node, 0);
    PartialShape rhs = matrix(node, 1);
    Shapes.requireRank(node, 2, 0);
    long mm = last(m, 2);
    long rm = last(rhs, 2);
    if (mm >= 0 && rm >= 0 && mm != rm) {
      throw node.invalidArgument("Dimensions must be equal, but are " + mm + " and " + rm);
    }
    PartialShape b = m.hasRank() ? batch(m) : batch(rhs);
    return List.of(b.concat(PartialShape.of(last(m, 1), last(rhs, 1))));
  }

  private static List<PartialShape> triangularSolveShape(NodeInfo node) {
    PartialShape m = square(node, 0);
    PartialShape rhs = matrix(node, 1);
    long mm = last(m, 1);
    long rm = last(rhs, 2);
    if (mm >= 0 && rm >= 0 && mm != rm) {
      throw node.invalidArgument("Dimensions must be equal, but are " + mm + " and " + rm);
    }
    PartialShape inner = PartialShape.of(mm >= 0 ? mm : rm, last(rhs, 1));
    if (!m.hasRank() || !rhs.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    PartialShape a = batch(m);
    PartialShape b = batch(rhs);
    int r = Math.max(a.rank(), b.rank());
    long[] out = new long[r];
    for (int i = 0; i < r; i++) {
      int ia = i - (r - a.rank());
      int ib = i - (r - b.rank());
      long da = ia >= 0 ? a.dim(ia) : 1;
      long db = ib >= 0 ? b.dim(ib) : 1;
      if (da == 1) {
        out[i] = db;
      } else if (db == 1) {
        out[i] = da;
      } else if (da < 0 || db < 0) {
        out[i] = da < 0 ? db : da;
      } else if (da != db) {
        throw node.invalidArgument("Incompatible shapes: [" + join(a) + "] vs. [" + join(b) + "]");
      } else {
        out[i] = da;
      }
    }
    return List.of(PartialShape.of(out).concat(inner));
  }

  private static String join(PartialShape s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.rank(); i++) {
      sb.append(i > 0 ? "," : "").append(s.dim(i));
    }
    return sb.toString();
  }

  private static List<PartialShape> luShape(NodeInfo node) {
    PartialShape s = square(node, 0);
    PartialShape p = s.hasRank() ? s.sub(0, s.rank() - 1) : s;
    return List.of(s, p);
  }

  private static long minDim(long m, long n) {
    return m >= 0 && n >= 0 ? Math.min(m, n) : PartialShape.UNKNOWN;
  }

  private static List<PartialShape> qrShape(NodeInfo node) {
    PartialShape s = matrix(node, 0);
    if (!s.hasRank()) {
      return List.of(s, s);
    }
    long m = last(s, 2);
    long n = last(s, 1);
    long p = minDim(m, n);
    boolean full = node.attrs().getBool("full_matrices");
    PartialShape b = batch(s);
    return List.of(
        b.concat(PartialShape.of(m, full ? m : p)), b.concat(PartialShape.of(full ? m : p, n)));
  }

  private static List<PartialShape> svdShape(NodeInfo node) {
    PartialShape s = matrix(node, 0);
    if (!s.hasRank()) {
      return List.of(s, s, s);
    }
    long m = last(s, 2);
    long n = last(s, 1);
    long p = minDim(m, n);
    PartialShape b = batch(s);
    PartialShape sv = b.concat(PartialShape.of(p));
    if (!node.attrs().getBool("compute_uv")) {
      return List.of(sv, PartialShape.of(0), PartialShape.of(0));
    }
    boolean full = node.attrs().getBool("full_matrices");
    return List.of(
        sv, b.concat(PartialShape.of(m, full ? m : p)), b.concat(PartialShape.of(n, full ? n : p)));
  }

  private static List<PartialShape> eigShape(NodeInfo node) {
    PartialShape s = square(node, 0);
    if (!s.hasRank()) {
      return List.of(s, s);
    }
    PartialShape e = s.sub(0, s.rank() - 1);
    return List.of(e, node.attrs().getBool("compute_v") ? s : PartialShape.of(0));
  }

  private static List<PartialShape> matMul(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 2);
    PartialShape a = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    boolean ta = node.attrs().getBool("transpose_a");
    boolean tb = node.attrs().getBool("transpose_b");
    long m = Shapes.dimOr(a, ta ? 1 : 0);
    long ka = Shapes.dimOr(a, ta ? 0 : 1);
    long kb = Shapes.dimOr(b, tb ? 1 : 0);
    long n = Shapes.dimOr(b, tb ? 0 : 1);
    if (ka >= 0 && kb >= 0 && ka != kb) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, ka, kb));
    }
    return List.of(PartialShape.of(m, n));
  }

  private static List<PartialShape> batchMatMul(NodeInfo node, boolean broadcast) {
    Shapes.requireRankAtLeast(node, 0, 2);
    Shapes.requireRankAtLeast(node, 1, 2);
    PartialShape a = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    if (!a.hasRank() || !b.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    boolean ax = node.attrs().getBool("adj_x");
    boolean ay = node.attrs().getBool("adj_y");
    int ra = a.rank();
    int rb = b.rank();
    long m = a.dim(ax ? ra - 1 : ra - 2);
    long ka = a.dim(ax ? ra - 2 : ra - 1);
    long kb = b.dim(ay ? rb - 1 : rb - 2);
    long n = b.dim(ay ? rb - 2 : rb - 1);
    if (ka >= 0 && kb >= 0 && ka != kb) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, ka, kb));
    }
    long[] batch;
    if (!broadcast) {
      if (ra != rb) {
        throw node.invalidArgument(
            "Shape must be rank " + ra + " but is rank " + rb + " for input 1 of " + node.op());
      }
      batch = new long[ra - 2];
      for (int i = 0; i < ra - 2; i++) {
        long x = a.dim(i);
        long y = b.dim(i);
        if (x >= 0 && y >= 0 && x != y) {
          throw node.invalidArgument(Shapes.dimsMismatch(node, x, y));
        }
        batch[i] = x >= 0 ? x : y;
      }
    } else {
      int r = Math.max(ra, rb) - 2;
      batch = new long[r];
      for (int i = 0; i < r; i++) {
        int ia = i - (r - (ra - 2));
        int ib = i - (r - (rb - 2));
        long x = ia >= 0 ? a.dim(ia) : 1;
        long y = ib >= 0 ? b.dim(ib) : 1;
        if (x == 1) {
          batch[i] = y;
        } else if (y == 1) {
          batch[i] = x;
        } else if (x < 0 || y < 0) {
          batch[i] = x >= 0 ? x : y;
        } else if (x != y) {
          throw node.invalidArgument(
              "Incompatible shapes: " + a.sub(0, ra - 2) + " vs. " + b.sub(0, rb - 2));
        } else {
          batch[i] = x;
        }
      }
    }
    long[] out = new long[batch.length + 2];
    System.arraycopy(batch, 0, out, 0, batch.length);
    out[batch.length] = m;
    out[batch.length + 1] = n;
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> einsum(NodeInfo node) {
    int n = node.numInputs();
    int[] ranks = new int[n];
    long[][] dims = new long[n][];
    for (int i = 0; i < n; i++) {
      PartialShape s = node.inputShape(i);
      ranks[i] = s.hasRank() ? s.rank() : -1;
      dims[i] = s.hasRank() ? Shapes.dimsOrUnknown(s, s.rank()) : null;
    }
    EinsumGeometry spec = EinsumGeometry.parse(node, node.attrs().getString("equation"), ranks);
    if (spec == null) {
      return List.of(PartialShape.unknownRank());
    }
    long[] size = spec.labelSizes(node, dims);
    int[] out = spec.output();
    long[] d = new long[out.length];
    for (int i = 0; i < out.length; i++) {
      d[i] = size[out[i]];
    }
    return List.of(PartialShape.of(d));
  }

  /** TF's Cross shape function: both at least vectors, one shape, its last dimension 3. */
  private static List<PartialShape> crossShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRankAtLeast(node, 1, 1);
    PartialShape a = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    String mismatch = ShapeMerge.mergeError(a, b);
    if (mismatch != null) {
      throw node.invalidArgument(mismatch);
    }
    PartialShape s = a.hasRank() ? a : b;
    if (a.hasRank() && b.hasRank()) {
      long[] d = new long[a.rank()];
      for (int i = 0; i < d.length; i++) {
        d[i] = a.dim(i) >= 0 ? a.dim(i) : b.dim(i);
      }
      s = PartialShape.of(d);
    }
    if (s.hasRank() && s.dim(s.rank() - 1) >= 0 && s.dim(s.rank() - 1) != 3) {
      throw node.invalidArgument("Dimension must be 3 but is " + s.dim(s.rank() - 1));
    }
    return List.of(s);
  }
}
