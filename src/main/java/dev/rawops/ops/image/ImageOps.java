package dev.rawops.ops.image;

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
 * The Image op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): resizing, colour
 * adjustments, non-max suppression, bounding boxes, PNG decoding and the fake-quantization ops.
 */
public final class ImageOps implements OpFamily {

  @Override
  public List<Op> ops() {
    DefinedOp.ShapeFn resize = ImageOps::resizeShape;
    DefinedOp.ShapeFn image3 =
        node -> {
          Shapes.requireRankAtLeast(node, 0, 3);
          return List.of(node.inputShape(0));
        };
    DefinedOp.ShapeFn nms = node -> nmsShape(node, 1, false, false);
    return List.of(
        DefinedOp.of("ResizeNearestNeighbor", resize).checking(ImageOps::checkCenters),
        DefinedOp.of("ResizeBilinear", resize).checking(ImageOps::checkCenters),
        DefinedOp.of("ResizeBicubic", resize).checking(ImageOps::checkCenters),
        DefinedOp.of("ResizeArea", resize),
        DefinedOp.of("CropAndResize", ImageOps::cropAndResizeShape),
        DefinedOp.of("AdjustContrastv2", image3),
        DefinedOp.of("AdjustHue", image3),
        DefinedOp.of("AdjustSaturation", image3),
        DefinedOp.of("RGBToHSV", ImageOps::colorShape),
        DefinedOp.of("HSVToRGB", ImageOps::colorShape),
        DefinedOp.of("DrawBoundingBoxes", ImageOps::drawShape),
        DefinedOp.of("DrawBoundingBoxesV2", ImageOps::drawShape),
        DefinedOp.of("NonMaxSuppression", nms),
        DefinedOp.of("NonMaxSuppressionV2", nms),
        DefinedOp.of("NonMaxSuppressionV3", nms),
        DefinedOp.of("NonMaxSuppressionV4", node -> nmsShape(node, 2, true, false)),
        DefinedOp.of("NonMaxSuppressionV5", node -> nmsShape(node, 3, true, true)),
        DefinedOp.of("DecodePng", ImageOps::decodeImageShape));
  }

  /** TF's DecodeImageShapeFn: a scalar in, [?, ?, channels] out (channels 0: unknown). */
  private static List<PartialShape> decodeImageShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    long channels = node.attrs().getInt("channels");
    if (channels < 0) {
      throw node.invalidArgument("channels must be non-negative, got " + channels);
    }
    long c = channels == 0 ? PartialShape.UNKNOWN : channels;
    return List.of(PartialShape.of(PartialShape.UNKNOWN, PartialShape.UNKNOWN, c));
  }

  private static void checkCenters(NodeInfo node) {
    if (node.attrs().getBool("half_pixel_centers") && node.attrs().getBool("align_corners")) {
      throw node.invalidArgument("If half_pixel_centers is True, align_corners must be False.");
    }
  }

  /** TF's ResizeShapeFn: images [batch, h, w, c], size a 2-vector; output [batch, nh, nw, c]. */
  private static List<PartialShape> resizeShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 4);
    Shapes.requireRank(node, 1, 1);
    PartialShape images = node.inputShape(0);
    long nh = PartialShape.UNKNOWN;
    long nw = PartialShape.UNKNOWN;
    Optional<Tensor> size = node.constantInput(1);
    if (size.isPresent() && size.get().numElements() == 2) {
      nh = size.get().getIndex(0);
      nw = size.get().getIndex(1);
    }
    long batch = images.hasRank() ? images.dim(0) : PartialShape.UNKNOWN;
    long channels = images.hasRank() ? images.dim(3) : PartialShape.UNKNOWN;
    return List.of(PartialShape.of(batch, nh, nw, channels));
  }

  private static List<PartialShape> cropAndResizeShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 4);
    Shapes.requireRank(node, 1, 2);
    Shapes.requireRank(node, 2, 1);
    Shapes.requireRank(node, 3, 1);
    PartialShape images = node.inputShape(0);
    PartialShape boxes = node.inputShape(1);
    long n = boxes.hasRank() ? boxes.dim(0) : PartialShape.UNKNOWN;
    long ch = PartialShape.UNKNOWN;
    long cw = PartialShape.UNKNOWN;
    Optional<Tensor> crop = node.constantInput(3);
    if (crop.isPresent() && crop.get().numElements() == 2) {
      ch = crop.get().getIndex(0);
      cw = crop.get().getIndex(1);
    }
    long depth = images.hasRank() ? images.dim(3) : PartialShape.UNKNOWN;
    return List.of(PartialShape.of(n, ch, cw, depth));
  }

  private static List<PartialShape> colorShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape s = node.inputShape(0);
    if (s.hasRank() && s.dim(s.rank() - 1) >= 0 && s.dim(s.rank() - 1) != 3) {
      throw node.invalidArgument(
          "Dimension must be 3 but is " + s.dim(s.rank() - 1) + " for '" + node.name() + "'");
    }
    return List.of(s);
  }

  private static List<PartialShape> drawShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 3);
    return List.of(node.inputShape(0));
  }

  /** NMS: boxes [n, 4], scores [n], scalars; selected indices (and scores) are vectors. */
  private static List<PartialShape> nmsShape(
      NodeInfo node, int outputs, boolean padAttr, boolean scores) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 0);
    long len = PartialShape.UNKNOWN;
    if (padAttr && node.attrs().getBool("pad_to_max_output_size")) {
      Optional<Tensor> max = node.constantInput(2);
      if (max.isPresent() && max.get().numElements() == 1) {
        len = Math.max(0, max.get().getIndex(0));
      }
    }
    PartialShape v = PartialShape.of(len);
    if (outputs == 1) {
      return List.of(v);
    }
    return scores ? List.of(v, v, PartialShape.of()) : List.of(v, PartialShape.of());
  }
}
