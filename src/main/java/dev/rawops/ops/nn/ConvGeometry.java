package dev.rawops.ops.nn;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * Window geometry of convolutions and pooling (TF's {@code GetWindowedOutputSizeVerbose} and the
 * attr checks of {@code conv_ops.cc}, {@code pooling_ops_common.cc}), shared by shape functions and
 * kernels. Sizes are -1 when unknown at build time.
 */
public final class ConvGeometry {
  private ConvGeometry() {}

  /** One spatial dimension: input size, effective filter size, stride, pad before, output size. */
  public record Window(long in, long k, long stride, long dilation, long padBefore, long out) {
    public long effective() {
      return (k - 1) * dilation + 1;
    }
  }

  /** The data_format attr says channels come before the spatial dims (NCHW, NCDHW). */
  public static boolean channelsFirst(NodeInfo node) {
    return node.attrs().has("data_format")
        && node.attrs().getString("data_format").startsWith("NC");
  }

  public static long[] ints(NodeInfo node, String attr) {
    if (!node.attrs().has(attr)) {
      return new long[0];
    }
    List<Long> l = node.attrs().get(attr).getList().getIList();
    long[] r = new long[l.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = l.get(i);
    }
    return r;
  }

  /** Index of spatial dim {@code i} in a rank-{@code rank} tensor of the node's data_format. */
  public static int spatialIndex(NodeInfo node, int rank, int i) {
    return channelsFirst(node) ? 2 + i : 1 + i;
  }

  public static int channelIndex(NodeInfo node, int rank) {
    return channelsFirst(node) ? 1 : rank - 1;
  }

  /**
   * The window of one spatial dimension; {@code in} or {@code k} may be -1 (then out is -1).
   * padding is "VALID", "SAME" or "EXPLICIT" (with padB/padA).
   */
  public static Window window(
      NodeInfo node,
      long in,
      long k,
      long stride,
      long dilation,
      String padding,
      long padB,
      long padA) {
    if (stride <= 0) {
      throw node.invalidArgument("Stride must be > 0, but got " + stride);
    }
    if (dilation < 1) {
      throw node.invalidArgument("Dilation rate must be >= 1, but got " + dilation);
    }
    if (in < 0 || k < 0) {
      return new Window(in, k, stride, dilation, 0, -1);
    }
    long eff = (k - 1) * dilation + 1;
    long out;
    long before;
    switch (padding) {
      case "VALID" -> {
        out = (in - eff + stride) / stride;
        before = 0;
      }
      case "SAME" -> {
        out = (in + stride - 1) / stride;
        long needed = Math.max(0, (out - 1) * stride + eff - in);
        before = needed / 2;
      }
      default -> {
        out = (in + padB + padA - eff + stride) / stride;
        before = padB;
      }
    }
    if (out < 0) {
      throw node.invalidArgument(
          "Computed output size would be negative: "
              + out
              + " [input_size: "
              + in
              + ", effective_filter_size: "
              + eff
              + ", stride: "
              + stride
              + "]");
    }
    return new Window(in, k, stride, dilation, before, out);
  }

  /** Checks TF's conv attrs: strides/dilations length, no batch/depth strides. */
  public static void checkConvAttrs(NodeInfo node, int spatial, String what) {
    int n = spatial + 2;
    long[] strides = node.int32ListAttr("strides");
    if (strides.length != n) {
      throw node.invalidArgument(
          what
              + " requires the stride attribute to contain "
              + n
              + " values, but got: "
              + strides.length);
    }
    long[] dil = node.int32ListAttr("dilations");
    if (node.attrs().has("dilations") && dil.length != n) {
      throw node.invalidArgument(
          what
              + " requires the dilation attribute to contain "
              + n
              + " values, but got: "
              + dil.length);
    }
    int c = channelsFirst(node) ? 1 : n - 1;
    if (strides[0] != 1 || strides[c] != 1) {
      throw node.invalidArgument(
          "Current implementation does not yet support strides in the batch and depth"
              + " dimensions.");
    }
    if (dil.length == n && (dil[0] != 1 || dil[c] != 1)) {
      throw node.invalidArgument(
          "Current implementation does not yet support dilations in the batch and depth"
              + " dimensions.");
    }
    if (node.attrs().has("padding") && node.attrs().getString("padding").equals("EXPLICIT")) {
      long[] p = ints(node, "explicit_paddings");
      if (p.length != 2L * n) {
        throw node.invalidArgument(
            "explicit_paddings attribute must contain "
                + (2 * n)
                + " values, but got: "
                + p.length);
      }
      for (long v : p) {
        if (v < 0) {
          throw node.invalidArgument("All elements of explicit_paddings must be nonnegative");
        }
      }
    }
  }

  /** The windows of every spatial dim of a conv-like node, given its input and filter sizes. */
  public static Window[] windows(NodeInfo node, long[] inSpatial, long[] kSpatial) {
    int s = inSpatial.length;
    long[] strides = node.int32ListAttr("strides");
    long[] dil = node.int32ListAttr("dilations");
    long[] pads = ints(node, "explicit_paddings");
    String padding = node.attrs().getString("padding");
    Window[] w = new Window[s];
    for (int i = 0; i < s; i++) {
      int idx = spatialIndex(node, s + 2, i);
      long d = dil.length == s + 2 ? dil[idx] : 1;
      long pb = pads.length == 2 * (s + 2) ? pads[2 * idx] : 0;
      long pa = pads.length == 2 * (s + 2) ? pads[2 * idx + 1] : 0;
      w[i] = window(node, inSpatial[i], kSpatial[i], strides[idx], d, padding, pb, pa);
    }
    return w;
  }

  /** Output shape of a channels-last or channels-first tensor: batch, spatial outs, channels. */
  public static PartialShape shape(NodeInfo node, long batch, Window[] w, long channels) {
    int s = w.length;
    long[] d = new long[s + 2];
    d[0] = batch;
    d[channelIndex(node, s + 2)] = channels;
    for (int i = 0; i < s; i++) {
      d[spatialIndex(node, s + 2, i)] = w[i].out();
    }
    return PartialShape.of(d);
  }

  /** TF's pooling attr checks (pooling_ops_common.cc, pooling_ops_3d.cc). */
  public static void checkPoolAttrs(NodeInfo node, int s, long[] ksize, long[] strides) {
    int n = s + 2;
    if (ksize.length != n) {
      throw node.invalidArgument("Sliding window ksize field must specify " + n + " dimensions");
    }
    if (strides.length != n) {
      throw node.invalidArgument("Sliding window stride field must specify " + n + " dimensions");
    }
    for (long k : ksize) {
      if (k <= 0) {
        throw node.invalidArgument("Sliding window ksize for dimension must be positive");
      }
    }
    int c = ConvGeometry.channelIndex(node, n);
    if (ksize[0] != 1 || strides[0] != 1) {
      throw node.error(
          dev.rawops.Code.UNIMPLEMENTED, "Pooling is not yet supported on the batch dimension.");
    }
    if (ksize[c] != 1 || strides[c] != 1) {
      throw node.error(
          dev.rawops.Code.UNIMPLEMENTED,
          "MaxPooling supports exactly one of pooling across depth or pooling across"
              + " width/height.");
    }
  }
}
