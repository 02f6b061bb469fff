package dev.rawops.kernels.cpu.audio;

/**
 * An unscaled 1-D complex DFT of any length, in double: an iterative radix-2 FFT for powers of two,
 * Bluestein's chirp-z convolution (through a radix-2 FFT of at least 2n-1 points) otherwise. TF
 * uses ducc's mixed-radix FFT; both are accurate to a few double ulps times log n, far inside the
 * float rounding of complex64 results.
 */
final class Dft {
  private final int n;
  private final CpuAudioSpectrogram.Fft fft; // the one radix-2 FFT of the family
  // Bluestein: the chirp exp(-i·pi·k²/n) and the transform of its conjugate, zero-padded to m.
  private final double[] chirpRe;
  private final double[] chirpIm;
  private final double[] kernelRe;
  private final double[] kernelIm;
  private final double[] workRe;
  private final double[] workIm;

  Dft(int n) {
    this.n = n;
    if (n <= 1 || Integer.bitCount(n) == 1) {
      fft = n <= 1 ? null : new CpuAudioSpectrogram.Fft(n);
      chirpRe = chirpIm = kernelRe = kernelIm = workRe = workIm = null;
      return;
    }
    int m = Integer.highestOneBit(2 * n - 1) << 1;
    fft = new CpuAudioSpectrogram.Fft(m);
    chirpRe = new double[n];
    chirpIm = new double[n];
    kernelRe = new double[m];
    kernelIm = new double[m];
    workRe = new double[m];
    workIm = new double[m];
    long twoN = 2L * n;
    for (int k = 0; k < n; k++) {
      // k² mod 2n keeps the angle small, so its cosine and sine stay exact to double rounding.
      double a = Math.PI * (((long) k * k) % twoN) / n;
      chirpRe[k] = Math.cos(a);
      chirpIm[k] = -Math.sin(a);
    }
    kernelRe[0] = chirpRe[0];
    kernelIm[0] = -chirpIm[0];
    for (int k = 1; k < n; k++) {
      kernelRe[k] = kernelRe[m - k] = chirpRe[k];
      kernelIm[k] = kernelIm[m - k] = -chirpIm[k];
    }
    fft.forward(kernelRe, kernelIm);
  }

  /** In place: forward sum x_k e^{-2 pi i jk/n}, or with {@code inverse} e^{+...}, unscaled. */
  void transform(double[] re, double[] im, boolean inverse) {
    if (n <= 1) {
      return;
    }
    if (inverse) {
      negate(im, n);
    }
    if (chirpRe == null) {
      fft.forward(re, im);
    } else {
      bluestein(re, im);
    }
    if (inverse) {
      negate(im, n);
    }
  }

  private static void negate(double[] v, int n) {
    for (int i = 0; i < n; i++) {
      v[i] = -v[i];
    }
  }

  private void bluestein(double[] re, double[] im) {
    int m = workRe.length;
    for (int k = 0; k < n; k++) {
      workRe[k] = re[k] * chirpRe[k] - im[k] * chirpIm[k];
      workIm[k] = re[k] * chirpIm[k] + im[k] * chirpRe[k];
    }
    java.util.Arrays.fill(workRe, n, m, 0.0);
    java.util.Arrays.fill(workIm, n, m, 0.0);
    fft.forward(workRe, workIm);
    for (int k = 0; k < m; k++) {
      double r = workRe[k] * kernelRe[k] - workIm[k] * kernelIm[k];
      double i = workRe[k] * kernelIm[k] + workIm[k] * kernelRe[k];
      // Conjugated, so that the forward FFT below acts as the inverse one.
      workRe[k] = r;
      workIm[k] = -i;
    }
    fft.forward(workRe, workIm);
    double scale = 1.0 / m;
    for (int k = 0; k < n; k++) {
      double r = workRe[k] * scale;
      double i = -workIm[k] * scale;
      re[k] = r * chirpRe[k] - i * chirpIm[k];
      im[k] = r * chirpIm[k] + i * chirpRe[k];
    }
  }
}
