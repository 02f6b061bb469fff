package dev.rawops.kernels.cpu;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.RaggedGatherGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * RaggedGather on CPU. {@link RaggedGatherGeometry} validates the inputs and sizes every output;
 * then one walk over the indices appends each gathered row's lengths to the output splits and
 * copies its values, which are contiguous in {@code params_dense_values}, in one bulk copy.
 */
final class CpuRaggedGather implements Kernel {
  static final List<KernelDef> DEFS = List.of(
      KernelDef.builder("RaggedGather", Device.CPU).anyType("Tvalues").typeConstraint("Tsplits", INT32, INT64)
          .typeConstraint("Tindices", INT32, INT64).build(CpuRaggedGather::new));

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
    Tensor[] splits = new Tensor[paramsRaggedRank];
    for (int d = 0; d < paramsRaggedRank; d++) {
      splits[d] = ctx.input(d);
    }
    Tensor values = ctx.input(paramsRaggedRank);
    RaggedGatherGeometry g = RaggedGatherGeometry.of(node, List.of(splits), values, ctx.input(paramsRaggedRank + 1));
    int outputRaggedRank = g.outputRaggedRank();
    TensorBuffer[] outSplits = new TensorBuffer[outputRaggedRank];
    MemorySegment[] outSegments = new MemorySegment[outputRaggedRank];
    for (int k = 0; k < outputRaggedRank; k++) {
      outSplits[k] = ctx.allocate(splitsType, Shape.of(g.outputSplitsLength(k)));
      outSegments[k] = outSplits[k].segment();
    }
    TensorBuffer outValues = ctx.allocate(values.dtype(), g.outputValuesShape());
    writeUniformSplits(g, outSegments);
    gather(g, outSegments, ValueCopier.of(values, outValues, g.valueSize()));
    for (int k = 0; k < outputRaggedRank; k++) {
      ctx.setOutput(k, outSplits[k].freeze());
    }
    ctx.setOutput(outputRaggedRank, outValues.freeze());
  }

  /** The splits that come from the dense outer dimensions of indices: 0, n, 2n, …. */
  private void writeUniformSplits(RaggedGatherGeometry g, MemorySegment[] out) {
    for (int k = 0; k < g.indicesRank() - 1; k++) {
      long n = g.uniformRowLength(k);
      for (long i = 0; i < g.outputSplitsLength(k); i++) {
        put(out[k], i, i * n);
      }
    }
  }

  /**
   * For each index, follows its row from level to level: at each level the row range
   * {@code [start, limit)} appends its row lengths (as running offsets) to that level's output
   * splits and becomes the range of rows it covers at the next level; at the innermost it is the
   * run of values to copy.
   */
  private void gather(RaggedGatherGeometry g, MemorySegment[] out, ValueCopier values) {
    int levels = g.paramsRaggedRank();
    long[] written = new long[out.length];
    long[] offset = new long[out.length];
    for (int k = Math.max(0, g.indicesRank() - 1); k < out.length; k++) {
      written[k] = 1; // every ragged output level starts with split 0
    }
    long valueRow = 0;
    long n = g.numIndices();
    for (long i = 0; i < n; i++) {
      long start = g.index(i);
      long limit = start + 1;
      for (int d = 0; d < levels; d++) {
        int k = g.outputLevel(d);
        long first = g.split(d, start);
        if (k >= 0) {
          long base = offset[k] - first;
          MemorySegment o = out[k];
          long w = written[k];
          for (long j = start + 1; j <= limit; j++) {
            put(o, w++, g.split(d, j) + base);
          }
          written[k] = w;
          offset[k] = g.split(d, limit) + base;
        }
        start = first;
        limit = g.split(d, limit);
      }
      values.copy(start, valueRow, limit - start);
      valueRow += limit - start;
    }
  }

  private void put(MemorySegment s, long i, long v) {
    if (splitsType == INT64) {
      s.setAtIndex(I64, i, v);
    } else {
      s.setAtIndex(I32, i, (int) v);
    }
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
        System.arraycopy(src, Math.toIntExact(srcRow * rowSize), dst, Math.toIntExact(dstRow * rowSize),
            Math.toIntExact(rows * rowSize));
      }
    }
  }
}
