package dev.rawops.kernels.cpu.support;

/**
 * The two float32 formulas TF 2.18's CPU runtime (oneDNN) computes FusedBatchNorm with in inference
 * mode, told apart by its fixtures (graphs/conformance/nn, "BatchNorm float"): every element of
 * each 4-D case is one formula's bits. This enum names no Vector API type, so kernels may hold one
 * whatever {@link VectorSupport#ENABLED} says.
 */
public enum BatchNormFormula {
  /**
   * 4-D NHWC with a multiple of 4 channels (oneDNN's vectorized channels-last kernel; the fixtures
   * cover 4 to 1,500 channels): {@code fma(scale, (x - mean) · r, offset)} with {@code r = 1 /
   * sqrt(variance + epsilon)}.
   */
  FMA_SCALE,
  /**
   * Every other layout and channel count (NCHW; NHWC with 1, 2, 3, 6, 37 or 38 channels in the
   * fixtures): {@code (x - mean) · s + offset} with {@code s = scale / sqrt(variance + epsilon)},
   * no fused multiply-add. 5-D inputs take it too and are within 1e-6 of TF, not its bits.
   */
  SCALED;

  /** The formula TF uses for an input of this rank, layout and channel count. */
  public static BatchNormFormula of(int rank, boolean channelsLast, int depth) {
    return rank == 4 && channelsLast && depth % 4 == 0 ? FMA_SCALE : SCALED;
  }

  /** The per-channel factor: r for {@link #FMA_SCALE}, s for {@link #SCALED}. */
  public float factor(float scale, float variance, float epsilon) {
    float root = (float) Math.sqrt(variance + epsilon);
    return this == FMA_SCALE ? 1f / root : scale / root;
  }

  /** One element. */
  public float apply(float x, float mean, float factor, float scale, float offset) {
    float centered = x - mean;
    return this == FMA_SCALE
        ? Math.fma(scale, centered * factor, offset)
        : centered * factor + offset;
  }
}
