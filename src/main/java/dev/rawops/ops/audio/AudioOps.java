package dev.rawops.ops.audio;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * The Audio op family: the front end of keyword-spotting models (DecodeWav, EncodeWav,
 * AudioSpectrogram, Mfcc) with the shape functions of TF's audio_ops.cc and their BUILD-time attr
 * errors, and the FFT ops (FFT, IFFT, RFFT, IRFFT in 1, 2 and 3 dimensions) of spectral_ops.cc.
 */
public final class AudioOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("DecodeWav", AudioOps::decodeWavShape),
        DefinedOp.of("AudioSpectrogram", AudioOps::spectrogramShape),
        DefinedOp.of("Mfcc", AudioOps::mfccShape),
        DefinedOp.of("EncodeWav", AudioOps::encodeWavShape),
        DefinedOp.of("FFT", n -> fftShape(n, 1)),
        DefinedOp.of("IFFT", n -> fftShape(n, 1)),
        DefinedOp.of("RFFT", n -> rfftShape(n, true, 1)),
        DefinedOp.of("IRFFT", n -> rfftShape(n, false, 1)),
        DefinedOp.of("FFT2D", n -> fftShape(n, 2)),
        DefinedOp.of("IFFT2D", n -> fftShape(n, 2)),
        DefinedOp.of("RFFT2D", n -> rfftShape(n, true, 2)),
        DefinedOp.of("IRFFT2D", n -> rfftShape(n, false, 2)),
        DefinedOp.of("FFT3D", n -> fftShape(n, 3)),
        DefinedOp.of("IFFT3D", n -> fftShape(n, 3)),
        DefinedOp.of("RFFT3D", n -> rfftShape(n, true, 3)),
        DefinedOp.of("IRFFT3D", n -> rfftShape(n, false, 3)));
  }

  private static List<PartialShape> decodeWavShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    long channels = node.attrs().getInt("desired_channels");
    long samples = node.attrs().getInt("desired_samples");
    if (channels != -1 && channels < 0) {
      throw node.invalidArgument("channels must be non-negative, got " + channels);
    }
    if (samples != -1 && samples < 0) {
      throw node.invalidArgument("samples must be non-negative, got " + samples);
    }
    return List.of(
        PartialShape.of(
            samples == -1 ? PartialShape.UNKNOWN : samples,
            channels == -1 ? PartialShape.UNKNOWN : channels),
        PartialShape.of());
  }

  private static List<PartialShape> spectrogramShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    long window = node.attrs().getInt("window_size");
    if (window <= 1) {
      throw node.invalidArgument("window size must be > 1, got " + window);
    }
    long stride = node.attrs().getInt("stride");
    if (stride <= 0) {
      throw node.invalidArgument("stride must be strictly positive, got " + stride);
    }
    PartialShape in = node.inputShape(0);
    long length = Shapes.dimOr(in, 0);
    long channels = Shapes.dimOr(in, 1);
    long frames;
    if (length == PartialShape.UNKNOWN) {
      frames = PartialShape.UNKNOWN;
    } else {
      frames = SpectrogramGeometry.frames(length, window, stride);
    }
    return List.of(
        PartialShape.of(channels, frames, SpectrogramGeometry.fftLength(window) / 2 + 1));
  }

  private static List<PartialShape> fftShape(NodeInfo node, int rank) {
    Shapes.requireRankAtLeast(node, 0, rank);
    return List.of(node.inputShape(0));
  }

  /** TF's RFFTShape (spectral_ops.cc): the inner dims from a constant fft_length, else unknown. */
  private static List<PartialShape> rfftShape(NodeInfo node, boolean forward, int rank) {
    Shapes.requireRankAtLeast(node, 0, rank);
    Shapes.requireRank(node, 1, 1);
    PartialShape lengthShape = node.inputShape(1);
    if (lengthShape.hasRank()
        && lengthShape.dim(0) != PartialShape.UNKNOWN
        && lengthShape.dim(0) != rank) {
      throw node.invalidArgument("Dimension must be " + rank + " but is " + lengthShape.dim(0));
    }
    PartialShape in = node.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    long[] dims = new long[in.rank()];
    for (int i = 0; i < dims.length; i++) {
      dims[i] = in.dim(i);
    }
    Optional<Tensor> lengths = node.constantInput(1);
    for (int i = 0; i < rank; i++) {
      long d = PartialShape.UNKNOWN;
      if (lengths.isPresent() && lengths.get().numElements() == rank) {
        long v = lengths.get().getIndex(i);
        d = forward && i == rank - 1 && v != 0 ? v / 2 + 1 : v;
      }
      dims[dims.length - rank + i] = d;
    }
    return List.of(PartialShape.of(dims));
  }

  private static List<PartialShape> encodeWavShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 0);
    return List.of(PartialShape.of());
  }

  private static List<PartialShape> mfccShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 3);
    Shapes.requireRank(node, 1, 0);
    PartialShape in = node.inputShape(0);
    return List.of(
        PartialShape.of(
            Shapes.dimOr(in, 0),
            Shapes.dimOr(in, 1),
            node.attrs().getInt("dct_coefficient_count")));
  }
}
