package dev.rawops.kernels.cpu.support;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 batch normalization in inference mode with the Vector API, straight over tensor memory,
 * in the two formulas {@link BatchNormFormula} names (the lanes compute the scalar formula's single
 * IEEE operations, so the results are the same bits as the plain loops). Reached only behind {@link
 * VectorSupport#ENABLED}.
 */
public final class VectorBatchNorm {
  private VectorBatchNorm() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();
  private static final ByteOrder NO = ByteOrder.nativeOrder();

  /**
   * Channels last: rows [r0, r1) of {@code depth} elements, channel j of each row normalized with
   * mean[j], factor[j], scale[j] and offset[j].
   */
  public static void channelsLast(
      BatchNormFormula formula,
      MemorySegment x,
      MemorySegment y,
      long r0,
      long r1,
      int depth,
      float[] mean,
      float[] factor,
      float[] scale,
      float[] offset) {
    for (long r = r0; r < r1; r++) {
      long base = r * depth * 4L;
      for (int c = 0; c < depth; c += L) {
        VectorMask<Float> m = S.indexInRange(c, depth);
        long at = base + c * 4L;
        FloatVector xc =
            FloatVector.fromMemorySegment(S, x, at, NO, m)
                .sub(FloatVector.fromArray(S, mean, c, m));
        FloatVector f = FloatVector.fromArray(S, factor, c, m);
        FloatVector o = FloatVector.fromArray(S, offset, c, m);
        FloatVector v =
            formula == BatchNormFormula.FMA_SCALE
                ? FloatVector.fromArray(S, scale, c, m).fma(xc.mul(f), o)
                : xc.mul(f).add(o);
        v.intoMemorySegment(y, at, NO, m);
      }
    }
  }

  /** Channels first: planes [p0, p1) of {@code inner} elements, plane p of channel p mod depth. */
  public static void channelsFirst(
      BatchNormFormula formula,
      MemorySegment x,
      MemorySegment y,
      long p0,
      long p1,
      int inner,
      int depth,
      float[] mean,
      float[] factor,
      float[] scale,
      float[] offset) {
    for (long p = p0; p < p1; p++) {
      int j = (int) (p % depth);
      FloatVector mv = FloatVector.broadcast(S, mean[j]);
      FloatVector fv = FloatVector.broadcast(S, factor[j]);
      FloatVector sv = FloatVector.broadcast(S, scale[j]);
      FloatVector ov = FloatVector.broadcast(S, offset[j]);
      long base = p * inner * 4L;
      for (int i = 0; i < inner; i += L) {
        VectorMask<Float> m = S.indexInRange(i, inner);
        long at = base + i * 4L;
        FloatVector xc = FloatVector.fromMemorySegment(S, x, at, NO, m).sub(mv);
        FloatVector v =
            formula == BatchNormFormula.FMA_SCALE ? sv.fma(xc.mul(fv), ov) : xc.mul(fv).add(ov);
        v.intoMemorySegment(y, at, NO, m);
      }
    }
  }
}
