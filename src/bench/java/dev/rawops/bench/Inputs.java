package dev.rawops.bench;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

/** Random benchmark inputs, built straight into off-heap memory (no large Java arrays). */
final class Inputs {
  /** Rows of the [ROWS, COLS] float params/tensor the benchmarks share. */
  static final long ROWS = 1 << 20;

  static final long COLS = 64;

  private Inputs() {}

  /** A float tensor of {@code shape} with values in [0, 1). */
  static Tensor floats(SplittableRandom r, Shape shape) {
    try (Arena arena = Arena.ofConfined()) {
      long n = shape.numElements();
      MemorySegment s = arena.allocate(ValueLayout.JAVA_FLOAT, n);
      for (long i = 0; i < n; i++) {
        s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) r.nextDouble());
      }
      return Tensor.fromBytes(DType.FLOAT, shape, s);
    }
  }

  /** An integer tensor of {@code shape} holding {@code values} in row-major order. */
  static Tensor integers(DType type, Shape shape, long[] values) {
    return Tensor.ofIntegers(type, shape, values);
  }

  /** {@code n} random values in [0, bound). */
  static long[] random(SplittableRandom r, int n, long bound) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextLong(bound);
    }
    return v;
  }

  /** {@code n} distinct random values in [0, bound). */
  static long[] distinct(SplittableRandom r, int n, int bound) {
    int[] perm = new int[bound];
    for (int i = 0; i < bound; i++) {
      perm[i] = i;
    }
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      int j = i + r.nextInt(bound - i);
      int t = perm[j];
      perm[j] = perm[i];
      perm[i] = t;
      v[i] = t;
    }
    return v;
  }
}
