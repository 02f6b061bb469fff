package dev.rawops.tfgen;

import static dev.rawops.tfgen.ScatterCaseKit.Via.CONST;
import static dev.rawops.tfgen.ScatterCaseKit.Via.FED;
import static dev.rawops.tfgen.ScatterCaseKit.Via.FED_UNKNOWN;
import static dev.rawops.tfgen.ScatterCaseKit.describe;
import static dev.rawops.tfgen.ScatterCaseKit.indices;
import static dev.rawops.tfgen.ScatterCaseKit.random;
import static dev.rawops.tfgen.ScatterCaseKit.shape;
import static dev.rawops.tfgen.ScatterCaseKit.updatesFor;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.ScatterCaseKit.Built;
import dev.rawops.tfgen.ScatterCaseKit.Via;
import java.util.List;
import java.util.Random;

/**
 * TensorScatterUpdate: the seed page's examples, every dtype and Tindices, index depths 1..rank
 * (and past TF's limit), batched index shapes, empty updates and tensors, out-of-bounds indices
 * under each bad_indices_policy, static and run-time shape-rule violations, duplicate indices, and
 * chains where the runtime may update in place.
 */
public final class TensorScatterUpdateCases implements CaseFamily {
  @Override
  public String directory() {
    return "tensor_scatter_update";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    ScatterSeedCases.add(out);
    dtypes(out, r);
    indexTypes(out, r);
    depths(out, r);
    batched(out, r);
    empty(out, r);
    outOfBounds(out);
    policies(out, r);
    ScatterShapeRuleCases.add(out);
    duplicates(out, r);
    ScatterChainCases.add(out, r);
    return out.cases();
  }

  static void add(CaseList out, String what, Built b) {
    out.add(
        "TensorScatterUpdate " + what + ". " + b.inputs(), b.graph(), b.feeds(), List.of("out"));
  }

  /** One random valid scatter of {@code updates} index vectors of depth {@code depth}. */
  private static void valid(
      CaseList out,
      Random r,
      DType dtype,
      DType indexType,
      Shape tensorShape,
      int depth,
      Shape batch,
      Via via,
      String note) {
    Tensor tensor = random(dtype, tensorShape, r);
    Tensor idx = indices(indexType, tensorShape, depth, batch, r);
    Tensor upd = updatesFor(tensor, idx, r);
    add(
        out,
        "tensor "
            + describe(tensor)
            + ", indices "
            + describe(idx)
            + " (index depth "
            + depth
            + "), updates "
            + describe(upd)
            + note,
        ScatterCaseKit.build(tensor, idx, upd, via, null));
  }

  private static void dtypes(CaseList out, Random r) {
    for (DType dtype : DType.dataTypes()) {
      for (DType indexType : List.of(DType.INT32, DType.INT64)) {
        Via via = indexType == DType.INT32 ? FED : CONST;
        valid(out, r, dtype, indexType, shape(4, 3), 1, shape(2), via, ", unique rows");
      }
    }
  }

  /**
   * The OpDef allows int16 and uint16 indices; TF 2.18 has CPU kernels for int32 and int64 only.
   */
  private static void indexTypes(CaseList out, Random r) {
    for (DType indexType : List.of(DType.INT16, DType.UINT16)) {
      for (DType dtype : List.of(DType.FLOAT, DType.STRING)) {
        valid(
            out,
            r,
            dtype,
            indexType,
            shape(4, 2),
            1,
            shape(2),
            FED,
            ", Tindices without a CPU kernel");
      }
    }
  }

  private static void depths(CaseList out, Random r) {
    long[][] shapes = {{5}, {4, 3}, {3, 2, 4}, {2, 3, 2, 2}, {2, 2, 1, 3, 2}};
    for (long[] dims : shapes) {
      for (int depth = 1; depth <= dims.length; depth++) {
        Via via = depth % 2 == 0 ? FED_UNKNOWN : FED;
        valid(out, r, DType.INT32, DType.INT64, Shape.of(dims), depth, shape(2), via, "");
      }
    }
    valid(
        out,
        r,
        DType.FLOAT,
        DType.INT32,
        shape(1, 2, 1, 2, 1, 2, 3),
        6,
        shape(3),
        FED,
        ", depth 6");
    valid(
        out,
        r,
        DType.DOUBLE,
        DType.INT64,
        shape(2, 1, 2, 1, 2, 1, 2),
        7,
        shape(4),
        FED,
        ", depth 7 (TF's maximum)");
    valid(
        out,
        r,
        DType.INT8,
        DType.INT32,
        shape(1, 2, 1, 1, 2, 1, 1, 2),
        8,
        shape(2),
        FED,
        ", depth 8 (beyond TF's maximum)");
    valid(
        out,
        r,
        DType.INT8,
        DType.INT32,
        shape(2, 1, 1, 1, 1, 1, 1, 1, 3),
        8,
        shape(1),
        FED_UNKNOWN,
        ", depth 8 of rank 9 (beyond TF's maximum)");
  }

  private static void batched(CaseList out, Random r) {
    valid(
        out, r, DType.FLOAT, DType.INT32, shape(6, 3), 1, shape(2, 3), FED, ", batch shape [2,3]");
    valid(
        out,
        r,
        DType.INT64,
        DType.INT64,
        shape(3, 4),
        2,
        shape(2, 2, 2),
        FED,
        ", batch shape [2,2,2]");
    valid(
        out,
        r,
        DType.STRING,
        DType.INT32,
        shape(4, 2, 2),
        1,
        shape(1, 2),
        CONST,
        ", batch shape [1,2]");
    valid(
        out,
        r,
        DType.HALF,
        DType.INT64,
        shape(5, 2),
        1,
        shape(1, 1, 1, 3),
        FED_UNKNOWN,
        ", batch shape [1,1,1,3]");
    valid(
        out,
        r,
        DType.COMPLEX64,
        DType.INT32,
        shape(3, 3, 2),
        2,
        shape(3, 1),
        FED,
        ", batch shape [3,1]");
  }

  private static void empty(CaseList out, Random r) {
    valid(
        out,
        r,
        DType.FLOAT,
        DType.INT32,
        shape(3, 2),
        1,
        shape(0),
        FED,
        ", EMPTY UPDATES (no index vectors)");
    valid(
        out,
        r,
        DType.STRING,
        DType.INT64,
        shape(3, 2),
        2,
        shape(0),
        CONST,
        ", EMPTY UPDATES (no index vectors)");
    valid(
        out,
        r,
        DType.INT32,
        DType.INT32,
        shape(3),
        1,
        shape(2, 0),
        FED_UNKNOWN,
        ", EMPTY UPDATES (batch [2,0])");
    valid(
        out,
        r,
        DType.INT32,
        DType.INT32,
        shape(0, 3),
        1,
        shape(0),
        FED,
        ", EMPTY tensor and updates");
    valid(
        out,
        r,
        DType.BOOL,
        DType.INT64,
        shape(2, 0),
        1,
        shape(2),
        FED_UNKNOWN,
        ", EMPTY slices (tensor [2,0])");
    Tensor t = random(DType.FLOAT, shape(2, 0), r);
    Tensor i = Tensor.ofInts(shape(2, 1), 0, 1);
    Tensor u = random(DType.FLOAT, shape(2, 0), r);
    add(
        out,
        "EMPTY slices, static shapes: tensor float[2,0], indices int32[2,1], updates float[2,0]",
        ScatterCaseKit.build(t, i, u, FED, null));
    add(
        out,
        "EMPTY tensor, rank-1 indices int32[0], updates int32[0,2]",
        ScatterCaseKit.build(
            Tensor.ofInts(shape(0, 2)),
            Tensor.ofInts(shape(0)),
            Tensor.ofInts(shape(0, 2)),
            FED_UNKNOWN,
            null));
    add(
        out,
        "EMPTY updates on a non-empty tensor with index depth 0: indices int32[0,0], updates int32[0,2]",
        ScatterCaseKit.build(
            Tensor.ofInts(shape(2), 1, 2),
            Tensor.ofInts(shape(0, 0)),
            Tensor.ofInts(shape(0, 2)),
            FED_UNKNOWN,
            null));
  }

  private static void outOfBounds(CaseList out) {
    Tensor zeros8 = Tensor.ofInts(shape(8), new int[8]);
    Tensor upd4 = Tensor.ofInts(shape(4), 9, 10, 11, 12);
    oob(
        out,
        "OUT OF BOUNDS: index 8 into dim 8",
        zeros8,
        Tensor.ofInts(shape(4, 1), 1, 8, 4, 7),
        upd4,
        FED);
    oob(
        out,
        "OUT OF BOUNDS: negative index -1",
        zeros8,
        Tensor.ofLongs(shape(4, 1), 1, 3, -1, 7),
        upd4,
        CONST);
    oob(
        out,
        "OUT OF BOUNDS: two bad index vectors (TF names the last)",
        zeros8,
        Tensor.ofInts(shape(4, 1), 9, 3, -1, 7),
        upd4,
        FED_UNKNOWN);
    oob(
        out,
        "OUT OF BOUNDS: int64 index 2^40",
        zeros8,
        Tensor.ofLongs(shape(4, 1), 1L << 40, 3, 4, 7),
        upd4,
        FED);
    oob(
        out,
        "OUT OF BOUNDS: int32 minimum",
        zeros8,
        Tensor.ofInts(shape(4, 1), 0, Integer.MIN_VALUE, 4, 7),
        upd4,
        FED);
    Tensor t34 = Tensor.ofFloats(shape(3, 4), new float[12]);
    oob(
        out,
        "OUT OF BOUNDS: second component of a depth-2 vector, batched position [1,1]",
        t34,
        Tensor.ofInts(shape(2, 2, 2), 0, 0, 1, 1, 2, 2, 0, 4),
        Tensor.ofFloats(shape(2, 2), 1, 2, 3, 4),
        FED);
    oob(
        out,
        "OUT OF BOUNDS: row slice index 3 of 3",
        t34,
        Tensor.ofLongs(shape(2, 1), 2, 3),
        Tensor.ofFloats(shape(2, 4), 1, 2, 3, 4, 5, 6, 7, 8),
        FED_UNKNOWN);
    oob(
        out,
        "OUT OF BOUNDS into a string tensor",
        Tensor.ofStrings(shape(2), "a", "b"),
        Tensor.ofInts(shape(1, 1), -2),
        Tensor.ofStrings(shape(1), "z"),
        CONST);
  }

  private static void oob(CaseList out, String what, Tensor t, Tensor i, Tensor u, Via via) {
    add(
        out,
        what + ": tensor " + describe(t) + ", indices " + describe(i) + ", updates " + describe(u),
        ScatterCaseKit.build(t, i, u, via, null));
  }

  private static void policies(CaseList out, Random r) {
    Tensor t = Tensor.ofInts(shape(3, 4), new int[12]);
    Tensor bad = Tensor.ofInts(shape(2, 2, 2), 0, 0, 1, 1, 2, 9, 0, 3);
    Tensor upd = Tensor.ofInts(shape(2, 2), 1, 2, 3, 4);
    for (String policy : List.of("", "DEFAULT", "ERROR", "IGNORE")) {
      add(
          out,
          "bad_indices_policy \"" + policy + "\" with OUT OF BOUNDS index [2, 9] into [3,4]",
          ScatterCaseKit.build(t, bad, upd, FED, policy));
      Tensor tensor = random(DType.DOUBLE, shape(4, 2), r);
      Tensor idx = indices(DType.INT64, tensor.shape(), 1, shape(3), r);
      add(
          out,
          "bad_indices_policy \"" + policy + "\", all indices valid",
          ScatterCaseKit.build(tensor, idx, updatesFor(tensor, idx, r), CONST, policy));
    }
    add(
        out,
        "bad_indices_policy IGNORE, every index vector bad",
        ScatterCaseKit.build(
            Tensor.ofInts(shape(3), 1, 2, 3),
            Tensor.ofInts(shape(2, 1), -1, 3),
            Tensor.ofInts(shape(2), 7, 8),
            FED_UNKNOWN,
            "IGNORE"));
    for (String policy : List.of("BOGUS", "ignore")) {
      add(
          out,
          "unknown bad_indices_policy \"" + policy + "\"",
          ScatterCaseKit.build(
              Tensor.ofInts(shape(3), 1, 2, 3),
              Tensor.ofInts(shape(1, 1), 1),
              Tensor.ofInts(shape(1), 7),
              CONST,
              policy));
    }
  }

  /**
   * The CPU kernel applies updates in row-major order of indices: the last one for a position wins.
   */
  private static void duplicates(CaseList out, Random r) {
    String tag = "DUPLICATE INDICES: ";
    add(
        out,
        tag + "scalars, position 1 written three times",
        ScatterCaseKit.build(
            Tensor.ofInts(shape(8), new int[8]),
            Tensor.ofInts(shape(4, 1), 1, 1, 4, 1),
            Tensor.ofInts(shape(4), 9, 10, 11, 12),
            FED,
            null));
    add(
        out,
        tag + "rows",
        ScatterCaseKit.build(
            Tensor.ofFloats(shape(3, 2), new float[6]),
            Tensor.ofInts(shape(3, 1), 1, 2, 1),
            Tensor.ofFloats(shape(3, 2), 1, 2, 3, 4, 5, 6),
            CONST,
            null));
    add(
        out,
        tag + "batched depth-2 vectors",
        ScatterCaseKit.build(
            Tensor.ofLongs(shape(2, 2), 0, 0, 0, 0),
            Tensor.ofLongs(shape(2, 2, 2), 0, 1, 1, 1, 0, 1, 0, 1),
            Tensor.ofLongs(shape(2, 2), 7, 8, 9, 10),
            FED_UNKNOWN,
            null));
    add(
        out,
        tag + "with an out-of-bounds vector under IGNORE",
        ScatterCaseKit.build(
            Tensor.ofInts(shape(8), new int[8]),
            Tensor.ofInts(shape(4, 1), 9, 3, -1, 3),
            Tensor.ofInts(shape(4), 9, 10, 11, 12),
            FED,
            "IGNORE"));
    for (DType dtype : List.of(DType.FLOAT, DType.STRING, DType.COMPLEX128, DType.BFLOAT16)) {
      Tensor tensor = random(dtype, shape(5, 2), r);
      Tensor idx = Tensor.ofInts(shape(40, 1), r.ints(40, 0, 5).toArray());
      add(
          out,
          tag + "40 random rows into 5, " + dtype.tfName(),
          ScatterCaseKit.build(tensor, idx, updatesFor(tensor, idx, r), FED, null));
    }
    Tensor tensor = random(DType.INT16, shape(3, 3, 2), r);
    Tensor idx = Tensor.ofLongs(shape(6, 4, 2), r.longs(48, 0, 3).toArray());
    add(
        out,
        tag + "24 random depth-2 vectors into 3x3, batch [6,4]",
        ScatterCaseKit.build(tensor, idx, updatesFor(tensor, idx, r), CONST, null));
  }
}
