package dev.rawops.tfgen;

import static dev.rawops.tfgen.RaggedGatherCases.constant;
import static dev.rawops.tfgen.RaggedGatherCases.constants;
import static dev.rawops.tfgen.RaggedGatherCases.i32;
import static dev.rawops.tfgen.RaggedGatherCases.i64;
import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Random;

/**
 * RaggedGather's lenient cases (what TF accepts although a ragged tensor would not: splits not
 * starting at 0 or ending short, int64 indices read as int32, matrix splits fed at run time) and
 * every error, BUILD (shape function, attrs, edges) or RUN (kernel).
 *
 * <p>Left out on purpose, because TensorFlow itself misbehaves there: an OUTPUT_RAGGED_RANK that
 * contradicts indices of a rank unknown at build time (TF aborts the process), and a gathered row
 * reaching the one-past-the-end entry of an inner splits tensor (TF reads outside the buffer).
 * rawops reports both as INVALID_ARGUMENT (see RaggedGatherErrorsTest).
 */
final class RaggedGatherEdgeCases {
  private RaggedGatherEdgeCases() {}

  static void add(CaseList out, Random r) {
    lenient(out, r);
    badIndices(out, r);
    badSplits(out, r);
    badShapesAtRunTime(out, r);
    wrongOutputRaggedRank(out, r);
    buildErrors(out, r);
  }

  private static Tensor floats(Random r, long n) {
    return RandomTensors.of(r, DType.FLOAT, Shape.of(n), false);
  }

  private static void lenient(CaseList out, Random r) {
    RaggedGatherGraphs.add(
        out,
        "splits not starting at 0 (TF requires only non-negative splits)",
        constants(List.of(i32(Shape.of(3), 1, 2, 4))),
        constant(floats(r, 4)),
        constant(i32(Shape.of(2), 1, 0)));
    RaggedGatherGraphs.add(
        out,
        "inner splits not starting at 0",
        constants(List.of(i64(Shape.of(3), 0, 2, 3), i64(Shape.of(4), 1, 2, 2, 4))),
        constant(floats(r, 4)),
        constant(i32(Shape.of(3), 0, 1, 0)));
    RaggedGatherGraphs.add(
        out,
        "last split below the values' rows: trailing values unused",
        constants(List.of(i32(Shape.of(3), 0, 1, 2))),
        constant(floats(r, 5)),
        constant(i64(Shape.of(2), 1, 1)));
    RaggedGatherGraphs.add(
        out,
        "outer splits ending below the inner level's rows",
        constants(List.of(i32(Shape.of(2), 0, 1), i32(Shape.of(4), 0, 1, 2, 3))),
        constant(floats(r, 3)),
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "outer splits ending at the inner splits' length (TF's bound); the gathered rows stay "
            + "inside",
        constants(List.of(i32(Shape.of(3), 0, 1, 3), i32(Shape.of(3), 0, 1, 2))),
        constant(floats(r, 2)),
        constant(i32(Shape.of(2), 0, 0)));
    RaggedGatherGraphs.add(
        out,
        "int64 index 2^32+1 with int32 splits: TF reads it as int32 1",
        constants(List.of(i32(Shape.of(3), 0, 2, 4))),
        constant(floats(r, 4)),
        constant(i64(Shape.of(2), (1L << 32) + 1, 0)));
    RaggedGatherGraphs.add(
        out,
        "the same row many times",
        constants(List.of(i64(Shape.of(3), 0, 3, 4))),
        constant(RandomTensors.of(r, DType.STRING, Shape.of(4), false)),
        constant(i64(Shape.of(2, 3), 0, 0, 0, 1, 0, 1)));
    RaggedGatherGraphs.add(
        out,
        "splits fed as a [2,2] matrix to a Placeholder of unknown rank: TF takes the rows from "
            + "dimension 0 and reads the splits flat",
        List.of(Input.fedNoShape(i32(Shape.of(2, 2), 0, 2, 3, 4), CONTENT, false)),
        constant(floats(r, 4)),
        constant(i32(Shape.of(1), 0)));
  }

  private static void badIndices(CaseList out, Random r) {
    List<Input> s = constants(List.of(i32(Shape.of(5), 0, 2, 2, 4, 4)));
    Input v = constant(floats(r, 4));
    RaggedGatherGraphs.add(
        out, "INVALID: index 10 of 4 rows", s, v, constant(i32(Shape.of(2), 1, 10)));
    RaggedGatherGraphs.add(
        out, "INVALID: index = number of rows (4)", s, v, constant(i64(Shape.of(3), 3, 4, 0)));
    RaggedGatherGraphs.add(out, "INVALID: negative index", s, v, constant(i32(Shape.of(1), -1)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: bad index at position [1,2] of a matrix",
        s,
        v,
        constant(i64(Shape.of(2, 3), 0, 1, 2, 3, 0, 7)));
    RaggedGatherGraphs.add(
        out, "INVALID: bad scalar index", s, v, constant(i32(Shape.scalar(), 9)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: int64 index 2^32-1 with int32 splits, read as int32 -1",
        s,
        v,
        constant(i64(Shape.of(1), (1L << 32) - 1)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: the largest int64 index with int64 splits",
        constants(List.of(i64(Shape.of(3), 0, 2, 4))),
        v,
        constant(i64(Shape.of(1), Long.MAX_VALUE)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: bad index and unsorted splits: TF checks the indices first",
        constants(List.of(i32(Shape.of(4), 0, 3, 1, 4))),
        v,
        constant(i32(Shape.of(1), 3)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: bad index fed to a Placeholder of unknown rank",
        s,
        v,
        Input.fedNoShape(i64(Shape.of(2, 1), 2, 5), TYPED, true));
  }

  private static void badSplits(CaseList out, Random r) {
    Input v4 = constant(floats(r, 4));
    RaggedGatherGraphs.add(
        out,
        "INVALID: unsorted splits",
        constants(List.of(i32(Shape.of(4), 0, 3, 1, 4))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: unsorted inner splits",
        constants(List.of(i64(Shape.of(3), 0, 1, 2), i64(Shape.of(3), 0, 3, 2))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: unsorted innermost of three levels",
        constants(
            List.of(i32(Shape.of(2), 0, 1), i32(Shape.of(3), 0, 1, 2), i32(Shape.of(3), 0, 4, 3))),
        v4,
        constant(i64(Shape.scalar(), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: negative first split",
        constants(List.of(i32(Shape.of(3), -1, 1, 2))),
        v4,
        constant(i32(Shape.of(1), 1)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: last split past the values (5 > 4 rows)",
        constants(List.of(i64(Shape.of(3), 0, 2, 5))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: innermost splits past the values, two levels",
        constants(List.of(i32(Shape.of(2), 0, 2), i32(Shape.of(3), 0, 2, 6))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: outer splits past the inner splits' length (4 > 3)",
        constants(List.of(i32(Shape.of(3), 0, 1, 4), i32(Shape.of(3), 0, 1, 2))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: empty splits (no indices)",
        constants(List.of(i32(Shape.of(0)))),
        v4,
        constant(i32(Shape.of(0))));
    RaggedGatherGraphs.add(
        out,
        "INVALID: empty inner splits",
        constants(List.of(i64(Shape.of(2), 0, 0), i64(Shape.of(0)))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: empty splits with an index: no row is in [0, -1)",
        constants(List.of(i32(Shape.of(0)))),
        v4,
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: unsorted splits fed to Placeholders of unknown shape",
        List.of(Input.fedNoShape(i32(Shape.of(4), 0, 2, 1, 4), TYPED, false)),
        Input.fedNoShape(floats(r, 4), CONTENT, false),
        Input.fed(i32(Shape.of(1), 0), PartialShape.of(-1), CONTENT, false));
  }

  private static void badShapesAtRunTime(CaseList out, Random r) {
    RaggedGatherGraphs.add(
        out,
        "INVALID: scalar splits fed to a Placeholder of unknown rank",
        List.of(Input.fedNoShape(i32(Shape.scalar(), 0), CONTENT, false)),
        constant(floats(r, 2)),
        constant(i32(Shape.of(1), 0)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: scalar values fed to a Placeholder of unknown rank",
        constants(List.of(i64(Shape.of(2), 0, 1))),
        Input.fedNoShape(RandomTensors.of(r, DType.INT8, Shape.scalar(), false), CONTENT, false),
        constant(i32(Shape.of(1), 0)));
  }

  /**
   * OUTPUT_RAGGED_RANK must be rank(indices) + PARAMS_RAGGED_RANK - 1 whenever the rank is known.
   */
  private static void wrongOutputRaggedRank(CaseList out, Random r) {
    List<Input> one = constants(List.of(i32(Shape.of(3), 0, 1, 4)));
    Input v = constant(RandomTensors.of(r, DType.INT16, Shape.of(4), false));
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK 2 for scalar indices (needs 0)",
        one,
        v,
        Input.fed(i32(Shape.scalar(), 0), PartialShape.of(), TYPED, false),
        2,
        g -> {});
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK 0 for vector indices (needs 1)",
        one,
        v,
        constant(i32(Shape.of(2), 0, 1)),
        0,
        g -> {});
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK 2 for vector indices (needs 1)",
        one,
        v,
        Input.fed(i64(Shape.of(2), 0, 1), PartialShape.of(-1), CONTENT, false),
        2,
        g -> {});
    List<Input> three =
        constants(List.of(i32(Shape.of(2), 0, 1), i32(Shape.of(2), 0, 1), i32(Shape.of(2), 0, 4)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK 1 for matrix indices and 3 params levels (needs 4)",
        three,
        v,
        constant(i32(Shape.of(1, 1), 0)),
        1,
        g -> {});
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK 5 for matrix indices of unknown dims and 3 levels "
            + "(needs 4)",
        three,
        v,
        Input.fed(i32(Shape.of(1, 1), 0), PartialShape.unknownDims(2), TYPED, false),
        5,
        g -> {});
    RaggedGatherGraphs.add(
        out,
        "INVALID: OUTPUT_RAGGED_RANK -1 (attr minimum 0)",
        one,
        v,
        constant(i32(Shape.scalar(), 0)),
        -1,
        g -> {});
  }

  private static void buildErrors(CaseList out, Random r) {
    Input v = constant(floats(r, 4));
    Input ix = constant(i32(Shape.of(1), 0));
    RaggedGatherGraphs.add(
        out,
        "INVALID: splits Const of rank 2",
        constants(List.of(i32(Shape.of(2, 2), 0, 1, 2, 4))),
        v,
        ix);
    RaggedGatherGraphs.add(
        out,
        "INVALID: inner splits Const of rank 0",
        constants(List.of(i32(Shape.of(2), 0, 1), i32(Shape.scalar(), 0))),
        v,
        ix);
    RaggedGatherGraphs.add(
        out,
        "INVALID: scalar values Const",
        constants(List.of(i32(Shape.of(2), 0, 1))),
        constant(Tensor.ofFloats(Shape.scalar(), 1f)),
        ix);
    List<Input> s = constants(List.of(i32(Shape.of(3), 0, 1, 4)));
    RaggedGatherGraphs.add(
        out,
        "INVALID: Tsplits float is not allowed",
        s,
        v,
        ix,
        1,
        g -> g.attr("Tsplits", DataType.DT_FLOAT));
    RaggedGatherGraphs.add(
        out,
        "INVALID: Tindices int16 is not allowed",
        s,
        v,
        constant(Tensor.ofIntegers(DType.INT16, Shape.of(1), 0)),
        1,
        g -> {});
    RaggedGatherGraphs.add(
        out,
        "INVALID: PARAMS_RAGGED_RANK 2 with one splits input",
        s,
        v,
        ix,
        1,
        g -> g.attr("PARAMS_RAGGED_RANK", 2L));
    RaggedGatherGraphs.add(
        out,
        "INVALID: splits of different dtypes (int32, int64) under Tsplits int32",
        List.of(constant(i32(Shape.of(2), 0, 1)), constant(i64(Shape.of(2), 0, 4))),
        v,
        ix);
  }
}
