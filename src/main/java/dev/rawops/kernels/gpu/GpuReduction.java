package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.reduction.ReductionGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * Sum, Prod, Max, Min and Mean on the GPU as data ({@code reduce.cu}): any axes, {@code keep_dims},
 * the axes a host-memory input (as in TF) resolved by the CPU kernel's {@link ReductionGeometry}
 * (same checks, same messages). One thread per output element folds its reduced elements in
 * row-major order, floats in double precision, as the CPU kernel does: in practice bit exact, with
 * a stated tolerance for floats since a parallel GPU reduction need not keep that order ({@link
 * #tolerance}). Registered for half, float, double and int64 (int32 reductions stay on the CPU, as
 * TF keeps them in host memory); Mean for half, float and double only, as TF's GPU kernels.
 */
final class GpuReduction {
  private enum Fold {
    SUM(0, "Sum", true),
    PROD(1, "Prod", true),
    MAX(2, "Max", true),
    MIN(3, "Min", true),
    MEAN(0, "Mean", false);

    final int code; // reduce.cu's fold (Mean sums, then divides)
    final String op;
    final boolean ints;

    Fold(int code, String op, boolean ints) {
      this.code = code;
      this.op = op;
      this.ints = ints;
    }
  }

  static final List<KernelDef> DEFS = defs();

  private GpuReduction() {}

  private static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    for (Fold f : Fold.values()) {
      DType[] types =
          f.ints ? new DType[] {HALF, FLOAT, DOUBLE, INT64} : new DType[] {HALF, FLOAT, DOUBLE};
      d.add(
          KernelDef.builder(f.op, Device.GPU)
              .typeConstraint("T", types)
              .typeConstraint("Tidx", INT32, INT64)
              .hostMemory(1)
              .build(n -> ctx -> compute(ctx, n, f)));
    }
    return d;
  }

  private static void compute(KernelContext ctx, NodeInfo node, Fold f) {
    boolean keepDims = node.attrs().getBool("keep_dims");
    Tensor in = ctx.input(0);
    ReductionGeometry axes = ReductionGeometry.of(node, in.shape(), ctx.input(1));
    Shape outShape = axes.output(keepDims);
    long nOut = outShape.numElements();
    int rank = in.shape().rank();
    long[] strides = new long[rank];
    long s = 1;
    for (int d = rank - 1; d >= 0; d--) {
      strides[d] = s;
      s *= in.shape().dim(d);
    }
    List<Long> keptDims = new ArrayList<>();
    List<Long> keptStrides = new ArrayList<>();
    List<Long> redDims = new ArrayList<>();
    List<Long> redStrides = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      (axes.isReduced(d) ? redDims : keptDims).add(in.shape().dim(d));
      (axes.isReduced(d) ? redStrides : keptStrides).add(strides[d]);
    }
    long[] meta = new long[2 * rank];
    int at = 0;
    for (List<Long> l : List.of(keptDims, keptStrides, redDims, redStrides)) {
      for (long v : l) {
        meta[at++] = v;
      }
    }
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out o = run.output(in.dtype(), outShape);
      if (nOut > 0) {
        run.launch(
            "reduce",
            nOut,
            run.in(in),
            o.address(),
            run.upload(meta),
            nOut,
            keptDims.size(),
            redDims.size(),
            axes.reducedCount(),
            f.code,
            f == Fold.MEAN ? 1 : 0,
            GpuElementwise.dtypeCode(in.dtype()));
      }
      ctx.setOutput(0, run.finish(o));
    }
  }

  /**
   * The relative tolerance of reduction {@code op}'s GPU result against the CPU's: 0 for Max, Min
   * and integers; for float Sum, Prod and Mean 1e-6 (float) and 1e-12 (double), the room a
   * different summation order needs; -1 when {@code op} has no GPU reduction kernel.
   */
  static double tolerance(String op, DType dtype) {
    for (Fold f : Fold.values()) {
      if (f.op.equals(op)) {
        if (dtype == HALF) {
          return GpuElementwise.HALF_TOLERANCE;
        }
        if (f == Fold.MAX || f == Fold.MIN) {
          return 0;
        }
        return dtype == FLOAT ? 1e-6 : dtype == DOUBLE ? 1e-12 : 0;
      }
    }
    return -1;
  }
}
