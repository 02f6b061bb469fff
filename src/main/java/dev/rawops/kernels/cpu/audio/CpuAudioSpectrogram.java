package dev.rawops.kernels.cpu.audio;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.audio.SpectrogramGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * AudioSpectrogram on CPU (spectrogram.cc, spectrogram_op.cc): per channel, frames of window_size
 * samples every stride samples, each times a periodic Hann window, zero-padded to the FFT length,
 * transformed in double; the squared magnitude of bins 0..fft/2 rounded to float, and its float
 * square root unless magnitude_squared. TF's FFT is Ooura's rdft; this one is an iterative radix-2
 * FFT, also in double, so results agree to double rounding, not bit for bit.
 */
final class CpuAudioSpectrogram {
  private CpuAudioSpectrogram() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("AudioSpectrogram", Device.CPU).build(n -> ctx -> compute(n, ctx)));

  private static void compute(NodeInfo node, KernelContext ctx) {
    long window = node.attrs().getInt("window_size");
    long stride = node.attrs().getInt("stride");
    boolean squared = node.attrs().getBool("magnitude_squared");
    if (window <= 0) {
      throw node.invalidArgument("window_size must be > 0, but got " + window);
    }
    if (stride <= 0) {
      throw node.invalidArgument("stride must be > 0, but got " + stride);
    }
    Tensor input = ctx.input(0);
    if (input.shape().rank() != 2) {
      throw node.invalidArgument("input must be 2-dimensional" + input.shape());
    }
    if (window <= 1) {
      throw node.invalidArgument("window_size must be > 1, got " + window);
    }
    int w = (int) window;
    int n = (int) SpectrogramGeometry.fftLength(w);
    int bins = n / 2 + 1;
    long samples = input.shape().dim(0);
    int channels = (int) input.shape().dim(1);
    int frames = (int) SpectrogramGeometry.frames(samples, window, stride);
    TensorBuffer out = ctx.allocate(DType.FLOAT, Shape.of(channels, frames, bins));
    MemorySegment src = input.data();
    MemorySegment dst = out.segment();
    double[] hann = new double[w];
    double pi = Math.atan(1) * 4;
    for (int i = 0; i < w; i++) {
      hann[i] = 0.5 - 0.5 * StrictMath.cos((2 * pi * i) / w);
    }
    Fft fft = new Fft(n);
    double[] re = new double[n];
    double[] im = new double[n];
    for (int c = 0; c < channels; c++) {
      for (int f = 0; f < frames; f++) {
        long start = f * stride;
        for (int j = 0; j < n; j++) {
          re[j] = j < w ? src.getAtIndex(Layouts.F32, (start + j) * channels + c) * hann[j] : 0.0;
          im[j] = 0.0;
        }
        fft.forward(re, im);
        long base = ((long) c * frames + f) * bins;
        for (int k = 0; k < bins; k++) {
          float power = (float) (re[k] * re[k] + im[k] * im[k]);
          dst.setAtIndex(Layouts.F32, base + k, squared ? power : (float) Math.sqrt(power));
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** In-place iterative radix-2 complex FFT of a power-of-two length, in double. */
  static final class Fft {
    private final int n;
    private final double[] cos;
    private final double[] sin;

    Fft(int n) {
      this.n = n;
      cos = new double[n / 2];
      sin = new double[n / 2];
      for (int k = 0; k < n / 2; k++) {
        double a = -2 * Math.PI * k / n;
        cos[k] = StrictMath.cos(a);
        sin[k] = StrictMath.sin(a);
      }
    }

    void forward(double[] re, double[] im) {
      for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; (j & bit) != 0; bit >>= 1) {
          j ^= bit;
        }
        j ^= bit;
        if (i < j) {
          double t = re[i];
          re[i] = re[j];
          re[j] = t;
          t = im[i];
          im[i] = im[j];
          im[j] = t;
        }
      }
      for (int len = 2; len <= n; len <<= 1) {
        int half = len >> 1;
        int step = n / len;
        for (int i = 0; i < n; i += len) {
          for (int k = 0; k < half; k++) {
            double wr = cos[k * step];
            double wi = sin[k * step];
            int a = i + k;
            int b = a + half;
            double xr = re[b] * wr - im[b] * wi;
            double xi = re[b] * wi + im[b] * wr;
            re[b] = re[a] - xr;
            im[b] = im[a] - xi;
            re[a] += xr;
            im[a] += xi;
          }
        }
      }
    }
  }
}
