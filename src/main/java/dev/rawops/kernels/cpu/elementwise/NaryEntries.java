package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.COMPLEX_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.I64_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.support.SegmentOp;
import dev.rawops.tensor.DType;
import java.util.List;

/**
 * The n-ary and selection entries of {@link ElementwiseTable}: AddN, ClipByValue, Select, Betainc.
 */
final class NaryEntries {
  private NaryEntries() {}

  static List<Entry> entries() {
    return List.of(
        // ---- n-ary and selection
        addN("AddN"),
        addN("AccumulateNV2"),
        new Entry("ClipByValue")
            .on(F32_LANE, _ -> NaryEntries::clipFloat)
            .on(F64_LANE, _ -> NaryEntries::clipDouble)
            .on(I64_LANE, s -> clipLong(s.kind().u64()))
            .preparing(Selection::checkClip),
        select("Select").laneFrom(1).preparing(Selection::checkSelect).simd(SegmentOp.SELECT),
        select("SelectV2").laneFrom(1).simd(SegmentOp.SELECT),
        new Entry("Betainc")
            .on(F32_LANE, _ -> NaryEntries::betaincFloat)
            .on(F64_LANE, _ -> NaryEntries::betaincDouble)
            .preparing(Selection::checkBetainc));
  }

  private static Entry addN(String name) {
    return new Entry(name)
        .on(
            F32_LANE,
            s -> {
              boolean narrow = s.type() != DType.FLOAT;
              DType t = s.type();
              return (in, out, n) -> {
                float[] o = (float[]) out;
                System.arraycopy((float[]) in[0], 0, o, 0, n);
                for (int k = 1; k < in.length; k++) {
                  float[] x = (float[]) in[k];
                  for (int i = 0; i < n; i++) {
                    o[i] += x[i];
                  }
                  if (narrow && k + 1 < in.length) {
                    roundTo(t, o, n);
                  }
                }
              };
            })
        .on(
            F64_LANE,
            _ ->
                (in, out, n) -> {
                  double[] o = (double[]) out;
                  System.arraycopy((double[]) in[0], 0, o, 0, n);
                  for (int k = 1; k < in.length; k++) {
                    double[] x = (double[]) in[k];
                    for (int i = 0; i < n; i++) {
                      o[i] += x[i];
                    }
                  }
                })
        .on(
            I64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] o = (long[]) out;
                  System.arraycopy((long[]) in[0], 0, o, 0, n);
                  for (int k = 1; k < in.length; k++) {
                    long[] x = (long[]) in[k];
                    for (int i = 0; i < n; i++) {
                      o[i] += x[i];
                    }
                  }
                })
        .on(
            COMPLEX_LANE,
            s -> {
              boolean single = s.type() == DType.COMPLEX64;
              return (in, out, n) -> {
                double[] o = (double[]) out;
                System.arraycopy((double[]) in[0], 0, o, 0, 2 * n);
                for (int k = 1; k < in.length; k++) {
                  double[] x = (double[]) in[k];
                  for (int i = 0; i < 2 * n; i++) {
                    o[i] += x[i];
                    if (single) {
                      o[i] = (float) o[i];
                    }
                  }
                }
              };
            });
  }

  /** Rounds float lane values to half or bfloat16 and back (Eigen rounds every operation). */
  static void roundTo(DType t, float[] a, int n) {
    for (int i = 0; i < n; i++) {
      a[i] =
          t == DType.HALF
              ? Float.float16ToFloat(Float.floatToFloat16(a[i]))
              : dev.rawops.tensor.Numbers.bfloat16ToFloat(
                  dev.rawops.tensor.Numbers.floatToBfloat16(a[i]));
    }
  }

  private static void clipFloat(Object[] in, Object out, int n) {
    float[] x = (float[]) in[0];
    float[] lo = (float[]) in[1];
    float[] hi = (float[]) in[2];
    float[] o = (float[]) out;
    for (int i = 0; i < n; i++) {
      float v = hi[i] < x[i] ? hi[i] : x[i];
      o[i] = v < lo[i] ? lo[i] : v;
    }
  }

  private static void clipDouble(Object[] in, Object out, int n) {
    double[] x = (double[]) in[0];
    double[] lo = (double[]) in[1];
    double[] hi = (double[]) in[2];
    double[] o = (double[]) out;
    for (int i = 0; i < n; i++) {
      double v = hi[i] < x[i] ? hi[i] : x[i];
      o[i] = v < lo[i] ? lo[i] : v;
    }
  }

  private static ElementwiseKernel.ArrayFn clipLong(boolean u64) {
    return (in, out, n) -> {
      long[] x = (long[]) in[0];
      long[] lo = (long[]) in[1];
      long[] hi = (long[]) in[2];
      long[] o = (long[]) out;
      for (int i = 0; i < n; i++) {
        long v = ElementwiseMath.compare(hi[i], x[i], u64) < 0 ? hi[i] : x[i];
        o[i] = ElementwiseMath.compare(v, lo[i], u64) < 0 ? lo[i] : v;
      }
    };
  }

  /** SelectV2 over numeric lanes: input 0 is the bool condition. */
  static Entry select(String name) {
    return new Entry(name)
        .on(
            F32_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  float[] t = (float[]) in[1];
                  float[] e = (float[]) in[2];
                  float[] o = (float[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            F64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  double[] t = (double[]) in[1];
                  double[] e = (double[]) in[2];
                  double[] o = (double[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            I64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  long[] t = (long[]) in[1];
                  long[] e = (long[]) in[2];
                  long[] o = (long[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            COMPLEX_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  double[] t = (double[]) in[1];
                  double[] e = (double[]) in[2];
                  double[] o = (double[]) out;
                  for (int i = 0; i < n; i++) {
                    double[] src = c[i] != 0 ? t : e;
                    o[2 * i] = src[2 * i];
                    o[2 * i + 1] = src[2 * i + 1];
                  }
                });
  }

  private static void betaincFloat(Object[] in, Object out, int n) {
    float[] a = (float[]) in[0];
    float[] b = (float[]) in[1];
    float[] x = (float[]) in[2];
    float[] o = (float[]) out;
    for (int i = 0; i < n; i++) {
      o[i] = (float) IncompleteBeta.betainc(a[i], b[i], x[i]);
    }
  }

  private static void betaincDouble(Object[] in, Object out, int n) {
    double[] a = (double[]) in[0];
    double[] b = (double[]) in[1];
    double[] x = (double[]) in[2];
    double[] o = (double[]) out;
    for (int i = 0; i < n; i++) {
      o[i] = IncompleteBeta.betainc(a[i], b[i], x[i]);
    }
  }
}
