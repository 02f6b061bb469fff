package dev.rawops.kernels.cpu.ragged;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * RaggedTensorToSparse on CPU (ragged_tensor_to_sparse_kernel.cc): the splits checked, then one
 * sparse index per value element in row-major order, the values flattened, and the dense shape of
 * the widest row at each level.
 */
public final class CpuRaggedConversions {
  private CpuRaggedConversions() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedTensorToSparse", Device.CPU)
              .anyType("T")
              .tfCpuTypes("Tsplits")
              .build(ToSparse::new));

  private record ToSparse(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      int r = Math.toIntExact(node.attrs().getInt("RAGGED_RANK"));
      long[][] splits = new long[r][];
      for (int i = 0; i < r; i++) {
        splits[i] = IndexChunks.readAll(ctx.input(i));
      }
      Tensor values = ctx.input(r);
      validate(splits, values);
      Shape vs = values.shape();
      long inner = vs.numElementsFrom(1);
      long[] innerDims = vs.sub(1, vs.rank()).dims();
      int width = r + vs.rank();
      long nvals = splits[r - 1][splits[r - 1].length - 1] * inner;
      TensorBuffer indices = ctx.allocateUninitialized(DType.INT64, Shape.of(nvals, width));
      long[] prefix = new long[width];
      long[] at = {0};
      for (int row = 0; row + 1 < splits[0].length; row++) {
        prefix[0] = row;
        walk(splits, 0, row, prefix, innerDims, inner, indices, at);
      }
      ctx.setOutput(0, indices.freeze());
      ctx.setOutput(1, Tensor.reshape(values, Shape.of(values.numElements())));
      TensorBuffer dense = ctx.allocateUninitialized(DType.INT64, Shape.of(width));
      dense.setIndex(0, splits[0].length - 1);
      for (int d = 0; d < r; d++) {
        long max = 0;
        for (int i = 1; i < splits[d].length; i++) {
          max = Math.max(max, splits[d][i] - splits[d][i - 1]);
        }
        dense.setIndex(d + 1, max);
      }
      for (int d = 1; d < vs.rank(); d++) {
        dense.setIndex(d + r, vs.dim(d));
      }
      ctx.setOutput(2, dense.freeze());
    }

    /** The indices of every value under row {@code row} of level {@code level}. */
    private static void walk(
        long[][] splits,
        int level,
        int row,
        long[] prefix,
        long[] innerDims,
        long inner,
        TensorBuffer out,
        long[] at) {
      long start = splits[level][row];
      long limit = splits[level][row + 1];
      for (long child = start; child < limit; child++) {
        prefix[level + 1] = child - start;
        if (level + 1 < splits.length) {
          walk(splits, level + 1, (int) child, prefix, innerDims, inner, out, at);
          continue;
        }
        for (long e = 0; e < inner; e++) {
          long rest = e;
          for (int d = innerDims.length - 1; d >= 0; d--) {
            prefix[level + 2 + d] = rest % innerDims[d];
            rest /= innerDims[d];
          }
          long base = at[0] * prefix.length;
          for (int k = 0; k < prefix.length; k++) {
            out.setIndex(base + k, prefix[k]);
          }
          at[0]++;
        }
      }
    }

    private void validate(long[][] splits, Tensor values) {
      for (int i = 0; i < splits.length; i++) {
        long[] s = splits[i];
        if (s.length == 0) {
          throw node.invalidArgument("ragged splits may not be empty.");
        }
        if (s[0] != 0) {
          throw node.invalidArgument("First value of ragged splits must be 0.");
        }
        for (int j = 1; j < s.length; j++) {
          if (s[j] < s[j - 1]) {
            throw node.invalidArgument(
                "Ragged splits should be non decreasing, but we got "
                    + s[j - 1]
                    + " followed by "
                    + s[j]);
          }
        }
        if (i > 0 && s.length != splits[i - 1][splits[i - 1].length - 1] + 1) {
          throw mismatch();
        }
      }
      long[] last = splits[splits.length - 1];
      if (values.shape().rank() == 0 || values.shape().dim(0) != last[last.length - 1]) {
        throw mismatch();
      }
    }

    private RuntimeException mismatch() {
      return node.invalidArgument(
          "Final value of ragged splits must match the length the corresponding ragged values.");
    }
  }

  /** A list of tensors as the splits inputs of a node: inputs 0 to {@code n - 1}. */
  static List<Tensor> inputs(KernelContext ctx, int n) {
    List<Tensor> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      l.add(ctx.input(i));
    }
    return l;
  }
}
