package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.BOOL;
import static dev.rawops.tensor.DType.COMPLEX128;
import static dev.rawops.tensor.DType.COMPLEX64;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;
import static dev.rawops.tensor.DType.INT8;
import static dev.rawops.tensor.DType.UINT16;
import static dev.rawops.tensor.DType.UINT32;
import static dev.rawops.tensor.DType.UINT64;
import static dev.rawops.tensor.DType.UINT8;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.StridedSliceGeometry;
import dev.rawops.ops.indexing.StridedSliceOp;
import dev.rawops.ops.indexing.StridedSliceSpec;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * StridedSlice on the GPU ({@code strided_slice.cu}). begin, end and strides are host-memory inputs
 * (TF's HostMemory): the slice is resolved on the host by the op's shared {@link StridedSliceSpec}
 * and {@link StridedSliceGeometry}, and one launch gathers the elements. Registered as TF 2.18's
 * GPU kernel: every fixed-width dtype but int32 (TF keeps int32 StridedSlice in host memory, so it
 * runs on the CPU here), int32 or int64 Index. The identity slice passes the input on, as on CPU.
 */
final class GpuStridedSlice implements Kernel {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StridedSlice", Device.GPU)
              .typeConstraint(
                  "T",
                  BOOL,
                  INT8,
                  UINT8,
                  INT16,
                  UINT16,
                  UINT32,
                  INT64,
                  UINT64,
                  HALF,
                  BFLOAT16,
                  FLOAT,
                  DOUBLE,
                  COMPLEX64,
                  COMPLEX128)
              .typeConstraint("Index", INT32, INT64)
              .hostMemory(1, 2, 3)
              .build(GpuStridedSlice::new));

  /** TF's kernels (CPU and GPU alike) are instantiated for at most 8 dimensions. */
  private static final int TF_MAX_RANK = 8;

  private final NodeInfo node;

  private GpuStridedSlice(NodeInfo node) {
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
    if (out.numElements() == 0) {
      try (GpuRun run = GpuRun.start(ctx)) {
        ctx.setOutput(0, run.finish(run.output(input.dtype(), out)));
      }
      return;
    }
    if (input.shape().rank() > TF_MAX_RANK) {
      throw node.error(
          Code.UNIMPLEMENTED,
          "Unhandled input dimensions "
              + input.shape().rank()
              + " (TensorFlow's GPU kernel slices at most "
              + TF_MAX_RANK
              + " dimensions)");
    }
    StridedSliceGeometry g = StridedSliceGeometry.of(spec, input.shape());
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out o = run.output(input.dtype(), out);
      long in = run.in(input);
      long meta = run.upload(GpuRun.concat(g.sizes(), g.steps()));
      run.launch(
          "strided_slice",
          g.numElements(),
          in,
          o.address(),
          meta,
          g.numElements(),
          g.sizes().length,
          g.offset(),
          input.dtype().byteSize());
      ctx.setOutput(0, run.finish(o));
    }
  }
}
