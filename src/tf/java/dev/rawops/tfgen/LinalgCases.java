package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Random;

/**
 * The Linalg family where TF's answer is exact: Cross for every dtype TF registers (random values
 * with special bits, integers wrapping), vectors and batches of them, and its errors at run time
 * (fed) and at build time (Consts).
 */
public final class LinalgCases implements CaseFamily {
  @Override
  public String directory() {
    return "linalg";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    List<DType> types = RandomTensors.REAL;
    for (DType t : types) {
      for (Shape s : List.of(Shape.of(3), Shape.of(4, 3), Shape.of(2, 2, 3))) {
        cross(out, RandomTensors.of(r, t, s, true), RandomTensors.of(r, t, s, true), true);
      }
    }
    Tensor docsA = Tensor.ofFloats(Shape.of(3), 1, 2, 3);
    cross(out, docsA, Tensor.ofFloats(Shape.of(3), 4, 5, 6), true);
    cross(
        out,
        Tensor.ofFloats(Shape.of(0, 3), new float[0]),
        Tensor.ofFloats(Shape.of(0, 3), new float[0]),
        true);
    for (boolean fed : new boolean[] {true, false}) {
      cross(out, docsA, Tensor.ofFloats(Shape.of(1, 3), 4, 5, 6), fed);
      Tensor four = Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4);
      cross(out, four, four, fed);
      Tensor one = Tensor.ofFloats(Shape.scalar(), 1);
      cross(out, one, one, fed);
      cross(out, docsA, Tensor.ofFloats(Shape.of(2), 4, 5), fed);
    }
    return out.cases();
  }

  private static void cross(CaseList out, Tensor a, Tensor b, boolean fed) {
    NodeCase c = new NodeCase().input(fed, a).input(fed, b);
    c.op("Cross").attr("T", a.dtype());
    c.addTo(out, "Cross", 1);
  }
}
