package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * CombinedNonMaxSuppression on CPU (TF's BatchedNonMaxSuppressionOp): per batch and class, a greedy
 * IOU suppression over the boxes scoring above the threshold, taken from a max-heap by score
 * (libstdc++'s, so equal scores leave it in TF's order), at most max_size_per_class; per batch, all
 * classes' picks sorted by score (libstdc++'s std::sort, ties likewise), the first max_total_size
 * (or, with pad_per_class, the smaller of it and max_size_per_class × classes) kept, clipped to [0,
 * 1] with clip_boxes, the rest zero.
 */
final class CpuCombinedNms {
  private CpuCombinedNms() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("CombinedNonMaxSuppression", Device.CPU)
              .build(
                  n -> {
                    boolean pad = n.attrs().getBool("pad_per_class");
                    boolean clip = n.attrs().getBool("clip_boxes");
                    return ctx -> run(n, ctx, pad, clip);
                  }));

  private record Candidate(int box, float score) {}

  private record Result(int box, float score, int cls, float y0, float x0, float y1, float x1) {
    float coord(int j) {
      return switch (j) {
        case 0 -> y0;
        case 1 -> x0;
        case 2 -> y1;
        default -> x1;
      };
    }
  }

  private static final Result EMPTY = new Result(-1, -1f, -1, 0f, 0f, 0f, 0f);

  private static long dim(Tensor t, int d) {
    return d < t.shape().rank() ? t.shape().dim(d) : 0;
  }

  private static Tensor scalar(NodeInfo node, KernelContext ctx, int i, String name) {
    Tensor t = ctx.input(i);
    if (t.shape().rank() != 0) {
      throw node.invalidArgument(name + " must be 0-D, got shape " + t.shape());
    }
    return t;
  }

  private static void run(NodeInfo node, KernelContext ctx, boolean pad, boolean clip) {
    Tensor boxes = ctx.input(0);
    Tensor scores = ctx.input(1);
    if (dim(boxes, 0) != dim(scores, 0)) {
      throw node.invalidArgument("boxes and scores must have same batch size");
    }
    int perClass = (int) scalar(node, ctx, 2, "max_size_per_class").getIndex(0);
    if (perClass <= 0) {
      throw node.invalidArgument("max_size_per_class must be positive");
    }
    int total = (int) scalar(node, ctx, 3, "max_total_size").getIndex(0);
    if (total <= 0) {
      throw node.invalidArgument("max_total_size must be > 0");
    }
    float iou = scalar(node, ctx, 4, "iou_threshold").getFloat(0);
    float scoreThreshold = scalar(node, ctx, 5, "score_threshold").getFloat(0);
    if (!(iou >= 0 && iou <= 1)) {
      throw node.invalidArgument("iou_threshold must be in [0, 1]");
    }
    int classes = (int) dim(scores, 2);
    if (boxes.shape().rank() != 4) {
      throw node.invalidArgument("boxes must be 4-D" + boxes.shape());
    }
    if (dim(boxes, 2) != 1 && dim(boxes, 2) != classes) {
      throw node.invalidArgument("third dimension of boxes must be either 1 or num classes");
    }
    int numBoxes = (int) dim(boxes, 1);
    if (dim(boxes, 3) != 4) {
      throw node.invalidArgument("boxes must have 4 columns");
    }
    if (scores.shape().rank() != 3) {
      throw node.invalidArgument("scores must be 3-D" + scores.shape());
    }
    if (dim(scores, 1) != numBoxes) {
      throw node.invalidArgument("scores has incompatible shape");
    }
    int batches = (int) dim(boxes, 0);
    int q = (int) dim(boxes, 2);
    float[] b = boxes.toFloatArray();
    float[] s = scores.toFloatArray();
    int sizePerClass = Math.min(perClass, numBoxes);
    int perBatch = total;
    if (pad) {
      perBatch = (int) Math.min(total, Math.min(Integer.MAX_VALUE, (long) perClass * classes));
    }
    TensorBuffer outBoxes = ctx.allocate(DType.FLOAT, Shape.of(batches, perBatch, 4));
    TensorBuffer outScores = ctx.allocate(DType.FLOAT, Shape.of(batches, perBatch));
    TensorBuffer outClasses = ctx.allocate(DType.FLOAT, Shape.of(batches, perBatch));
    TensorBuffer valid = ctx.allocate(DType.INT32, Shape.of(batches));
    for (int batch = 0; batch < batches; batch++) {
      List<Result> results =
          new ArrayList<>(java.util.Collections.nCopies(sizePerClass * classes, EMPTY));
      int boxBase = batch * numBoxes * q * 4;
      int scoreBase = batch * numBoxes * classes;
      for (int c = 0; c < classes; c++) {
        perClass(
            b,
            boxBase,
            s,
            scoreBase,
            numBoxes,
            q,
            classes,
            c,
            sizePerClass,
            scoreThreshold,
            iou,
            results);
      }
      LibstdcxxOrder.sort(results, (x, y) -> x.score() > y.score());
      int count = 0;
      for (Result r : results) {
        if (r.box() > -1) {
          count++;
        }
      }
      int detections = pad ? Math.min(perBatch, count) : Math.min(count, total);
      valid.segment().setAtIndex(Layouts.I32, batch, detections);
      for (int k = 0; k < detections && k < results.size(); k++) {
        Result r = results.get(k);
        long at = (long) batch * perBatch + k;
        for (int j = 0; j < 4; j++) {
          float v = clip ? max(min(r.coord(j), 1f), 0f) : r.coord(j);
          outBoxes.segment().setAtIndex(Layouts.F32, at * 4 + j, v);
        }
        outScores.segment().setAtIndex(Layouts.F32, at, r.score());
        outClasses.segment().setAtIndex(Layouts.F32, at, r.cls());
      }
    }
    ctx.setOutput(0, outBoxes.freeze());
    ctx.setOutput(1, outScores.freeze());
    ctx.setOutput(2, outClasses.freeze());
    ctx.setOutput(3, valid.freeze());
  }

  private static void perClass(
      float[] b,
      int boxBase,
      float[] s,
      int scoreBase,
      int numBoxes,
      int q,
      int classes,
      int c,
      int sizePerClass,
      float scoreThreshold,
      float iouThreshold,
      List<Result> results) {
    LibstdcxxOrder.Less<Candidate> less = (x, y) -> x.score() < y.score();
    List<Candidate> heap = new ArrayList<>();
    for (int i = 0; i < numBoxes; i++) {
      float score = s[scoreBase + i * classes + c];
      if (score > scoreThreshold) {
        LibstdcxxOrder.push(heap, new Candidate(i, score), less);
      }
    }
    int classBox = q > 1 ? c : 0;
    int[] selected = new int[sizePerClass];
    int count = 0;
    while (count < sizePerClass && !heap.isEmpty()) {
      Candidate next = LibstdcxxOrder.pop(heap, less);
      int at = boxBase + (next.box() * q + classBox) * 4;
      boolean select = true;
      for (int j = count - 1; j >= 0; j--) {
        int other = boxBase + (selected[j] * q + classBox) * 4;
        if (iou(b, at, other) > iouThreshold) {
          select = false;
          break;
        }
      }
      if (select) {
        results.set(
            count + sizePerClass * c,
            new Result(next.box(), next.score(), c, b[at], b[at + 1], b[at + 2], b[at + 3]));
        selected[count++] = next.box();
      }
    }
  }

  /** std::min: {@code b < a ? b : a} (NaN and signed zeros as C++ leaves them). */
  private static float min(float a, float b) {
    return b < a ? b : a;
  }

  /** std::max: {@code a < b ? b : a}. */
  private static float max(float a, float b) {
    return a < b ? b : a;
  }

  /** non_max_suppression_op.cc's IOU over flat box coordinates, in float as TF computes it. */
  private static float iou(float[] b, int i, int j) {
    float yminI = min(b[i], b[i + 2]);
    float xminI = min(b[i + 1], b[i + 3]);
    float ymaxI = max(b[i], b[i + 2]);
    float xmaxI = max(b[i + 1], b[i + 3]);
    float yminJ = min(b[j], b[j + 2]);
    float xminJ = min(b[j + 1], b[j + 3]);
    float ymaxJ = max(b[j], b[j + 2]);
    float xmaxJ = max(b[j + 1], b[j + 3]);
    float areaI = (ymaxI - yminI) * (xmaxI - xminI);
    float areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
    if (areaI <= 0 || areaJ <= 0) {
      return 0f;
    }
    float iy = max(min(ymaxI, ymaxJ) - max(yminI, yminJ), 0f);
    float ix = max(min(xmaxI, xmaxJ) - max(xminI, xminJ), 0f);
    float inter = iy * ix;
    return inter / (areaI + areaJ - inter);
  }
}
