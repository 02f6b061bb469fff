package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** CropAndResize on CPU (crop_and_resize_op.cc): bilinear or nearest sampling per box, in float. */
final class CpuCropAndResize {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("CropAndResize", Device.CPU)
              .typeConstraint("T", CpuResize.REAL)
              .build(node -> ctx -> compute(node, ctx)));

  private CpuCropAndResize() {}

  static void compute(NodeInfo node, KernelContext ctx) {
    Tensor image = ctx.input(0);
    Tensor boxes = ctx.input(1);
    Tensor boxIndex = ctx.input(2);
    Tensor cropSize = ctx.input(3);
    boolean bilinear = node.attrs().getString("method").equals("bilinear");
    float extrapolation = node.attrs().get("extrapolation_value").getF();
    Shape is = image.shape();
    if (is.rank() != 4) {
      throw node.invalidArgument("input image must be 4-D" + is);
    }
    long batch = is.dim(0);
    long h = is.dim(1);
    long w = is.dim(2);
    long depth = is.dim(3);
    if (h <= 0 || w <= 0) {
      throw node.invalidArgument("image dimensions must be positive");
    }
    long numBoxes = 0;
    if (boxes.numElements() != 0 || boxIndex.numElements() != 0) {
      if (boxes.shape().rank() != 2) {
        throw node.invalidArgument("boxes must be 2-D" + boxes.shape());
      }
      numBoxes = boxes.shape().dim(0);
      if (boxes.shape().dim(1) != 4) {
        throw node.invalidArgument("boxes must have 4 columns");
      }
      if (boxIndex.shape().rank() != 1) {
        throw node.invalidArgument("box_index must be 1-D" + boxIndex.shape());
      }
      if (boxIndex.shape().dim(0) != numBoxes) {
        throw node.invalidArgument("box_index has incompatible shape");
      }
    }
    if (cropSize.shape().rank() != 1) {
      throw node.invalidArgument("crop_size must be 1-D" + cropSize.shape());
    }
    if (cropSize.numElements() != 2) {
      throw node.invalidArgument("crop_size must have two elements" + cropSize.shape());
    }
    long ch = cropSize.getIndex(0);
    long cw = cropSize.getIndex(1);
    if (ch <= 0 || cw <= 0) {
      throw node.invalidArgument("crop dimensions must be positive");
    }
    for (long b = 0; b < numBoxes; b++) {
      long bi = boxIndex.getIndex(b);
      if (bi < 0 || bi >= batch) {
        throw node.invalidArgument("box_index has values outside [0, batch_size)");
      }
    }
    TensorBuffer out = ctx.allocate(DType.FLOAT, Shape.of(numBoxes, ch, cw, depth));
    // A float image is read where it lies (a crop reads a few boxes of a possibly large image);
    // other dtypes are converted once.
    MemorySegment in =
        image.dtype() == DType.FLOAT
            ? image.data()
            : MemorySegment.ofArray(CpuResize.floats(image));
    MemorySegment dst = out.segment();
    for (long b = 0; b < numBoxes; b++) {
      float y1 = (float) Numbers.get(boxes, b * 4);
      float x1 = (float) Numbers.get(boxes, b * 4 + 1);
      float y2 = (float) Numbers.get(boxes, b * 4 + 2);
      float x2 = (float) Numbers.get(boxes, b * 4 + 3);
      long bi = boxIndex.getIndex(b);
      float hs = ch > 1 ? (y2 - y1) * (h - 1) / (ch - 1) : 0;
      float ws = cw > 1 ? (x2 - x1) * (w - 1) / (cw - 1) : 0;
      for (long y = 0; y < ch; y++) {
        float inY = ch > 1 ? y1 * (h - 1) + y * hs : (float) (0.5 * (y1 + y2) * (h - 1));
        long rowOut = ((b * ch + y) * cw) * depth;
        if (inY < 0 || inY > h - 1) {
          for (long k = 0; k < cw * depth; k++) {
            dst.setAtIndex(Layouts.F32, rowOut + k, extrapolation);
          }
          continue;
        }
        for (long x = 0; x < cw; x++) {
          float inX = cw > 1 ? x1 * (w - 1) + x * ws : (float) (0.5 * (x1 + x2) * (w - 1));
          long o = rowOut + x * depth;
          if (inX < 0 || inX > w - 1) {
            for (long d = 0; d < depth; d++) {
              dst.setAtIndex(Layouts.F32, o + d, extrapolation);
            }
            continue;
          }
          if (bilinear) {
            long ty = (long) Math.floor(inY);
            long by = (long) Math.ceil(inY);
            float yl = inY - ty;
            long lx = (long) Math.floor(inX);
            long rx = (long) Math.ceil(inX);
            float xl = inX - lx;
            for (long d = 0; d < depth; d++) {
              float tl = in.getAtIndex(Layouts.F32, ((bi * h + ty) * w + lx) * depth + d);
              float tr = in.getAtIndex(Layouts.F32, ((bi * h + ty) * w + rx) * depth + d);
              float bl = in.getAtIndex(Layouts.F32, ((bi * h + by) * w + lx) * depth + d);
              float br = in.getAtIndex(Layouts.F32, ((bi * h + by) * w + rx) * depth + d);
              float top = tl + (tr - tl) * xl;
              float bottom = bl + (br - bl) * xl;
              dst.setAtIndex(Layouts.F32, o + d, top + (bottom - top) * yl);
            }
          } else {
            long cx = Math.round(inX);
            long cy = Math.round(inY);
            for (long d = 0; d < depth; d++) {
              dst.setAtIndex(
                  Layouts.F32,
                  o + d,
                  in.getAtIndex(Layouts.F32, ((bi * h + cy) * w + cx) * depth + d));
            }
          }
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
