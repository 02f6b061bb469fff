package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TensorRoundTripTest {
  @TempDir Path dir;

  /** Random bits for every element: round trips must keep NaN payloads, -0.0 and all. */
  static Tensor random(DType dtype, Shape shape, long seed) {
    Random r = new Random(seed);
    if (dtype == DType.STRING) {
      byte[][] s = new byte[(int) shape.numElements()][];
      for (int i = 0; i < s.length; i++) {
        s[i] = new byte[r.nextInt(5)];
        r.nextBytes(s[i]);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    TensorBuffer b = TensorBuffer.allocate(dtype, shape);
    for (long i = 0; i < b.segment().byteSize(); i++) {
      byte v = (byte) r.nextInt();
      b.segment().set(Layouts.I8, i, dtype == DType.BOOL ? (byte) (v & 1) : v);
    }
    return b.freeze();
  }

  @ParameterizedTest
  @EnumSource(
      value = DType.class,
      names = {"RESOURCE", "VARIANT"},
      mode = EnumSource.Mode.EXCLUDE)
  void tensorProto_roundTrip(DType dtype) {
    Tensor t = random(dtype, Shape.of(3, 4), dtype.name().hashCode());
    Tensor back = TensorProtos.toTensor(TensorProtos.toProto(t));
    assertTrue(t.contentEquals(back), dtype + " changed in a TensorProto round trip");
  }

  @ParameterizedTest
  @EnumSource(
      value = DType.class,
      // .npy has no quantized types: Npy.write refuses them
      names = {"RESOURCE", "VARIANT", "QINT8", "QUINT8", "QINT16", "QUINT16", "QINT32"},
      mode = EnumSource.Mode.EXCLUDE)
  void npy_roundTrip(DType dtype) throws Exception {
    // Strings: .npy 'S' strips trailing NULs, so use NUL-free values.
    Tensor t =
        dtype == DType.STRING
            ? Tensor.ofStrings(Shape.of(2, 2), "a", "bcd", "", "é")
            : random(dtype, Shape.of(2, 3), 7);
    Path f = dir.resolve(dtype + ".npy");
    Npy.write(t, f);
    assertTrue(t.contentEquals(Npy.read(f)), dtype + " changed in a .npy round trip");
  }

  @Test
  void typedFields_shorterThanShape_repeatLastValue() {
    TensorProto p =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(shape(1000))
            .addFloatVal(1.5f)
            .addFloatVal(2.5f)
            .build();
    Tensor t = TensorProtos.toTensor(p);
    assertEquals(1.5f, t.getFloat(0));
    assertEquals(2.5f, t.getFloat(1));
    assertEquals(2.5f, t.getFloat(999));
  }

  @Test
  void typedFields_empty_meanZeros_asTensorFlow() {
    TensorProto p =
        TensorProto.newBuilder().setDtype(DataType.DT_INT64).setTensorShape(shape(4)).build();
    assertArrayEquals(new long[] {0, 0, 0, 0}, TensorProtos.toTensor(p).toLongArray());
  }

  @Test
  void typedFields_everyIntegerField() {
    assertEquals(
        -3,
        TensorProtos.toTensor(
                TensorProto.newBuilder()
                    .setDtype(DataType.DT_INT8)
                    .setTensorShape(shape(1))
                    .addIntVal(-3)
                    .build())
            .getIndex(0));
    assertEquals(
        65535,
        TensorProtos.toTensor(
                TensorProto.newBuilder()
                    .setDtype(DataType.DT_UINT16)
                    .setTensorShape(shape(1))
                    .addIntVal(65535)
                    .build())
            .getIndex(0));
    assertEquals(
        4000000000L,
        TensorProtos.toTensor(
                TensorProto.newBuilder()
                    .setDtype(DataType.DT_UINT32)
                    .setTensorShape(shape(1))
                    .addUint32Val((int) 4000000000L)
                    .build())
            .getIndex(0));
    assertEquals(
        -1L,
        TensorProtos.toTensor(
                TensorProto.newBuilder()
                    .setDtype(DataType.DT_UINT64)
                    .setTensorShape(shape(1))
                    .addUint64Val(-1L)
                    .build())
            .getLong(0));
    assertEquals(
        (short) 0x3C00,
        TensorProtos.toTensor(
                TensorProto.newBuilder()
                    .setDtype(DataType.DT_HALF)
                    .setTensorShape(shape(1))
                    .addHalfVal(0x3C00)
                    .build())
            .getShort(0));
    Tensor c =
        TensorProtos.toTensor(
            TensorProto.newBuilder()
                .setDtype(DataType.DT_COMPLEX64)
                .setTensorShape(shape(2))
                .addScomplexVal(1f)
                .addScomplexVal(2f)
                .build());
    assertEquals(1f, c.getFloat(2));
    assertEquals(2f, c.getFloat(3));
  }

  @Test
  void tensorContent_wrongLength_isInvalidArgument() {
    TensorProto p =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(shape(3))
            .setTensorContent(ByteString.copyFrom(new byte[8]))
            .build();
    RawOpsException e = assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(p));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("needs 12"), e.getMessage());
  }

  /** The bytes TF 2.18 wrote for a string Const (graphs/tf-exported/ops.pbtxt, node "words"). */
  @Test
  void stringTensorContent_isTensorFlowsStringList() {
    TensorProto p =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(shape(4))
            .setTensorContent(ByteString.copyFromUtf8("\005\004\005\005alphabetagammadelta"))
            .build();
    Tensor t = TensorProtos.toTensor(p);
    assertEquals("gamma", new String(t.getString(2), java.nio.charset.StandardCharsets.UTF_8));
    assertEquals("delta", new String(t.getString(3), java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void stringTensorContent_withBytesLeftOver_isInvalidArgument() {
    TensorProto p =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(shape(1))
            .setTensorContent(ByteString.copyFromUtf8("\001ab"))
            .build();
    RawOpsException e = assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(p));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  @Test
  void hugeDeclaredShape_isResourceExhausted_notACrash() {
    TensorProto p =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_DOUBLE)
            .setTensorShape(shape(1L << 50))
            .addDoubleVal(1)
            .build();
    RawOpsException e = assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(p));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
  }

  @Test
  void unknownDims_areInvalidArgument() {
    TensorProto p =
        TensorProto.newBuilder().setDtype(DataType.DT_FLOAT).setTensorShape(shape(-1)).build();
    assertEquals(
        Code.INVALID_ARGUMENT,
        assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(p)).code());
  }

  @Test
  void unsupportedDtype_isUnimplemented() {
    TensorProto p =
        TensorProto.newBuilder().setDtype(DataType.DT_INT4).setTensorShape(shape(1)).build();
    assertEquals(
        Code.UNIMPLEMENTED,
        assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(p)).code());
  }

  @Test
  void npy_objectArrays_refusedWithHint() throws Exception {
    Path f = dir.resolve("obj.npy");
    Files.write(
        f, npyBytes("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", new byte[8]));
    RawOpsException e = assertThrows(RawOpsException.class, () -> Npy.read(f));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("object arrays"), e.getMessage());
  }

  @Test
  void npy_bigEndianFortranUnicode_readAsNumpyMeansThem() throws Exception {
    // np.array([[1, 2, 3], [4, 5, 6]], dtype='>i4', order='F'): column-major, big-endian bytes.
    byte[] data = new byte[24];
    int[] colMajor = {1, 4, 2, 5, 3, 6};
    for (int i = 0; i < 6; i++) {
      data[4 * i + 3] = (byte) colMajor[i];
    }
    Path f = dir.resolve("f.npy");
    Files.write(f, npyBytes("{'descr': '>i4', 'fortran_order': True, 'shape': (2, 3), }", data));
    Tensor t = Npy.read(f);
    assertEquals(Shape.of(2, 3), t.shape());
    assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6}, t.toLongArray());
    // np.array(['hé', 'x']) has dtype '<U2': UTF-32LE code points.
    byte[] u = {'h', 0, 0, 0, (byte) 0xE9, 0, 0, 0, 'x', 0, 0, 0, 0, 0, 0, 0};
    Path g = dir.resolve("u.npy");
    Files.write(g, npyBytes("{'descr': '<U2', 'fortran_order': False, 'shape': (2,), }", u));
    Tensor s = Npy.read(g);
    assertEquals("hé", new String(s.getString(0), java.nio.charset.StandardCharsets.UTF_8));
    assertEquals("x", new String(s.getString(1), java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void npy_version2And3Headers() throws Exception {
    for (int version : new int[] {2, 3}) {
      String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (), }";
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
      out.write(new byte[] {(byte) (dict.length() + 1), 0, 0, 0});
      out.write((dict + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      out.write(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xF8, 0x3F});
      Path f = dir.resolve("v" + version + ".npy");
      Files.write(f, out.toByteArray());
      Tensor t = Npy.read(f);
      assertEquals(Shape.scalar(), t.shape());
      assertEquals(1.5, t.getDouble(0));
    }
  }

  private static byte[] npyBytes(String dict, byte[] data) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String header = dict + "\n";
    out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) header.length(), 0});
    out.write(header.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    out.write(data);
    return out.toByteArray();
  }

  private static TensorShapeProto shape(long... dims) {
    TensorShapeProto.Builder b = TensorShapeProto.newBuilder();
    for (long d : dims) {
      b.addDimBuilder().setSize(d);
    }
    return b.build();
  }
}
