package dev.rawops.ops.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TF semantics of the elementwise family where they differ from Java's operators. Expected values
 * are TensorFlow's documented results (the tf.math / tf.bitwise API pages' examples and
 * definitions) and TensorFlow's CPU behaviour as reported in its issue tracker.
 */
class ElementwiseSemanticsTest {
  private static Tensor binary(String op, DataType t, Tensor x, Tensor y) {
    return OneOp.of(op).input(x).input(y).attr("T", t).run();
  }

  private static long[] ints(Tensor t) {
    return t.toLongArray();
  }

  private static final DataType I32 = DataType.DT_INT32;

  @Test
  void floorAndTruncatingIntegerDivision() {
    Tensor x = Tensor.ofInts(Shape.of(4), 7, -7, 7, -7);
    Tensor y = Tensor.ofInts(Shape.of(4), 2, 2, -2, -2);
    assertArrayEquals(new long[] {3, -4, -4, 3}, ints(binary("FloorDiv", I32, x, y)));
    assertArrayEquals(new long[] {1, 1, -1, -1}, ints(binary("FloorMod", I32, x, y)));
    assertArrayEquals(new long[] {3, -3, -3, 3}, ints(binary("TruncateDiv", I32, x, y)));
    assertArrayEquals(new long[] {1, -1, 1, -1}, ints(binary("TruncateMod", I32, x, y)));
  }

  /** MIN / -1 wraps (TF's safe_div for integer FloorDiv/FloorMod): int32 and int64 alike. */
  @Test
  void floorDivisionOfTheMinimumByMinusOneWraps() {
    Tensor x = Tensor.ofInts(Shape.of(3), Integer.MIN_VALUE, Integer.MIN_VALUE, -7);
    Tensor y = Tensor.ofInts(Shape.of(3), -1, 3, -1);
    assertArrayEquals(
        new long[] {Integer.MIN_VALUE, -715827883, 7}, ints(binary("FloorDiv", I32, x, y)));
    assertArrayEquals(new long[] {0, 1, 0}, ints(binary("FloorMod", I32, x, y)));
    Tensor x64 = Tensor.ofLongs(Shape.of(2), Long.MIN_VALUE, Long.MIN_VALUE);
    Tensor y64 = Tensor.ofLongs(Shape.of(2), -1, 3);
    assertArrayEquals(
        new long[] {Long.MIN_VALUE, -3074457345618258603L},
        ints(binary("FloorDiv", DataType.DT_INT64, x64, y64)));
    assertArrayEquals(new long[] {0, 1}, ints(binary("FloorMod", DataType.DT_INT64, x64, y64)));
  }

  @Test
  void integerDivisionByZeroIsInvalidArgumentNamingTheNode() {
    Tensor x = Tensor.ofInts(Shape.of(2), 1, 2);
    Tensor y = Tensor.ofInts(Shape.of(2), 1, 0);
    for (String op : List.of("Div", "FloorDiv", "FloorMod")) {
      RawOpsException e = assertThrows(RawOpsException.class, () -> binary(op, I32, x, y));
      assertEquals(Code.INVALID_ARGUMENT, e.code(), op);
      assertEquals("out", e.node().orElseThrow(), op);
      assertTrue(e.getMessage().contains("Integer division by zero"), e.getMessage());
    }
  }

  /**
   * TF 2.18's BinaryOp names only Div, Mod, FloorDiv and FloorMod in its division-by-zero message;
   * TruncateDiv and TruncateMod fail with INTERNAL (SetComputeError in cwise_ops_common.cc; found
   * by DifferentialFuzzTest's binary elementwise family, TF's status recorded in the fixtures
   * elementwise/truncate-div-by-zero-*).
   */
  @Test
  void truncatingIntegerDivisionByZeroIsTfsInternalError() {
    Tensor x = Tensor.ofInts(Shape.of(2), 1, 2);
    Tensor y = Tensor.ofInts(Shape.of(2), 1, 0);
    for (String op : List.of("TruncateDiv", "TruncateMod")) {
      RawOpsException e = assertThrows(RawOpsException.class, () -> binary(op, I32, x, y));
      assertEquals(Code.INTERNAL, e.code(), op);
      assertEquals("out", e.node().orElseThrow(), op);
      assertTrue(
          e.getMessage()
              .contains(
                  "Unexpected error in binary operator (only integer div and mod should have"
                      + " errors)"),
          e.getMessage());
    }
  }

  @Test
  void shiftsClampTheShiftAmountAndWrap() {
    // tf.bitwise.left_shift / right_shift documentation example (int8).
    Tensor x = Tensor.ofIntegers(DType.INT8, Shape.of(4), -1, -5, -3, -14);
    Tensor y = Tensor.ofIntegers(DType.INT8, Shape.of(4), 5, 0, 7, 11);
    assertArrayEquals(
        new long[] {-32, -5, -128, 0}, ints(binary("LeftShift", DataType.DT_INT8, x, y)));
    assertArrayEquals(
        new long[] {-1, -5, -1, -1}, ints(binary("RightShift", DataType.DT_INT8, x, y)));
  }

  @Test
  void roundIsHalfToEven() {
    // tf.math.round documentation example.
    Tensor out =
        OneOp.of("Round")
            .constInput(Tensor.ofFloats(Shape.of(5), 0.9f, 2.5f, 2.3f, 1.5f, -4.5f))
            .attr("T", DataType.DT_FLOAT)
            .run();
    float[] got = new float[5];
    for (int i = 0; i < 5; i++) {
      got[i] = out.getFloat(i);
    }
    assertArrayEquals(new float[] {1f, 2f, 2f, 2f, -4f}, got);
  }

  @Test
  void castOfNanToInt32IsIntMinOnCpu() {
    // TF issue #93648: on CPU tf.cast(NaN, tf.int32) gives -2147483648.
    Tensor out =
        OneOp.of("Cast")
            .input(Tensor.ofFloats(Shape.of(2), Float.NaN, 2.7f))
            .attr("SrcT", DataType.DT_FLOAT)
            .attr("DstT", I32)
            .run();
    assertArrayEquals(new long[] {Integer.MIN_VALUE, 2}, ints(out));
  }

  @Test
  void incompatibleStaticShapesFailAtBuildNamingTheNode() {
    OneOp add =
        OneOp.of("AddV2")
            .placeholder(DataType.DT_FLOAT, PartialShape.of(2, 3))
            .placeholder(DataType.DT_FLOAT, PartialShape.of(4))
            .attr("T", DataType.DT_FLOAT);
    GraphBuildException e = assertThrows(GraphBuildException.class, add::build);
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("Incompatible shapes: [2,3] vs. [4]"), e.getMessage());
  }

  @Test
  void incompatibleShapesAtRunTimeAreInvalidArgument() {
    Tensor x = Tensor.ofFloats(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    Tensor y = Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4);
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> binary("Mul", DataType.DT_FLOAT, x, y));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
  }

  @Test
  void broadcastingRowAgainstColumn() {
    Tensor x = Tensor.ofInts(Shape.of(2, 1), 10, 20);
    Tensor y = Tensor.ofInts(Shape.of(3), 1, 2, 3);
    Tensor out = binary("AddV2", I32, x, y);
    assertEquals(Shape.of(2, 3), out.shape());
    assertArrayEquals(new long[] {11, 12, 13, 21, 22, 23}, ints(out));
  }

  @Test
  void integerPowerWithNegativeExponentIsInvalidArgument() {
    Tensor x = Tensor.ofInts(Shape.of(1), 2);
    Tensor y = Tensor.ofInts(Shape.of(1), -1);
    RawOpsException e = assertThrows(RawOpsException.class, () -> binary("Pow", I32, x, y));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
  }

  private static Tensor select(Tensor cond, Tensor t, Tensor e) {
    return OneOp.of("Select").input(cond).input(t).input(e).attr("T", I32).run();
  }

  @Test
  void selectWithAVectorConditionPicksRowsOfTheFirstDimension() {
    // tf.compat.v1.where: a rank-1 condition selects whole rows of x and y.
    Tensor cond = Tensor.ofBooleans(Shape.of(2), true, false);
    Tensor t = Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4);
    Tensor e = Tensor.ofInts(Shape.of(2, 2), 5, 6, 7, 8);
    assertArrayEquals(new long[] {1, 2, 7, 8}, ints(select(cond, t, e)));
  }

  @Test
  void selectWithAVectorConditionOfTheWrongLengthIsInvalidArgument() {
    Tensor cond = Tensor.ofBooleans(Shape.of(3), true, false, true);
    Tensor t = Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4);
    RawOpsException e = assertThrows(RawOpsException.class, () -> select(cond, t, t));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("Number of batches of 'then'"), e.getMessage());
  }
}
