package dev.rawops.tensor;

/**
 * Zero-copy access to a STRING tensor's element array, for kernels that move elements around. The
 * arrays and their byte arrays are shared: never write to them.
 */
public final class KernelAccess {
  private KernelAccess() {}

  public static byte[][] strings(Tensor t) {
    return t.stringArray();
  }

  /** A STRING tensor over {@code elements} without copying; the caller gives up the array. */
  public static Tensor wrapStrings(Shape shape, byte[][] elements) {
    if (elements.length != shape.numElements()) {
      throw new IllegalArgumentException(elements.length + " strings for shape " + shape);
    }
    return new Tensor(DType.STRING, shape, null, elements, null);
  }
}
