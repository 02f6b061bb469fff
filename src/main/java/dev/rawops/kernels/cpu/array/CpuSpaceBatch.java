package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Array ops that move blocks of elements between the batch, spatial and depth
 * dimensions: SpaceToBatchND, BatchToSpaceND, SpaceToDepth, DepthToSpace and ExtractImagePatches.
 */
final class CpuSpaceBatch {
  private CpuSpaceBatch() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("SpaceToBatchND", n -> ctx -> spaceBatch(ctx, true)));
    d.add(def("BatchToSpaceND", n -> ctx -> spaceBatch(ctx, false)));
    d.add(def("SpaceToDepth", n -> ctx -> depthSpace(ctx, true)));
    d.add(def("DepthToSpace", n -> ctx -> depthSpace(ctx, false)));
    d.add(def("ExtractImagePatches", CpuSpaceBatch::extractPatches));
    return d;
  }

  // ---- SpaceToBatchND, BatchToSpaceND

  private static void spaceBatch(KernelContext ctx, boolean toBatch) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor bt = ctx.input(1);
    Tensor pt = ctx.input(2);
    String padName = toBatch ? "paddings" : "crops";
    if (bt.shape().rank() != 1) {
      throw node.invalidArgument("block_shape must be one-dimensional");
    }
    int m = (int) bt.numElements();
    if (pt.shape().rank() != 2 || pt.shape().dim(0) != m || pt.shape().dim(1) != 2) {
      throw node.invalidArgument(
          padName + " should have shape [" + m + ", 2] instead of " + pt.shape());
    }
    long[] dims = in.shape().dims();
    if (dims.length < 1 + m) {
      throw node.invalidArgument(
          "input rank should be >= " + (1 + m) + " instead of " + dims.length);
    }
    long[] block = bt.toLongArray();
    long[] pads = pt.toLongArray();
    long blockProduct = 1;
    for (int k = 0; k < m; k++) {
      if (block[k] < 1) {
        throw node.invalidArgument(
            "All values in block_shape must be positive, got value, "
                + block[k]
                + " at index "
                + k
                + ".");
      }
      if (pads[2 * k] < 0 || pads[2 * k + 1] < 0) {
        throw node.invalidArgument(
            (toBatch ? "Negative paddings" : "Negative crops") + " for dimension " + k);
      }
      blockProduct *= block[k];
    }
    long rest = 1;
    for (int i = 1 + m; i < dims.length; i++) {
      rest *= dims[i];
    }
    long[] od = dims.clone();
    long[] spatialSrc = new long[m];
    long[] spatialOut = new long[m];
    long batch;
    if (toBatch) {
      batch = dims[0];
      od[0] = dims[0] * blockProduct;
      for (int k = 0; k < m; k++) {
        long padded = dims[1 + k] + pads[2 * k] + pads[2 * k + 1];
        if (padded % block[k] != 0) {
          throw node.invalidArgument(
              "padded_shape["
                  + k
                  + "]="
                  + padded
                  + " is not divisible by block_shape["
                  + k
                  + "]="
                  + block[k]);
        }
        od[1 + k] = padded / block[k];
      }
    } else {
      if (dims[0] % blockProduct != 0) {
        throw node.invalidArgument(
            "Input batch dimension ("
                + dims[0]
                + ") is not divisible by product of block sizes ("
                + blockProduct
                + ")");
      }
      batch = dims[0] / blockProduct;
      od[0] = batch;
      for (int k = 0; k < m; k++) {
        long size = dims[1 + k] * block[k] - pads[2 * k] - pads[2 * k + 1];
        if (size < 0) {
          throw node.invalidArgument(
              "Negative output dimension size caused by cropping: " + size + " for dimension " + k);
        }
        od[1 + k] = size;
      }
    }
    for (int k = 0; k < m; k++) {
      spatialSrc[k] = dims[1 + k];
      spatialOut[k] = od[1 + k];
    }
    TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
    if (out.shape().numElements() == 0 || rest == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
    // The "big" side is the batch-multiplied one: for SpaceToBatch the output, else the input.
    long bigBatch = batch * blockProduct;
    long[] bigSpatial = toBatch ? spatialOut : spatialSrc;
    long[] smallSpatial = toBatch ? spatialSrc : spatialOut;
    long bigSpatialCount = 1;
    long smallSpatialCount = 1;
    for (int k = 0; k < m; k++) {
      bigSpatialCount *= bigSpatial[k];
      smallSpatialCount *= smallSpatial[k];
    }
    long[] offs = new long[m];
    int[] pos = new int[m];
    for (long bb = 0; bb < bigBatch; bb++) {
      long b = bb % batch;
      long bo = bb / batch;
      for (int k = m - 1; k >= 0; k--) {
        offs[k] = bo % block[k];
        bo /= block[k];
      }
      java.util.Arrays.fill(pos, 0);
      for (long sp = 0; sp < bigSpatialCount; sp++) {
        long small = 0;
        boolean inside = true;
        for (int k = 0; k < m; k++) {
          long c = pos[k] * block[k] + offs[k] - pads[2 * k];
          if (c < 0 || c >= smallSpatial[k]) {
            inside = false;
            break;
          }
          small = small * smallSpatial[k] + c;
        }
        if (inside) {
          long bigIdx = (bb * bigSpatialCount + sp) * rest;
          long smallIdx = (b * smallSpatialCount + small) * rest;
          if (toBatch) {
            mv.move(smallIdx, bigIdx, rest);
          } else {
            mv.move(bigIdx, smallIdx, rest);
          }
        }
        for (int k = m - 1; k >= 0; k--) {
          if (++pos[k] < bigSpatial[k]) {
            break;
          }
          pos[k] = 0;
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  // ---- SpaceToDepth, DepthToSpace

  private static void depthSpace(KernelContext ctx, boolean toDepth) {
    NodeInfo node = ctx.node();
    String format = node.attrs().getString("data_format");
    long b = node.attrs().getInt("block_size");
    if (!format.equals("NHWC")) {
      throw node.invalidArgument(
          "No OpKernel was registered to support Op '"
              + node.op()
              + "' used by {{node "
              + node.name()
              + "}} with these attrs: [data_format=\""
              + format
              + "\"]");
    }
    Tensor in = ctx.input(0);
    if (in.shape().rank() != 4) {
      throw node.invalidArgument("Input rank should be: 4 instead of: " + in.shape().rank());
    }
    long[] d = in.shape().dims();
    long[] view;
    long[] outDims;
    if (toDepth) {
      if (d[1] % b != 0 || d[2] % b != 0) {
        throw node.invalidArgument(
            "Image width "
                + d[2]
                + " and height "
                + d[1]
                + " should be divisible by block_size: "
                + b);
      }
      view = new long[] {d[0], d[1] / b, b, d[2] / b, b, d[3]};
      outDims = new long[] {d[0], d[1] / b, d[2] / b, d[3] * b * b};
    } else {
      if (d[3] % (b * b) != 0) {
        throw node.invalidArgument(
            "Input depth dimension " + d[3] + " should be divisible by: " + (b * b));
      }
      view = new long[] {d[0], d[1], d[2], b, b, d[3] / (b * b)};
      outDims = new long[] {d[0], d[1] * b, d[2] * b, d[3] / (b * b)};
    }
    int[] perm = {0, 1, 3, 2, 4, 5};
    long[] st = ArrayCopy.strides(view);
    long[][] maps = new long[6][];
    for (int i = 0; i < 6; i++) {
      maps[i] = ArrayCopy.linear(view[perm[i]], 0, 1, st[perm[i]]);
    }
    TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(outDims));
    ArrayCopy.gather(in, out, maps);
    ctx.setOutput(0, out.freeze());
  }

  // ---- ExtractImagePatches

  private static Kernel extractPatches(NodeInfo node) {
    long[] k = list(node, "ksizes");
    long[] s = list(node, "strides");
    long[] r = list(node, "rates");
    boolean same = node.attrs().getString("padding").equals("SAME");
    return ctx -> {
      Tensor in = ctx.input(0);
      if (in.shape().rank() != 4) {
        throw node.invalidArgument("input must be 4-dimensional" + in.shape());
      }
      if (k.length != 4 || s.length != 4 || r.length != 4 || k[0] != 1 || k[3] != 1) {
        throw node.invalidArgument(
            "Only support ksizes across space, strides across space and rates across space.");
      }
      long[] d = in.shape().dims();
      long batch = d[0];
      long ih = d[1];
      long iw = d[2];
      long c = d[3];
      long kh = k[1];
      long kw = k[2];
      long ekh = kh + (kh - 1) * (r[1] - 1);
      long ekw = kw + (kw - 1) * (r[2] - 1);
      long oh;
      long ow;
      long padTop = 0;
      long padLeft = 0;
      if (same) {
        oh = (ih + s[1] - 1) / s[1];
        ow = (iw + s[2] - 1) / s[2];
        padTop = Math.max((oh - 1) * s[1] + ekh - ih, 0) / 2;
        padLeft = Math.max((ow - 1) * s[2] + ekw - iw, 0) / 2;
      } else {
        oh = Math.max((ih - ekh + s[1]) / s[1], 0);
        ow = Math.max((iw - ekw + s[2]) / s[2], 0);
        if (ih < ekh) {
          oh = 0;
        }
        if (iw < ekw) {
          ow = 0;
        }
      }
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(batch, oh, ow, kh * kw * c));
      if (out.shape().numElements() > 0 && c > 0) {
        ArrayCopy.Mover mv = ArrayCopy.Mover.of(in, out);
        long o = 0;
        for (long b = 0; b < batch; b++) {
          for (long y = 0; y < oh; y++) {
            for (long x = 0; x < ow; x++) {
              for (long ki = 0; ki < kh; ki++) {
                long row = y * s[1] + ki * r[1] - padTop;
                for (long kj = 0; kj < kw; kj++, o += c) {
                  long col = x * s[2] + kj * r[2] - padLeft;
                  if (row >= 0 && row < ih && col >= 0 && col < iw) {
                    mv.move(((b * ih + row) * iw + col) * c, o, c);
                  }
                }
              }
            }
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static long[] list(NodeInfo node, String attr) {
    return node.attrs().get(attr).getList().getIList().stream()
        .mapToLong(Long::longValue)
        .toArray();
  }
}
