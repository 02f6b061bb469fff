package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tensors from Java arrays and buffers and back, and tf.stack / tf.unstack along axis 0 (TF's
 * documented examples: {@code tf.stack([x, y, z])} of three [2] vectors is [3, 2] with those rows;
 * {@code tf.unstack} is its inverse).
 */
class TensorsTest {
  @Test
  void arraysGiveTheirShapeAndValuesBack() {
    try (Tensor m = Tensors.of(new float[][] {{1, 2, 3}, {4, 5, 6}})) {
      assertEquals(DType.FLOAT, m.dtype());
      assertEquals(Shape.of(2, 3), m.shape());
      assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, m.toFloatArray());
      float[][] back = Tensors.toFloatMatrix(m);
      assertArrayEquals(new float[] {4, 5, 6}, back[1]);
    }
    try (Tensor t = Tensors.of(new float[][][] {{{1, 2}}, {{3, 4}}})) {
      assertEquals(Shape.of(2, 1, 2), t.shape());
      assertArrayEquals(new float[] {1, 2, 3, 4}, t.toFloatArray());
    }
    assertArrayEquals(new long[] {7, -8}, Tensors.of(new long[] {7, -8}).toLongArray());
    assertArrayEquals(
        new long[] {1, 2}, Tensors.toLongMatrix(Tensors.of(new long[][] {{1, 2}}))[0]);
    assertArrayEquals(
        new int[] {3, 4}, Tensors.toIntMatrix(Tensors.of(new int[][] {{1, 2}, {3, 4}}))[1]);
    assertArrayEquals(
        new double[] {0.5, 1.5},
        Tensors.toDoubleMatrix(Tensors.of(new double[][] {{0.5, 1.5}}))[0],
        0.0);
    assertArrayEquals(new double[] {0.25}, Tensors.of(new double[] {0.25}).toDoubleArray(), 0.0);
    assertArrayEquals(new int[] {9}, Tensors.of(new int[] {9}).toIntArray());
    assertArrayEquals(
        new boolean[] {true, false}, Tensors.of(new boolean[] {true, false}).toBooleanArray());
    assertArrayEquals(
        new String[] {"café", ""}, Tensors.of(new String[] {"café", ""}).toStringArray());
    assertArrayEquals(
        new String[] {"b"}, Tensors.toStringMatrix(Tensors.of(new String[][] {{"a"}, {"b"}}))[1]);
    assertArrayEquals(
        new byte[] {0, -1}, Tensors.ofBytes(new byte[][] {{0, -1}}).toBytesArray()[0]);
  }

  @Test
  void raggedRowsAreRefusedNamingTheRow() {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Tensors.of(new float[][] {{1, 2}, {3, 4}, {5}}));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("row 0 has 2, row 2 has 1"), e.getMessage());
  }

  @Test
  void buffersFromTheirPositionWithoutMovingIt() {
    FloatBuffer f = FloatBuffer.wrap(new float[] {9, 1, 2, 3, 4});
    f.position(1);
    try (Tensor t = Tensors.of(Shape.of(2, 2), f)) {
      assertArrayEquals(new float[] {1, 2, 3, 4}, t.toFloatArray());
      assertEquals(1, f.position());
      FloatBuffer out = FloatBuffer.allocate(4);
      Tensors.copyTo(t, out);
      assertArrayEquals(new float[] {1, 2, 3, 4}, out.array());
    }
    assertArrayEquals(
        new double[] {1, 2},
        Tensors.of(Shape.of(2), DoubleBuffer.wrap(new double[] {1, 2})).toDoubleArray(),
        0);
    assertArrayEquals(
        new int[] {5}, Tensors.of(Shape.of(1), IntBuffer.wrap(new int[] {5})).toIntArray());
    assertArrayEquals(
        new long[] {6}, Tensors.of(Shape.of(1), LongBuffer.wrap(new long[] {6})).toLongArray());
    for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
      ByteBuffer b = ByteBuffer.allocate(8).order(order);
      b.putInt(258).putInt(-3).flip();
      assertArrayEquals(
          new int[] {258, -3},
          Tensors.of(DType.INT32, Shape.of(2), b).toIntArray(),
          order.toString());
    }
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> Tensors.of(Shape.of(3), FloatBuffer.wrap(new float[] {1, 2})));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  @Test
  void stackAndUnstackAlongAxisZero() {
    Tensor x = Tensors.of(new int[] {1, 4});
    Tensor y = Tensors.of(new int[] {2, 5});
    Tensor z = Tensors.of(new int[] {3, 6});
    try (Tensor s = Tensors.stack(List.of(x, y, z))) {
      assertEquals(Shape.of(3, 2), s.shape());
      assertArrayEquals(new int[] {1, 4, 2, 5, 3, 6}, s.toIntArray());
      List<Tensor> rows = Tensors.unstack(s);
      assertEquals(3, rows.size());
      assertEquals(Shape.of(2), rows.get(2).shape());
      assertArrayEquals(new int[] {3, 6}, rows.get(2).toIntArray());
    }
    Tensor words =
        Tensors.stack(List.of(Tensors.of(new String[] {"a"}), Tensors.of(new String[] {"b"})));
    assertEquals(Shape.of(2, 1), words.shape());
    assertArrayEquals(new String[] {"b"}, Tensors.unstack(words).get(1).toStringArray());

    RawOpsException mixed =
        assertThrows(
            RawOpsException.class, () -> Tensors.stack(List.of(x, Tensors.of(new int[] {1}))));
    assertTrue(
        mixed.getMessage().contains("tensor 1 is int32[1], but tensor 0 is int32[2]"),
        mixed.getMessage());
    assertEquals(
        Code.INVALID_ARGUMENT,
        assertThrows(RawOpsException.class, () -> Tensors.stack(List.of())).code());
    assertEquals(
        Code.INVALID_ARGUMENT,
        assertThrows(RawOpsException.class, () -> Tensors.unstack(Tensor.ofInts(Shape.scalar(), 1)))
            .code());
  }
}
