package dev.rawops.ops.parsing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.AttrValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * DecodeCSV against tf.io.decode_csv's documented rules (RFC 4180 records, a default per column for
 * empty fields), DecodeCompressed against data compressed by java.util.zip, and their errors naming
 * the node with TF's status code.
 */
class DecodeOpsTest {
  private static AttrValue types(DType... ts) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (DType t : ts) {
      l.addType(t.proto());
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  @Test
  void csvQuotedFieldsAndDefaults() {
    List<Tensor> out =
        OneOp.of("DecodeCSV")
            .input(Tensor.ofStrings(Shape.of(2), "1,\"a,b\",2.5", ",\"say \"\"hi\"\"\","))
            .input(Tensor.ofInts(Shape.of(1), 7))
            .input(Tensor.ofStrings(Shape.of(1), "none"))
            .input(Tensor.ofFloats(Shape.of(1), -1f))
            .attr("OUT_TYPE", types(DType.INT32, DType.STRING, DType.FLOAT))
            .runAll(3);
    assertArrayEquals(new int[] {1, 7}, out.get(0).toIntArray());
    assertArrayEquals(new String[] {"a,b", "say \"hi\""}, out.get(1).toStringArray());
    assertArrayEquals(new float[] {2.5f, -1f}, out.get(2).toFloatArray());
  }

  @Test
  void csvMissingRequiredField() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("DecodeCSV")
                    .named("csv")
                    .input(Tensor.ofStrings(Shape.of(1), ""))
                    .input(Tensor.ofInts(Shape.of(0)))
                    .attr("OUT_TYPE", types(DType.INT32))
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("'csv'"), e.getMessage());
    assertTrue(e.getMessage().contains("Expect 1 fields but have 0 in record 0"), e.getMessage());
  }

  @Test
  void gzipRoundTrip() throws Exception {
    byte[] text = "hello, hello, hello".getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(o)) {
      z.write(text);
    }
    Tensor out =
        OneOp.of("DecodeCompressed")
            .input(Tensor.ofByteStrings(Shape.of(1), o.toByteArray()))
            .attr("compression_type", "GZIP")
            .run();
    assertArrayEquals(text, out.getString(0));
  }

  @Test
  void corruptZlibIsDataLoss() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("DecodeCompressed")
                    .named("z")
                    .input(Tensor.ofByteStrings(Shape.of(1), new byte[] {1, 2, 3, 4}))
                    .attr("compression_type", "ZLIB")
                    .run());
    assertEquals(Code.DATA_LOSS, e.code());
    assertTrue(e.getMessage().contains("'z'"), e.getMessage());
    assertTrue(e.getMessage().contains("inflate() failed with error -3"), e.getMessage());
  }
}
