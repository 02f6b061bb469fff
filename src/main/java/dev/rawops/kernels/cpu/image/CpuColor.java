package dev.rawops.kernels.cpu.image;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Colour ops on CPU: AdjustContrastv2, AdjustHue, AdjustSaturation (float, per pixel as TF's
 * adjust_*_op.cc), RGBToHSV / HSVToRGB (colorspace_op.h) and DrawBoundingBoxes(V2).
 */
final class CpuColor {
  private CpuColor() {}

  static List<KernelDef> defs() {
    return List.of(
        KernelDef.builder("AdjustContrastv2", Device.CPU)
            .typeConstraint("T", FLOAT)
            .build(node -> ctx -> contrast(node, ctx)),
        KernelDef.builder("AdjustHue", Device.CPU)
            .typeConstraint("T", FLOAT)
            .build(node -> ctx -> hueOrSaturation(node, ctx, true)),
        KernelDef.builder("AdjustSaturation", Device.CPU)
            .typeConstraint("T", FLOAT)
            .build(node -> ctx -> hueOrSaturation(node, ctx, false)),
        KernelDef.builder("RGBToHSV", Device.CPU)
            .typeConstraint("T", FLOAT, DOUBLE, HALF, BFLOAT16)
            .build(node -> ctx -> colorspace(node, ctx, true)),
        KernelDef.builder("HSVToRGB", Device.CPU)
            .typeConstraint("T", FLOAT, DOUBLE, HALF, BFLOAT16)
            .build(node -> ctx -> colorspace(node, ctx, false)));
  }

  private static float[] floatsOf(Tensor t) {
    return CpuResize.floats(t);
  }

  private static void requireImage(NodeInfo node, Tensor input) {
    if (input.shape().rank() < 3) {
      throw node.invalidArgument("input must be at least 3-D, got shape" + input.shape());
    }
  }

  /** adjust_contrast_op.cc (AdjustContrastOpV2): per-image channel means by pairwise folding. */
  private static void contrast(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor factor = ctx.input(1);
    requireImage(node, input);
    if (factor.shape().rank() != 0) {
      throw node.invalidArgument("contrast_factor must be scalar: " + factor.shape());
    }
    Shape s = input.shape();
    int r = s.rank();
    long imageSize = s.dim(r - 3) * s.dim(r - 2);
    int channels = (int) s.dim(r - 1);
    TensorBuffer out = ctx.allocate(FLOAT, s);
    long total = s.numElements();
    if (total == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    int batch = (int) (total / (imageSize * channels));
    float f = factor.getFloat(0);
    float[] in = floatsOf(input);
    MemorySegment dst = out.segment();
    int plane = (int) (imageSize * channels);
    float[] sum = new float[plane];
    for (int b = 0; b < batch; b++) {
      int base = b * plane;
      long remaining = imageSize;
      int round = 0;
      do {
        int right = (int) (remaining / 2);
        int left = (int) (remaining - right);
        if (round == 0) {
          for (int i = 0; i < right * channels; i++) {
            sum[i] = in[base + left * channels + i] + in[base + i];
          }
          if (left > right) {
            for (int c = 0; c < channels; c++) {
              sum[right * channels + c] = in[base + right * channels + c];
            }
          }
        } else {
          for (int i = 0; i < right * channels; i++) {
            sum[i] += sum[left * channels + i];
          }
        }
        remaining = left;
        round++;
      } while (remaining > 1);
      float scaling = 1.0f / imageSize;
      for (int i = 0; i < plane; i++) {
        float mean = sum[i % channels] * scaling;
        dst.setAtIndex(Layouts.F32, base + i, mean + (in[base + i] - mean) * f);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void hueOrSaturation(NodeInfo node, KernelContext ctx, boolean hue) {
    Tensor input = ctx.input(0);
    Tensor delta = ctx.input(1);
    requireImage(node, input);
    if (delta.shape().rank() != 0) {
      throw node.invalidArgument((hue ? "delta" : "scale") + " must be scalar: " + delta.shape());
    }
    Shape s = input.shape();
    long channels = s.dim(s.rank() - 1);
    if (channels != 3) {
      throw node.invalidArgument(
          "input must have 3 channels but instead has " + channels + " channels.");
    }
    TensorBuffer out = ctx.allocate(FLOAT, s);
    float d = delta.getFloat(0);
    float[] in = floatsOf(input);
    MemorySegment dst = out.segment();
    float[] rgb = new float[3];
    for (int p = 0; p + 2 < in.length; p += 3) {
      if (hue) {
        adjustHue(in[p], in[p + 1], in[p + 2], d, rgb);
      } else {
        adjustSaturation(in[p], in[p + 1], in[p + 2], d, rgb);
      }
      for (int c = 0; c < 3; c++) {
        dst.setAtIndex(Layouts.F32, p + c, rgb[c]);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void adjustHue(float r, float g, float b, float delta, float[] out) {
    float vMax;
    float vMid;
    float vMin;
    int cat;
    if (r < g) {
      if (b < r) {
        vMax = g;
        vMid = r;
        vMin = b;
        cat = 1;
      } else if (b > g) {
        vMax = b;
        vMid = g;
        vMin = r;
        cat = 3;
      } else {
        vMax = g;
        vMid = b;
        vMin = r;
        cat = 2;
      }
    } else {
      if (b < g) {
        vMax = r;
        vMid = g;
        vMin = b;
        cat = 0;
      } else if (b > r) {
        vMax = b;
        vMid = r;
        vMin = g;
        cat = 4;
      } else {
        vMax = r;
        vMid = b;
        vMin = g;
        cat = 5;
      }
    }
    float h;
    if (vMax == vMin) {
      h = 0;
    } else {
      float ratio = (vMid - vMin) / (vMax - vMin);
      h = cat + ((cat & 1) == 0 ? ratio : (1 - ratio));
    }
    h += delta * 6;
    if (!(h >= 0 && h < 6)) {
      // TF steps by 6 until h is in [0, 6); the remainder is the same for every h that loop ends
      // on, and it also ends for a huge delta (where h + 6 == h) or a non-finite one (NaN hue).
      h %= 6;
      if (h < 0) {
        h += 6;
      }
      if (h >= 6) {
        h -= 6;
      }
    }
    int hc = (int) h;
    float ratio = h - hc;
    if ((hc & 1) != 0) {
      ratio = 1 - ratio;
    }
    float mid = vMin + ratio * (vMax - vMin);
    switch (hc) {
      case 0 -> set(out, vMax, mid, vMin);
      case 1 -> set(out, mid, vMax, vMin);
      case 2 -> set(out, vMin, vMax, mid);
      case 3 -> set(out, vMin, mid, vMax);
      case 4 -> set(out, mid, vMin, vMax);
      default -> set(out, vMax, vMin, mid);
    }
  }

  private static void set(float[] out, float r, float g, float b) {
    out[0] = r;
    out[1] = g;
    out[2] = b;
  }

  private static void adjustSaturation(float r, float g, float b, float scale, float[] out) {
    float vv = Math.max(r, Math.max(g, b));
    float range = vv - Math.min(r, Math.min(g, b));
    float s = vv > 0 ? range / vv : 0;
    float norm = 1.0f / (6.0f * range);
    float hh;
    if (r == vv) {
      hh = norm * (g - b);
    } else if (g == vv) {
      hh = (float) (norm * (b - r) + 2.0 / 6.0);
    } else {
      hh = (float) (norm * (r - g) + 4.0 / 6.0);
    }
    if (range <= 0.0) {
      hh = 0;
    }
    if (hh < 0.0) {
      hh = hh + 1;
    }
    s = Math.min(1.0f, Math.max(0.0f, s * scale));
    float c = s * vv;
    float m = vv - c;
    float dh = hh * 6;
    int cat = (int) dh;
    float fmodu = dh;
    if (!(fmodu > 0 && fmodu < 2.0f)) {
      // TF steps by 2 until fmodu is in (0, 2); the remainder gives the same value wherever that
      // loop ends, and also ends where it would not (an infinite or huge hue: fmodu - 2 == fmodu).
      fmodu %= 2.0f;
      if (fmodu <= 0) {
        fmodu += 2.0f;
      }
      if (fmodu >= 2.0f) {
        fmodu -= 2.0f;
      }
    }
    float x = c * (1 - Math.abs(fmodu - 1));
    switch (cat) {
      case 0 -> set(out, c + m, x + m, 0 + m);
      case 1 -> set(out, x + m, c + m, 0 + m);
      case 2 -> set(out, 0 + m, c + m, x + m);
      case 3 -> set(out, 0 + m, x + m, c + m);
      case 4 -> set(out, x + m, 0 + m, c + m);
      case 5 -> set(out, c + m, 0 + m, x + m);
      default -> set(out, m, m, m);
    }
  }

  /** colorspace_op.h, computed in double and rounded to T once. */
  private static void colorspace(NodeInfo node, KernelContext ctx, boolean toHsv) {
    Tensor input = ctx.input(0);
    Shape s = input.shape();
    if (s.rank() < 1) {
      throw node.invalidArgument("input must be at least 1D" + s);
    }
    long channels = s.dim(s.rank() - 1);
    if (channels != 3) {
      throw node.error(
          Code.FAILED_PRECONDITION,
          "input must have 3 channels but input only has " + channels + " channels.");
    }
    TensorBuffer out = ctx.allocate(input.dtype(), s);
    long n = s.numElements();
    boolean isFloat = input.dtype() == FLOAT;
    for (long p = 0; p + 2 < n; p += 3) {
      double a = Numbers.get(input, p);
      double b = Numbers.get(input, p + 1);
      double c = Numbers.get(input, p + 2);
      double o0;
      double o1;
      double o2;
      if (toHsv) {
        double v = Math.max(a, Math.max(b, c));
        double range = v - Math.min(a, Math.min(b, c));
        double sat = v > 0 ? range / v : 0;
        double norm = (1 / range) * (1.0 / 6.0);
        if (isFloat) {
          norm = (1f / (float) range) * (1f / 6f);
        }
        double h;
        if (a == v) {
          h = norm * (b - c);
        } else if (b == v) {
          h = norm * (c - a) + 2.0 / 6.0;
        } else {
          h = norm * (a - b) + 4.0 / 6.0;
        }
        if (!(range > 0)) {
          h = 0;
        }
        if (h < 0) {
          h = h + 1;
        }
        o0 = h;
        o1 = sat;
        o2 = v;
      } else {
        double dh = a * 6;
        double dr = clamp01(Math.abs(dh - 3) - 1);
        double dg = clamp01(-Math.abs(dh - 2) + 2);
        double db = clamp01(-Math.abs(dh - 4) + 2);
        double oneS = -b + 1;
        o0 = (oneS + b * dr) * c;
        o1 = (oneS + b * dg) * c;
        o2 = (oneS + b * db) * c;
      }
      Numbers.set(out, p, o0);
      Numbers.set(out, p + 1, o1);
      Numbers.set(out, p + 2, o2);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static double clamp01(double v) {
    return Math.min(Math.max(v, 0), 1);
  }
}
