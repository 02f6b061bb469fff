package dev.rawops.ragged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class RaggedTensorTest {
  private static final Tensor SPLITS = Tensor.ofLongs(Shape.of(4), 0, 2, 2, 5);

  @Test
  void format_oneRaggedLevel() {
    RaggedTensor r = RaggedTensor.of(List.of(SPLITS), Tensor.ofInts(Shape.of(5), 1, 2, 3, 4, 5));
    assertEquals("[[1, 2], [], [3, 4, 5]]", r.format());
    assertEquals(r.format(), r.toString());
    assertEquals(1, r.raggedRank());
    assertEquals(2, r.rank());
    assertEquals(3, r.nrows());
  }

  @Test
  void format_twoRaggedLevelsAndInnerDimension() {
    RaggedTensor r =
        RaggedTensor.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 1, 3), Tensor.ofInts(Shape.of(4), 0, 1, 1, 2)),
            Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4));
    assertEquals("[[[[1, 2]]], [[], [[3, 4]]]]", r.format());
    assertEquals(4, r.rank());
  }

  @Test
  void format_noRows() {
    assertEquals(
        "[]",
        RaggedTensor.of(List.of(Tensor.ofInts(Shape.of(1), 0)), Tensor.ofFloats(Shape.of(0)))
            .format());
  }

  @Test
  void format_raggedRankZero_isTheDenseValues() {
    assertEquals(
        "7", RaggedTensor.fromComponents(List.of(Tensor.ofInts(Shape.scalar(), 7))).format());
    RaggedTensor dense =
        RaggedTensor.fromComponents(List.of(Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4)));
    assertEquals("[[1, 2], [3, 4]]", dense.format());
    assertEquals(0, dense.raggedRank());
    assertEquals(2, dense.nrows());
  }

  @Test
  void format_stringsAsPythonBytes() {
    Tensor values =
        Tensor.ofByteStrings(
            Shape.of(5),
            "a".getBytes(StandardCharsets.UTF_8),
            "it's".getBytes(StandardCharsets.UTF_8),
            "\\".getBytes(StandardCharsets.UTF_8),
            new byte[] {'\n', 0, (byte) 0xff},
            new byte[0]);
    assertEquals(
        "[[b'a', b\"it's\"], [], [b'\\\\', b'\\n\\x00\\xff', b'']]",
        RaggedTensor.of(List.of(SPLITS), values).format());
  }

  @Test
  void format_floatingPointTypes() {
    Tensor splits = Tensor.ofInts(Shape.of(2), 0, 4);
    Tensor f = Tensor.ofFloats(Shape.of(4), 1.5f, Float.NaN, Float.NEGATIVE_INFINITY, 0.1f);
    assertEquals("[[1.5, nan, -inf, 0.1]]", RaggedTensor.of(List.of(splits), f).format());
    Tensor d = Tensor.ofDoubles(Shape.of(4), 1e-5, -1.5e16, 1234.5, 1e15);
    assertEquals(
        "[[1e-05, -1.5e+16, 1234.5, 1000000000000000.0]]",
        RaggedTensor.of(List.of(splits), d).format());
    // bfloat16 0x3fc0 = 1.5, 0xbf80 = -1; half 0x3e00 = 1.5, 0x7c00 = +inf.
    assertEquals(
        "[[1.5, -1.0, 0.0, 2.0]]",
        RaggedTensor.of(List.of(splits), shorts(DType.BFLOAT16, 0x3fc0, 0xbf80, 0x0000, 0x4000))
            .format());
    assertEquals(
        "[[1.5, inf, -0.0, 1.0]]",
        RaggedTensor.of(List.of(splits), shorts(DType.HALF, 0x3e00, 0x7c00, 0x8000, 0x3c00))
            .format());
  }

  @Test
  void format_boolUnsignedAndComplex() {
    Tensor splits = Tensor.ofInts(Shape.of(2), 0, 2);
    assertEquals(
        "[[True, False]]",
        RaggedTensor.of(List.of(splits), Tensor.ofBooleans(Shape.of(2), true, false)).format());
    assertEquals(
        "[[18446744073709551615, 1]]",
        RaggedTensor.of(List.of(splits), Tensor.ofIntegers(DType.UINT64, Shape.of(2), -1, 1))
            .format());
    TensorBuffer c = TensorBuffer.allocate(DType.COMPLEX64, Shape.of(2));
    c.segment().setAtIndex(Layouts.F32, 0, 1f);
    c.segment().setAtIndex(Layouts.F32, 1, 2f);
    c.segment().setAtIndex(Layouts.F32, 2, 0.5f);
    c.segment().setAtIndex(Layouts.F32, 3, -3f);
    assertEquals(
        "[[(1.0+2.0j), (0.5-3.0j)]]", RaggedTensor.of(List.of(splits), c.freeze()).format());
  }

  @Test
  void format_withThreshold_summarizesLongLists() {
    long[] splits = new long[11];
    for (int i = 0; i < splits.length; i++) {
      splits[i] = i < 2 ? i * 8 : 8 + i - 2;
    }
    int[] values = new int[16];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    RaggedTensor r =
        RaggedTensor.of(
            List.of(Tensor.ofLongs(Shape.of(11), splits)), Tensor.ofInts(Shape.of(16), values));
    assertEquals("[[0, 1, 2, ..., 5, 6, 7], [], [8], ..., [13], [14], [15]]", r.format(15));
    assertTrue(r.format(16).startsWith("[[0, 1, 2, 3, 4, 5, 6, 7], [], [8], [9]"), r.format(16));
  }

  @Test
  void of_rejectsSplitsNotStartingAtZero() {
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(2), 1, 2)), Tensor.ofInts(Shape.of(2), 1, 2)),
        "row splits 0 must start at 0, got 1");
  }

  @Test
  void of_rejectsDecreasingSplits() {
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(3), 0, 2, 1)), Tensor.ofInts(Shape.of(1), 1)),
        "row splits 0 must be non-decreasing: [1] = 2 > [2] = 1");
  }

  @Test
  void of_rejectsSplitsNotEndingAtNextLevelsRows() {
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(2), 0, 1)), Tensor.ofInts(Shape.of(2), 1, 2)),
        "row splits 0 must end at 2");
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(2), 0, 3), Tensor.ofInts(Shape.of(3), 0, 1, 2)),
                Tensor.ofInts(Shape.of(2), 1, 2)),
        "row splits 0 must end at 2");
  }

  @Test
  void of_rejectsBadSplitsShapesAndTypes() {
    Tensor values = Tensor.ofInts(Shape.of(1), 1);
    assertInvalid(
        () -> RaggedTensor.of(List.of(Tensor.ofInts(Shape.of(0))), values),
        "row splits 0 must be a non-empty vector");
    assertInvalid(
        () -> RaggedTensor.of(List.of(Tensor.ofInts(Shape.of(1, 2), 0, 1)), values),
        "row splits 0 must be a non-empty vector");
    assertInvalid(
        () -> RaggedTensor.of(List.of(Tensor.ofFloats(Shape.of(2), 0, 1)), values),
        "row splits 0 must be int32 or int64");
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(2), 0, 1), Tensor.ofLongs(Shape.of(2), 0, 1)),
                values),
        "row splits 1 is int64 but row splits 0 is int32");
    assertInvalid(
        () ->
            RaggedTensor.of(
                List.of(Tensor.ofInts(Shape.of(2), 0, 1)), Tensor.ofInts(Shape.scalar(), 1)),
        "flat values must have rank >= 1");
    assertInvalid(() -> RaggedTensor.fromComponents(List.of()), "no components");
  }

  private static Tensor shorts(DType t, int... bits) {
    TensorBuffer b = TensorBuffer.allocate(t, Shape.of(bits.length));
    for (int i = 0; i < bits.length; i++) {
      b.segment().setAtIndex(Layouts.I16, i, (short) bits[i]);
    }
    return b.freeze();
  }

  private static void assertInvalid(Executable e, String detail) {
    RawOpsException x = assertThrows(RawOpsException.class, e);
    assertEquals(Code.INVALID_ARGUMENT, x.code());
    assertTrue(x.detail().contains(detail), x.detail());
  }
}
