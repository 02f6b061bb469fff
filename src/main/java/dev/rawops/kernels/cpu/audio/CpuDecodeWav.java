package dev.rawops.kernels.cpu.audio;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.audio.DecodeWavGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * DecodeWav on CPU (decode_wav_op.cc): the WAV parsed by {@link DecodeWavGeometry}, then cropped or
 * zero-padded to desired_samples and, for desired_channels, extra channels dropped or the last one
 * repeated.
 */
final class CpuDecodeWav {
  private CpuDecodeWav() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("DecodeWav", Device.CPU).build(n -> ctx -> decode(n, ctx)));

  private static void decode(NodeInfo node, KernelContext ctx) {
    Tensor contents = ctx.input(0);
    if (contents.shape().rank() != 0) {
      throw node.invalidArgument("contents must be scalar, got shape " + contents.shape());
    }
    DecodeWavGeometry.Wav wav = DecodeWavGeometry.decode(node, contents.getString(0));
    long desiredChannels = node.attrs().getInt("desired_channels");
    long desiredSamples = node.attrs().getInt("desired_samples");
    if (desiredChannels < -1) {
      throw node.invalidArgument("desired_channels must be >= -1, got " + desiredChannels);
    }
    if (desiredSamples < -1) {
      throw node.invalidArgument("desired_samples must be >= -1, got " + desiredSamples);
    }
    int samples = (int) (desiredSamples == -1 ? wav.sampleCount() : desiredSamples);
    int channels = (int) (desiredChannels == -1 ? wav.channels() : desiredChannels);
    if (samples < 0) {
      throw node.invalidArgument("Output sample count must be >= 0, got " + samples);
    }
    if (channels < 0) {
      throw node.invalidArgument("Output channel count must be >= 0, got " + channels);
    }
    TensorBuffer out = ctx.allocate(DType.FLOAT, Shape.of(samples, channels));
    MemorySegment dst = out.segment();
    float[] src = wav.samples();
    int have = wav.channels();
    long decoded = Math.min(samples, wav.sampleCount());
    for (int s = 0; s < decoded; s++) {
      for (int c = 0; c < channels; c++) {
        int from = c < have ? c : have - 1;
        dst.setAtIndex(Layouts.F32, (long) s * channels + c, src[s * have + from]);
      }
    }
    ctx.setOutput(0, out.freeze());
    TensorBuffer rate = ctx.allocate(DType.INT32, Shape.scalar());
    rate.segment().setAtIndex(Layouts.I32, 0, (int) wav.sampleRate());
    ctx.setOutput(1, rate.freeze());
  }
}
