package dev.rawops.ragged;

import com.google.common.collect.ImmutableList;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * A ragged tensor seen through its components, as TensorFlow's {@code
 * RaggedTensor.from_nested_row_splits(flat_values, nested_row_splits)}: row splits tensors from the
 * outermost level in, then the flat values, whose dimension 0 the innermost splits partition. This
 * is how RaggedGather returns its result. Immutable; shares the tensors, copies nothing.
 *
 * <p>{@link #format()} prints the nested lists, e.g. {@code [[1, 2], [], [3, 4, 5]]}, in the
 * notation of the Python lists TensorFlow prints for a ragged tensor: integers in decimal, floating
 * point values as Python's {@code repr} spells the shortest decimal of their own type ({@code 1.0},
 * {@code 1e-05}, {@code nan}, {@code -inf}), {@code True}/{@code False}, complex numbers {@code
 * (1.0+2.0j)}, strings as Python bytes literals ({@code b'it\'s'}, {@code b'\x00'}).
 *
 * <p>A ragged rank of 0 (no splits) is allowed so that every RaggedGather result has a view; such a
 * tensor is just its values.
 */
public final class RaggedTensor {
  private final ImmutableList<Tensor> nestedSplits;
  private final Tensor flatValues;

  private RaggedTensor(ImmutableList<Tensor> nestedSplits, Tensor flatValues) {
    this.nestedSplits = nestedSplits;
    this.flatValues = flatValues;
  }

  /**
   * A ragged tensor from its row splits, outermost first, and its flat values.
   *
   * @throws RawOpsException INVALID_ARGUMENT when the components do not form a ragged tensor:
   *     splits not all int32 or all int64, not 1-D, empty, not starting at 0, decreasing, or not
   *     ending at the number of rows of the next level (the values' dimension 0 for the last);
   *     values of rank 0 under any splits
   */
  public static RaggedTensor of(List<Tensor> nestedSplits, Tensor flatValues) {
    ImmutableList<Tensor> splits = ImmutableList.copyOf(nestedSplits);
    if (!splits.isEmpty() && flatValues.shape().rank() == 0) {
      throw RawOpsException.invalidArgument(
          "ragged tensor: flat values must have rank >= 1, got shape " + flatValues.shape());
    }
    for (int d = 0; d < splits.size(); d++) {
      long rows =
          d + 1 < splits.size() ? splits.get(d + 1).numElements() - 1 : flatValues.shape().dim(0);
      checkSplits(d, splits.get(d), splits.get(0).dtype(), rows);
    }
    return new RaggedTensor(splits, flatValues);
  }

  /**
   * A ragged tensor from components listed as RaggedGather outputs them and {@code Session.run}
   * returns them when all are fetched in order: the splits, then the values.
   *
   * @throws RawOpsException INVALID_ARGUMENT when the list is empty or {@link #of} rejects it
   */
  public static RaggedTensor fromComponents(List<Tensor> components) {
    if (components.isEmpty()) {
      throw RawOpsException.invalidArgument(
          "ragged tensor: no components (expected splits..., values)");
    }
    int last = components.size() - 1;
    return of(components.subList(0, last), components.get(last));
  }

  private static void checkSplits(int d, Tensor s, DType splitsType, long nextRows) {
    String name = "row splits " + d;
    if (s.dtype() != DType.INT32 && s.dtype() != DType.INT64) {
      throw invalid(name + " must be int32 or int64, got " + s.dtype().tfName());
    }
    if (s.dtype() != splitsType) {
      throw invalid(
          name
              + " is "
              + s.dtype().tfName()
              + " but row splits 0 is "
              + splitsType.tfName()
              + "; all must have the same dtype");
    }
    if (s.shape().rank() != 1 || s.numElements() == 0) {
      throw invalid(name + " must be a non-empty vector, got shape " + s.shape());
    }
    if (s.getIndex(0) != 0) {
      throw invalid(name + " must start at 0, got " + s.getIndex(0));
    }
    long n = s.numElements();
    for (long i = 1; i < n; i++) {
      if (s.getIndex(i) < s.getIndex(i - 1)) {
        throw invalid(
            name
                + " must be non-decreasing: ["
                + (i - 1)
                + "] = "
                + s.getIndex(i - 1)
                + " > ["
                + i
                + "] = "
                + s.getIndex(i));
      }
    }
    if (s.getIndex(n - 1) != nextRows) {
      throw invalid(
          name
              + " must end at "
              + nextRows
              + ", the number of rows it partitions, got "
              + s.getIndex(n - 1));
    }
  }

  private static RawOpsException invalid(String detail) {
    return RawOpsException.invalidArgument("ragged tensor: " + detail);
  }

  /** The row splits tensors, outermost first. */
  public List<Tensor> nestedSplits() {
    return nestedSplits;
  }

  public Tensor flatValues() {
    return flatValues;
  }

  /** The number of ragged dimensions: the number of splits tensors. */
  public int raggedRank() {
    return nestedSplits.size();
  }

  /** The number of dimensions: the ragged ones plus the values' own. */
  public int rank() {
    return nestedSplits.size() + flatValues.shape().rank();
  }

  /** Rows of the outermost dimension; 0 for a scalar. */
  public long nrows() {
    if (!nestedSplits.isEmpty()) {
      return nestedSplits.get(0).numElements() - 1;
    }
    return flatValues.shape().rank() == 0 ? 0 : flatValues.shape().dim(0);
  }

  public DType dtype() {
    return flatValues.dtype();
  }

  /** "ragged dtype=int32 ragged_rank=1 rank=2 nrows=3". */
  public String describe() {
    return "ragged dtype="
        + dtype().tfName()
        + " ragged_rank="
        + raggedRank()
        + " rank="
        + rank()
        + " nrows="
        + nrows();
  }

  /** Nested lists, e.g. {@code [[1, 2], [], [3, 4, 5]]}; strings as {@code b'…'}. */
  public String format() {
    return format(Long.MAX_VALUE);
  }

  /**
   * Like {@link #format()}, but when the values have more than {@code threshold} elements every
   * list longer than 6 items is summarized as {@code [a, b, c, ..., x, y, z]}, as NumPy does past
   * its print threshold.
   */
  public String format(long threshold) {
    StringBuilder sb = new StringBuilder();
    ElementFormat values = new ElementFormat(flatValues, flatValues.numElements() > threshold);
    if (nestedSplits.isEmpty()) {
      values.appendAll(sb);
    } else {
      appendRows(sb, 0, 0, nrows(), values);
    }
    return sb.toString();
  }

  /** Rows [start, limit) of ragged level {@code level}, as a bracketed list. */
  private void appendRows(
      StringBuilder sb, int level, long start, long limit, ElementFormat values) {
    if (level == nestedSplits.size()) {
      values.appendRows(sb, start, limit);
      return;
    }
    Tensor splits = nestedSplits.get(level);
    values.appendList(
        sb,
        start,
        limit,
        r -> appendRows(sb, level + 1, splits.getIndex(r), splits.getIndex(r + 1), values));
  }

  /** Same as {@link #format()}. */
  @Override
  public String toString() {
    return format();
  }
}
