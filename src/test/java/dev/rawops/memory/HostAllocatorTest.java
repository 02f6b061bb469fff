package dev.rawops.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HostAllocatorTest {
  @Test
  void sizeClasses_areQuarterStepsOfPowersOfTwo() {
    assertEquals(64, HostAllocator.classSize(0));
    assertEquals(64, HostAllocator.classSize(64));
    assertEquals(80, HostAllocator.classSize(65));
    assertEquals(112, HostAllocator.classSize(100));
    assertEquals(128, HostAllocator.classSize(113));
    assertEquals(1024, HostAllocator.classSize(1000));
    assertEquals(1280, HostAllocator.classSize(1025));
    for (long n = 1; n < 1 << 20; n = n * 3 + 1) {
      long c = HostAllocator.classSize(n);
      assertTrue(c >= n && c <= Math.max(64, n + n / 4 + 1), n + " -> " + c);
    }
  }

  @Test
  void freedBlocksAreReused_zeroedOnRequest_andCountedInUse() {
    HostAllocator a = new HostAllocator();
    Block b = a.allocate(100, true);
    assertEquals(112, b.size());
    assertEquals(0, b.address() % 64, "64-byte aligned");
    assertEquals(112, a.bytesInUse());
    b.segment().fill((byte) 7);
    a.free(b);
    assertEquals(0, a.bytesInUse());
    assertEquals(112, a.cachedBytes());
    Block again = a.allocate(110, true);
    assertSame(b, again, "same class: the cached block");
    for (long i = 0; i < 110; i++) {
      assertEquals(0, again.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
    }
    assertEquals(1, a.hits());
    assertEquals(1, a.misses());
    assertEquals(112, a.peakBytesInUse());
  }

  @Test
  void cacheCap_dropsWhatDoesNotFit_andDiscardNeverCaches() {
    HostAllocator a = new HostAllocator(100);
    Block b1 = a.allocate(64, false);
    Block b2 = a.allocate(64, false);
    a.free(b1);
    a.free(b2); // 128 > 100: dropped
    assertEquals(64, a.cachedBytes());
    Block b3 = a.allocate(64, false);
    a.discard(b3);
    assertEquals(0, a.cachedBytes());
    assertEquals(0, a.bytesInUse());
    assertNotSame(b3, a.allocate(64, false));
  }
}
