package dev.rawops.tensor;

import dev.rawops.RawOpsException;
import java.util.Arrays;

/** A concrete tensor shape: every dimension known and non-negative. Immutable. */
public final class Shape {
  private static final Shape SCALAR = new Shape(new long[0]);

  private final long[] dims;
  private final long numElements;

  private Shape(long[] dims) {
    this.dims = dims;
    long n = 1;
    for (long d : dims) {
      if (d < 0) {
        throw RawOpsException.invalidArgument(
            "dimension " + d + " in shape " + Arrays.toString(dims) + " is negative");
      }
      try {
        n = Math.multiplyExact(n, d);
      } catch (ArithmeticException e) {
        throw RawOpsException.invalidArgument(
            "shape " + Arrays.toString(dims) + " has more than 2^63-1 elements");
      }
    }
    this.numElements = n;
  }

  public static Shape of(long... dims) {
    return dims.length == 0 ? SCALAR : new Shape(dims.clone());
  }

  public static Shape scalar() {
    return SCALAR;
  }

  public int rank() {
    return dims.length;
  }

  public long dim(int i) {
    return dims[i];
  }

  /** A copy of the dimensions. */
  public long[] dims() {
    return dims.clone();
  }

  public long numElements() {
    return numElements;
  }

  /** Dimensions [from, to) as a new shape. */
  public Shape sub(int from, int to) {
    return of(Arrays.copyOfRange(dims, from, to));
  }

  /** This shape followed by {@code other}'s dimensions. */
  public Shape concat(Shape other) {
    long[] d = Arrays.copyOf(dims, dims.length + other.dims.length);
    System.arraycopy(other.dims, 0, d, dims.length, other.dims.length);
    return of(d);
  }

  /** Product of dimensions [from, rank). */
  public long numElementsFrom(int from) {
    long n = 1;
    for (int i = from; i < dims.length; i++) {
      n *= dims[i];
    }
    return n;
  }

  public PartialShape toPartial() {
    return PartialShape.of(dims);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Shape s && Arrays.equals(dims, s.dims);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(dims);
  }

  /** TF's notation: "[2,3]", "[]" for a scalar. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < dims.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(dims[i]);
    }
    return sb.append(']').toString();
  }
}
