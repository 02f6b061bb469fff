package dev.rawops.kernels.cpu.indexing;

import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.Parallel;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.StridedSliceGeometry;
import dev.rawops.ops.indexing.StridedSliceOp;
import dev.rawops.ops.indexing.StridedSliceSpec;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * StridedSlice on CPU, any dtype. A slice that is one contiguous run of the input (the identity,
 * {@code x[1:-1]}, {@code x[3]} on outer dimensions…) is a view sharing the input's memory;
 * otherwise rows are copied in bulk where contiguous, element by element in typed loops where
 * strided or reversed.
 */
public final class CpuStridedSlice implements Kernel {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StridedSlice", Device.CPU)
              .anyType("T")
              .typeConstraint("Index", INT16, INT32, INT64)
              .build(CpuStridedSlice::new));

  /** TF's CPU kernel copies through Eigen for at most this many dimensions. */
  private static final int TF_MAX_COPY_RANK = 8;

  /** EIGEN_MAX_ALIGN_BYTES of TF 2.18's x86-64 CPU build (its fixtures show 32-byte rows fail). */
  private static final int TF_ALIGN_BYTES = 64;

  /** sizeof(tstring), TF's string element. */
  private static final int TF_STRING_BYTES = 24;

  private final NodeInfo node;

  private CpuStridedSlice(NodeInfo node) {
    this.node = node;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor input = ctx.input(0);
    StridedSliceSpec spec =
        StridedSliceOp.runSpec(node, input.shape(), ctx.input(1), ctx.input(2), ctx.input(3));
    Shape out = spec.finalShape().toShape().orElseThrow();
    if (spec.isIdentity()) {
      ctx.setOutput(0, Tensor.reshape(input, out));
      return;
    }
    checkCopyRank(spec, input.shape(), out);
    if (out.numElements() == 0) {
      ctx.setOutput(0, ctx.allocate(input.dtype(), out).freeze());
      return;
    }
    StridedSliceGeometry g = StridedSliceGeometry.of(spec, input.shape());
    if (g.isContiguous()) {
      ctx.setOutput(0, view(input, out, g.offset()));
      return;
    }
    // Every output element is copied: no zero fill needed (strings start empty either way).
    TensorBuffer buf =
        input.dtype() == DType.STRING
            ? ctx.allocate(input.dtype(), out)
            : ctx.allocateUninitialized(input.dtype(), out);
    gather(g, input, buf, ctx.parallel());
    ctx.setOutput(0, buf.freeze());
  }

  /** Output = the input's elements {@code [offset, offset + |out|)}: shared, not copied. */
  private static Tensor view(Tensor input, Shape out, long offset) {
    if (input.dtype() == DType.STRING) {
      int from = Math.toIntExact(offset);
      int to = Math.toIntExact(offset + out.numElements());
      return KernelAccess.wrapStrings(
          out, Arrays.copyOfRange(KernelAccess.strings(input), from, to));
    }
    return Tensor.view(input, out, offset * input.dtype().byteSize());
  }

  /** Walks the outer dimensions like an odometer, copying one innermost row per step. */
  public static void gather(StridedSliceGeometry g, Tensor input, TensorBuffer out) {
    gather(g, input, out, Parallel.SEQUENTIAL);
  }

  /**
   * As {@link #gather(StridedSliceGeometry, Tensor, TensorBuffer)}, the rows split into ranges over
   * {@code parallel}'s threads; each range starts its odometer at its first row.
   */
  public static void gather(
      StridedSliceGeometry g, Tensor input, TensorBuffer out, Parallel parallel) {
    long[] sizes = g.sizes();
    long[] steps = g.steps();
    int inner = sizes.length - 1;
    long n = sizes[inner];
    StridedRows rows = StridedRows.of(input, out, n, steps[inner]);
    long count = g.numElements() / n;
    long rowBytes = n * Math.max(1, input.dtype().byteSize());
    parallel.forRange(
        count,
        20 + rowBytes / 2,
        (from, to) -> {
          long[] idx = new long[inner];
          long src = g.offset();
          long rem = from;
          for (int d = inner - 1; d >= 0; d--) {
            idx[d] = rem % sizes[d];
            rem /= sizes[d];
            src += idx[d] * steps[d];
          }
          long dst = from * n;
          for (long r = from; r < to; r++, dst += n) {
            rows.copy(src, dst);
            for (int d = inner - 1; d >= 0; d--) {
              if (++idx[d] < sizes[d]) {
                src += steps[d];
                break;
              }
              idx[d] = 0;
              src -= steps[d] * (sizes[d] - 1);
            }
          }
        });
  }

  /**
   * TF's kernel fails with UNIMPLEMENTED on an input of more than 8 dimensions unless the slice is
   * the identity, empty, or cuts only dimension 0 with aligned rows; so do we.
   */
  private void checkCopyRank(StridedSliceSpec spec, Shape input, Shape out) {
    if (input.rank() <= TF_MAX_COPY_RANK || out.numElements() == 0) {
      return;
    }
    if (spec.isSliceDim0() && input.dim(0) > 0) {
      long elementBytes = tfElementBytes();
      if (input.numElements() / input.dim(0) * elementBytes % TF_ALIGN_BYTES == 0) {
        return;
      }
    }
    throw node.error(
        Code.UNIMPLEMENTED,
        "Unhandled input dimensions "
            + input.rank()
            + " (TensorFlow's CPU kernel slices at most "
            + TF_MAX_COPY_RANK
            + " dimensions)");
  }

  private long tfElementBytes() {
    DType t = node.inputDType(0);
    return t == DType.STRING ? TF_STRING_BYTES : t.byteSize();
  }
}
