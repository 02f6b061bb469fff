package dev.rawops.tfgen;

import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Random;

/**
 * CombinedNonMaxSuppression: random boxes shared by every class (q = 1) or per class, every
 * combination of pad_per_class and clip_boxes, score and IOU thresholds, coarse scores that tie
 * within and across classes (so the order TF's heap and sort leave ties in shows), a score
 * threshold below the -1 of unused slots, boxes outside [0, 1] and upside down, inputs fed or Const
 * (TF's shape function then sees max_total_size), and the errors of kernel and shape function.
 */
public final class CombinedNmsCases implements CaseFamily {
  @Override
  public String directory() {
    return "combined_nms";
  }

  private static Tensor boxes(Random r, int batch, int anchors, int q, float lo, float hi) {
    float[] v = new float[batch * anchors * q * 4];
    for (int i = 0; i < v.length; i += 4) {
      float y = lo + r.nextFloat() * (hi - lo);
      float x = lo + r.nextFloat() * (hi - lo);
      float h = r.nextFloat() * 0.5f;
      float w = r.nextFloat() * 0.5f;
      boolean flip = r.nextInt(8) == 0;
      v[i] = flip ? y + h : y;
      v[i + 1] = x;
      v[i + 2] = flip ? y : y + h;
      v[i + 3] = x + w;
    }
    return Tensor.ofFloats(Shape.of(batch, anchors, q, 4), v);
  }

  private static Tensor scores(Random r, int batch, int anchors, int classes, int levels) {
    float[] v = new float[batch * anchors * classes];
    for (int i = 0; i < v.length; i++) {
      v[i] = levels > 0 ? r.nextInt(levels) / (float) levels : r.nextFloat();
    }
    return Tensor.ofFloats(Shape.of(batch, anchors, classes), v);
  }

  private static void nms(
      CaseList out,
      String what,
      boolean fed,
      Tensor boxes,
      Tensor scores,
      int perClass,
      int total,
      float iou,
      float threshold,
      boolean pad,
      boolean clip) {
    NodeCase c =
        new NodeCase()
            .input(fed, boxes)
            .input(fed, scores)
            .input(fed, Tensor.ofInts(Shape.scalar(), perClass))
            .input(fed, Tensor.ofInts(Shape.scalar(), total))
            .input(fed, Tensor.ofFloats(Shape.scalar(), iou))
            .input(fed, Tensor.ofFloats(Shape.scalar(), threshold));
    c.op("CombinedNonMaxSuppression").attr("pad_per_class", pad).attr("clip_boxes", clip);
    c.addTo(
        out,
        "CombinedNonMaxSuppression "
            + what
            + ", per class "
            + perClass
            + ", total "
            + total
            + ", iou "
            + iou
            + ", score > "
            + threshold
            + (pad ? ", pad_per_class" : "")
            + (clip ? "" : ", no clipping"),
        4);
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    Tensor b = boxes(r, 2, 12, 1, -0.2f, 1f);
    Tensor s = scores(r, 2, 12, 3, 0);
    for (boolean pad : new boolean[] {false, true}) {
      for (boolean clip : new boolean[] {true, false}) {
        nms(out, "q 1", true, b, s, 4, 7, 0.5f, 0.2f, pad, clip);
        nms(out, "q 1", false, b, s, 3, 20, 0.3f, 0f, pad, clip);
      }
    }
    Tensor bq = boxes(r, 1, 10, 4, 0f, 0.8f);
    Tensor sq = scores(r, 1, 10, 4, 0);
    nms(out, "q = classes", true, bq, sq, 5, 12, 0.45f, 0.1f, false, true);
    nms(out, "q = classes", false, bq, sq, 2, 100, 0.7f, 0.5f, true, true);
    nms(out, "q = classes, iou 0", true, bq, sq, 10, 40, 0f, 0f, false, true);
    nms(out, "q = classes, iou 1", true, bq, sq, 10, 40, 1f, 0f, false, false);
    Tensor bt = boxes(r, 2, 40, 1, 0f, 1f);
    Tensor st = scores(r, 2, 40, 4, 5);
    nms(out, "scores in fifths (ties)", true, bt, st, 40, 200, 0.6f, -0.5f, false, true);
    nms(out, "scores in fifths (ties)", true, bt, st, 6, 15, 0.4f, 0f, true, true);
    nms(out, "scores in fifths (ties)", true, bt, st, 40, 9, 0.9f, 0.1f, false, false);
    float[] neg = new float[2 * 8 * 2];
    for (int i = 0; i < neg.length; i++) {
      neg[i] = -1.5f + r.nextInt(4) * 0.5f;
    }
    Tensor sn = Tensor.ofFloats(Shape.of(2, 8, 2), neg);
    Tensor bn = boxes(r, 2, 8, 1, 0f, 1f);
    nms(out, "negative scores, threshold below -1", true, bn, sn, 8, 30, 0.5f, -2f, false, true);
    nms(out, "negative scores, threshold below -1", true, bn, sn, 3, 30, 0.5f, -2f, true, true);
    Tensor b0 = boxes(r, 3, 0, 1, 0f, 1f);
    nms(out, "no anchors", true, b0, scores(r, 3, 0, 2, 0), 2, 5, 0.5f, 0f, false, true);
    nms(out, "nothing above the threshold", true, b, s, 4, 7, 0.5f, 1f, false, true);
    // errors
    nms(out, "error: max_size_per_class 0", true, b, s, 0, 7, 0.5f, 0f, false, true);
    nms(out, "error: max_total_size 0", true, b, s, 3, 0, 0.5f, 0f, false, true);
    nms(out, "error: max_total_size 0", false, b, s, 3, 0, 0.5f, 0f, false, true);
    nms(out, "error: max_total_size -3", false, b, s, 3, -3, 0.5f, 0f, false, true);
    nms(out, "error: max_size_per_class 0", false, b, s, 0, 4, 0.5f, 0f, true, true);
    nms(out, "error: iou 1.5", true, b, s, 3, 4, 1.5f, 0f, false, true);
    nms(out, "error: iou -0.1", false, b, s, 3, 4, -0.1f, 0f, false, true);
    Tensor b2 = boxes(r, 2, 12, 2, 0f, 1f);
    nms(out, "error: q 2 with 3 classes", true, b2, s, 3, 4, 0.5f, 0f, false, true);
    nms(out, "error: q 2 with 3 classes", false, b2, s, 3, 4, 0.5f, 0f, false, true);
    nms(
        out,
        "error: batch 1 and 2",
        true,
        boxes(r, 1, 12, 1, 0f, 1f),
        s,
        3,
        4,
        0.5f,
        0f,
        false,
        true);
    nms(
        out,
        "error: batch 1 and 2",
        false,
        boxes(r, 1, 12, 1, 0f, 1f),
        s,
        3,
        4,
        0.5f,
        0f,
        false,
        true);
    nms(
        out,
        "error: 11 and 12 anchors",
        true,
        boxes(r, 2, 11, 1, 0f, 1f),
        s,
        3,
        4,
        0.5f,
        0f,
        false,
        true);
    return out.cases();
  }
}
