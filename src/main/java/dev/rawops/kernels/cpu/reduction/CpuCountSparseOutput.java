package dev.rawops.kernels.cpu.reduction;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.ScatterCombine;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * DenseCountSparseOutput, SparseCountSparseOutput and RaggedCountSparseOutput on CPU
 * (count_ops.cc): per batch row, the count (or summed weight, or 1 with {@code binary_output}) of
 * each distinct value, as a sparse tensor ordered by row then value. A negative value is
 * INVALID_ARGUMENT (TF 2.18); values at or past a positive {@code maxlength} are dropped; the last
 * dense dimension is {@code maxlength} when positive, else the larger of the largest kept value + 1
 * and {@code minlength}.
 */
final class CpuCountSparseOutput {
  private CpuCountSparseOutput() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DenseCountSparseOutput", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("output_type")
              .build(n -> new Counter(n, Form.DENSE)),
          KernelDef.builder("SparseCountSparseOutput", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("output_type")
              .build(n -> new Counter(n, Form.SPARSE)),
          KernelDef.builder("RaggedCountSparseOutput", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("output_type")
              .build(n -> new Counter(n, Form.RAGGED)));

  private enum Form {
    DENSE,
    SPARSE,
    RAGGED
  }

  /** The values to count: each value's batch row, the row count, and whether rows are kept. */
  private static final class Batched {
    final long[] values;
    final int[] batch;
    final int batches;
    final boolean is1d;
    final Tensor weights;

    Batched(long[] values, int[] batch, int batches, boolean is1d, Tensor weights) {
      this.values = values;
      this.batch = batch;
      this.batches = batches;
      this.is1d = is1d;
      this.weights = weights;
    }
  }

  private record Counter(NodeInfo node, Form form, long minlength, long maxlength, boolean binary)
      implements Kernel {
    Counter(NodeInfo node, Form form) {
      this(
          node,
          form,
          node.attrs().getInt("minlength"),
          node.attrs().getInt("maxlength"),
          node.attrs().getBool("binary_output"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Batched b =
          switch (form) {
            case DENSE -> dense(ctx.input(0), ctx.input(1));
            case SPARSE -> sparse(ctx.input(0), ctx.input(1), ctx.input(2), ctx.input(3));
            case RAGGED -> ragged(ctx.input(0), ctx.input(1), ctx.input(2));
          };
      output(ctx, b);
    }

    private void sameShape(Tensor weights, Tensor data, String name) {
      if (weights.numElements() > 0 && !weights.shape().equals(data.shape())) {
        throw node.invalidArgument(
            "Weights and "
                + name
                + " must have the same shape. Weight shape: "
                + weights.shape()
                + "; "
                + name
                + " shape: "
                + data.shape());
      }
    }

    private Batched dense(Tensor data, Tensor weights) {
      int rank = data.shape().rank();
      if (rank != 1 && rank != 2) {
        throw node.invalidArgument(
            "Input must be a 1 or 2-dimensional tensor. Got: " + data.shape());
      }
      sameShape(weights, data, "data");
      int batches = 1;
      if (rank == 2) {
        if (data.shape().dim(0) == 0) {
          throw node.invalidArgument("Invalid input: Shapes dimension cannot be 0.");
        }
        batches = Math.toIntExact(data.shape().dim(0));
      }
      long[] v = IndexChunks.readAll(data);
      int perBatch = v.length / batches;
      int[] batch = new int[v.length];
      for (int i = 0; i < v.length; i++) {
        batch[i] = i / perBatch;
      }
      return new Batched(v, batch, batches, rank == 1, weights);
    }

    private Batched sparse(Tensor indices, Tensor values, Tensor shape, Tensor weights) {
      if (indices.shape().rank() != 2) {
        throw node.invalidArgument(
            "Input indices must be a 2-dimensional tensor. Got: " + indices.shape());
      }
      if (values.shape().rank() != 1) {
        throw node.invalidArgument("Input values must be a vector. Got: " + values.shape());
      }
      if (shape.shape().rank() != 1) {
        throw node.invalidArgument("Input shape must be a vector. Got: " + shape.shape());
      }
      long n = values.shape().dim(0);
      if (n != indices.shape().dim(0)) {
        throw node.invalidArgument(
            "Number of values must match first dimension of indices.Got "
                + n
                + " values, indices shape: "
                + indices.shape());
      }
      long rank = indices.shape().dim(1);
      if (shape.shape().dim(0) != rank) {
        throw node.invalidArgument(
            "Number of dimensions must match second dimension of indices.Got "
                + shape.shape().dim(0)
                + " dimensions, indices shape: "
                + indices.shape());
      }
      if (shape.numElements() == 0) {
        throw node.invalidArgument("The shape argument requires at least one element.");
      }
      long[] ix = IndexChunks.readAll(indices);
      long[] dims = IndexChunks.readAll(shape);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < rank; j++) {
          long x = ix[(int) (i * rank + j)];
          if (x < 0 || x >= dims[j]) {
            throw node.invalidArgument(
                "Invalid index value at "
                    + i
                    + ": dimension "
                    + j
                    + " has value "
                    + x
                    + " which is not in [0, "
                    + dims[j]
                    + ") (as given by dense shape "
                    + shapeDebug(dims)
                    + ")");
          }
        }
      }
      sameShape(weights, values, "values");
      boolean is1d = dims.length == 1;
      long batches = is1d ? 1 : dims[0];
      if (batches <= 0 || batches >= Integer.MAX_VALUE) {
        throw node.invalidArgument(
            "Cannot allocate " + batches + " batches, is the dense shape too wide?");
      }
      int[] batch = new int[(int) n];
      if (!is1d) {
        for (int i = 0; i < n; i++) {
          batch[i] = (int) ix[(int) (i * rank)];
        }
      }
      return new Batched(IndexChunks.readAll(values), batch, (int) batches, is1d, weights);
    }

    private Batched ragged(Tensor splitsT, Tensor values, Tensor weights) {
      sameShape(weights, values, "values");
      long[] splits = IndexChunks.readAll(splitsT);
      long[] v = IndexChunks.readAll(values);
      int batches = splits.length - 1;
      if (batches <= 0) {
        throw node.invalidArgument("Must provide at least 2 elements for the splits argument");
      }
      if (splits[0] != 0) {
        throw node.invalidArgument("Splits must start with 0, not with " + splits[0]);
      }
      if (splits[batches] != v.length) {
        throw node.invalidArgument(
            "Splits must end with the number of values, got "
                + splits[batches]
                + " instead of "
                + v.length);
      }
      int[] batch = new int[v.length];
      int b = 0;
      for (int i = 0; i < v.length; i++) {
        while (i >= splits[b]) {
          b++;
        }
        batch[i] = b - 1;
      }
      return new Batched(v, batch, batches, false, weights);
    }

    private boolean kept(long v) {
      return maxlength <= 0 || v < maxlength;
    }

    /**
     * Groups the kept values by row (stable, so each bin sums its weights in input order), finds
     * each row's distinct values in order, and writes the sparse tensor.
     */
    private void output(KernelContext ctx, Batched b) {
      long[] v = b.values;
      int n = v.length;
      int[] start = new int[b.batches + 1];
      long maxValue = 0;
      for (int i = 0; i < n; i++) {
        if (v[i] < 0) {
          throw node.invalidArgument("Input values must all be non-negative");
        }
        if (kept(v[i])) {
          start[b.batch[i] + 1]++;
          maxValue = Math.max(maxValue, v[i]);
        }
      }
      for (int k = 0; k < b.batches; k++) {
        start[k + 1] += start[k];
      }
      int[] order = new int[start[b.batches]];
      int[] fill = Arrays.copyOf(start, b.batches);
      for (int i = 0; i < n; i++) {
        if (kept(v[i])) {
          order[fill[b.batch[i]]++] = i;
        }
      }
      long[][] distinct = new long[b.batches][];
      int total = 0;
      for (int k = 0; k < b.batches; k++) {
        long[] row = new long[start[k + 1] - start[k]];
        for (int j = 0; j < row.length; j++) {
          row[j] = v[order[start[k] + j]];
        }
        Arrays.sort(row);
        int m = 0;
        for (int j = 0; j < row.length; j++) {
          if (j == 0 || row[j] != row[j - 1]) {
            row[m++] = row[j];
          }
        }
        distinct[k] = Arrays.copyOf(row, m);
        total += m;
      }
      DType w = b.weights.dtype();
      boolean weighted = !binary && b.weights.numElements() > 0;
      MemorySegment src = weighted ? b.weights.data() : one(w);
      TensorBuffer outValues = ctx.allocate(w, Shape.of(total));
      MemorySegment dst = outValues.segment();
      int inner = b.is1d ? 1 : 2;
      TensorBuffer outIndices = ctx.allocateUninitialized(DType.INT64, Shape.of(total, inner));
      int base = 0;
      for (int k = 0; k < b.batches; k++) {
        long[] d = distinct[k];
        for (int j = 0; j < d.length; j++) {
          if (inner == 2) {
            outIndices.setIndex(2L * (base + j), k);
          }
          outIndices.setIndex((long) inner * (base + j) + inner - 1, d[j]);
        }
        for (int j = start[k]; j < start[k + 1]; j++) {
          int i = order[j];
          long slot = (long) base + Arrays.binarySearch(d, v[i]);
          if (binary) {
            ScatterCombine.ASSIGN.apply(w, src, 0, dst, slot, 1);
          } else {
            ScatterCombine.ADD.apply(w, src, weighted ? i : 0, dst, slot, 1);
          }
        }
        base += d.length;
      }
      // TF computes the width in int: the largest value narrowed, then + 1
      int seen = (int) maxValue + 1;
      long width = maxlength > 0 ? maxlength : Math.max(seen, minlength);
      TensorBuffer outShape = ctx.allocateUninitialized(DType.INT64, Shape.of(inner));
      if (inner == 2) {
        outShape.setIndex(0, b.batches);
      }
      outShape.setIndex(inner - 1, width);
      ctx.setOutput(0, outIndices.freeze());
      ctx.setOutput(1, outValues.freeze());
      ctx.setOutput(2, outShape.freeze());
    }

    private static MemorySegment one(DType w) {
      TensorBuffer one = TensorBuffer.allocate(w, Shape.of(1));
      Numbers.set(one, 0, 1);
      return one.segment();
    }

    private static String shapeDebug(long[] dims) {
      StringBuilder s =
          new StringBuilder("Tensor<type: int64 shape: [" + dims.length + "] values: ");
      for (int i = 0; i < dims.length; i++) {
        s.append(i > 0 ? " " : "").append(dims[i]);
      }
      return s.append(">").toString();
    }
  }
}
