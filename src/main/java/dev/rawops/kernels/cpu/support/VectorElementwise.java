package dev.rawops.kernels.cpu.support;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 elementwise operations ({@link SegmentOp}) with the Vector API, read and written straight
 * in tensor memory or in a heap tile (a broadcast operand laid out repeatedly), a vector at a time.
 * Every lane computes the single IEEE operation the plain loop computes, so the results are the
 * same bits. Comparisons and Select's condition use one byte per bool (0 or 1, read as "not 0").
 * Reached only behind {@link VectorSupport#ENABLED}.
 */
public final class VectorElementwise {
  private VectorElementwise() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();

  /** Bytes with as many lanes as {@link #S} (none below 8 lanes: no such byte shape). */
  private static final VectorSpecies<Byte> B =
      L >= 8 ? VectorSpecies.of(byte.class, VectorShape.forBitSize(L * 8)) : null;

  private static final ByteOrder NO = ByteOrder.nativeOrder();
  private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;
  private static final ValueLayout.OfByte I8 = ValueLayout.JAVA_BYTE;

  /** Whether {@code op} runs here on this machine's vector shape. */
  public static boolean supports(SegmentOp op) {
    return B != null || !(op.toBool() || op == SegmentOp.SELECT);
  }

  /**
   * out[oo + i] = op(in[k][off[k] + i] ...) for i in [0, n): offsets in elements (bytes for bool
   * operands and outputs, floats otherwise).
   */
  public static void apply(
      SegmentOp op, MemorySegment[] in, long[] off, MemorySegment out, long oo, int n) {
    switch (op) {
      case ADD -> add(in[0], off[0], in[1], off[1], out, oo, n);
      case SUB -> sub(in[0], off[0], in[1], off[1], out, oo, n);
      case MUL -> mul(in[0], off[0], in[1], off[1], out, oo, n);
      case DIV -> div(in[0], off[0], in[1], off[1], out, oo, n);
      case GREATER -> greater(in[0], off[0], in[1], off[1], out, oo, n);
      case GREATER_EQUAL -> greaterEqual(in[0], off[0], in[1], off[1], out, oo, n);
      case LESS -> greater(in[1], off[1], in[0], off[0], out, oo, n);
      case LESS_EQUAL -> greaterEqual(in[1], off[1], in[0], off[0], out, oo, n);
      case EQUAL -> equal(in[0], off[0], in[1], off[1], out, oo, n, false);
      case NOT_EQUAL -> equal(in[0], off[0], in[1], off[1], out, oo, n, true);
      case SELECT -> select(in[0], off[0], in[1], off[1], in[2], off[2], out, oo, n);
      case TANH -> tanh(in[0], off[0], out, oo, n);
      case SIGMOID -> sigmoid(in[0], off[0], out, oo, n);
    }
  }

  /** A vector of floats as TF's kernels read them: subnormals as zeros ({@link Denormals}). */
  private static FloatVector load(MemorySegment s, long elem) {
    return flush(FloatVector.fromMemorySegment(S, s, elem * 4, NO));
  }

  /** Subnormal lanes as zeros of their sign (v · 0 is one for a finite v). */
  private static FloatVector flush(FloatVector v) {
    return v.blend(v.mul(0f), v.abs().compare(VectorOperators.LT, Float.MIN_NORMAL));
  }

  private static float at(MemorySegment s, long elem) {
    return Denormals.flush(s.getAtIndex(F, elem));
  }

  // One loop per operation, alike but for the operator: the Vector API compiles an operation to
  // SIMD instructions only where it is a constant at the call (an operator passed in as an
  // argument ran 12x slower, measured).

  private static void add(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      flush(load(x, xo + i).add(load(y, yo + i))).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush(at(x, xo + i) + at(y, yo + i)));
    }
  }

  private static void sub(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      flush(load(x, xo + i).sub(load(y, yo + i))).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush(at(x, xo + i) - at(y, yo + i)));
    }
  }

  private static void div(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      flush(load(x, xo + i).div(load(y, yo + i))).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush(at(x, xo + i) / at(y, yo + i)));
    }
  }

  private static void mul(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      flush(load(x, xo + i).mul(load(y, yo + i))).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush(at(x, xo + i) * at(y, yo + i)));
    }
  }

  /** tanh in float lanes; the tail as the lane-array loop computes it (in double, rounded). */
  private static void tanh(MemorySegment x, long xo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      flush(load(x, xo + i).lanewise(VectorOperators.TANH)).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush((float) Math.tanh(at(x, xo + i))));
    }
  }

  /** 1 / (1 + exp(-x)) in float lanes; the tail in double, rounded, as the lane-array loop. */
  private static void sigmoid(MemorySegment x, long xo, MemorySegment o, long oo, int n) {
    int i = 0;
    FloatVector one = FloatVector.broadcast(S, 1f);
    for (int bound = S.loopBound(n); i < bound; i += L) {
      FloatVector e = load(x, xo + i).neg().lanewise(VectorOperators.EXP);
      flush(one.div(one.add(e))).intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      o.setAtIndex(F, oo + i, Denormals.flush((float) (1 / (1 + Math.exp(-at(x, xo + i))))));
    }
  }

  private static void store(VectorMask<Float> m, MemorySegment o, long at) {
    ByteVector.zero(B).blend((byte) 1, m.cast(B)).intoMemorySegment(o, at, NO);
  }

  /** x > y (NaN: false). */
  private static void greater(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      store(load(x, xo + i).compare(VectorOperators.GT, load(y, yo + i)), o, oo + i);
    }
    for (; i < n; i++) {
      o.set(I8, oo + i, at(x, xo + i) > at(y, yo + i) ? (byte) 1 : 0);
    }
  }

  /** x >= y (NaN: false). */
  private static void greaterEqual(
      MemorySegment x, long xo, MemorySegment y, long yo, MemorySegment o, long oo, int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      store(load(x, xo + i).compare(VectorOperators.GE, load(y, yo + i)), o, oo + i);
    }
    for (; i < n; i++) {
      o.set(I8, oo + i, at(x, xo + i) >= at(y, yo + i) ? (byte) 1 : 0);
    }
  }

  /** x == y, or x != y when {@code not} (NaN: unequal). */
  private static void equal(
      MemorySegment x,
      long xo,
      MemorySegment y,
      long yo,
      MemorySegment o,
      long oo,
      int n,
      boolean not) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      VectorMask<Float> m = load(x, xo + i).compare(VectorOperators.EQ, load(y, yo + i));
      store(not ? m.not() : m, o, oo + i);
    }
    for (; i < n; i++) {
      boolean eq = at(x, xo + i) == at(y, yo + i);
      o.set(I8, oo + i, eq != not ? (byte) 1 : 0);
    }
  }

  /** c ? t : e, with c one byte per element. */
  private static void select(
      MemorySegment c,
      long co,
      MemorySegment t,
      long to,
      MemorySegment e,
      long eo,
      MemorySegment o,
      long oo,
      int n) {
    int i = 0;
    for (int bound = S.loopBound(n); i < bound; i += L) {
      VectorMask<Float> m =
          ByteVector.fromMemorySegment(B, c, co + i, NO).compare(VectorOperators.NE, 0).cast(S);
      FloatVector.fromMemorySegment(S, e, (eo + i) * 4, NO)
          .blend(FloatVector.fromMemorySegment(S, t, (to + i) * 4, NO), m)
          .intoMemorySegment(o, (oo + i) * 4, NO);
    }
    for (; i < n; i++) {
      float v = c.get(I8, co + i) != 0 ? t.getAtIndex(F, to + i) : e.getAtIndex(F, eo + i);
      o.setAtIndex(F, oo + i, v);
    }
  }
}
