package dev.rawops.kernels.cpu.ragged;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.RaggedGatherSplits;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.ragged.RaggedGatherGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * RaggedGather on CPU. {@link RaggedGatherGeometry} validates the inputs, sizes every output and
 * finds the run of values each index gathers; then the output splits are written in one pass over
 * the indices and each index's values, contiguous in {@code params_dense_values}, are copied in one
 * bulk copy.
 */
public final class CpuRaggedGather implements Kernel {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedGather", Device.CPU)
              .anyType("Tvalues")
              .typeConstraint("Tsplits", INT32, INT64)
              .typeConstraint("Tindices", INT32, INT64)
              .build(CpuRaggedGather::new));

  private final NodeInfo node;
  private final int paramsRaggedRank;
  private final DType splitsType;

  private CpuRaggedGather(NodeInfo node) {
    this.node = node;
    this.paramsRaggedRank = Math.toIntExact(node.attrs().getInt("PARAMS_RAGGED_RANK"));
    this.splitsType = DType.fromProto(node.attrs().getType("Tsplits"));
  }

  @Override
  public void compute(KernelContext ctx) {
    RaggedGatherGeometry g = RaggedGatherSplits.setSplits(ctx, node, paramsRaggedRank, splitsType);
    Tensor values = ctx.input(paramsRaggedRank);
    int outputRaggedRank = g.outputRaggedRank();
    TensorBuffer outValues =
        values.dtype() == DType.STRING
            ? ctx.allocate(values.dtype(), g.outputValuesShape())
            : ctx.allocateUninitialized(values.dtype(), g.outputValuesShape());
    long rowBytes = g.valueSize() * Math.max(1, values.dtype().byteSize());
    copyValues(g, ValueCopier.of(values, outValues, g.valueSize()), rowBytes, ctx.parallel());
    ctx.setOutput(outputRaggedRank, outValues.freeze());
  }

  /**
   * Each index's values are one contiguous run of rows: one copy per index, the indices split over
   * the intra-op threads once each one's first output row is known.
   */
  private static void copyValues(
      RaggedGatherGeometry g, ValueCopier values, long rowBytes, Parallel parallel) {
    int n = (int) g.numIndices();
    long[] firstRow = new long[n + 1];
    for (int i = 0; i < n; i++) {
      firstRow[i + 1] = firstRow[i] + g.valueLimit(i) - g.valueStart(i);
    }
    long avgBytes = n == 0 ? 0 : firstRow[n] * rowBytes / n;
    parallel.forRange(
        n,
        20 + avgBytes / 4,
        (from, to) -> {
          for (int i = (int) from; i < to; i++) {
            values.copy(g.valueStart(i), firstRow[i], firstRow[i + 1] - firstRow[i]);
          }
        });
  }

  /** Copies runs of whole value rows: one bulk copy per run. */
  private abstract static sealed class ValueCopier {
    abstract void copy(long srcRow, long dstRow, long rows);

    static ValueCopier of(Tensor src, TensorBuffer dst, long rowSize) {
      if (src.dtype() == DType.STRING) {
        return new Strings(KernelAccess.strings(src), dst.strings(), rowSize);
      }
      return new Bulk(src.data(), dst.segment(), rowSize * src.dtype().byteSize());
    }

    private static final class Bulk extends ValueCopier {
      private final MemorySegment src;
      private final MemorySegment dst;
      private final long rowBytes;

      Bulk(MemorySegment src, MemorySegment dst, long rowBytes) {
        this.src = src;
        this.dst = dst;
        this.rowBytes = rowBytes;
      }

      @Override
      void copy(long srcRow, long dstRow, long rows) {
        if (rows > 0) {
          MemorySegment.copy(src, srcRow * rowBytes, dst, dstRow * rowBytes, rows * rowBytes);
        }
      }
    }

    private static final class Strings extends ValueCopier {
      private final byte[][] src;
      private final byte[][] dst;
      private final long rowSize;

      Strings(byte[][] src, byte[][] dst, long rowSize) {
        this.src = src;
        this.dst = dst;
        this.rowSize = rowSize;
      }

      @Override
      void copy(long srcRow, long dstRow, long rows) {
        // Elements are immutable byte arrays, so sharing references is a copy.
        System.arraycopy(
            src,
            Math.toIntExact(srcRow * rowSize),
            dst,
            Math.toIntExact(dstRow * rowSize),
            Math.toIntExact(rows * rowSize));
      }
    }
  }
}
