package dev.rawops.kernels.cpu.dataflow;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * DynamicPartition, DynamicStitch and ParallelDynamicStitch on CPU: whole slices moved with one
 * bulk copy each. Stitch writes inputs in order, so for a repeated index the last write wins (TF's
 * CPU DynamicStitch; ParallelDynamicStitch leaves the order undefined, rawops uses the same).
 */
public final class CpuPartition {
  private CpuPartition() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DynamicPartition", Device.CPU).tfCpuTypes("T").build(Partition::new),
          KernelDef.builder("DynamicStitch", Device.CPU).tfCpuTypes("T").build(Stitch::new),
          KernelDef.builder("ParallelDynamicStitch", Device.CPU)
              .tfCpuTypes("T")
              .build(Stitch::new));

  private static boolean startsWith(Shape s, Shape prefix) {
    if (s.rank() < prefix.rank()) {
      return false;
    }
    for (int i = 0; i < prefix.rank(); i++) {
      if (s.dim(i) != prefix.dim(i)) {
        return false;
      }
    }
    return true;
  }

  private record Partition(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor data = ctx.input(0);
      Tensor partitions = ctx.input(1);
      int num = node.int32Attr("num_partitions");
      if (!startsWith(data.shape(), partitions.shape())) {
        throw node.invalidArgument(
            "data.shape must start with partitions.shape, got data.shape = "
                + data.shape()
                + ", partitions.shape = "
                + partitions.shape());
      }
      long[] p = IndexChunks.readAll(partitions);
      long[] counts = new long[num];
      for (int i = 0; i < p.length; i++) {
        if (p[i] < 0 || p[i] >= num) {
          throw node.invalidArgument(
              "partitions"
                  + Shapes.position(partitions.shape(), i)
                  + " = "
                  + p[i]
                  + " is not in [0, "
                  + num
                  + ")");
        }
        counts[(int) p[i]]++;
      }
      Shape slice = data.shape().sub(partitions.shape().rank(), data.shape().rank());
      long sliceSize = slice.numElements();
      TensorBuffer[] outs = new TensorBuffer[num];
      SliceCopier[] copiers = new SliceCopier[num];
      for (int j = 0; j < num; j++) {
        outs[j] = ctx.allocate(data.dtype(), Shape.of(counts[j]).concat(slice));
        copiers[j] = SliceCopier.of(data, outs[j], sliceSize);
      }
      long[] next = new long[num];
      if (sliceSize > 0) {
        for (int i = 0; i < p.length; i++) {
          int j = (int) p[i];
          copiers[j].copy(i * sliceSize, next[j]++ * sliceSize);
        }
      }
      for (int j = 0; j < num; j++) {
        ctx.setOutput(j, outs[j].freeze());
      }
    }
  }

  private record Stitch(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      int n = (int) node.attrs().getInt("N");
      long[][] idx = new long[n][];
      long max = -1;
      for (int i = 0; i < n; i++) {
        idx[i] = IndexChunks.readAll(ctx.input(i));
        for (long v : idx[i]) {
          max = Math.max(max, v);
        }
      }
      Shape indices0 = ctx.input(0).shape();
      Shape data0 = ctx.input(n).shape();
      if (!startsWith(data0, indices0)) {
        throw node.invalidArgument(
            "data[0].shape = " + data0 + " does not start with indices[0].shape = " + indices0);
      }
      Shape slice = data0.sub(indices0.rank(), data0.rank());
      for (int i = 0; i < n; i++) {
        Shape ind = ctx.input(i).shape();
        Shape dat = ctx.input(n + i).shape();
        if (!startsWith(dat, ind)) {
          throw node.invalidArgument(
              "data["
                  + i
                  + "].shape = "
                  + dat
                  + " does not start with indices["
                  + i
                  + "].shape = "
                  + ind);
        }
        if (!dat.sub(ind.rank(), dat.rank()).equals(slice)) {
          throw node.invalidArgument(
              "Need data[0].shape["
                  + indices0.rank()
                  + ":] = data["
                  + i
                  + "].shape["
                  + ind.rank()
                  + ":], got data[0].shape = "
                  + data0
                  + ", data["
                  + i
                  + "].shape = "
                  + dat
                  + ", indices[0].shape = "
                  + indices0
                  + ", indices["
                  + i
                  + "].shape = "
                  + ind);
        }
      }
      long sliceSize = slice.numElements();
      Tensor first = ctx.input(n);
      TensorBuffer out = ctx.allocate(first.dtype(), Shape.of(max + 1).concat(slice));
      for (int i = 0; i < n; i++) {
        Tensor data = ctx.input(n + i);
        SliceCopier copier = SliceCopier.of(data, out, sliceSize);
        for (int j = 0; j < idx[i].length; j++) {
          long at = idx[i][j];
          if (at < 0) {
            throw node.invalidArgument("indices[" + j + "] is out of range");
          }
          if (sliceSize > 0) {
            copier.copy(j * sliceSize, at * sliceSize);
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    }
  }
}
