package dev.rawops.kernels.cpu.reduction;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.ScatterCombine;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * DenseBincount, SparseBincount and RaggedBincount on CPU (bincount_op.cc): dense bins of the
 * values below {@code size}, one row per batch row for rank-2 (or sparse rank-2, or ragged) input,
 * each bin the sum of its values' weights in T's arithmetic in input order (1 per value without
 * weights), or 1 with {@code binary_output}.
 */
final class CpuBincounts {
  private CpuBincounts() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DenseBincount", Device.CPU)
              .tfCpuTypes("Tidx")
              .tfCpuTypes("T")
              .build(Dense::new),
          KernelDef.builder("SparseBincount", Device.CPU)
              .tfCpuTypes("Tidx")
              .tfCpuTypes("T")
              .build(Sparse::new),
          KernelDef.builder("RaggedBincount", Device.CPU)
              .tfCpuTypes("Tidx")
              .tfCpuTypes("T")
              .build(Ragged::new));

  /** Bins of one dtype with one weight source: a weights tensor, or the constant 1. */
  private static final class Bins {
    private final DType t;
    private final MemorySegment dst;
    private final MemorySegment src;
    private final boolean weighted;
    private final boolean binary;
    private final TensorBuffer out;

    Bins(KernelContext ctx, DType t, Shape shape, Tensor weights, boolean binary) {
      this.t = t;
      this.out = ctx.allocate(t, shape);
      this.dst = out.segment();
      this.binary = binary;
      this.weighted = !binary && weights.numElements() > 0;
      if (weighted) {
        src = weights.data();
      } else {
        TensorBuffer one = TensorBuffer.allocate(t, Shape.of(1));
        Numbers.set(one, 0, 1);
        src = one.segment();
      }
    }

    /** Bin {@code bin} takes value {@code i}'s weight (or 1). */
    void add(long bin, long i) {
      if (binary) {
        ScatterCombine.ASSIGN.apply(t, src, 0, dst, bin, 1);
      } else {
        ScatterCombine.ADD.apply(t, src, weighted ? i : 0, dst, bin, 1);
      }
    }

    Tensor freeze() {
      return out.freeze();
    }
  }

  /** TF's BincountFunctor: one row of bins over every value, negative values refused. */
  static Tensor oneRow(
      NodeInfo node, KernelContext ctx, long[] v, long size, Tensor weights, boolean binary) {
    for (long x : v) {
      if (x < 0) {
        throw node.invalidArgument("Input arr must be non-negative!");
      }
    }
    if (!binary && weights.numElements() > 0 && weights.numElements() != v.length) {
      throw node.invalidArgument("Input indices and weights must have the same size.");
    }
    DType t = weights.dtype();
    Bins bins = new Bins(ctx, t, Shape.of(size), weights, binary);
    for (int i = 0; i < v.length; i++) {
      if (v[i] < size) {
        bins.add(v[i], i);
      }
    }
    return bins.freeze();
  }

  private static long size(NodeInfo node, Tensor sizeT) {
    long size = sizeT.getIndex(0);
    if (size < 0) {
      throw node.invalidArgument("size (" + size + ") must be non-negative");
    }
    return size;
  }

  private record Dense(NodeInfo node, boolean binary) implements Kernel {
    Dense(NodeInfo node) {
      this(node, node.attrs().getBool("binary_output"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor data = ctx.input(0);
      int rank = data.shape().rank();
      if (rank > 2) {
        throw node.invalidArgument("Shape must be at most rank 2 but is rank " + rank);
      }
      Tensor weights = ctx.input(2);
      long size = size(node, ctx.input(1));
      if (weights.numElements() > 0 && !weights.shape().equals(data.shape())) {
        throw node.invalidArgument(
            "`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it"
                + " acts as all weights equal to 1. Received "
                + weights.shape());
      }
      long[] v = IndexChunks.readAll(data);
      if (rank <= 1) {
        ctx.setOutput(0, oneRow(node, ctx, v, size, weights, binary));
        return;
      }
      long rows = data.shape().dim(0);
      long cols = data.shape().dim(1);
      Bins bins = new Bins(ctx, weights.dtype(), Shape.of(rows, size), weights, binary);
      for (int i = 0; i < v.length; i++) {
        if (v[i] < 0) {
          throw node.invalidArgument("Input arr must be non-negative!");
        }
        if (v[i] < size) {
          bins.add(i / cols * size + v[i], i);
        }
      }
      ctx.setOutput(0, bins.freeze());
    }
  }

  private record Sparse(NodeInfo node, boolean binary) implements Kernel {
    Sparse(NodeInfo node) {
      this(node, node.attrs().getBool("binary_output"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor indices = ctx.input(0);
      Tensor values = ctx.input(1);
      Tensor denseShape = ctx.input(2);
      Tensor weights = ctx.input(4);
      long size = size(node, ctx.input(3));
      SparseTensorChecks.validate(
          node, indices, values, denseShape, SparseTensorChecks.Indices.UNORDERED);
      long[] v = IndexChunks.readAll(values);
      if (denseShape.numElements() == 1) {
        ctx.setOutput(0, oneRow(node, ctx, v, size, weights, binary));
        return;
      }
      long rows = denseShape.getIndex(0);
      long cols = indices.shape().rank() == 2 ? indices.shape().dim(1) : 1;
      Bins bins = new Bins(ctx, weights.dtype(), Shape.of(rows, size), weights, binary);
      for (int i = 0; i < v.length; i++) {
        long batch = indices.getLong(i * cols);
        if (batch >= rows) {
          // unreachable after validate(), kept as TF's second line of defence
          throw node.invalidArgument(
              "Index out of bound. `batch` ("
                  + batch
                  + ") must be less than the dimension size ("
                  + rows
                  + ").");
        }
        if (v[i] < 0) {
          throw node.invalidArgument("Input must be non-negative");
        }
        if (v[i] < size) {
          bins.add(batch * size + v[i], i);
        }
      }
      ctx.setOutput(0, bins.freeze());
    }
  }

  private record Ragged(NodeInfo node, boolean binary) implements Kernel {
    Ragged(NodeInfo node) {
      this(node, node.attrs().getBool("binary_output"));
    }

    @Override
    public void compute(KernelContext ctx) {
      long[] splits = IndexChunks.readAll(ctx.input(0));
      Tensor values = ctx.input(1);
      Tensor weights = ctx.input(3);
      long size = size(node, ctx.input(2));
      long[] v = IndexChunks.readAll(values);
      int rows = splits.length - 1;
      if (splits[0] != 0) {
        throw node.invalidArgument("Splits must start with 0, not with " + splits[0]);
      }
      if (splits[rows] != v.length) {
        throw node.invalidArgument(
            "Splits must end with the number of values, got "
                + splits[rows]
                + " instead of "
                + v.length);
      }
      Bins bins = new Bins(ctx, weights.dtype(), Shape.of(rows, size), weights, binary);
      int batch = 0;
      for (int i = 0; i < v.length; i++) {
        while (i >= splits[batch]) {
          batch++;
        }
        if (v[i] < 0) {
          throw node.invalidArgument("Input must be non-negative");
        }
        if (v[i] < size) {
          bins.add((batch - 1) * size + v[i], i);
        }
      }
      ctx.setOutput(0, bins.freeze());
    }
  }
}
