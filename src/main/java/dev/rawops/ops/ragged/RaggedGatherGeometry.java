package dev.rawops.ops.ragged;

import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run-time checks and index math of one RaggedGather call, shared by every device's kernel.
 *
 * <p>{@link #of} validates the inputs in TensorFlow's order with its messages, then walks every
 * index once to size the outputs and to find the run of value rows it gathers ({@link #valueStart},
 * {@link #valueLimit}), so a kernel allocates each output once and writes it in one pass. After
 * {@link #of} returns, every {@link #split} and {@link #index} a kernel makes while walking the
 * gathered rows (see {@link #outputLevel}) is within its tensor, and every value row range lies
 * within {@code params_dense_values}.
 *
 * <p>Like TF's kernel, each splits tensor is read as its flat elements (a row-partition vector), an
 * index is read as a {@code Tsplits} value ({@code int32} splits truncate an {@code int64} index),
 * and splits need only be non-negative, sorted and within the next level: they need not start at 0
 * or end at its length. Two cases where TF reads or writes outside a buffer are errors here
 * instead: a gathered row that reaches the one-past-the-end entry of an inner splits tensor, and an
 * {@code OUTPUT_RAGGED_RANK} that does not match indices of a rank unknown at build time.
 */
public final class RaggedGatherGeometry {
  private static final String PAST_VALUES = "Ragged splits must not point past values";

  /**
   * How the per-index loop of sizing may be split over threads: a kernel passes its intra-op
   * threads ({@code ops} knows no devices or pools). Ranges must run to completion before it
   * returns; the first exception a range throws is rethrown.
   */
  @FunctionalInterface
  public interface Splitter {
    /** Runs {@code body} over [0, n), split by the total cost ({@code n * costPerUnit} ns). */
    void forRange(long n, long costPerUnit, Range body);

    /** The work of indices [start, end). */
    @FunctionalInterface
    interface Range {
      void run(long start, long end);
    }

    /** Everything on the calling thread. */
    Splitter SEQUENTIAL =
        (n, cost, body) -> {
          if (n > 0) {
            body.run(0, n);
          }
        };
  }

  /** Rough cost of sizing one index of one ragged level: two random reads of splits. */
  private static final long SIZE_COST_PER_INDEX = 40;

  private final MemorySegment[] splits;
  private final long[] splitsSize;
  private final boolean wideSplits;
  private final MemorySegment indices;
  private final boolean wideIndices;
  private final Shape indicesShape;
  private final Shape valuesShape;
  private final long[] outputSplitsLength;
  private Shape outputValuesShape;
  // Per index, the run of value rows its row covers: found while sizing, so kernels copy values
  // without walking the splits again.
  private long[] valueStart;
  private long[] valueLimit;

  private RaggedGatherGeometry(List<Tensor> splits, Tensor values, Tensor indices) {
    this.splits = new MemorySegment[splits.size()];
    this.splitsSize = new long[splits.size()];
    for (int d = 0; d < splits.size(); d++) {
      this.splits[d] = splits.get(d).data();
      this.splitsSize[d] = splits.get(d).numElements();
    }
    this.wideSplits = splits.get(0).dtype() == DType.INT64;
    this.indices = indices.data();
    this.wideIndices = indices.dtype() == DType.INT64;
    this.indicesShape = indices.shape();
    this.valuesShape = values.shape();
    this.outputSplitsLength = new long[indicesShape.rank() + splits.size() - 1];
  }

  /**
   * Checks the inputs as TF's CPU kernel does, in its order and with its messages, and sizes the
   * outputs.
   *
   * @param splits the {@code PARAMS_RAGGED_RANK} splits tensors (int32 or int64, all alike)
   * @param values {@code params_dense_values}
   * @param indices int32 or int64, any rank
   * @throws RawOpsException INVALID_ARGUMENT naming the node, the broken rule and the values
   */
  public static RaggedGatherGeometry of(
      NodeInfo node, List<Tensor> splits, Tensor values, Tensor indices) {
    return of(node, splits, values, indices, Splitter.SEQUENTIAL);
  }

  /** As {@link #of(NodeInfo, List, Tensor, Tensor)}, sizing one ragged level over {@code split}. */
  public static RaggedGatherGeometry of(
      NodeInfo node, List<Tensor> splits, Tensor values, Tensor indices, Splitter split) {
    if (splits.get(0).shape().rank() == 0) {
      throw node.invalidArgument(
          "Split tensors must not be scalars: params_nested_splits[0] has shape []");
    }
    RaggedGatherGeometry g = new RaggedGatherGeometry(splits, values, indices);
    g.validateIndices(node, splits.get(0).shape().dim(0) - 1);
    if (values.shape().rank() == 0) {
      throw node.invalidArgument("params.rank must be nonzero: params_dense_values has shape []");
    }
    g.validateSplits(node, values.shape().dim(0));
    long outputRaggedRank = node.attrs().getInt("OUTPUT_RAGGED_RANK");
    if (outputRaggedRank != g.outputSplitsLength.length) {
      throw node.invalidArgument(
          "indices has shape "
              + g.indicesShape
              + ": "
              + RaggedGatherOp.outputRaggedRankRule(
                  outputRaggedRank, g.indicesShape.rank(), splits.size()));
    }
    g.size(node, split);
    return g;
  }

  private void validateIndices(NodeInfo node, long numParams) {
    long n = indicesShape.numElements();
    for (long i = 0; i < n; i++) {
      long index = index(i);
      if (index < 0 || index >= numParams) {
        throw node.invalidArgument(
            "indices"
                + Shapes.position(indicesShape, i)
                + " = "
                + index
                + " is not in [0, "
                + numParams
                + ")");
      }
    }
  }

  /**
   * TF's ValidateSplits: level by level, each splits tensor non-empty, non-negative, bounded,
   * sorted.
   */
  private void validateSplits(NodeInfo node, long valueRows) {
    for (int d = 0; d < splits.length; d++) {
      long size = splitsSize[d];
      boolean innermost = d == splits.length - 1;
      long bound = innermost ? valueRows : splitsSize[d + 1];
      String name = "params_nested_splits[" + d + "]";
      if (size == 0) {
        throw node.invalidArgument("Ragged splits may not be empty: " + name + " has no elements");
      }
      if (split(d, 0) < 0) {
        throw node.invalidArgument(
            "Ragged splits must be non-negative: " + name + "[0] = " + split(d, 0));
      }
      if (split(d, size - 1) > bound) {
        throw node.invalidArgument(
            PAST_VALUES
                + ": "
                + name
                + "["
                + (size - 1)
                + "] = "
                + split(d, size - 1)
                + " > "
                + bound
                + (innermost
                    ? " (the rows of params_dense_values)"
                    : " (the length of params_nested_splits[" + (d + 1) + "])"));
      }
      long previous = split(d, 0);
      for (long i = 1; i < size; i++) {
        long current = split(d, i);
        if (previous > current) {
          throw node.invalidArgument(
              "Ragged splits must be sorted: "
                  + name
                  + "["
                  + (i - 1)
                  + "] = "
                  + previous
                  + " > "
                  + name
                  + "["
                  + i
                  + "] = "
                  + current);
        }
        previous = current;
      }
    }
  }

  /**
   * Walks each gathered row down the levels, counting the rows each output level receives, and
   * refuses rows that would read one past an inner splits tensor.
   */
  private void size(NodeInfo node, Splitter split) {
    int r = indicesShape.rank();
    long rows = 1;
    for (int k = 0; k < r - 1; k++) {
      rows *= indicesShape.dim(k);
      outputSplitsLength[k] = rows + 1;
    }
    long[] counts = new long[splits.length + 1];
    int n = checkedIndexCount(node);
    valueStart = new long[n];
    valueLimit = new long[n];
    try {
      if (splits.length == 1) {
        counts[0] = n; // each index is one row of level 0
        AtomicLong total = new AtomicLong();
        split.forRange(
            n,
            SIZE_COST_PER_INDEX,
            (from, to) ->
                total.accumulateAndGet(sizeOneLevel((int) from, (int) to), Math::addExact));
        counts[1] = total.get();
      }
      for (int i = 0; i < n && splits.length > 1; i++) {
        long start = index(i);
        long limit = start + 1;
        for (int d = 0; d < splits.length; d++) {
          // Level 0 is safe by validateIndices; deeper levels by validateSplits, except that an
          // outer splits tensor may end at the inner one's length, one past its last entry.
          if (d > 0 && limit >= splitsSize[d]) {
            throw node.invalidArgument(
                PAST_VALUES
                    + ": params_nested_splits["
                    + (d - 1)
                    + "] gives rows ["
                    + start
                    + ", "
                    + limit
                    + ") of params_nested_splits["
                    + d
                    + "], which has only "
                    + (splitsSize[d] - 1)
                    + " rows");
          }
          counts[d] = Math.addExact(counts[d], limit - start);
          start = split(d, start);
          limit = split(d, limit);
        }
        counts[splits.length] = Math.addExact(counts[splits.length], limit - start);
        valueStart[i] = start;
        valueLimit[i] = limit;
      }
    } catch (ArithmeticException e) {
      throw node.invalidArgument("the gathered rows add up to more than 2^63 - 1 entries");
    }
    for (int d = 0; d < splits.length; d++) {
      int k = outputLevel(d);
      if (k >= 0) {
        outputSplitsLength[k] = counts[d] + 1;
      }
    }
    checkSplitsRange(node, counts);
    long[] dims = valuesShape.dims();
    dims[0] = counts[splits.length];
    outputValuesShape = Shape.of(dims);
  }

  /**
   * {@link #size} for one ragged level, indices [from, to): each index's run is {@code [splits[j],
   * splits[j + 1])}, in a loop small enough for the CPU to overlap the random reads of several
   * indices' splits; returns the runs' total length.
   */
  private long sizeOneLevel(int from, int to) {
    MemorySegment s = splits[0];
    long[] starts = valueStart;
    long[] limits = valueLimit;
    long total = 0;
    if (wideSplits) {
      for (int i = from; i < to; i++) {
        long j = index(i);
        long start = s.getAtIndex(I64, j);
        long limit = s.getAtIndex(I64, j + 1);
        starts[i] = start;
        limits[i] = limit;
        total = Math.addExact(total, limit - start);
      }
    } else {
      for (int i = from; i < to; i++) {
        long j = index(i);
        long start = s.getAtIndex(I32, j);
        long limit = s.getAtIndex(I32, j + 1);
        starts[i] = start;
        limits[i] = limit;
        total = Math.addExact(total, limit - start);
      }
    }
    return total;
  }

  /** Like TF's kernel, which counts indices with an {@code int}, at most 2^31 - 1 indices. */
  private int checkedIndexCount(NodeInfo node) {
    long n = numIndices();
    if (n > Integer.MAX_VALUE - 8) {
      throw node.error(
          Code.RESOURCE_EXHAUSTED,
          "indices has " + n + " elements; RaggedGather takes at most " + (Integer.MAX_VALUE - 8));
    }
    return (int) n;
  }

  /** int32 splits cannot count more than 2^31 - 1 rows or values. */
  private void checkSplitsRange(NodeInfo node, long[] counts) {
    if (wideSplits) {
      return;
    }
    for (int k = 0; k < outputSplitsLength.length; k++) {
      long next =
          k + 1 < outputSplitsLength.length ? outputSplitsLength[k + 1] - 1 : counts[splits.length];
      if (next > Integer.MAX_VALUE) {
        throw node.invalidArgument(
            "output_nested_splits["
                + k
                + "] would have to count "
                + next
                + " rows, more than Tsplits=int32 can hold");
      }
    }
  }

  /** Index i (flat) of {@code indices}, read as a {@code Tsplits} value as TF does. */
  public long index(long i) {
    long raw = wideIndices ? indices.getAtIndex(I64, i) : indices.getAtIndex(I32, i);
    return wideSplits ? raw : (int) raw;
  }

  /** The first value row that index i (flat) gathers. */
  public long valueStart(int i) {
    return valueStart[i];
  }

  /** One past the last value row that index i (flat) gathers. */
  public long valueLimit(int i) {
    return valueLimit[i];
  }

  /** Element j (flat) of {@code params_nested_splits[level]}. */
  public long split(int level, long j) {
    return wideSplits ? splits[level].getAtIndex(I64, j) : splits[level].getAtIndex(I32, j);
  }

  public int paramsRaggedRank() {
    return splits.length;
  }

  public int indicesRank() {
    return indicesShape.rank();
  }

  /** Elements of {@code indices}; fits an int once {@link #of} has returned. */
  public long numIndices() {
    return indicesShape.numElements();
  }

  /** The number of splits outputs: {@code rank(indices) + PARAMS_RAGGED_RANK - 1}. */
  public int outputRaggedRank() {
    return outputSplitsLength.length;
  }

  /**
   * The output splits tensor that params level {@code level}'s row lengths go to; -1 for level 0 of
   * scalar indices, whose one gathered row is not itself a row of the output.
   */
  public int outputLevel(int level) {
    return level + indicesShape.rank() - 1;
  }

  /**
   * For {@code k < rank(indices) - 1}, output splits k is uniform: {@code [0, n, 2n, …]} with
   * {@code n} = this length; the outer levels come from the dense dimensions of {@code indices}.
   */
  public long uniformRowLength(int k) {
    return indicesShape.dim(k + 1);
  }

  public long outputSplitsLength(int k) {
    return outputSplitsLength[k];
  }

  /** {@code params_dense_values}' shape with dimension 0 replaced by the gathered value rows. */
  public Shape outputValuesShape() {
    return outputValuesShape;
  }

  /** Elements in one row of {@code params_dense_values} (product of its inner dimensions). */
  public long valueSize() {
    return valuesShape.numElementsFrom(1);
  }

  /**
   * Writes every element of every output splits tensor ({@code out[k]} holds {@link
   * #outputSplitsLength}(k) elements of {@code Tsplits}; its previous contents do not matter), the
   * same for every device: splits are small and computed on the host.
   */
  public void writeSplits(MemorySegment[] out) {
    for (int k = 0; k < out.length; k++) {
      put(out[k], 0, 0); // every output splits tensor starts with 0 (buffers may be unzeroed)
    }
    writeUniformSplits(out);
    if (paramsRaggedRank() == 1) {
      writeRowLengths(out);
    } else {
      writeRaggedSplits(out);
    }
  }

  /** The splits that come from the dense outer dimensions of indices: 0, n, 2n, …. */
  private void writeUniformSplits(MemorySegment[] out) {
    for (int k = 0; k < indicesRank() - 1; k++) {
      long n = uniformRowLength(k);
      for (long i = 0; i < outputSplitsLength(k); i++) {
        put(out[k], i, i * n);
      }
    }
  }

  /**
   * One ragged level: each gathered row is one run of values, so the innermost output splits are
   * the running sum of the run lengths (none for scalar indices, whose row is the whole output).
   */
  private void writeRowLengths(MemorySegment[] out) {
    int k = outputLevel(0);
    if (k < 0) {
      return;
    }
    int n = (int) numIndices();
    long offset = 0;
    for (int i = 0; i < n; i++) {
      offset += valueLimit(i) - valueStart(i);
      put(out[k], i + 1, offset);
    }
  }

  /**
   * Several ragged levels: follows each index's row from level to level. At each level its row
   * range {@code [start, limit)} appends its row lengths (as running offsets) to that level's
   * output splits and becomes the range of rows it covers at the next level.
   */
  private void writeRaggedSplits(MemorySegment[] out) {
    long[] written = new long[out.length];
    long[] offset = new long[out.length];
    Arrays.fill(written, 1); // every output splits tensor starts with 0
    int n = (int) numIndices();
    for (int i = 0; i < n; i++) {
      long start = index(i);
      long limit = start + 1;
      for (int d = 0; d < paramsRaggedRank(); d++) {
        int k = outputLevel(d);
        long first = split(d, start);
        long last = split(d, limit);
        if (k >= 0 && limit > start) {
          long base = offset[k] - first;
          long w = written[k];
          for (long j = start + 1; j < limit; j++) {
            put(out[k], w++, split(d, j) + base);
          }
          put(out[k], w++, last + base);
          written[k] = w;
          offset[k] = last + base;
        }
        start = first;
        limit = last;
      }
    }
  }

  private void put(MemorySegment s, long i, long v) {
    if (wideSplits) {
      s.setAtIndex(I64, i, v);
    } else {
      s.setAtIndex(I32, i, (int) v);
    }
  }
}
