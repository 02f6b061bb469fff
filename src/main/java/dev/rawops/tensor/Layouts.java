package dev.rawops.tensor;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Little-endian element layouts for tensor data. Unaligned variants because a tensor may wrap
 * memory at any byte offset (views, .npy payloads); on x86 and ARM they cost the same.
 */
public final class Layouts {
  private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

  public static final ValueLayout.OfByte I8 = ValueLayout.JAVA_BYTE;
  public static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LE);
  public static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(LE);
  public static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(LE);
  public static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(LE);
  public static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(LE);

  private Layouts() {}
}
