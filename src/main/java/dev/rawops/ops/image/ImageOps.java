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
 * adjustments, non-max suppression, bounding boxes, image decoding (PNG, GIF, BMP, JPEG with and
 * without a crop window, DecodeImage), image encoding (PNG, JPEG), JPEG shapes and the
 * fake-quantization ops.
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
        DefinedOp.of("DecodePng", ImageOps::decodeImageShape),
        DefinedOp.of("DecodeBmp", ImageOps::decodeImageShape),
        DefinedOp.of("DecodeJpeg", ImageOps::decodeImageShape),
        DefinedOp.of("DecodeAndCropJpeg", ImageOps::decodeAndCropJpegShape),
        DefinedOp.of("DecodeGif", ImageOps::decodeGifShape),
        DefinedOp.of("DecodeImage", ImageOps::decodeImageV2Shape),
        DefinedOp.of("CombinedNonMaxSuppression", ImageOps::combinedNmsShape),
        DefinedOp.of(
            "EncodePng",
            node -> {
              Shapes.requireRankAtLeast(node, 0, 3);
              PartialShape in = node.inputShape(0);
              if (!in.hasRank()) {
                return List.of(PartialShape.unknownRank());
              }
              long[] batch = new long[in.rank() - 3];
              for (int i = 0; i < batch.length; i++) {
                batch[i] = in.dim(i);
              }
              return List.of(PartialShape.of(batch));
            }),
        DefinedOp.of(
            "EncodeJpeg",
            node -> {
              Shapes.requireRank(node, 0, 3);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of(
            "EncodeJpegVariableQuality",
            node -> {
              Shapes.requireRank(node, 0, 3);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of(
            "ExtractJpegShape",
            node -> {
              Shapes.requireRank(node, 0, 0);
              return List.of(PartialShape.of(3));
            }));
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

  /**
   * DecodeAndCropJpeg: a scalar and a 4-vector in; [crop_height, crop_width, channels] out, the
   * crop sizes from a constant window.
   */
  private static List<PartialShape> decodeAndCropJpegShape(NodeInfo node) {
    long c = decodeImageShape(node).get(0).dim(2);
    Shapes.requireRank(node, 1, 1);
    PartialShape window = node.inputShape(1);
    if (window.hasRank() && window.dim(0) >= 0 && window.dim(0) != 4) {
      throw node.invalidArgument("Dimension must be 4 but is " + window.dim(0));
    }
    long h = PartialShape.UNKNOWN;
    long w = PartialShape.UNKNOWN;
    Optional<Tensor> crop = node.constantInput(1);
    if (crop.isPresent() && crop.get().numElements() == 4) {
      h = crop.get().getIndex(2);
      w = crop.get().getIndex(3);
    }
    return List.of(PartialShape.of(h, w, c));
  }

  /** DecodeGif: a scalar in, [frames, ?, ?, 3] out. */
  private static List<PartialShape> decodeGifShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    long u = PartialShape.UNKNOWN;
    return List.of(PartialShape.of(u, u, u, 3));
  }

  /**
   * TF's DecodeImageV2ShapeFn: unknown rank with {@code expand_animations} (a GIF gives 4-D, other
   * formats 3-D), else [?, ?, channels].
   */
  private static List<PartialShape> decodeImageV2Shape(NodeInfo node) {
    List<PartialShape> threeD = decodeImageShape(node);
    if (node.attrs().getBool("expand_animations")) {
      return List.of(PartialShape.unknownRank());
    }
    return threeD;
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

  /**
   * TF's CombinedNMSShapeFn: boxes [batch, anchors, q, 4], scores [batch, anchors, classes], four
   * scalars; q 1 or classes; outputs [batch, size, 4], [batch, size] twice and [batch], size being
   * max_total_size (or, with pad_per_class, its minimum with max_size_per_class × classes).
   */
  private static List<PartialShape> combinedNmsShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 4);
    Shapes.requireRank(node, 1, 3);
    for (int i = 2; i < 6; i++) {
      Shapes.requireRank(node, i, 0);
    }
    long[] boxes = Shapes.dimsOrUnknown(node.inputShape(0), 4);
    long[] scores = Shapes.dimsOrUnknown(node.inputShape(1), 3);
    for (int d = 0; d < 2; d++) {
      if (boxes[d] >= 0 && scores[d] >= 0 && boxes[d] != scores[d]) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, boxes[d], scores[d]));
      }
    }
    if (boxes[3] >= 0 && boxes[3] != 4) {
      throw node.invalidArgument(
          "Dimension must be 4 but is " + boxes[3] + " for '" + node.name() + "'");
    }
    if (boxes[2] >= 0 && scores[2] >= 0 && boxes[2] != 1 && boxes[2] != scores[2]) {
      throw node.invalidArgument(
          "third dimension of boxes must be either 1 or equal to the third dimension of scores");
    }
    long total = scalarDim(node, 3);
    if (total == 0) {
      throw node.invalidArgument("max_total_size should be > 0 ");
    }
    long perClass = scalarDim(node, 2);
    long size = total;
    if (node.attrs().getBool("pad_per_class")) {
      if (perClass == 0) {
        throw node.invalidArgument(
            "max_output_size_per_class must be > 0 if pad_per_class is set to true ");
      }
      size =
          total >= 0 && perClass >= 0 && scores[2] >= 0
              ? Math.min(total, perClass * scores[2])
              : PartialShape.UNKNOWN;
    }
    long batch = boxes[0] >= 0 ? boxes[0] : scores[0];
    PartialShape two = PartialShape.of(batch, size);
    return List.of(PartialShape.of(batch, size, 4), two, two, PartialShape.of(batch));
  }

  /** TF's MakeDimForScalarInput: a scalar input's build-time value as a dim (-1 unknown). */
  private static long scalarDim(NodeInfo node, int input) {
    Optional<Long> v = Shapes.constantScalar(node, input);
    if (v.isEmpty()) {
      return PartialShape.UNKNOWN;
    }
    if (v.get() < 0) {
      throw node.invalidArgument(
          "Dimension size, given by scalar input "
              + input
              + ", must be non-negative but is "
              + v.get());
    }
    return v.get();
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
