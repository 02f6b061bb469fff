package dev.rawops.kernels.cpu.audio;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Mfcc on CPU (mfcc_op.cc, mfcc.cc, mfcc_mel_filterbank.cc, mfcc_dct.cc), all in double: per frame
 * the square roots of the spectrogram's bins summed under triangular mel filters (mel = 1127 · ln(1
 * + f/700), DC excluded as in HTK), the log of each sum floored at 1e-12, then a DCT-II scaled by
 * sqrt(2 / filterbank_channel_count), rounded to float.
 */
final class CpuMfcc {
  private CpuMfcc() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("Mfcc", Device.CPU).build(n -> ctx -> compute(n, ctx)));

  private static final double FILTERBANK_FLOOR = 1e-12;

  private static void compute(NodeInfo node, KernelContext ctx) {
    Tensor spectrogram = ctx.input(0);
    if (spectrogram.shape().rank() != 3) {
      throw node.invalidArgument("spectrogram must be 3-dimensional" + spectrogram.shape());
    }
    Tensor rateTensor = ctx.input(1);
    if (rateTensor.shape().rank() != 0) {
      throw node.invalidArgument(
          "Input sample_rate should be a scalar tensor, got " + rateTensor.shape() + " instead.");
    }
    int sampleRate = rateTensor.getInt(0);
    int bins = (int) spectrogram.shape().dim(2);
    int frames = (int) spectrogram.shape().dim(1);
    int channels = (int) spectrogram.shape().dim(0);
    double upper = node.attrs().get("upper_frequency_limit").getF();
    double lower = node.attrs().get("lower_frequency_limit").getF();
    int filters = node.int32Attr("filterbank_channel_count");
    int coefficients = node.int32Attr("dct_coefficient_count");
    Filterbank bank = Filterbank.create(bins, sampleRate, filters, lower, upper);
    boolean dctOk = coefficients >= 1 && filters >= 1 && coefficients <= filters;
    if (bank == null || !dctOk) {
      throw node.invalidArgument(
          "Mfcc initialization failed for channel count "
              + bins
              + ", sample rate "
              + sampleRate
              + " and filterbank_channel_count "
              + filters);
    }
    double[][] cosines = new double[coefficients][filters];
    double fnorm = Math.sqrt(2.0 / filters);
    double arg = Math.atan(1) * 4 / filters;
    for (int i = 0; i < coefficients; i++) {
      for (int j = 0; j < filters; j++) {
        cosines[i][j] = fnorm * StrictMath.cos(i * arg * (j + 0.5));
      }
    }
    TensorBuffer out = ctx.allocate(DType.FLOAT, Shape.of(channels, frames, coefficients));
    MemorySegment src = spectrogram.data();
    MemorySegment dst = out.segment();
    double[] frame = new double[bins];
    double[] mel = new double[filters];
    for (long row = 0; row < (long) channels * frames; row++) {
      for (int i = 0; i < bins; i++) {
        frame[i] = src.getAtIndex(Layouts.F32, row * bins + i);
      }
      // TF's filterbank leaves its output empty for a frame too short: the DCT then sums nothing.
      int length = bank.compute(frame, mel) ? filters : 0;
      for (int i = 0; i < length; i++) {
        double v = mel[i];
        if (v < FILTERBANK_FLOOR) {
          v = FILTERBANK_FLOOR;
        }
        mel[i] = Math.log(v);
      }
      for (int i = 0; i < coefficients; i++) {
        double sum = 0.0;
        for (int j = 0; j < length; j++) {
          sum += cosines[i][j] * mel[j];
        }
        dst.setAtIndex(Layouts.F32, row * coefficients + i, (float) sum);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** TF's MfccMelFilterbank: per FFT bin, the channel whose right slope it is on and its weight. */
  private static final class Filterbank {
    private final int channels;
    private final int start;
    private final int end;
    private final int[] bandMapper;
    private final double[] weights;

    private Filterbank(int channels, int start, int end, int[] bandMapper, double[] weights) {
      this.channels = channels;
      this.start = start;
      this.end = end;
      this.bandMapper = bandMapper;
      this.weights = weights;
    }

    static double freqToMel(double freq) {
      return 1127.0 * Math.log1p(freq / 700.0);
    }

    /** The filterbank, or null where TF's Initialize fails. */
    static Filterbank create(
        int inputLength, double sampleRate, int channels, double lower, double upper) {
      if (channels < 1 || sampleRate <= 0 || inputLength < 2 || lower < 0 || upper <= lower) {
        return null;
      }
      double[] centers = new double[channels + 1];
      double melLow = freqToMel(lower);
      double melHi = freqToMel(upper);
      double spacing = (melHi - melLow) / (double) (channels + 1);
      for (int i = 0; i < channels + 1; i++) {
        centers[i] = melLow + (spacing * (i + 1));
      }
      double hzPerBin = 0.5 * sampleRate / (double) (inputLength - 1);
      int start = (int) (1.5 + (lower / hzPerBin));
      int end = (int) (upper / hzPerBin);
      int[] mapper = new int[inputLength];
      int channel = 0;
      for (int i = 0; i < inputLength; i++) {
        double melf = freqToMel(i * hzPerBin);
        if (i < start || i > end) {
          mapper[i] = -2;
        } else {
          while (channel < channels && centers[channel] < melf) {
            channel++;
          }
          mapper[i] = channel - 1;
        }
      }
      double[] weights = new double[inputLength];
      for (int i = 0; i < inputLength; i++) {
        channel = mapper[i];
        if (i < start || i > end) {
          weights[i] = 0.0;
        } else if (channel >= 0) {
          weights[i] =
              (centers[channel + 1] - freqToMel(i * hzPerBin))
                  / (centers[channel + 1] - centers[channel]);
        } else {
          weights[i] = (centers[0] - freqToMel(i * hzPerBin)) / (centers[0] - melLow);
        }
      }
      return new Filterbank(channels, start, end, mapper, weights);
    }

    /** The mel spectrum of a squared-magnitude frame; false where TF finds the frame too short. */
    boolean compute(double[] input, double[] output) {
      if (input.length <= end) {
        return false;
      }
      java.util.Arrays.fill(output, 0.0);
      for (int i = start; i <= end; i++) {
        double spec = Math.sqrt(input[i]);
        double weighted = spec * weights[i];
        int channel = bandMapper[i];
        if (channel >= 0) {
          output[channel] += weighted;
        }
        channel++;
        if (channel < channels) {
          output[channel] += spec - weighted;
        }
      }
      return true;
    }
  }
}
