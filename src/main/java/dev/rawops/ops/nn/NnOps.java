package dev.rawops.ops.nn;

import static dev.rawops.ops.nn.ConvGeometry.dimOr;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.Shapes;
import dev.rawops.ops.linalg.EinsumSpec;
import dev.rawops.ops.nn.ConvGeometry.Window;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** The Nn op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
public final class NnOps {
  private NnOps() {}

  public static List<Op> all() {
    return List.of(
        DefinedOp.of("MatMul", NnOps::matMul),
        DefinedOp.of("BatchMatMul", node -> batchMatMul(node, false)),
        DefinedOp.of("BatchMatMulV2", node -> batchMatMul(node, true)),
        DefinedOp.of("BatchMatMulV3", node -> batchMatMul(node, true)),
        DefinedOp.of("Einsum", NnOps::einsum),
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

  private static String dimsMismatch(NodeInfo node, long a, long b) {
    List<String> shapes = new ArrayList<>();
    for (int i = 0; i < node.numInputs(); i++) {
      shapes.add(node.inputShape(i).toString());
    }
    return "Dimensions must be equal, but are "
        + a
        + " and "
        + b
        + " for '{{node "
        + node.name()
        + "}} = "
        + node.op()
        + node.attrs()
        + "' with input shapes: "
        + String.join(", ", shapes)
        + ".";
  }

  private static List<PartialShape> matMul(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 2);
    PartialShape a = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    boolean ta = node.attrs().getBool("transpose_a");
    boolean tb = node.attrs().getBool("transpose_b");
    long m = dimOr(a, ta ? 1 : 0);
    long ka = dimOr(a, ta ? 0 : 1);
    long kb = dimOr(b, tb ? 1 : 0);
    long n = dimOr(b, tb ? 0 : 1);
    if (ka >= 0 && kb >= 0 && ka != kb) {
      throw node.invalidArgument(dimsMismatch(node, ka, kb));
    }
    return List.of(PartialShape.of(m, n));
  }

  private static List<PartialShape> batchMatMul(NodeInfo node, boolean broadcast) {
    Shapes.requireRankAtLeast(node, 0, 2);
    Shapes.requireRankAtLeast(node, 1, 2);
    PartialShape a = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    if (!a.hasRank() || !b.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    boolean ax = node.attrs().getBool("adj_x");
    boolean ay = node.attrs().getBool("adj_y");
    int ra = a.rank();
    int rb = b.rank();
    long m = a.dim(ax ? ra - 1 : ra - 2);
    long ka = a.dim(ax ? ra - 2 : ra - 1);
    long kb = b.dim(ay ? rb - 1 : rb - 2);
    long n = b.dim(ay ? rb - 2 : rb - 1);
    if (ka >= 0 && kb >= 0 && ka != kb) {
      throw node.invalidArgument(dimsMismatch(node, ka, kb));
    }
    long[] batch;
    if (!broadcast) {
      if (ra != rb) {
        throw node.invalidArgument(
            "Shape must be rank " + ra + " but is rank " + rb + " for input 1 of " + node.op());
      }
      batch = new long[ra - 2];
      for (int i = 0; i < ra - 2; i++) {
        long x = a.dim(i);
        long y = b.dim(i);
        if (x >= 0 && y >= 0 && x != y) {
          throw node.invalidArgument(dimsMismatch(node, x, y));
        }
        batch[i] = x >= 0 ? x : y;
      }
    } else {
      int r = Math.max(ra, rb) - 2;
      batch = new long[r];
      for (int i = 0; i < r; i++) {
        int ia = i - (r - (ra - 2));
        int ib = i - (r - (rb - 2));
        long x = ia >= 0 ? a.dim(ia) : 1;
        long y = ib >= 0 ? b.dim(ib) : 1;
        if (x == 1) {
          batch[i] = y;
        } else if (y == 1) {
          batch[i] = x;
        } else if (x < 0 || y < 0) {
          batch[i] = x >= 0 ? x : y;
        } else if (x != y) {
          throw node.invalidArgument(
              "Incompatible shapes: " + a.sub(0, ra - 2) + " vs. " + b.sub(0, rb - 2));
        } else {
          batch[i] = x;
        }
      }
    }
    long[] out = new long[batch.length + 2];
    System.arraycopy(batch, 0, out, 0, batch.length);
    out[batch.length] = m;
    out[batch.length + 1] = n;
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> einsum(NodeInfo node) {
    int n = node.numInputs();
    int[] ranks = new int[n];
    long[][] dims = new long[n][];
    for (int i = 0; i < n; i++) {
      PartialShape s = node.inputShape(i);
      ranks[i] = s.hasRank() ? s.rank() : -1;
      dims[i] = s.hasRank() ? dims(s, s.rank()) : null;
    }
    EinsumSpec spec = EinsumSpec.parse(node, node.attrs().getString("equation"), ranks);
    if (spec == null) {
      return List.of(PartialShape.unknownRank());
    }
    long[] size = spec.labelSizes(node, dims);
    int[] out = spec.output();
    long[] d = new long[out.length];
    for (int i = 0; i < out.length; i++) {
      d[i] = size[out[i]];
    }
    return List.of(PartialShape.of(d));
  }

  private static List<PartialShape> biasAdd(NodeInfo node, boolean hasFormat) {
    Shapes.requireRankAtLeast(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    PartialShape v = node.inputShape(0);
    PartialShape b = node.inputShape(1);
    if (v.hasRank()) {
      int c = hasFormat && ConvGeometry.channelsFirst(node) && v.rank() > 2 ? 1 : v.rank() - 1;
      long bc = dimOr(b, 0);
      if (v.dim(c) >= 0 && bc >= 0 && v.dim(c) != bc) {
        throw node.invalidArgument(dimsMismatch(node, v.dim(c), bc));
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

  private static long[] dims(PartialShape s, int rank) {
    long[] d = new long[rank];
    for (int i = 0; i < rank; i++) {
      d[i] = s.hasRank() ? s.dim(i) : -1;
    }
    return d;
  }

  private static List<PartialShape> conv(NodeInfo node, int s, String what, boolean depthwise) {
    Shapes.requireRank(node, 0, s + 2);
    Shapes.requireRank(node, 1, s + 2);
    ConvGeometry.checkConvAttrs(node, s, what);
    long[] in = dims(node.inputShape(0), s + 2);
    long[] f = dims(node.inputShape(1), s + 2);
    int c = ConvGeometry.channelIndex(node, s + 2);
    long inDepth = in[c];
    long fIn = f[s];
    long outDepth;
    if (depthwise) {
      if (inDepth >= 0 && fIn >= 0 && inDepth != fIn) {
        throw node.invalidArgument(dimsMismatch(node, inDepth, fIn));
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
      return ConvGeometry.ints(node, attr);
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
    long[] in = dims(node.inputShape(0), s + 2);
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
      long d = dimOr(node.inputShape(i), 0);
      if (c >= 0 && d >= 0 && c != d) {
        throw node.invalidArgument(dimsMismatch(node, c, d));
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
        throw node.invalidArgument(dimsMismatch(node, f.dim(1), l.dim(1)));
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
    long b = dimOr(f, 0);
    long lb = dimOr(node.inputShape(1), 0);
    if (b >= 0 && lb >= 0 && b != lb) {
      throw node.invalidArgument(dimsMismatch(node, b, lb));
    }
    if (b < 0) {
      b = lb;
    }
    return List.of(PartialShape.of(b), PartialShape.of(b, dimOr(f, 1)));
  }

  /** RNN cells: x is input {@code xInput} (rank {@code xRank}+1), h_prev gives [batch, units]. */
  private static List<PartialShape> rnn(NodeInfo node, int xRank, int xInput, int outputs) {
    PartialShape x = node.inputShape(xInput);
    Shapes.requireRank(node, xInput, xRank + 1);
    boolean gru = node.op().equals("GRUBlockCell");
    int hInput = gru ? 1 : xInput + 2;
    Shapes.requireRank(node, hInput, 2);
    long units = dimOr(node.inputShape(hInput), 1);
    long batch = dimOr(x, xRank - 1);
    if (xRank == 2) {
      return Collections.nCopies(outputs, PartialShape.of(dimOr(x, 0), batch, units));
    }
    return Collections.nCopies(outputs, PartialShape.of(batch, units));
  }
}
