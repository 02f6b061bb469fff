package dev.rawops.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import org.junit.jupiter.api.Test;

/** The JVM's out-of-memory messages become statuses that say which limit and how to raise it. */
class MemoryShortageTest {
  @Test
  void directMemory_namesTheCeilingAndTheOption() {
    // The JDK's own wording (java.nio.Bits.reserveMemory).
    OutOfMemoryError e =
        new OutOfMemoryError(
            "Cannot reserve 10737418288 bytes of direct buffer memory (allocated: 112, limit:"
                + " 8589934592)");
    RawOpsException r = MemoryShortage.of("cannot allocate 10737418240 bytes", e);
    assertEquals(Code.RESOURCE_EXHAUSTED, r.code());
    String m = r.getMessage();
    assertTrue(m.contains("cannot allocate 10737418240 bytes"), m);
    assertTrue(m.contains("8589934592"), m);
    assertTrue(m.contains("112 bytes in use"), m);
    assertTrue(m.contains("-XX:MaxDirectMemorySize=16g"), m);
    assertFalse(m.contains("OutOfMemoryError"), m);
  }

  @Test
  void heap_namesXmx() {
    String m = MemoryShortage.explain(new OutOfMemoryError("Java heap space"));
    assertTrue(m.contains("-Xmx"), m);
    assertTrue(m.contains(Long.toString(Runtime.getRuntime().maxMemory())), m);
  }

  @Test
  void arraySizeLimit_namesTheFixedLimit() {
    String m =
        MemoryShortage.explain(new OutOfMemoryError("Requested array size exceeds VM limit"));
    assertTrue(m.contains("2147483639"), m);
    assertFalse(m.contains("-Xmx"), m);
  }

  @Test
  void arrayLength_acceptsUpToTheLimit() {
    assertEquals(
        MemoryShortage.MAX_ARRAY_LENGTH, MemoryShortage.arrayLength("x", Integer.MAX_VALUE - 8L));
    RawOpsException r =
        assertThrows(
            RawOpsException.class, () -> MemoryShortage.arrayLength("the output", 1L << 31));
    assertEquals(Code.RESOURCE_EXHAUSTED, r.code());
    assertTrue(r.getMessage().contains("the output needs 2147483648 elements"), r.getMessage());
    assertThrows(RawOpsException.class, () -> MemoryShortage.arrayLength("the output", -1));
  }
}
