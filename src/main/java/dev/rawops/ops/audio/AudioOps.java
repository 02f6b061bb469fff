package dev.rawops.ops.audio;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The Audio op family: the front end of keyword-spotting models (DecodeWav, AudioSpectrogram,
 * Mfcc), with the shape functions of TF's audio_ops.cc and their BUILD-time attr errors.
 */
public final class AudioOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("DecodeWav", AudioOps::decodeWavShape),
        DefinedOp.of("AudioSpectrogram", AudioOps::spectrogramShape),
        DefinedOp.of("Mfcc", AudioOps::mfccShape));
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
