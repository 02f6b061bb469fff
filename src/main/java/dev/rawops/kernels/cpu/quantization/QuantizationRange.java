package dev.rawops.kernels.cpu.quantization;

/**
 * ComputeQuantizationRange (quantize_and_dequantize_op.h): the largest scale taking [min, max] into
 * the integer range of {@code bits} bits without moving zero, and the side of the range the other
 * side is recomputed from. Every step is rounded to the input's precision ({@code f32}).
 */
final class QuantizationRange {
  private QuantizationRange() {}

  /** {min, max, scale, inverse scale}. */
  static double[] of(
      boolean signed, int bits, boolean narrow, double min, double max, boolean f32) {
    long minQ = signed ? (narrow ? -(1L << (bits - 1)) + 1 : -(1L << (bits - 1))) : 0;
    long maxQ = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    double minQf = f32 ? (float) minQ : (double) minQ;
    double maxQf = f32 ? (float) maxQ : (double) maxQ;
    double limit = f32 ? Float.MAX_VALUE : Double.MAX_VALUE;
    double fromMin = fr(minQf * min, f32) > 0 ? fr(minQf / min, f32) : limit;
    double fromMax = fr(maxQf * max, f32) > 0 ? fr(maxQf / max, f32) : limit;
    double scale;
    double inverse;
    if (fromMin < fromMax) {
      scale = fromMin;
      inverse = fr(min / minQf, f32);
      max = fr(maxQf * inverse, f32);
    } else {
      scale = fromMax;
      inverse = fr(max / maxQf, f32);
      min = fr(minQf * inverse, f32);
    }
    return new double[] {min, max, scale, inverse};
  }

  private static double fr(double v, boolean f32) {
    return f32 ? (float) v : v;
  }
}
