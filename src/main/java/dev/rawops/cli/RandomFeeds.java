package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Random feed values for {@code rawops record --random-feeds SEED}: each value has its
 * placeholder's dtype and shape, and lies in a range, by default {@code [-1, 1)} for floating and
 * complex types (each component), {@code 0..9} for integers (valid as small indices), either bool,
 * and lowercase ASCII strings of 0 to 8 letters. {@code --feed-range NAME=LO:HI} gives a range of
 * its own: floats in {@code [LO, HI)}, integers {@code LO..HI-1} (numpy's randint), bools and
 * strings have none. Each placeholder draws from its own stream, split off the seed in graph order,
 * so the same seed gives the same values.
 */
final class RandomFeeds {
  private RandomFeeds() {}

  /** A feed's value range: floats {@code [lo, hi)}, integers {@code lo..hi-1}. */
  record Range(double lo, double hi) {
    static final Range FLOATS = new Range(-1, 1);
    static final Range INTEGERS = new Range(0, 10);

    /** Parses {@code LO:HI}. */
    static Range parse(String name, String text) {
      int colon = text.indexOf(':', text.startsWith("-") ? 1 : 0);
      if (colon < 0) {
        throw RawOpsException.invalidArgument(
            "--feed-range " + name + "=" + text + " must be NAME=LO:HI, e.g. indices=0:10");
      }
      double lo;
      double hi;
      try {
        lo = Double.parseDouble(text.substring(0, colon));
        hi = Double.parseDouble(text.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw RawOpsException.invalidArgument(
            "--feed-range " + name + "=" + text + ": LO and HI must be numbers");
      }
      if (!(lo < hi) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
        throw RawOpsException.invalidArgument(
            "--feed-range " + name + "=" + text + ": LO must be below HI, both finite");
      }
      return new Range(lo, hi);
    }
  }

  /**
   * A tensor of {@code dtype} and {@code shape} drawn from {@code random}.
   *
   * @param range the feed's own range, or null for the dtype's default
   */
  static Tensor value(String name, DType dtype, Shape shape, Range range, SplittableRandom random) {
    long n = shape.numElements();
    if (dtype == DType.STRING) {
      TensorBuffer b = TensorBuffer.allocate(dtype, shape);
      byte[][] strings = b.strings();
      for (int i = 0; i < n; i++) {
        char[] c = new char[random.nextInt(9)];
        for (int j = 0; j < c.length; j++) {
          c[j] = (char) ('a' + random.nextInt(26));
        }
        strings[i] = new String(c).getBytes(StandardCharsets.US_ASCII);
      }
      return b.freeze();
    }
    if (dtype == DType.RESOURCE || dtype == DType.VARIANT) {
      throw RawOpsException.invalidArgument(
          "placeholder '" + name + "' is a " + dtype.tfName() + " tensor: it cannot be fed");
    }
    TensorBuffer b = TensorBuffer.allocate(dtype, shape);
    if (dtype == DType.BOOL) {
      for (long i = 0; i < n; i++) {
        b.setIndex(i, random.nextBoolean() ? 1 : 0);
      }
    } else if (dtype.isInteger()) {
      Range r = range == null ? Range.INTEGERS : range;
      long lo = (long) Math.ceil(r.lo());
      long hi = (long) Math.ceil(r.hi()); // exclusive
      checkIntegerRange(name, dtype, lo, hi);
      for (long i = 0; i < n; i++) {
        b.setIndex(i, random.nextLong(lo, hi));
      }
    } else {
      Range r = range == null ? Range.FLOATS : range;
      long components = dtype == DType.COMPLEX64 || dtype == DType.COMPLEX128 ? 2 * n : n;
      for (long i = 0; i < components; i++) {
        Numbers.set(b, i, random.nextDouble(r.lo(), r.hi()));
      }
    }
    return b.freeze();
  }

  private static void checkIntegerRange(String name, DType dtype, long lo, long hi) {
    long[] bounds = Feeds.bounds(dtype);
    long min = bounds[0];
    long max = bounds[1];
    if (lo >= hi || lo < min || hi - 1 > max) {
      throw RawOpsException.invalidArgument(
          "--feed-range of '"
              + name
              + "' gives no "
              + dtype.tfName()
              + " values (integers "
              + lo
              + ".."
              + (hi - 1)
              + "; the type holds "
              + min
              + ".."
              + max
              + ")");
    }
  }
}
