package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** maxTensorBytes bounds every kernel output, checked before any memory is taken. */
@ResourceLock("dev.rawops.Limits")
class TensorBytesLimitTest {
  @Test
  void anOutputOverMaxTensorBytes_isResourceExhaustedNamingTheLimit() {
    Limits.set(Limits.MAX_TENSOR_BYTES, 4000);
    try {
      assertEquals(
          4000, TensorBuffer.allocate(DType.FLOAT, Shape.of(1000)).shape().numElements() * 4);
      RawOpsException e =
          assertThrows(
              RawOpsException.class, () -> TensorBuffer.allocate(DType.FLOAT, Shape.of(1001)));
      assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
      assertTrue(e.getMessage().contains("maxTensorBytes = 4000"), e.getMessage());
      assertTrue(e.getMessage().contains("shape [1001]"), e.getMessage());
    } finally {
      Limits.reset(Limits.MAX_TENSOR_BYTES);
    }
  }
}
