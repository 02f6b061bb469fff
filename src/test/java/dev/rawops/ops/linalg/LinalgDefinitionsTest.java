package dev.rawops.ops.linalg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decompositions checked against their definitions (TF's documentation of Svd, Qr and
 * SelfAdjointEigV2): the factors rebuild the input, have orthonormal columns, and the values come
 * in TF's order (singular values descending, eigenvalues ascending). The corpus fixtures check the
 * values TF computes.
 */
class LinalgDefinitionsTest {
  private static final double[] A23 = {1, 2, 3, 4, 5, 6.5};

  private static List<Tensor> run(String op, Shape shape, double[] x, Object... attrs) {
    OneOp o = OneOp.of(op).input(Tensor.ofDoubles(shape, x)).attr("T", DataType.DT_DOUBLE);
    for (int i = 0; i < attrs.length; i += 2) {
      o.attr((String) attrs[i], (boolean) attrs[i + 1]);
    }
    return o.runAll(op.equals("Svd") ? 3 : 2);
  }

  private static double at(Tensor t, int r, int c) {
    return t.getDouble((long) r * t.shape().dim(1) + c);
  }

  private static void assertOrthonormalColumns(Tensor q) {
    int m = (int) q.shape().dim(0);
    int n = (int) q.shape().dim(1);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d = 0;
        for (int r = 0; r < m; r++) {
          d += at(q, r, i) * at(q, r, j);
        }
        assertEquals(i == j ? 1 : 0, d, 1e-12);
      }
    }
  }

  @Test
  void svdOfAWideMatrixRebuildsIt() {
    for (boolean full : new boolean[] {false, true}) {
      List<Tensor> r = run("Svd", Shape.of(2, 3), A23, "compute_uv", true, "full_matrices", full);
      Tensor s = r.get(0);
      Tensor u = r.get(1);
      Tensor v = r.get(2);
      assertEquals(Shape.of(2), s.shape());
      assertEquals(Shape.of(2, 2), u.shape());
      assertEquals(full ? Shape.of(3, 3) : Shape.of(3, 2), v.shape());
      assertTrue(s.getDouble(0) >= s.getDouble(1));
      assertOrthonormalColumns(u);
      assertOrthonormalColumns(v);
      for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++) {
          double x = 0;
          for (int k = 0; k < 2; k++) {
            x += at(u, i, k) * s.getDouble(k) * at(v, j, k);
          }
          assertEquals(A23[i * 3 + j], x, 1e-12);
        }
      }
    }
  }

  @Test
  void qrOfATallMatrixRebuildsIt() {
    List<Tensor> r = run("Qr", Shape.of(3, 2), A23, "full_matrices", true);
    Tensor q = r.get(0);
    Tensor rr = r.get(1);
    assertEquals(Shape.of(3, 3), q.shape());
    assertEquals(Shape.of(3, 2), rr.shape());
    assertOrthonormalColumns(q);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 2; j++) {
        double x = 0;
        for (int k = 0; k < 3; k++) {
          x += at(q, i, k) * at(rr, k, j);
        }
        assertEquals(A23[i * 2 + j], x, 1e-12);
        if (i > j) {
          assertEquals(0, at(rr, i, j));
        }
      }
    }
  }

  @Test
  void symmetricEigenvaluesAscend() {
    // [[2, 1], [1, 2]] has eigenvalues 1 and 3.
    List<Tensor> r =
        run("SelfAdjointEigV2", Shape.of(2, 2), new double[] {2, 1, 1, 2}, "compute_v", true);
    assertEquals(1, r.get(0).getDouble(0), 1e-12);
    assertEquals(3, r.get(0).getDouble(1), 1e-12);
    assertOrthonormalColumns(r.get(1));
  }

  @Test
  void leastSquaresOfAConsistentSystemIsItsSolution() {
    // [[1, 0], [0, 1], [1, 1]] x = [1, 2, 3] is solved exactly by x = [1, 2].
    for (boolean fast : new boolean[] {true, false}) {
      Tensor x =
          OneOp.of("MatrixSolveLs")
              .input(Tensor.ofDoubles(Shape.of(3, 2), 1, 0, 0, 1, 1, 1), PartialShape.of(3, 2))
              .input(Tensor.ofDoubles(Shape.of(3, 1), 1, 2, 3), PartialShape.of(3, 1))
              .constInput(Tensor.ofDoubles(Shape.of(), 0)) // l2_regularizer
              .attr("T", DataType.DT_DOUBLE)
              .attr("fast", fast)
              .run();
      assertEquals(Shape.of(2, 1), x.shape());
      assertEquals(1, x.getDouble(0), 1e-12);
      assertEquals(2, x.getDouble(1), 1e-12);
    }
  }
}
