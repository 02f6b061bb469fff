package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** DrawBoundingBoxes and V2 on CPU (draw_bounding_box_op.cc): box outlines over a copy. */
final class CpuDrawBoxes {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DrawBoundingBoxes", Device.CPU)
              .typeConstraint("T", DType.FLOAT, DType.HALF)
              .build(node -> ctx -> compute(node, ctx)),
          KernelDef.builder("DrawBoundingBoxesV2", Device.CPU)
              .typeConstraint("T", DType.FLOAT, DType.HALF)
              .build(node -> ctx -> compute(node, ctx)));

  private CpuDrawBoxes() {}

  private static final float[][] DEFAULT_COLORS = {
    {1, 1, 0, 1},
    {0, 0, 1, 1},
    {1, 0, 0, 1},
    {0, 1, 0, 1},
    {0.5f, 0, 0.5f, 1},
    {0.5f, 0.5f, 0, 1},
    {0.5f, 0, 0, 1},
    {0, 0, 0.5f, 1},
    {0, 1, 1, 1},
    {1, 0, 1, 1}
  };

  static void compute(NodeInfo node, KernelContext ctx) {
    Tensor images = ctx.input(0);
    Tensor boxes = ctx.input(1);
    Shape is = images.shape();
    if (is.rank() != 4) {
      throw node.invalidArgument("The rank of the images should be 4");
    }
    if (boxes.shape().rank() != 3) {
      throw node.invalidArgument("The rank of the boxes tensor should be 3");
    }
    if (is.dim(0) != boxes.shape().dim(0)) {
      throw node.invalidArgument("The batch sizes should be the same");
    }
    int depth = (int) is.dim(3);
    if (depth != 1 && depth != 3 && depth != 4) {
      throw node.invalidArgument("Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)");
    }
    if (boxes.shape().dim(2) != 4) {
      throw node.invalidArgument(
          "The size of the third dimension of the box must be 4. Received: "
              + boxes.shape().dim(2));
    }
    float[][] colors = null;
    if (ctx.node().numInputs() == 3) {
      Tensor c = ctx.input(2);
      if (c.shape().rank() != 2) {
        throw node.invalidArgument("colors must be a 2-D matrix" + c.shape());
      }
      if (c.shape().dim(1) < depth) {
        throw node.invalidArgument(
            "colors must have equal or more channels than the image provided: " + c.shape());
      }
      if (c.numElements() != 0) {
        int rows = (int) c.shape().dim(0);
        int cols = (int) c.shape().dim(1);
        colors = new float[rows][depth];
        for (int i = 0; i < rows; i++) {
          for (int j = 0; j < depth; j++) {
            colors[i][j] = c.getFloat((long) i * cols + j);
          }
        }
      }
    }
    if (colors == null) {
      colors = new float[DEFAULT_COLORS.length][];
      for (int i = 0; i < colors.length; i++) {
        colors[i] = DEFAULT_COLORS[i].clone();
        if (depth == 1) {
          colors[i][0] = 1;
        }
      }
    }
    TensorBuffer out = ctx.allocate(images.dtype(), is);
    MemorySegment.copy(images.data(), 0, out.segment(), 0, images.byteSize());
    long batch = is.dim(0);
    long height = is.dim(1);
    long width = is.dim(2);
    long numBoxes = boxes.shape().dim(1);
    for (long b = 0; b < batch; b++) {
      for (long bb = 0; bb < numBoxes; bb++) {
        float[] color = colors[(int) (bb % colors.length)];
        long base = (b * numBoxes + bb) * 4;
        long minRow = (long) (boxes.getFloat(base) * (height - 1));
        long maxRow = (long) (boxes.getFloat(base + 2) * (height - 1));
        long minCol = (long) (boxes.getFloat(base + 1) * (width - 1));
        long maxCol = (long) (boxes.getFloat(base + 3) * (width - 1));
        long minRowC = Math.max(minRow, 0);
        long maxRowC = Math.min(maxRow, height - 1);
        long minColC = Math.max(minCol, 0);
        long maxColC = Math.min(maxCol, width - 1);
        if (minRow > maxRow || minCol > maxCol) {
          continue;
        }
        if (minRow >= height || maxRow < 0 || minCol >= width || maxCol < 0) {
          continue;
        }
        if (minRow >= 0) {
          for (long j = minColC; j <= maxColC; j++) {
            paint(out, ((b * height + minRow) * width + j) * depth, color, depth);
          }
        }
        if (maxRow < height) {
          for (long j = minColC; j <= maxColC; j++) {
            paint(out, ((b * height + maxRow) * width + j) * depth, color, depth);
          }
        }
        if (minCol >= 0) {
          for (long i = minRowC; i <= maxRowC; i++) {
            paint(out, ((b * height + i) * width + minCol) * depth, color, depth);
          }
        }
        if (maxCol < width) {
          for (long i = minRowC; i <= maxRowC; i++) {
            paint(out, ((b * height + i) * width + maxCol) * depth, color, depth);
          }
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void paint(TensorBuffer out, long at, float[] color, int depth) {
    for (int c = 0; c < depth; c++) {
      Numbers.set(out, at + c, color[c]);
    }
  }
}
