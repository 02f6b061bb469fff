package dev.rawops.cli;

/** 16-bit float conversions for printing and parsing. */
final class Numbers {
  private Numbers() {}

  /** bfloat16 is the top half of a float32; round to nearest even, NaN kept quiet. */
  static short toBfloat16(float f) {
    int bits = Float.floatToRawIntBits(f);
    if (Float.isNaN(f)) {
      return (short) ((bits >>> 16) | 0x40);
    }
    int rounding = 0x7FFF + ((bits >>> 16) & 1);
    return (short) ((bits + rounding) >>> 16);
  }

  static float fromBfloat16(short b) {
    return Float.intBitsToFloat((b & 0xFFFF) << 16);
  }
}
