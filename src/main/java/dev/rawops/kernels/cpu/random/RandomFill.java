package dev.rawops.kernels.cpu.random;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

import dev.rawops.kernels.Parallel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import java.lang.foreign.MemorySegment;

/**
 * TF's FillPhiloxRandom on CPU (random_op_cpu.h) with the distributions of random_distributions.h:
 * the output is cut into groups of the distribution's result count (4 for 32-bit and narrower
 * types, 2 for 64-bit ones); group g of a fixed-sample distribution is the Philox call at counter +
 * g, and group g of the truncated normal (which rejects samples) reads single words from counter +
 * g · (group size · 256 / 4). Every group depends only on its index, so the loop splits over
 * threads like TF's Shard and the bits never depend on the split.
 */
final class RandomFill {
  private RandomFill() {}

  enum Dist {
    UNIFORM,
    NORMAL,
    TRUNCATED_NORMAL,
    UNIFORM_INT,
    FULL_INT
  }

  /** What to draw: the distribution, the output dtype, and for UNIFORM_INT lo and hi - lo. */
  record Spec(Dist dist, DType dtype, long lo, long range) {
    static Spec of(Dist dist, DType dtype) {
      return new Spec(dist, dtype, 0, 0);
    }

    boolean wide() {
      return dtype.byteSize() == 8;
    }

    int groupSize() {
      return wide() ? 2 : 4;
    }
  }

  /** Reserved Philox words per output element of a variable-sample distribution (TF: 256). */
  static final int RESERVED_SAMPLES_PER_OUTPUT = 256;

  /** Fills {@code n} elements of {@code out} from the generator {@code base} (not advanced). */
  static void fill(Philox base, Spec spec, MemorySegment out, long n, Parallel parallel) {
    if (n == 0) {
      return;
    }
    int group = spec.groupSize();
    long groups = (n + group - 1) / group;
    long cost = spec.dist() == Dist.NORMAL || spec.dist() == Dist.TRUNCATED_NORMAL ? 400 : 60;
    parallel.forRange(
        groups,
        cost,
        (start, end) -> {
          int[] words = new int[4];
          double[] values = new double[4];
          Philox gen = base.copy();
          gen.skip(start);
          for (long g = start; g < end; g++) {
            if (spec.dist() == Dist.TRUNCATED_NORMAL) {
              Philox own = base.copy();
              own.skip(g * ((long) group * RESERVED_SAMPLES_PER_OUTPUT / 4));
              truncated(new Single(own), spec.wide(), values);
            } else {
              gen.next(words);
              if (spec.dist() == Dist.UNIFORM_INT || spec.dist() == Dist.FULL_INT) {
                writeInts(spec, words, out, g * group, Math.min(group, n - g * group));
                continue;
              }
              draw(spec, words, values);
            }
            writeReals(spec.dtype(), values, out, g * group, (int) Math.min(group, n - g * group));
          }
        });
  }

  private static void draw(Spec spec, int[] w, double[] v) {
    boolean wide = spec.wide();
    if (spec.dist() == Dist.UNIFORM) {
      switch (spec.dtype()) {
        case HALF -> {
          for (int i = 0; i < 4; i++) {
            v[i] = (w[i] & 0x3ff) / 1024.0;
          }
        }
        case BFLOAT16 -> {
          for (int i = 0; i < 4; i++) {
            v[i] = (w[i] & 0x7f) / 128.0;
          }
        }
        case DOUBLE -> {
          v[0] = uint64ToDouble(w[0], w[1]);
          v[1] = uint64ToDouble(w[2], w[3]);
        }
        default -> {
          for (int i = 0; i < 4; i++) {
            v[i] = uint32ToFloat(w[i]);
          }
        }
      }
    } else if (wide) {
      boxMullerDouble(w[0], w[1], w[2], w[3], v, 0);
    } else {
      boxMullerFloat(w[0], w[1], v, 0);
      boxMullerFloat(w[2], w[3], v, 2);
    }
  }

  /** TF's TruncatedNormalDistribution: Box-Muller pairs, keeping values with |x| &lt; 2. */
  private static void truncated(Single s, boolean wide, double[] v) {
    int count = wide ? 2 : 4;
    int index = 0;
    double[] pair = new double[2];
    while (true) {
      if (wide) {
        boxMullerDouble(s.next(), s.next(), s.next(), s.next(), pair, 0);
      } else {
        boxMullerFloat(s.next(), s.next(), pair, 0);
      }
      for (int k = 0; k < 2; k++) {
        if (Math.abs(pair[k]) < 2.0) {
          v[index++] = pair[k];
          if (index >= count) {
            return;
          }
        }
      }
    }
  }

  private static void writeReals(DType dtype, double[] v, MemorySegment out, long at, int count) {
    for (int i = 0; i < count; i++) {
      switch (dtype) {
        case HALF -> out.setAtIndex(I16, at + i, Float.floatToFloat16((float) v[i]));
        case BFLOAT16 -> out.setAtIndex(I16, at + i, Numbers.floatToBfloat16((float) v[i]));
        case DOUBLE -> out.setAtIndex(F64, at + i, v[i]);
        default -> out.setAtIndex(F32, at + i, (float) v[i]);
      }
    }
  }

  private static void writeInts(Spec spec, int[] w, MemorySegment out, long at, long count) {
    boolean uniform = spec.dist() == Dist.UNIFORM_INT;
    for (int i = 0; i < count; i++) {
      if (spec.wide()) {
        long bits = Philox.pack(w[2 * i], w[2 * i + 1]);
        out.setAtIndex(
            I64, at + i, uniform ? spec.lo() + Long.remainderUnsigned(bits, spec.range()) : bits);
      } else {
        int bits = w[i];
        int value =
            uniform
                ? (int) (spec.lo() + Integer.remainderUnsigned(bits, (int) spec.range()))
                : bits;
        out.setAtIndex(I32, at + i, value);
      }
    }
  }

  /** TF's Uint32ToFloat: 23 random mantissa bits under exponent 0, minus 1: [0, 1). */
  static float uint32ToFloat(int x) {
    return Float.intBitsToFloat(0x3f800000 | (x & 0x7fffff)) - 1.0f;
  }

  /** TF's Uint64ToDouble: 20 bits of x0 and 32 of x1 as the mantissa, minus 1: [0, 1). */
  static double uint64ToDouble(int x0, int x1) {
    long man = ((long) (x0 & 0xfffff) << 32) | (x1 & 0xffffffffL);
    return Double.longBitsToDouble((1023L << 52) | man) - 1.0;
  }

  /**
   * TF's BoxMullerFloat, in float as TF (logf, sqrtf, sincosf): u1 floored at 1e-7, the angle 2π·u2
   * computed in double and rounded once, as C++ promotes {@code 2.0f * M_PI}. The float functions
   * are the double ones rounded (correctly rounded nearly always; glibc's are within 0.82 ulp, so
   * about 1.5 % of values differ from TF's by 1-2 ulp, which the fixtures state). Math's intrinsics
   * are nearer glibc than StrictMath's fdlibm (double: 0.2 % against 6 % of values off by an ulp).
   */
  static void boxMullerFloat(int x0, int x1, double[] out, int at) {
    float u1 = uint32ToFloat(x0);
    if (u1 < 1.0e-7f) {
      u1 = 1.0e-7f;
    }
    float v1 = (float) (2.0 * Math.PI * uint32ToFloat(x1));
    float u2 = (float) Math.sqrt(-2.0f * (float) Math.log(u1));
    out[at] = (float) Math.sin(v1) * u2;
    out[at + 1] = (float) Math.cos(v1) * u2;
  }

  /** TF's BoxMullerDouble: two doubles from four words. */
  static void boxMullerDouble(int x0, int x1, int x2, int x3, double[] out, int at) {
    double u1 = uint64ToDouble(x0, x1);
    if (u1 < 1.0e-7) {
      u1 = 1.0e-7;
    }
    double v1 = 2 * Math.PI * uint64ToDouble(x2, x3);
    double u2 = Math.sqrt(-2.0 * Math.log(u1));
    out[at] = Math.sin(v1) * u2;
    out[at + 1] = Math.cos(v1) * u2;
  }

  /** TF's SingleSampleAdapter: the generator's words one at a time. */
  static final class Single {
    private final Philox gen;
    private final int[] words = new int[4];
    private int used = 4;

    Single(Philox gen) {
      this.gen = gen;
    }

    int next() {
      if (used == 4) {
        gen.next(words);
        used = 0;
      }
      return words[used++];
    }
  }
}
