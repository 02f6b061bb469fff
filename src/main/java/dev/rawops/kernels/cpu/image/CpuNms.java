package dev.rawops.kernels.cpu.image;

import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * NonMaxSuppression V1–V5 on CPU: one implementation of TF's DoNonMaxSuppressionOp (a priority
 * queue by score, ties by lower box index; greedy IOU suppression, soft-NMS for V5).
 */
final class CpuNms {
  private CpuNms() {}

  static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    defs.add(
        KernelDef.builder("NonMaxSuppression", Device.CPU).build(node -> ctx -> run(node, ctx, 1)));
    for (int v = 2; v <= 5; v++) {
      int version = v;
      defs.add(
          KernelDef.builder("NonMaxSuppressionV" + v, Device.CPU)
              .typeConstraint("T", FLOAT, HALF)
              .build(node -> ctx -> run(node, ctx, version)));
    }
    return defs;
  }

  private record Candidate(int box, float score, int suppressBegin) {}

  private static float scalar(NodeInfo node, Tensor t, String name, boolean rankSuffix) {
    if (t.shape().rank() != 0) {
      throw node.invalidArgument(
          name
              + " must be 0-D, got shape "
              + t.shape()
              + (rankSuffix ? " (Shape must be rank 0 but is rank " + t.shape().rank() + ")" : ""));
    }
    return (float) Numbers.get(t, 0);
  }

  private static void run(NodeInfo node, KernelContext ctx, int version) {
    Tensor boxes = ctx.input(0);
    Tensor scores = ctx.input(1);
    Tensor maxOutput = ctx.input(2);
    if (maxOutput.shape().rank() != 0) {
      throw node.invalidArgument(
          "max_output_size must be 0-D, got shape "
              + maxOutput.shape()
              + (version == 3
                  ? " (Shape must be rank 0 but is rank " + maxOutput.shape().rank() + ")"
                  : ""));
    }
    float iou;
    if (version == 1) {
      iou = node.attrs().get("iou_threshold").getF();
    } else {
      iou = scalar(node, ctx.input(3), "iou_threshold", version == 3);
    }
    if (!(iou >= 0 && iou <= 1)) {
      throw node.invalidArgument("iou_threshold must be in [0, 1]");
    }
    float scoreThreshold = -Float.MAX_VALUE;
    if (version >= 3) {
      scoreThreshold = scalar(node, ctx.input(4), "score_threshold", false);
    }
    float sigma = 0;
    if (version == 5) {
      sigma = scalar(node, ctx.input(5), "soft_nms_sigma", false);
      if (!(sigma >= 0)) {
        throw node.invalidArgument("soft_nms_sigma_val must be >= 0");
      }
    }
    Shape bs = boxes.shape();
    if (bs.rank() != 2) {
      throw node.invalidArgument(
          "boxes must be 2-D" + bs + " (Shape must be rank 2 but is rank " + bs.rank() + ")");
    }
    int n = (int) bs.dim(0);
    if (bs.dim(1) != 4) {
      throw node.invalidArgument(
          "boxes must have 4 columns (Dimension must be 4 but is " + bs.dim(1) + ")");
    }
    Shape ss = scores.shape();
    if (ss.rank() != 1) {
      throw node.invalidArgument(
          "scores must be 1-D" + ss + " (Shape must be rank 1 but is rank " + ss.rank() + ")");
    }
    if (ss.dim(0) != n) {
      throw node.invalidArgument(
          "scores has incompatible shape (Dimensions must be equal, but are "
              + n
              + " and "
              + ss.dim(0)
              + ")");
    }
    int outputSize = (int) maxOutput.getIndex(0);
    if (outputSize < 0) {
      throw node.invalidArgument("output size must be non-negative");
    }
    boolean half = version > 1 && node.inputDType(1) == HALF;
    float[] box = new float[n * 4];
    for (int i = 0; i < box.length; i++) {
      box[i] = (float) Numbers.get(boxes, i);
    }
    PriorityQueue<Candidate> queue =
        new PriorityQueue<>(
            Math.max(1, n),
            (a, b) ->
                a.score != b.score
                    ? Float.compare(b.score, a.score)
                    : Integer.compare(a.box, b.box));
    for (int i = 0; i < n; i++) {
      float s = (float) Numbers.get(scores, i);
      if (s > scoreThreshold) {
        queue.add(new Candidate(i, s, 0));
      }
    }
    boolean soft = sigma > 0;
    float scale = soft ? -0.5f / sigma : 0f;
    List<Integer> selected = new ArrayList<>();
    List<Float> selectedScores = new ArrayList<>();
    while (selected.size() < outputSize && !queue.isEmpty()) {
      Candidate next = queue.poll();
      float original = next.score;
      float score = next.score;
      boolean hard = false;
      for (int j = selected.size() - 1; j >= next.suppressBegin; j--) {
        float sim = iou(box, next.box, selected.get(j));
        float weight = (float) Math.exp(scale * sim * sim);
        if (half) {
          weight = roundHalf(weight);
        }
        score *= (soft || sim <= iou) ? weight : 0f;
        if (half) {
          score = roundHalf(score);
        }
        if (!soft && sim > iou) {
          hard = true;
          break;
        }
        if (score <= scoreThreshold) {
          break;
        }
      }
      if (!hard) {
        if (score == original) {
          selected.add(next.box);
          selectedScores.add(score);
          continue;
        }
        if (score > scoreThreshold) {
          queue.add(new Candidate(next.box, score, selected.size()));
        }
      }
    }
    int valid = selected.size();
    int len = version >= 4 && node.attrs().getBool("pad_to_max_output_size") ? outputSize : valid;
    TensorBuffer indices = ctx.allocate(DType.INT32, Shape.of(len));
    for (int i = 0; i < valid; i++) {
      indices.setIndex(i, selected.get(i));
    }
    ctx.setOutput(0, indices.freeze());
    int next = 1;
    if (version == 5) {
      TensorBuffer sc = ctx.allocate(node.inputDType(1), Shape.of(len));
      for (int i = 0; i < valid; i++) {
        Numbers.set(sc, i, selectedScores.get(i));
      }
      ctx.setOutput(next++, sc.freeze());
    }
    if (version >= 4) {
      TensorBuffer v = ctx.allocate(DType.INT32, Shape.scalar());
      v.setIndex(0, valid);
      ctx.setOutput(next, v.freeze());
    }
  }

  private static float roundHalf(float f) {
    return Float.float16ToFloat(Float.floatToFloat16(f));
  }

  private static float iou(float[] b, int i, int j) {
    int bi = i * 4;
    int bj = j * 4;
    float yminI = Math.min(b[bi], b[bi + 2]);
    float xminI = Math.min(b[bi + 1], b[bi + 3]);
    float ymaxI = Math.max(b[bi], b[bi + 2]);
    float xmaxI = Math.max(b[bi + 1], b[bi + 3]);
    float yminJ = Math.min(b[bj], b[bj + 2]);
    float xminJ = Math.min(b[bj + 1], b[bj + 3]);
    float ymaxJ = Math.max(b[bj], b[bj + 2]);
    float xmaxJ = Math.max(b[bj + 1], b[bj + 3]);
    float areaI = (ymaxI - yminI) * (xmaxI - xminI);
    float areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
    if (areaI <= 0 || areaJ <= 0) {
      return 0f;
    }
    float iymin = Math.max(yminI, yminJ);
    float ixmin = Math.max(xminI, xminJ);
    float iymax = Math.min(ymaxI, ymaxJ);
    float ixmax = Math.min(xmaxI, xmaxJ);
    float inter = Math.max(iymax - iymin, 0f) * Math.max(ixmax - ixmin, 0f);
    return inter / (areaI + areaJ - inter);
  }
}
