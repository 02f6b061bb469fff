package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Small string TensorProtos that ask for huge tensors fail fast with a status, not an OOM. */
class StringConstLimitsTest {
  private static TensorProto strings(long n, ByteString... vals) {
    TensorProto.Builder b =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(Shape.of(n).toPartial().toProto());
    for (ByteString v : vals) {
      b.addStringVal(v);
    }
    return b.build();
  }

  @Test
  @Timeout(10)
  void hugeStringShapesAreResourceExhaustedNamingTheLimit() {
    for (long n : new long[] {2_000_000_000L, 1_000_000_000L, (1L << 31) - 9}) {
      RawOpsException e =
          assertThrows(RawOpsException.class, () -> TensorProtos.toTensor(strings(n)));
      assertEquals(Code.RESOURCE_EXHAUSTED, e.code(), e.getMessage());
      assertTrue(e.getMessage().contains("maxStringElements"), e.getMessage());
    }
  }

  @Test
  @Timeout(10)
  void aRepeatedValueIsSharedNotCopied() {
    ByteString mb = ByteString.copyFrom(new byte[1 << 20]);
    Tensor t = TensorProtos.toTensor(strings(20_000, mb));
    assertEquals(20_000, t.numElements());
    byte[][] raw = KernelAccess.strings(t);
    assertSame(raw[0], raw[19_999]);
    assertEquals(1 << 20, t.getString(12_345).length);
  }
}
