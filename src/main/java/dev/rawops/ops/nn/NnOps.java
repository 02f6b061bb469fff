package dev.rawops.ops.nn;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.ops.nn.ConvGeometry.Window;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** The Nn op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
public final class NnOps implements OpFamily {

  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("DataFormatVecPermute", ShapeFns.sameAsInput(0)),
        DefinedOp.of("DataFormatDimMap", ShapeFns.sameAsInput(0)),
        DefinedOp.of("BiasAdd", node -> biasAdd(node, true)),
        DefinedOp.of("BiasAddV1", node -> biasAdd(node, false)),
        DefinedOp.of("Conv2D", node -> conv(node, 2, "Conv2D", false)),
        DefinedOp.of("Conv3D", node -> conv(node, 3, "Conv3D", false)),
        DefinedOp.of("DepthwiseConv2dNative", node -> conv(node, 2, "DepthwiseConv2dNative", true)),
        DefinedOp.of("Conv2DBackpropInput", node -> backpropInput(node, 4)),
        DefinedOp.of("Conv3DBackpropInputV2", node -> backpropInput(node, 5)),
        DefinedOp.of("DepthwiseConv2dNativeBackpropInput", node -> backpropInput(node, 4)),
        DefinedOp.of("MaxPool", node -> pool(node, 2, 1)),
        DefinedOp.of("MaxPoolV2", node -> pool(node, 2, 1)),
        DefinedOp.of("AvgPool", node -> pool(node, 2, 1)),
        DefinedOp.of("MaxPool3D", node -> pool(node, 3, 1)),
        DefinedOp.of("AvgPool3D", node -> pool(node, 3, 1)),
        DefinedOp.of("MaxPoolWithArgmax", node -> pool(node, 2, 2)),
        DefinedOp.of("LRN", node -> rank(node, 0, 4, 1)),
        DefinedOp.of("FusedBatchNorm", NnOps::fusedBatchNorm),
        DefinedOp.of("FusedBatchNormV2", NnOps::fusedBatchNorm),
        DefinedOp.of("FusedBatchNormV3", NnOps::fusedBatchNorm),
        DefinedOp.of("SoftmaxCrossEntropyWithLogits", NnOps::softmaxXent),
        DefinedOp.of("SparseSoftmaxCrossEntropyWithLogits", NnOps::sparseSoftmaxXent),
        DefinedOp.of("LSTMBlockCell", node -> rnn(node, 1, 0, 7)),
        DefinedOp.of("BlockLSTM", node -> rnn(node, 2, 1, 7)),
        DefinedOp.of("BlockLSTMV2", node -> rnn(node, 2, 1, 7)),
        DefinedOp.of("GRUBlockCell", node -> rnn(node, 1, 0, 4)));
  }

  private static List<PartialShape> biasAdd(NodeInfo node, boolean hasFormat) {
    Shapes.requireRankAtLeast(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    PartialShape v = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    if (v.hasRank()) {
      int c = hasFormat && ConvGeometry.channelsFirst(node) && v.rank() > 2 ? 1 : v.rank() - 1;
      long bc = Shapes.dimOr(b, 0);
      if (v.dim(c) >= 0 && bc >= 0 && v.dim(c) != bc) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, v.dim(c), bc));
      }
      if (v.dim(c) < 0 && bc >= 0) {
        long[] d = new long[v.rank()];
        for (int i = 0; i < d.length; i++) {
          d[i] = v.dim(i);
        }
        d[c] = bc;
        return List.of(PartialShape.of(d));
      }
    }
    return List.of(v);
  }

  private static List<PartialShape> conv(NodeInfo node, int s, String what, boolean depthwise) {
    Shapes.requireRank(node, 0, s + 2);
    Shapes.requireRank(node, 1, s + 2);
    ConvGeometry.checkConvAttrs(node, s, what);
    long[] in = Shapes.dimsOrUnknown(node.inputShape(0), s + 2);
    long[] f = Shapes.dimsOrUnknown(node.inputShape(1), s + 2);
    int c = ConvGeometry.channelIndex(node, s + 2);
    long inDepth = in[c];
    long fIn = f[s];
    long outDepth;
    if (depthwise) {
      if (inDepth >= 0 && fIn >= 0 && inDepth != fIn) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, inDepth, fIn));
      }
      long d = inDepth >= 0 ? inDepth : fIn;
      outDepth = d >= 0 && f[s + 1] >= 0 ? d * f[s + 1] : -1;
    } else {
      if (inDepth >= 0 && fIn > 0 && inDepth % fIn != 0) {
        throw node.invalidArgument(
            "Depth of input ("
                + inDepth
                + ") is not a multiple of input depth of filter ("
                + fIn
                + ")");
      }
      outDepth = f[s + 1];
    }
    long[] inSp = new long[s];
    long[] kSp = new long[s];
    for (int i = 0; i < s; i++) {
      inSp[i] = in[ConvGeometry.spatialIndex(node, s + 2, i)];
      kSp[i] = f[i];
    }
    Window[] w = ConvGeometry.windows(node, inSp, kSp);
    return List.of(ConvGeometry.shape(node, in[0], w, outDepth));
  }

  private static List<PartialShape> backpropInput(NodeInfo node, int rank) {
    Optional<Tensor> sizes = node.constantInput(0);
    if (sizes.isPresent() && sizes.get().numElements() == rank) {
      return List.of(PartialShape.of(sizes.get().toLongArray()));
    }
    return List.of(PartialShape.unknownDims(rank));
  }

  /** Window sizes of a pooling node: from attrs, or (MaxPoolV2) constant inputs. */
  public static long[] poolAttr(NodeInfo node, String attr, int input) {
    if (node.attrs().has(attr)) {
      return node.int32ListAttr(attr);
    }
    Optional<Tensor> t = node.constantInput(input);
    return t.map(Tensor::toLongArray).orElse(null);
  }

  private static List<PartialShape> pool(NodeInfo node, int s, int outputs) {
    Shapes.requireRank(node, 0, s + 2);
    long[] ksize = poolAttr(node, "ksize", 1);
    long[] strides = poolAttr(node, "strides", 2);
    if (ksize == null || strides == null) {
      return Collections.nCopies(outputs, PartialShape.unknownDims(s + 2));
    }
    ConvGeometry.checkPoolAttrs(node, s, ksize, strides);
    long[] in = Shapes.dimsOrUnknown(node.inputShape(0), s + 2);
    String padding = node.attrs().getString("padding");
    long[] pads = ConvGeometry.ints(node, "explicit_paddings");
    Window[] w = new Window[s];
    for (int i = 0; i < s; i++) {
      int idx = ConvGeometry.spatialIndex(node, s + 2, i);
      long pb = pads.length == 2 * (s + 2) ? pads[2 * idx] : 0;
      long pa = pads.length == 2 * (s + 2) ? pads[2 * idx + 1] : 0;
      w[i] = ConvGeometry.window(node, in[idx], ksize[idx], strides[idx], 1, padding, pb, pa);
    }
    PartialShape out =
        ConvGeometry.shape(node, in[0], w, in[ConvGeometry.channelIndex(node, s + 2)]);
    return Collections.nCopies(outputs, out);
  }

  private static List<PartialShape> rank(NodeInfo node, int input, int r, int outputs) {
    Shapes.requireRank(node, input, r);
    return Collections.nCopies(outputs, node.inputShape(input));
  }

  private static List<PartialShape> fusedBatchNorm(NodeInfo node) {
    PartialShape x = node.inputShape(0);
    if (x.hasRank() && x.rank() != 4 && x.rank() != 5) {
      Shapes.requireRank(node, 0, 4);
    }
    for (int i = 1; i < 5; i++) {
      Shapes.requireRank(node, i, 1);
    }
    long c = -1;
    if (x.hasRank()) {
      c = x.dim(ConvGeometry.channelIndex(node, x.rank()));
    }
    boolean training = node.attrs().getBool("is_training");
    for (int i = 1; i < (training ? 3 : 5); i++) {
      long d = Shapes.dimOr(node.inputShape(i), 0);
      if (c >= 0 && d >= 0 && c != d) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, c, d));
      }
      if (c < 0) {
        c = d;
      }
    }
    List<PartialShape> out = new ArrayList<>();
    out.add(x);
    for (int i = 1; i < node.numOutputs(); i++) {
      out.add(i == 5 ? PartialShape.unknownRank() : PartialShape.of(c));
    }
    return out;
  }

  private static List<PartialShape> softmaxXent(NodeInfo node) {
    PartialShape f = node.inputShape(0);
    PartialShape l = node.inputShape(1);
    if (f.hasRank() && l.hasRank() && f.rank() == 2 && l.rank() == 2) {
      long b = f.dim(0) == 1 ? l.dim(0) : f.dim(0);
      long c = f.dim(1) == 1 ? l.dim(1) : f.dim(1);
      if (f.dim(1) >= 0 && l.dim(1) >= 0 && f.dim(1) != l.dim(1)) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, f.dim(1), l.dim(1)));
      }
      return List.of(PartialShape.of(b), PartialShape.of(b, c));
    }
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 2);
    return List.of(PartialShape.unknownDims(1), PartialShape.unknownDims(2));
  }

  private static List<PartialShape> sparseSoftmaxXent(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    PartialShape f = node.inputShape(0);
    long b = Shapes.dimOr(f, 0);
    long lb = Shapes.dimOr(node.inputShape(1), 0);
    if (b >= 0 && lb >= 0 && b != lb) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, b, lb));
    }
    if (b < 0) {
      b = lb;
    }
    return List.of(PartialShape.of(b), PartialShape.of(b, Shapes.dimOr(f, 1)));
  }

  /** RNN cells: x is input {@code xInput} (rank {@code xRank}+1), h_prev gives [batch, units]. */
  private static List<PartialShape> rnn(NodeInfo node, int xRank, int xInput, int outputs) {
    PartialShape x = node.inputShape(xInput);
    Shapes.requireRank(node, xInput, xRank + 1);
    boolean gru = node.op().equals("GRUBlockCell");
    int hInput = gru ? 1 : xInput + 2;
    Shapes.requireRank(node, hInput, 2);
    long units = Shapes.dimOr(node.inputShape(hInput), 1);
    long batch = Shapes.dimOr(x, xRank - 1);
    if (xRank == 2) {
      return Collections.nCopies(outputs, PartialShape.of(Shapes.dimOr(x, 0), batch, units));
    }
    return Collections.nCopies(outputs, PartialShape.of(batch, units));
  }
}
