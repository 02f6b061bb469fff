package dev.rawops.ops.audio;

/**
 * AudioSpectrogram's sizes (spectrogram.cc, spectrogram_op.cc): the FFT length is the next power of
 * two at or above the window size, and a signal of {@code samples} yields {@code 1 + (samples -
 * window) / stride} frames when it holds at least one window, else none.
 */
public final class SpectrogramGeometry {
  private SpectrogramGeometry() {}

  /** TF's NextPowerOfTwo: the smallest power of two ≥ {@code n} (1 for n ≤ 1). */
  public static long fftLength(long n) {
    long p = 1;
    while (p < n) {
      p <<= 1;
    }
    return p;
  }

  /** Frames of a {@code samples}-long signal. */
  public static long frames(long samples, long window, long stride) {
    long rest = samples - window;
    return rest < 0 ? 0 : 1 + rest / stride;
  }
}
