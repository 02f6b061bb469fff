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
import dev.rawops.testing.FixtureMessages;
import dev.rawops.testing.OneOp;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * SerializeTensor and ParseTensor against the TensorProto wire format TF documents (tensor.proto:
 * dtype field 1, tensor_shape 2, tensor_content 4, string_val 8), and TF's words for every error
 * fixture of graphs/conformance/parsing_decode.
 */
class ParseTensorTest {
  @Test
  void serializesAScalarInt32AsTfDoes() {
    Tensor out =
        OneOp.of("SerializeTensor")
            .input(Tensor.ofInts(Shape.scalar(), 1))
            .attr("T", DType.INT32)
            .run();
    // dtype DT_INT32 (3), an empty shape, four little-endian content bytes.
    byte[] want = {0x08, 0x03, 0x12, 0x00, 0x22, 0x04, 0x01, 0x00, 0x00, 0x00};
    assertArrayEquals(want, out.getString(0));
  }

  @Test
  void serializesStringsAsStringVal() {
    Tensor out =
        OneOp.of("SerializeTensor")
            .input(Tensor.ofStrings(Shape.of(1), "ab"))
            .attr("T", DType.STRING)
            .run();
    byte[] want = {0x08, 0x07, 0x12, 0x04, 0x12, 0x02, 0x08, 0x01, 0x42, 0x02, 'a', 'b'};
    assertArrayEquals(want, out.getString(0));
  }

  @Test
  void parsesWhatItSerialized() {
    Tensor v = Tensor.ofDoubles(Shape.of(2, 2), 1.5, -2, 0, 8);
    Tensor bytes = OneOp.of("SerializeTensor").input(v).attr("T", DType.DOUBLE).run();
    Tensor back = OneOp.of("ParseTensor").input(bytes).attr("out_type", DType.DOUBLE).run();
    assertEquals(Shape.of(2, 2), back.shape());
    assertArrayEquals(new double[] {1.5, -2, 0, 8}, back.toDoubleArray());
  }

  @Test
  void typeMismatchNamesBothTypes() {
    Tensor bytes =
        OneOp.of("SerializeTensor")
            .input(Tensor.ofInts(Shape.scalar(), 1))
            .attr("T", DType.INT32)
            .run();
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("ParseTensor")
                    .named("parse")
                    .input(bytes)
                    .attr("out_type", DType.FLOAT)
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("'parse'"), e.getMessage());
    assertTrue(
        e.getMessage().contains("Type mismatch between parsed tensor (int32) and dtype (float)"),
        e.getMessage());
  }

  @Test
  void everyTfErrorHasTfsMessage() {
    FixtureMessages.assertTfMessages(Path.of("graphs", "conformance", "parsing_decode"), "out", 40);
  }
}
