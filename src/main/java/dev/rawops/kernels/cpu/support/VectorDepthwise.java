package dev.rawops.kernels.cpu.support;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 depthwise convolution (channel multiplier 1) at one output position with the Vector API:
 * the channels a vector at a time, each vector's sum kept in a register over the window's taps. Per
 * element the same terms in the same order and roundings as the plain loop (a float product, then a
 * float add, tap by tap from zero). Reached only behind {@link VectorSupport#ENABLED}.
 */
public final class VectorDepthwise {
  private VectorDepthwise() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();
  private static final ByteOrder NO = ByteOrder.nativeOrder();
  private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;

  /**
   * y[yo + c] = Σ_t x[xBase + rowIn[t]·depth + c] · f[t·depth + c] for c in [0, depth), over the
   * taps t whose input position {@code rowIn[t]} is not padding (-1).
   */
  public static void position(
      float[] x, int xBase, int[] rowIn, int taps, float[] f, float[] y, int yo, int depth) {
    int c = 0;
    for (; c + 2 * L <= depth; c += 2 * L) {
      FloatVector s0 = FloatVector.zero(S);
      FloatVector s1 = s0;
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p < 0) {
          continue;
        }
        int xo = xBase + p * depth + c;
        int fo = t * depth + c;
        s0 = FloatVector.fromArray(S, x, xo).fma(FloatVector.fromArray(S, f, fo), s0);
        s1 = FloatVector.fromArray(S, x, xo + L).fma(FloatVector.fromArray(S, f, fo + L), s1);
      }
      s0.intoArray(y, yo + c);
      s1.intoArray(y, yo + c + L);
    }
    for (; c + L <= depth; c += L) {
      FloatVector s0 = FloatVector.zero(S);
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          s0 =
              FloatVector.fromArray(S, x, xBase + p * depth + c)
                  .fma(FloatVector.fromArray(S, f, t * depth + c), s0);
        }
      }
      s0.intoArray(y, yo + c);
    }
    for (; c < depth; c++) {
      float s = 0f;
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          s = Math.fma(x[xBase + p * depth + c], f[t * depth + c], s);
        }
      }
      y[yo + c] = s;
    }
  }

  /**
   * {@link #position} with x read where it lies in tensor memory and y written straight into the
   * output's: {@code xBase} and {@code yo} count floats. The same sums in the same order.
   */
  public static void position(
      MemorySegment x,
      long xBase,
      int[] rowIn,
      int taps,
      float[] f,
      MemorySegment y,
      long yo,
      int depth) {
    int c = 0;
    for (; c + 2 * L <= depth; c += 2 * L) {
      FloatVector s0 = FloatVector.zero(S);
      FloatVector s1 = s0;
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p < 0) {
          continue;
        }
        long xo = (xBase + (long) p * depth + c) * 4;
        int fo = t * depth + c;
        s0 = FloatVector.fromMemorySegment(S, x, xo, NO).fma(FloatVector.fromArray(S, f, fo), s0);
        s1 =
            FloatVector.fromMemorySegment(S, x, xo + 4L * L, NO)
                .fma(FloatVector.fromArray(S, f, fo + L), s1);
      }
      s0.intoMemorySegment(y, (yo + c) * 4, NO);
      s1.intoMemorySegment(y, (yo + c + L) * 4, NO);
    }
    for (; c + L <= depth; c += L) {
      FloatVector s0 = FloatVector.zero(S);
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          s0 =
              FloatVector.fromMemorySegment(S, x, (xBase + (long) p * depth + c) * 4, NO)
                  .fma(FloatVector.fromArray(S, f, t * depth + c), s0);
        }
      }
      s0.intoMemorySegment(y, (yo + c) * 4, NO);
    }
    for (; c < depth; c++) {
      float s = 0f;
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          s = Math.fma(x.getAtIndex(F32, xBase + (long) p * depth + c), f[t * depth + c], s);
        }
      }
      y.setAtIndex(F32, yo + c, s);
    }
  }
}
