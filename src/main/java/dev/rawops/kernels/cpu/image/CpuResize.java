package dev.rawops.kernels.cpu.image;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;
import static dev.rawops.tensor.DType.INT8;
import static dev.rawops.tensor.DType.UINT16;
import static dev.rawops.tensor.DType.UINT32;
import static dev.rawops.tensor.DType.UINT64;
import static dev.rawops.tensor.DType.UINT8;

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
import java.util.ArrayList;
import java.util.List;

/**
 * The resize ops on CPU (NHWC): one kernel parameterised by the interpolation, sharing TF's
 * ImageResizerState checks and coordinate mapping (CalculateResizeScale, the legacy and half-pixel
 * scalers), computed in float as TF does.
 */
final class CpuResize {
  private CpuResize() {}

  static final DType[] REAL = {
    FLOAT, DOUBLE, HALF, BFLOAT16, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64
  };

  enum Mode {
    NEAREST,
    BILINEAR,
    BICUBIC,
    AREA
  }

  static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    defs.add(def("ResizeNearestNeighbor", Mode.NEAREST));
    defs.add(def("ResizeBilinear", Mode.BILINEAR));
    defs.add(def("ResizeBicubic", Mode.BICUBIC));
    defs.add(def("ResizeArea", Mode.AREA));
    return defs;
  }

  private static KernelDef def(String op, Mode mode) {
    return KernelDef.builder(op, Device.CPU)
        .typeConstraint("T", REAL)
        .build(node -> ctx -> compute(node, ctx, mode));
  }

  /** TF's CalculateResizeScale. */
  static float scale(long in, long out, boolean alignCorners) {
    return (alignCorners && out > 1) ? (in - 1) / (float) (out - 1) : in / (float) out;
  }

  private static void compute(NodeInfo node, KernelContext ctx, Mode mode) {
    boolean align = node.attrs().getBool("align_corners");
    boolean half = mode != Mode.AREA && node.attrs().getBool("half_pixel_centers");
    Tensor input = ctx.input(0);
    Tensor size = ctx.input(1);
    Shape is = input.shape();
    if (half && align) {
      throw node.invalidArgument("If half_pixel_centers is True, align_corners must be False.");
    }
    if (is.rank() != 4) {
      throw node.invalidArgument("input must be 4-dimensional" + is);
    }
    if (size.shape().rank() != 1) {
      throw node.invalidArgument("shape_t must be 1-D" + size.shape());
    }
    if (size.numElements() != 2) {
      throw node.invalidArgument("shape_t must have two elements" + size.shape());
    }
    long outH = size.getIndex(0);
    long outW = size.getIndex(1);
    long batch = is.dim(0);
    long inH = is.dim(1);
    long inW = is.dim(2);
    long channels = is.dim(3);
    if (inH > Integer.MAX_VALUE || inW > Integer.MAX_VALUE) {
      throw node.invalidArgument("input sizes must be between 0 and max int32");
    }
    if (outH <= 0 || outW <= 0) {
      throw node.invalidArgument("output dimensions must be positive");
    }
    if (channels <= 0) {
      throw node.invalidArgument("image must have at least one channel");
    }
    if (inH <= 0 || inW <= 0) {
      throw node.invalidArgument("input image must be of non-zero size");
    }
    Shape os = Shape.of(batch, outH, outW, channels);
    DType outType = mode == Mode.NEAREST ? input.dtype() : FLOAT;
    TensorBuffer out = ctx.allocate(outType, os);
    if (os.numElements() > 0) {
      float hs = scale(inH, outH, align);
      float ws = scale(inW, outW, align);
      Geometry g =
          new Geometry((int) batch, (int) inH, (int) inW, (int) channels, (int) outH, (int) outW);
      switch (mode) {
        case NEAREST -> nearest(input, out, g, hs, ws, align, half);
        case BILINEAR -> bilinear(floats(input), out, g, hs, ws, half);
        case BICUBIC -> bicubic(floats(input), out, g, hs, ws, half);
        case AREA -> area(floats(input), out, g, hs, ws);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  record Geometry(int batch, int inH, int inW, int channels, int outH, int outW) {}

  /** Every element as a float, as TF's kernels cast their inputs. */
  static float[] floats(Tensor t) {
    int n = Math.toIntExact(t.numElements());
    float[] v = new float[n];
    if (t.dtype() == FLOAT) {
      MemorySegment s = t.data();
      for (int i = 0; i < n; i++) {
        v[i] = s.getAtIndex(dev.rawops.tensor.Layouts.F32, i);
      }
    } else {
      for (int i = 0; i < n; i++) {
        v[i] = (float) Numbers.get(t, i);
      }
    }
    return v;
  }

  private static void nearest(
      Tensor input, TensorBuffer out, Geometry g, float hs, float ws, boolean align, boolean half) {
    int esize = input.dtype().byteSize();
    long rowBytes = (long) g.channels * esize;
    MemorySegment src = input.data();
    MemorySegment dst = out.segment();
    int[] xs = new int[g.outW];
    for (int x = 0; x < g.outW; x++) {
      xs[x] = nearestIndex(x, ws, g.inW, align, half);
    }
    long o = 0;
    for (int b = 0; b < g.batch; b++) {
      for (int y = 0; y < g.outH; y++) {
        int iy = nearestIndex(y, hs, g.inH, align, half);
        for (int x = 0; x < g.outW; x++) {
          long from = (((long) b * g.inH + iy) * g.inW + xs[x]) * rowBytes;
          MemorySegment.copy(src, from, dst, o, rowBytes);
          o += rowBytes;
        }
      }
    }
  }

  private static int nearestIndex(int i, float scale, int in, boolean align, boolean half) {
    float v = half ? ((float) i + 0.5f) * scale : (float) i * scale;
    long idx = Math.min(align ? (long) Math.round(v) : (long) Math.floor(v), in - 1);
    if (half) {
      idx = Math.max(0, idx);
    }
    return (int) idx;
  }

  private static float scaled(int i, float scale, boolean half) {
    return half ? ((float) i + 0.5f) * scale - 0.5f : (float) i * scale;
  }

  private static void bilinear(
      float[] in, TensorBuffer out, Geometry g, float hs, float ws, boolean half) {
    int[] xl = new int[g.outW];
    int[] xu = new int[g.outW];
    float[] xlerp = new float[g.outW];
    for (int x = 0; x < g.outW; x++) {
      float v = scaled(x, ws, half);
      float f = (float) Math.floor(v);
      xl[x] = (int) Math.max((long) f, 0);
      xu[x] = (int) Math.min((long) Math.ceil(v), g.inW - 1);
      xlerp[x] = v - f;
    }
    MemorySegment dst = out.segment();
    int c = g.channels;
    long o = 0;
    for (int b = 0; b < g.batch; b++) {
      for (int y = 0; y < g.outH; y++) {
        float v = scaled(y, hs, half);
        float f = (float) Math.floor(v);
        int yl = (int) Math.max((long) f, 0);
        int yu = (int) Math.min((long) Math.ceil(v), g.inH - 1);
        float ylerp = v - f;
        int top = (b * g.inH + yl) * g.inW;
        int bot = (b * g.inH + yu) * g.inW;
        for (int x = 0; x < g.outW; x++) {
          for (int k = 0; k < c; k++) {
            float tl = in[(top + xl[x]) * c + k];
            float tr = in[(top + xu[x]) * c + k];
            float bl = in[(bot + xl[x]) * c + k];
            float br = in[(bot + xu[x]) * c + k];
            float t = tl + (tr - tl) * xlerp[x];
            float bo = bl + (br - bl) * xlerp[x];
            dst.setAtIndex(dev.rawops.tensor.Layouts.F32, o++, t + (bo - t) * ylerp);
          }
        }
      }
    }
  }

  private static final int TABLE = 1024;
  private static final float[] KEYS = coefficients(-0.5);
  private static final float[] LEGACY = coefficients(-0.75);

  /** resize_bicubic_op.cc's InitCoeffsTable: the cubic kernel sampled at 1/1024 steps. */
  private static float[] coefficients(double a) {
    float[] t = new float[(TABLE + 1) * 2];
    for (int i = 0; i <= TABLE; i++) {
      float x = (float) (i * 1.0 / TABLE);
      t[i * 2] = (float) (((a + 2) * x - (a + 3)) * x * x + 1);
      x += 1.0f;
      t[i * 2 + 1] = (float) (((a * x - 5 * a) * x + 8 * a) * x - 4 * a);
    }
    return t;
  }

  private static int bound(long v, int limit) {
    return (int) Math.min(limit - 1, Math.max(0, v));
  }

  /** GetWeightsAndIndices: 4 indices then 4 weights. */
  private static void weights(
      int outLoc, float scale, int limit, boolean half, int[] idx, float[] w) {
    float inLocF = scaled(outLoc, scale, half);
    long inLoc = (long) Math.floor(inLocF);
    float delta = inLocF - inLoc;
    int offset = (int) Math.rint(delta * TABLE);
    float[] t = half ? KEYS : LEGACY;
    float[] raw = {
      t[offset * 2 + 1], t[offset * 2], t[(TABLE - offset) * 2], t[(TABLE - offset) * 2 + 1]
    };
    for (int k = 0; k < 4; k++) {
      idx[k] = bound(inLoc - 1 + k, limit);
      w[k] = raw[k];
    }
    if (half) {
      for (int k = 0; k < 4; k++) {
        if (idx[k] != inLoc - 1 + k) {
          w[k] = 0f;
        }
      }
      float sum = ((w[0] + w[1]) + w[2]) + w[3];
      if (Math.abs(sum) >= 1000.0f * Float.MIN_NORMAL) {
        float inv = 1.0f / sum;
        for (int k = 0; k < 4; k++) {
          w[k] *= inv;
        }
      }
    }
  }

  private static void bicubic(
      float[] in, TensorBuffer out, Geometry g, float hs, float ws, boolean half) {
    int[][] xi = new int[g.outW][4];
    float[][] xw = new float[g.outW][4];
    for (int x = 0; x < g.outW; x++) {
      weights(x, ws, g.inW, half, xi[x], xw[x]);
    }
    int[] yi = new int[4];
    float[] yw = new float[4];
    float[] cached = new float[4];
    MemorySegment dst = out.segment();
    int c = g.channels;
    long o = 0;
    for (int b = 0; b < g.batch; b++) {
      for (int y = 0; y < g.outH; y++) {
        weights(y, hs, g.inH, half, yi, yw);
        for (int x = 0; x < g.outW; x++) {
          for (int k = 0; k < c; k++) {
            for (int r = 0; r < 4; r++) {
              int row = (b * g.inH + yi[r]) * g.inW;
              cached[r] =
                  interpolate(
                      xw[x],
                      in[(row + xi[x][0]) * c + k],
                      in[(row + xi[x][1]) * c + k],
                      in[(row + xi[x][2]) * c + k],
                      in[(row + xi[x][3]) * c + k]);
            }
            float v = interpolate(yw, cached[0], cached[1], cached[2], cached[3]);
            dst.setAtIndex(dev.rawops.tensor.Layouts.F32, o++, v);
          }
        }
      }
    }
  }

  private static float interpolate(float[] w, float v0, float v1, float v2, float v3) {
    return v0 * w[0] + v1 * w[1] + v2 * w[2] + v3 * w[3];
  }

  private static void area(float[] in, TensorBuffer out, Geometry g, float hs, float ws) {
    int[] xStart = new int[g.outW];
    int[] xEnd = new int[g.outW];
    float[] xStartScale = new float[g.outW];
    float[] xEndScale = new float[g.outW];
    for (int x = 0; x < g.outW; x++) {
      float inX = x * ws;
      float inX1 = (x + 1) * ws;
      long v = (long) Math.floor(inX);
      xStart[x] = (int) v;
      xStartScale[x] = areaScale(v, inX, inX1, ws);
      xEnd[x] = (int) (long) Math.ceil(inX1);
      xEndScale[x] = areaScale(xEnd[x] - 1L, inX, inX1, ws);
    }
    float scale = (float) (1.0 / (hs * ws));
    MemorySegment dst = out.segment();
    int c = g.channels;
    long o = 0;
    List<Integer> rows = new ArrayList<>();
    List<Float> yScales = new ArrayList<>();
    for (int b = 0; b < g.batch; b++) {
      for (int y = 0; y < g.outH; y++) {
        float inY = y * hs;
        float inY1 = (y + 1) * hs;
        long yStart = (long) Math.floor(inY);
        long yEnd = (long) Math.ceil(inY1);
        rows.clear();
        yScales.clear();
        for (long i = yStart; i < yEnd; i++) {
          yScales.add(areaScale(i, inY, inY1, hs));
          rows.add((b * g.inH + bound(i, g.inH)) * g.inW);
        }
        for (int x = 0; x < g.outW; x++) {
          for (int k = 0; k < c; k++) {
            float sum = 0;
            for (int r = 0; r < rows.size(); r++) {
              int row = rows.get(r);
              float sumY = in[(row + bound(xStart[x], g.inW)) * c + k] * xStartScale[x];
              if (xStart[x] + 1 != xEnd[x]) {
                for (int xx = xStart[x] + 1; xx < xEnd[x] - 1; xx++) {
                  sumY += in[(row + bound(xx, g.inW)) * c + k];
                }
                sumY += in[(row + bound(xEnd[x] - 1L, g.inW)) * c + k] * xEndScale[x];
              }
              sum += sumY * yScales.get(r);
            }
            dst.setAtIndex(dev.rawops.tensor.Layouts.F32, o++, sum * scale);
          }
        }
      }
    }
  }

  private static float areaScale(long v, float in0, float in1, float s) {
    return v < in0 ? (v + 1 > in1 ? s : v + 1 - in0) : (v + 1 > in1 ? in1 - v : 1.0f);
  }
}
