package dev.rawops.conform;

import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Compares fetched tensors with TensorFlow's: dtype, shape, then every element's bits (floats by
 * their bits, so NaN payloads, -0.0 and subnormals must match exactly; strings by their bytes).
 */
final class TensorDiff {
  private TensorDiff() {}

  /** Null when every fetch matches, else the first difference, naming fetch and element. */
  static String compare(List<String> fetches, List<TensorProto> expected, List<Tensor> actual) {
    return compare(fetches, expected, actual, null);
  }

  /** As {@link #compare(List, List, List)}, float results within {@code tol} (null: bit-exact). */
  static String compare(
      List<String> fetches, List<TensorProto> expected, List<Tensor> actual, Tolerance tol) {
    for (int i = 0; i < expected.size(); i++) {
      String where = "fetch " + i + " ('" + fetches.get(i) + "')";
      String diff = compare(expected.get(i), actual.get(i), tol);
      if (diff != null) {
        return where + ": " + diff;
      }
    }
    return null;
  }

  /** As {@link #compare(List, List, List)}, fetch i's float results within {@code tols.get(i)}. */
  static String compareEach(
      List<String> fetches, List<TensorProto> expected, List<Tensor> actual, List<Tolerance> tols) {
    for (int i = 0; i < expected.size(); i++) {
      String where = "fetch " + i + " ('" + fetches.get(i) + "')";
      String diff = compare(expected.get(i), actual.get(i), tols.get(i));
      if (diff != null) {
        return where + ": " + diff;
      }
    }
    return null;
  }

  private static String compare(TensorProto expectedProto, Tensor actual, Tolerance tol) {
    if (expectedProto.getDtype() != actual.dtype().proto()) {
      return "expected dtype "
          + DType.tfName(expectedProto.getDtype())
          + ", got "
          + actual.dtype().tfName();
    }
    Tensor expected;
    try {
      expected = TensorProtos.toTensor(expectedProto);
    } catch (RawOpsException e) {
      return "malformed fixture: its expected value cannot be decoded: " + e.getMessage();
    }
    if (!expected.shape().equals(actual.shape())) {
      return "expected shape " + expected.shape() + ", got " + actual.shape();
    }
    if (tol != null && Tolerances.appliesTo(expected.dtype())) {
      return Tolerances.compare(expected, actual, tol);
    }
    long first = firstMismatch(expected, actual);
    if (first < 0) {
      return null;
    }
    long count = countMismatches(expected, actual, first);
    return "element "
        + first
        + " "
        + multiIndex(actual.shape(), first)
        + ": expected "
        + Elements.format(expected, first)
        + ", got "
        + Elements.format(actual, first)
        + " ("
        + count
        + " of "
        + actual.numElements()
        + " elements differ)";
  }

  private static long firstMismatch(Tensor a, Tensor b) {
    if (a.dtype() == DType.STRING) {
      for (long i = 0; i < a.numElements(); i++) {
        if (!Arrays.equals(a.getString(i), b.getString(i))) {
          return i;
        }
      }
      return -1;
    }
    long byteOffset = MemorySegment.mismatch(a.data(), 0, a.byteSize(), b.data(), 0, b.byteSize());
    return byteOffset < 0 ? -1 : byteOffset / a.dtype().byteSize();
  }

  private static long countMismatches(Tensor a, Tensor b, long first) {
    long count = 0;
    for (long i = first; i < a.numElements(); i++) {
      count += Elements.equal(a, b, i) ? 0 : 1;
    }
    return count;
  }

  /** Row-major multi-index of flat element {@code flat}, e.g. "[1, 0, 2]". */
  static String multiIndex(Shape shape, long flat) {
    long[] idx = new long[shape.rank()];
    for (int d = shape.rank() - 1; d >= 0; d--) {
      idx[d] = flat % shape.dim(d);
      flat /= shape.dim(d);
    }
    return Arrays.toString(idx);
  }
}
