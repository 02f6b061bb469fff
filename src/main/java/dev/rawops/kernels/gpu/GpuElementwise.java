package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import com.google.common.collect.ImmutableList;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.elementwise.Broadcast;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Elementwise ops on the GPU as data ({@code elementwise.cu}): one kernel for every unary op and
 * one for every binary op with broadcasting, the op and dtype passed as codes. The broadcast
 * geometry is computed once on the host by the CPU kernel's {@link Broadcast} (same shapes, same
 * message for incompatible ones). Registered for half, float and double (half computed in float,
 * rounded once), and int64 where TF 2.18 has an int64 GPU kernel; int32 stays on the CPU as in TF,
 * whose int32 GPU kernels read and write host memory. Floats are computed in their own precision as
 * on TF's GPU: the transcendental ops (Exp, Log, Tanh, Sigmoid, Pow, …) may differ from the CPU's
 * in the last bits, within the tolerance {@link #tolerance} states (README, "GPU").
 */
final class GpuElementwise {
  /** Unary ops in {@code elementwise.cu}'s code order; {@code ints}: also registered for int64. */
  private enum Unary {
    NEG(0, "Neg", true, false),
    ABS(1, "Abs", true, false),
    SQUARE(2, "Square", true, false),
    SQRT(3, "Sqrt", false, false),
    RSQRT(4, "Rsqrt", false, true),
    EXP(5, "Exp", false, true),
    LOG(6, "Log", false, true),
    TANH(7, "Tanh", false, true),
    SIGMOID(8, "Sigmoid", false, true),
    RELU(9, "Relu", true, false),
    RELU6(10, "Relu6", true, false),
    FLOOR(11, "Floor", false, false),
    CEIL(12, "Ceil", false, false),
    SIGN(13, "Sign", true, false),
    RECIPROCAL(14, "Reciprocal", false, false),
    EXPM1(15, "Expm1", false, true),
    LOG1P(16, "Log1p", false, true),
    SIN(17, "Sin", false, true),
    COS(18, "Cos", false, true),
    ROUND(19, "Round", false, false);

    final int code;
    final String op;
    final boolean ints;
    final boolean inexact;

    Unary(int code, String op, boolean ints, boolean inexact) {
      this.code = code;
      this.op = op;
      this.ints = ints;
      this.inexact = inexact;
    }
  }

  /** Binary ops in {@code elementwise.cu}'s code order (several TF ops may share one). */
  private enum Binary {
    ADD(0, true, false, "Add", "AddV2"),
    SUB(1, true, false, "Sub"),
    MUL(2, true, false, "Mul"),
    DIV(3, false, false, "RealDiv", "Div"),
    MAX(4, true, false, "Maximum"),
    MIN(5, true, false, "Minimum"),
    POW(6, false, true, "Pow"),
    SQDIFF(7, true, false, "SquaredDifference");

    final int code;
    final boolean ints;
    final boolean inexact;
    final ImmutableList<String> ops;

    Binary(int code, boolean ints, boolean inexact, String... ops) {
      this.code = code;
      this.ints = ints;
      this.inexact = inexact;
      this.ops = ImmutableList.copyOf(ops);
    }
  }

  static final List<KernelDef> DEFS = defs();

  private GpuElementwise() {}

  private static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    for (Unary u : Unary.values()) {
      DType[] types =
          u.ints ? new DType[] {HALF, FLOAT, DOUBLE, INT64} : new DType[] {HALF, FLOAT, DOUBLE};
      d.add(
          KernelDef.builder(u.op, Device.GPU)
              .typeConstraint("T", types)
              .build(n -> ctx -> unary(ctx, u)));
    }
    for (Binary b : Binary.values()) {
      DType[] types =
          b.ints ? new DType[] {HALF, FLOAT, DOUBLE, INT64} : new DType[] {HALF, FLOAT, DOUBLE};
      for (String op : b.ops) {
        d.add(
            KernelDef.builder(op, Device.GPU)
                .typeConstraint("T", types)
                .build(n -> ctx -> binary(ctx, b)));
      }
    }
    return d;
  }

  /** The dtype code of the kernels (float 0, double 1, int32 2, int64 3, half 4). */
  static long dtypeCode(DType t) {
    if (t == FLOAT) {
      return 0;
    }
    if (t == DOUBLE) {
      return 1;
    }
    if (t == INT32) {
      return 2;
    }
    if (t == INT64) {
      return 3;
    }
    if (t == HALF) {
      return 4;
    }
    throw new IllegalArgumentException("no GPU elementwise code for " + t.tfName());
  }

  private static void unary(KernelContext ctx, Unary u) {
    Tensor x = ctx.input(0);
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out o = run.output(x.dtype(), x.shape());
      long n = x.numElements();
      if (n > 0) {
        run.launch("unary", n, run.in(x), o.address(), n, u.code, dtypeCode(x.dtype()));
      }
      ctx.setOutput(0, run.finish(o));
    }
  }

  private static void binary(KernelContext ctx, Binary b) {
    Tensor x = ctx.input(0);
    Tensor y = ctx.input(1);
    Broadcast bc = Broadcast.of(x.shape(), y.shape());
    if (bc == null) {
      throw RawOpsException.invalidArgument(Broadcast.incompatible(x.shape(), y.shape()));
    }
    Shape outShape = bc.outputShape();
    long n = outShape.numElements();
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out o = run.output(x.dtype(), outShape);
      if (n > 0) {
        long xa = run.in(x);
        long ya = run.in(y);
        boolean flat = x.numElements() == n && y.numElements() == n;
        long[] dims = bc.dims();
        long meta = flat ? 0 : run.upload(concat(dims, bc.strides(0), bc.strides(1)));
        run.launch(
            "binary",
            n,
            xa,
            ya,
            o.address(),
            meta,
            n,
            flat ? 0 : dims.length,
            b.code,
            dtypeCode(x.dtype()));
      }
      ctx.setOutput(0, run.finish(o));
    }
  }

  private static long[] concat(long[]... parts) {
    long[] out = new long[Arrays.stream(parts).mapToInt(p -> p.length).sum()];
    int at = 0;
    for (long[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  /**
   * The relative tolerance of {@code op}'s GPU result for {@code dtype} against the CPU's: 0 (bit
   * exact) for the ops IEEE rounds exactly (arithmetic, Sqrt, Floor, …) and for integers; for the
   * transcendental ones (CUDA's float functions are within 2 ulp, its double ones within 1-2 ulp)
   * 1e-6 for float and 1e-14 for double; -1 when {@code op} has no GPU elementwise kernel.
   */
  static double tolerance(String op, DType dtype) {
    if (dtype == HALF
        && (Arrays.stream(Unary.values()).anyMatch(u -> u.op.equals(op))
            || Arrays.stream(Binary.values()).anyMatch(b -> b.ops.contains(op)))) {
      return HALF_TOLERANCE;
    }
    for (Unary u : Unary.values()) {
      if (u.op.equals(op)) {
        return inexact(u.inexact, dtype);
      }
    }
    for (Binary b : Binary.values()) {
      if (b.ops.contains(op)) {
        return inexact(b.inexact, dtype);
      }
    }
    return -1;
  }

  private static double inexact(boolean inexact, DType dtype) {
    if (!inexact) {
      return 0;
    }
    return dtype == FLOAT ? 1e-6 : dtype == DOUBLE ? 1e-14 : 0;
  }

  /** Half is computed in float and rounded once; the CPU may round through double: 1e-3. */
  static final double HALF_TOLERANCE = 1e-3;
}
