package dev.rawops.tfgen;

import static dev.rawops.tfgen.GatherNdCases.INDEX_TYPES;
import static dev.rawops.tfgen.GatherNdCases.constant;
import static dev.rawops.tfgen.GatherNdCases.i32;
import static dev.rawops.tfgen.GatherNdCases.idx;
import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import com.google.protobuf.ByteString;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.TensorProto;
import java.util.Random;

/**
 * GatherNd edge and error cases: empty tensors, out-of-bounds indices, every bad_indices_policy,
 * Placeholder inputs with full, partial, unknown or no static shape (static errors are BUILD
 * errors, the same errors on unknown shapes are RUN errors), and compact typed encodings.
 */
final class GatherNdEdgeCases {
  private GatherNdEdgeCases() {}

  static void add(CaseList out, Random r) {
    empty(out, r);
    outOfBounds(out, r);
    policies(out, r);
    placeholders(out, r);
    compactEncodings(out);
    larger(out, r);
  }

  private static void empty(CaseList out, Random r) {
    emptyCase(out, "empty params rows, no index vectors", Shape.of(0, 3), Shape.of(0, 1), r);
    emptyCase(out, "no index vectors into a vector", Shape.of(4), Shape.of(0, 1), r);
    emptyCase(
        out,
        "depth 0: every index vector selects all of params",
        Shape.of(2, 3),
        Shape.of(3, 0),
        r);
    emptyCase(
        out, "rank-1 indices of depth 0: the output is params", Shape.of(2, 3), Shape.of(0), r);
    emptyCase(
        out,
        "slices of size 0 (params [2,0] has no elements) with 3 index vectors",
        Shape.of(2, 0),
        Shape.of(3, 1),
        r);
    emptyCase(out, "empty params, one index vector", Shape.of(0), Shape.of(1, 1), r);
    emptyCase(out, "empty string params, no index vectors", Shape.of(0, 2), Shape.of(0, 2), r);
    emptyCase(
        out,
        "params [2,3,0] with full-depth-minus-one indices",
        Shape.of(2, 3, 0),
        Shape.of(2, 2),
        r);
    emptyCase(out, "params [3,0,2], depth 1", Shape.of(3, 0, 2), Shape.of(2, 1), r);
    emptyCase(out, "depth 0 into empty params, 2 index vectors", Shape.of(0, 3), Shape.of(2, 0), r);
    emptyCase(out, "zero index vectors of depth 0", Shape.of(2), Shape.of(0, 0), r);
    emptyCase(
        out, "no index vectors into a vector, batch [2,0]", Shape.of(4), Shape.of(2, 0, 1), r);
    Tensor params = RandomTensors.of(r, DType.FLOAT, Shape.of(0, 3), false);
    GatherNdGraphs.add(
        out,
        "empty params fed to Placeholder [?,3]",
        Input.fed(params, PartialShape.of(-1, 3), CONTENT, true),
        Input.fed(i32(Shape.of(0, 1)), PartialShape.of(-1, 1), TYPED, false),
        null);
  }

  private static void emptyCase(CaseList out, String what, Shape ps, Shape is, Random r) {
    DType t = what.contains("string") ? DType.STRING : DType.FLOAT;
    int depth = (int) is.dim(is.rank() - 1);
    Shape batch = is.sub(0, is.rank() - 1);
    long[] ix =
        ps.numElements() == 0
            ? new long[(int) is.numElements()]
            : RandomTensors.validIndices(r, ps, depth, batch);
    GatherNdGraphs.add(
        out, what, constant(RandomTensors.of(r, t, ps, false)), constant(i32(is, ix)), null);
  }

  /**
   * Negative and too-large components at every position, for each Tindices; boundaries that are
   * valid.
   */
  private static void outOfBounds(CaseList out, Random r) {
    for (DType ti : INDEX_TYPES) {
      long max =
          ti == DType.INT16
              ? Short.MAX_VALUE
              : ti == DType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
      long min =
          ti == DType.INT16
              ? Short.MIN_VALUE
              : ti == DType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
      Tensor vec = RandomTensors.of(r, DType.INT64, Shape.of(4), false);
      Tensor mat = RandomTensors.of(r, DType.FLOAT, Shape.of(3, 5), false);
      Tensor cube = RandomTensors.of(r, DType.STRING, Shape.of(2, 3, 4), false);
      oob(
          out,
          "OUT OF BOUNDS: component = dim size (4) at index vector 1",
          vec,
          idx(ti, Shape.of(3, 1), 1, 4, 2));
      oob(out, "OUT OF BOUNDS: negative component -1", vec, idx(ti, Shape.of(1, 1), -1));
      oob(
          out,
          "valid boundary: components = dim size - 1",
          mat,
          idx(ti, Shape.of(2, 2), 2, 4, 0, 0));
      oob(
          out,
          "OUT OF BOUNDS: first component = dim size (3), second valid",
          mat,
          idx(ti, Shape.of(2, 2), 2, 4, 3, 0));
      oob(out, "OUT OF BOUNDS: last component = dim size (5)", mat, idx(ti, Shape.of(1, 2), 2, 5));
      oob(
          out,
          "OUT OF BOUNDS: at batch position [1,0] of batch [2,2]",
          cube,
          idx(ti, Shape.of(2, 2, 3), 1, 2, 3, 0, 0, 0, 1, 3, 0, 0, 0, 0));
      oob(out, "OUT OF BOUNDS: the largest " + ti.tfName(), mat, idx(ti, Shape.of(1, 2), 0, max));
      oob(out, "OUT OF BOUNDS: the smallest " + ti.tfName(), mat, idx(ti, Shape.of(1, 2), min, 0));
      oob(
          out,
          "OUT OF BOUNDS: two bad index vectors, the first is reported",
          vec,
          idx(ti, Shape.of(3, 1), 0, 5, -1));
      oob(
          out,
          "OUT OF BOUNDS: depth 1 slice index = dim size (2) of a [2,3,4] cube",
          cube,
          idx(ti, Shape.of(1), 2));
    }
    Tensor mat = RandomTensors.of(r, DType.DOUBLE, Shape.of(3, 5), false);
    GatherNdGraphs.add(
        out,
        "OUT OF BOUNDS in fed indices, Placeholder of unknown rank",
        constant(mat),
        Input.fedNoShape(i32(Shape.of(2, 2), 0, 1, -3, 1), CONTENT, false),
        null);
  }

  private static void oob(CaseList out, String what, Tensor params, Tensor indices) {
    GatherNdGraphs.add(out, what, constant(params), constant(indices), null);
  }

  /** Each bad_indices_policy value (and an invalid one), with valid and with bad indices. */
  private static void policies(CaseList out, Random r) {
    String[] all = {null, "", "DEFAULT", "ERROR", "IGNORE", "ignore", "FOO"};
    Tensor params = RandomTensors.of(r, DType.INT32, Shape.of(3, 4), false);
    for (String policy : all) {
      GatherNdGraphs.add(
          out,
          "policy with valid indices",
          constant(params),
          constant(i32(Shape.of(2, 2), 2, 3, 0, 1)),
          policy);
      GatherNdGraphs.add(
          out,
          "policy with bad indices: too large and negative rows",
          constant(params),
          constant(i32(Shape.of(4, 1), 1, 3, -1, 2)),
          policy);
    }
    Tensor strings = RandomTensors.of(r, DType.STRING, Shape.of(2, 3), false);
    GatherNdGraphs.add(
        out,
        "IGNORE with bad scalar indices into strings",
        constant(strings),
        constant(i32(Shape.of(3, 2), 0, 3, 1, 2, -1, 0)),
        "IGNORE");
    GatherNdGraphs.add(
        out,
        "IGNORE with a bad index and fed params",
        Input.fed(params, PartialShape.unknownRank(), TYPED, false),
        Input.fed(
            idx(DType.INT64, Shape.of(2, 2), 3, 0, 2, 3), PartialShape.of(-1, 2), CONTENT, true),
        "IGNORE");
  }

  /**
   * Placeholders of every shape knowledge, feeds in both encodings and key styles; shape errors.
   */
  private static void placeholders(CaseList out, Random r) {
    Shape ps = Shape.of(3, 2, 2);
    Tensor params = RandomTensors.of(r, DType.FLOAT, ps, true);
    Tensor indices = i32(Shape.of(2, 2), 2, 1, 0, 0);
    PartialShape[] known = {ps.toPartial(), PartialShape.of(-1, 2, -1), PartialShape.unknownRank()};
    for (PartialShape s : known) {
      GatherNdGraphs.add(
          out, "fed params", Input.fed(params, s, CONTENT, false), constant(indices), null);
      GatherNdGraphs.add(
          out,
          "fed indices",
          constant(params),
          Input.fed(indices, s.hasRank() ? indices.shape().toPartial() : s, TYPED, true),
          null);
    }
    GatherNdGraphs.add(
        out,
        "fed indices, Placeholder [?,?]",
        constant(params),
        Input.fed(indices, PartialShape.unknownDims(2), CONTENT, false),
        null);
    GatherNdGraphs.add(
        out,
        "both fed, no shape attrs",
        Input.fedNoShape(params, TYPED, true),
        Input.fedNoShape(indices, CONTENT, true),
        null);
    GatherNdGraphs.add(
        out,
        "both fed with static shapes, typed feeds",
        Input.fed(params, ps.toPartial(), TYPED, false),
        Input.fed(indices, indices.shape().toPartial(), TYPED, false),
        null);
    shapeErrors(out, r, params);
  }

  private static void shapeErrors(CaseList out, Random r, Tensor params) {
    Tensor deep = i32(Shape.of(1, 4), 0, 0, 0, 0);
    GatherNdGraphs.add(
        out,
        "index depth 4 > params rank 3, both static: rejected by the shape function",
        constant(params),
        constant(deep),
        null);
    GatherNdGraphs.add(
        out,
        "index depth 4 > params rank 3, params of unknown rank: rejected by the kernel",
        Input.fed(params, PartialShape.unknownRank(), CONTENT, false),
        constant(deep),
        null);
    GatherNdGraphs.add(
        out,
        "index depth 4 > params rank 3, indices [?,?]: rejected by the kernel",
        constant(params),
        Input.fed(deep, PartialShape.unknownDims(2), CONTENT, false),
        null);
    Tensor scalarIndex = i32(Shape.scalar(), 0);
    GatherNdGraphs.add(
        out,
        "scalar indices, static: rejected by the shape function",
        constant(params),
        constant(scalarIndex),
        null);
    GatherNdGraphs.add(
        out,
        "scalar indices fed to a Placeholder of unknown rank",
        constant(params),
        Input.fedNoShape(scalarIndex, CONTENT, false),
        null);
    Tensor scalarParams = RandomTensors.of(r, DType.INT64, Shape.scalar(), false);
    GatherNdGraphs.add(
        out,
        "scalar params with depth-0 indices",
        constant(scalarParams),
        constant(i32(Shape.of(2, 0))),
        null);
    GatherNdGraphs.add(
        out,
        "fed value's shape [2,2,2] differs from the Placeholder's static shape [3,2,2]",
        Input.fed(
            RandomTensors.of(r, DType.FLOAT, Shape.of(2, 2, 2), false),
            params.shape().toPartial(),
            CONTENT,
            false),
        constant(i32(Shape.of(1, 1), 1)),
        null);
  }

  /**
   * TF's compact typed encodings: a short list repeats its last value, an empty one means zeros.
   */
  private static void compactEncodings(CaseList out) {
    compact(
        out,
        "float params [3,4] from one float_val (1.5)",
        TensorProto.newBuilder()
            .setDtype(DType.FLOAT.proto())
            .setTensorShape(Shape.of(3, 4).toPartial().toProto())
            .addFloatVal(1.5f)
            .build(),
        i32(Shape.of(2, 1), 2, 0));
    compact(
        out,
        "int64 params [5] from int64_val [7, -2]",
        TensorProto.newBuilder()
            .setDtype(DType.INT64.proto())
            .setTensorShape(Shape.of(5).toPartial().toProto())
            .addInt64Val(7)
            .addInt64Val(-2)
            .build(),
        i32(Shape.of(3, 1), 4, 0, 1));
    compact(
        out,
        "string params [2,2] from one string_val",
        TensorProto.newBuilder()
            .setDtype(DType.STRING.proto())
            .setTensorShape(Shape.of(2, 2).toPartial().toProto())
            .addStringVal(ByteString.copyFromUtf8("x"))
            .build(),
        i32(Shape.of(1, 2), 1, 1));
    compact(
        out,
        "half params [3] with no values at all (zeros)",
        TensorProto.newBuilder()
            .setDtype(DType.HALF.proto())
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .build(),
        i32(Shape.of(2, 1), 2, 1));
    compact(
        out,
        "bool params [4] from bool_val [true]",
        TensorProto.newBuilder()
            .setDtype(DType.BOOL.proto())
            .setTensorShape(Shape.of(4).toPartial().toProto())
            .addBoolVal(true)
            .build(),
        i32(Shape.of(2, 1), 3, 0));
    compact(
        out,
        "complex64 params [3] from one scomplex_val pair (1, -2)",
        TensorProto.newBuilder()
            .setDtype(DType.COMPLEX64.proto())
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addScomplexVal(1)
            .addScomplexVal(-2)
            .build(),
        i32(Shape.of(1, 1), 2));
    compact(
        out,
        "uint32 params [3] from uint32_val [4000000000]",
        TensorProto.newBuilder()
            .setDtype(DType.UINT32.proto())
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addUint32Val((int) 4_000_000_000L)
            .build(),
        i32(Shape.of(1, 1), 2));
    compact(
        out,
        "int32 params [2] from int_val with 3 values (more than the shape holds)",
        TensorProto.newBuilder()
            .setDtype(DType.INT32.proto())
            .setTensorShape(Shape.of(2).toPartial().toProto())
            .addIntVal(5)
            .addIntVal(6)
            .addIntVal(7)
            .build(),
        i32(Shape.of(2, 1), 1, 0));
  }

  private static void compact(CaseList out, String what, TensorProto params, Tensor indices) {
    GatherNdGraphs.addConstProto(out, what, params, indices);
  }

  /** A few bigger gathers, for the bulk-copy paths. */
  private static void larger(CaseList out, Random r) {
    Shape ps = Shape.of(16, 12, 8);
    Tensor params = RandomTensors.of(r, DType.FLOAT, ps, false);
    Shape batch = Shape.of(6, 5);
    for (int depth = 1; depth <= 3; depth++) {
      GatherNdGraphs.add(
          out,
          "larger gather, depth " + depth,
          Input.fed(params, PartialShape.unknownRank(), CONTENT, false),
          constant(
              i32(batch.concat(Shape.of(depth)), RandomTensors.validIndices(r, ps, depth, batch))),
          null);
    }
  }
}
