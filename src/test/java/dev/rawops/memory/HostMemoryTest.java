package dev.rawops.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HostMemoryTest {
  @Test
  void largeBlocksAreMappedOnLinux_whereNativeAccessIsOn() {
    boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
    if (linux && HostMemory.class.getModule().isNativeAccessEnabled()) {
      assertTrue(HostMemory.mapsLargeBlocks(), "surefire runs with --enable-native-access");
    }
  }

  @Test
  void largeBlock_isZeroed_aligned_exactlySized_andWritableThroughout() {
    long bytes = HostMemory.LARGE + 12_345;
    MemorySegment s = HostMemory.allocate(bytes, true);
    assertEquals(bytes, s.byteSize());
    assertEquals(0, s.address() % 64);
    assertEquals(-1, s.mismatch(MemorySegment.ofArray(new byte[(int) bytes])), "all zero");
    s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
    s.set(ValueLayout.JAVA_BYTE, bytes - 1, (byte) 2);
    assertEquals(1, s.get(ValueLayout.JAVA_BYTE, 0));
    assertEquals(2, s.get(ValueLayout.JAVA_BYTE, bytes - 1));
  }

  @Test
  void mappedBytes_countLiveMappings() {
    if (!HostMemory.mapsLargeBlocks()) {
      return;
    }
    MemorySegment s = HostMemory.allocate(3L << 20, false);
    assertTrue(HostMemory.mappedBytes() >= 3L << 20, "counted while reachable");
    assertEquals(3L << 20, s.byteSize());
  }

  @Test
  void smallBlock_isZeroed() {
    MemorySegment s = HostMemory.allocate(1000, true);
    assertEquals(1000, s.byteSize());
    assertEquals(-1, s.mismatch(MemorySegment.ofArray(new byte[1000])));
  }
}
