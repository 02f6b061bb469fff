package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code Npy.read(byte[])} and the limits it checks before allocating. */
class NpyBytesTest {
  @AfterEach
  void reset() {
    Limits.names().forEach(Limits::reset);
  }

  private static byte[] npy(Tensor t) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(t, out);
    return out.toByteArray();
  }

  @Test
  void readsWhatItWrites() throws Exception {
    Tensor t = Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4);
    assertTrue(Npy.read(npy(t), "t.npy").contentEquals(t));
  }

  @Test
  void tensorOverMaxTensorBytes_isResourceExhausted() throws Exception {
    byte[] bytes = npy(Tensor.ofInts(Shape.of(4), 1, 2, 3, 4));
    Limits.set(Limits.MAX_TENSOR_BYTES, 8);
    RawOpsException e = assertThrows(RawOpsException.class, () -> Npy.read(bytes, "t.npy"));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxTensorBytes"), e.getMessage());
  }

  @Test
  void stringElementsOverTheLimit_areResourceExhausted() throws Exception {
    Limits.set(Limits.MAX_STRING_ELEMENT_BYTES, 2);
    byte[] bytes = npy(Tensor.ofStrings(Shape.of(1), "abc"));
    RawOpsException e = assertThrows(RawOpsException.class, () -> Npy.read(bytes, "t.npy"));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxStringElementBytes"), e.getMessage());
  }

  @Test
  void garbage_isInvalidArgument() {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Npy.read(new byte[] {1, 2, 3}, "g.npy"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }
}
