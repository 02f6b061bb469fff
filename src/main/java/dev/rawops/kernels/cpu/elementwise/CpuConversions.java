package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.elementwise.ElementwiseMath.IntKind;
import dev.rawops.kernels.cpu.support.Lanes;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The elementwise family's conversions and fills: Cast (x86 float-to-integer conversion, Truncate),
 * Bitcast, Fill, ZerosLike, OnesLike, and the pass-throughs CheckNumerics, StopGradient and
 * PreventGradient.
 */
final class CpuConversions {
  private CpuConversions() {}

  static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    defs.add(KernelDef.builder("Cast", Device.CPU).build(CpuConversions::cast));
    defs.add(KernelDef.builder("Bitcast", Device.CPU).build(_ -> CpuConversions::bitcast));
    defs.add(
        KernelDef.builder("Fill", Device.CPU)
            .typeConstraint("T", DType.dataTypes())
            .typeConstraint("index_type", DType.INT32, DType.INT64)
            .build(_ -> CpuConversions::fill));
    defs.add(
        KernelDef.builder("ZerosLike", Device.CPU)
            .tfCpuTypes("T", CpuElementwise.BY_TF_NAME)
            .build(_ -> ctx -> ctx.setOutput(0, zeros(ctx).freeze())));
    defs.add(
        KernelDef.builder("OnesLike", Device.CPU)
            .tfCpuTypes("T", CpuElementwise.BY_TF_NAME)
            .build(_ -> CpuConversions::onesLike));
    defs.add(
        KernelDef.builder("CheckNumerics", Device.CPU)
            .tfCpuTypes("T", CpuElementwise.BY_TF_NAME)
            .build(node -> ctx -> checkNumerics(ctx, node.attrs().getString("message"))));
    for (String op : List.of("StopGradient", "PreventGradient")) {
      defs.add(
          KernelDef.builder(op, Device.CPU)
              .anyType("T")
              .build(_ -> ctx -> ctx.setOutput(0, ctx.input(0))));
    }
    defs.addAll(Selection.stringDefs());
    return defs;
  }

  // ---- Cast

  private static dev.rawops.kernels.Kernel cast(NodeInfo node) {
    DType src = dtype(node, "SrcT");
    DType dst = dtype(node, "DstT");
    boolean truncate = node.attrs().getBool("Truncate");
    if (src == dst) {
      return ctx -> ctx.setOutput(0, ctx.input(0));
    }
    if (src == DType.STRING || dst == DType.STRING) {
      throw RawOpsException.of(
          Code.UNIMPLEMENTED, "Cast " + src.tfName() + " to " + dst.tfName() + " is not supported");
    }
    Converter conv = converter(src, dst, truncate);
    return ctx -> {
      Tensor in = ctx.input(0);
      TensorBuffer out = ctx.allocate(dst, in.shape());
      long total = in.numElements();
      int chunk = (int) Math.min(ElementwiseKernel.CHUNK, Math.max(1, total));
      Object a = Lanes.newArray(src, chunk);
      Object b = Lanes.newArray(dst, chunk);
      MemorySegment s = in.data();
      MemorySegment o = out.segment();
      for (long start = 0; start < total; start += chunk) {
        int n = (int) Math.min(chunk, total - start);
        Lanes.read(src, s, start, a, 0, n);
        conv.apply(a, b, n);
        Lanes.write(dst, b, 0, o, start, n);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static DType dtype(NodeInfo node, String attr) {
    return DType.fromProto(node.attrs().getType(attr));
  }

  @FunctionalInterface
  private interface Converter {
    void apply(Object in, Object out, int n);
  }

  private static Converter converter(DType src, DType dst, boolean truncate) {
    Lanes from = Lanes.of(src);
    Lanes to = Lanes.of(dst);
    boolean toBool = dst == DType.BOOL;
    IntKind kin = src.isInteger() ? IntKind.of(src) : null;
    boolean u64 = kin != null && kin.u64();
    IntKind kout = to == Lanes.I64_LANE ? IntKind.of(dst) : null;
    int dropBits = truncate ? droppedMantissaBits(src, dst) : 0;
    return switch (from) {
      case F32_LANE ->
          switch (to) {
            case F32_LANE ->
                (i, o, n) -> {
                  float[] x = (float[]) i;
                  float[] y = (float[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = dropBits == 0 ? x[k] : zeroLow(x[k], dropBits);
                  }
                };
            case F64_LANE ->
                (i, o, n) -> {
                  float[] x = (float[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = x[k];
                  }
                };
            case I64_LANE ->
                (i, o, n) -> {
                  float[] x = (float[]) i;
                  long[] y = (long[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = toBool ? (x[k] != 0 ? 1 : 0) : ElementwiseMath.toInteger(x[k], kout);
                  }
                };
            case COMPLEX_LANE ->
                (i, o, n) -> {
                  float[] x = (float[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[2 * k] = x[k];
                    y[2 * k + 1] = 0;
                  }
                };
          };
      case F64_LANE ->
          switch (to) {
            case F32_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  float[] y = (float[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = (float) (dropBits == 0 ? x[k] : zeroLow(x[k], dropBits));
                  }
                };
            case F64_LANE -> (i, o, n) -> System.arraycopy(i, 0, o, 0, n);
            case I64_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  long[] y = (long[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = toBool ? (x[k] != 0 ? 1 : 0) : ElementwiseMath.toInteger(x[k], kout);
                  }
                };
            case COMPLEX_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[2 * k] = x[k];
                    y[2 * k + 1] = 0;
                  }
                };
          };
      case I64_LANE ->
          switch (to) {
            case F32_LANE ->
                (i, o, n) -> {
                  long[] x = (long[]) i;
                  float[] y = (float[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = ElementwiseMath.toFloat(x[k], u64);
                  }
                };
            case F64_LANE ->
                (i, o, n) -> {
                  long[] x = (long[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = ElementwiseMath.toDouble(x[k], u64);
                  }
                };
            case I64_LANE ->
                (i, o, n) -> {
                  long[] x = (long[]) i;
                  long[] y = (long[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = toBool ? (x[k] != 0 ? 1 : 0) : x[k];
                  }
                };
            case COMPLEX_LANE ->
                (i, o, n) -> {
                  long[] x = (long[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[2 * k] =
                        dst == DType.COMPLEX64
                            ? ElementwiseMath.toFloat(x[k], u64)
                            : ElementwiseMath.toDouble(x[k], u64);
                    y[2 * k + 1] = 0;
                  }
                };
          };
      case COMPLEX_LANE ->
          switch (to) {
            case F32_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  float[] y = (float[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = (float) x[2 * k];
                  }
                };
            case F64_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  double[] y = (double[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] = x[2 * k];
                  }
                };
            case I64_LANE ->
                (i, o, n) -> {
                  double[] x = (double[]) i;
                  long[] y = (long[]) o;
                  for (int k = 0; k < n; k++) {
                    y[k] =
                        toBool
                            ? (x[2 * k] != 0 || x[2 * k + 1] != 0 ? 1 : 0)
                            : ElementwiseMath.toInteger(x[2 * k], kout);
                  }
                };
            case COMPLEX_LANE -> (i, o, n) -> System.arraycopy(i, 0, o, 0, 2 * n);
          };
    };
  }

  /** Mantissa bits TF's Truncate clears before a narrowing float conversion (LSBZeroSetter). */
  private static int droppedMantissaBits(DType src, DType dst) {
    int s = mantissa(src);
    int d = mantissa(dst);
    return s > 0 && d > 0 && s > d ? s - d : 0;
  }

  private static int mantissa(DType t) {
    return switch (t) {
      case DOUBLE -> 52;
      case FLOAT -> 23;
      case HALF -> 10;
      case BFLOAT16 -> 7;
      default -> 0;
    };
  }

  private static float zeroLow(float v, int bits) {
    return Float.intBitsToFloat(Float.floatToRawIntBits(v) & (-1 << bits));
  }

  private static double zeroLow(double v, int bits) {
    return Double.longBitsToDouble(Double.doubleToRawLongBits(v) & (-1L << bits));
  }

  // ---- Bitcast

  private static void bitcast(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    DType from = in.dtype();
    DType to = dtype(node, "type");
    int fs = from.byteSize();
    int ts = to.byteSize();
    Shape s = in.shape();
    Shape outShape;
    if (fs == ts) {
      outShape = s;
    } else if (fs > ts) {
      outShape = s.concat(Shape.of(fs / ts));
    } else {
      if (s.rank() == 0 || s.dim(s.rank() - 1) != ts / fs) {
        throw RawOpsException.invalidArgument(
            "Cannot bitcast from " + from.tfName() + " to " + to.tfName() + ": shape " + s);
      }
      outShape = s.sub(0, s.rank() - 1);
    }
    ctx.setOutput(0, Tensor.fromBytes(to, outShape, in.data()));
  }

  // ---- Fill, ZerosLike, OnesLike

  private static void fill(KernelContext ctx) {
    Tensor dims = ctx.input(0);
    Tensor value = ctx.input(1);
    if (dims.shape().rank() != 1) {
      throw RawOpsException.invalidArgument("dims must be a vector, got shape " + dims.shape());
    }
    if (value.shape().rank() != 0) {
      throw RawOpsException.invalidArgument("value must be a scalar, got shape " + value.shape());
    }
    long[] d = dims.toLongArray();
    for (long v : d) {
      if (v < 0) {
        throw RawOpsException.invalidArgument("Dimension " + v + " must be >= 0");
      }
    }
    ctx.setOutput(0, repeat(ctx, value, Shape.of(d)));
  }

  /** A tensor of {@code shape} with every element equal to scalar {@code value}. */
  static Tensor repeat(KernelContext ctx, Tensor value, Shape shape) {
    TensorBuffer out = ctx.allocate(value.dtype(), shape);
    long n = shape.numElements();
    if (value.dtype() == DType.STRING) {
      Arrays.fill(out.strings(), KernelAccess.strings(value)[0]);
      return out.freeze();
    }
    if (n == 0) {
      return out.freeze();
    }
    MemorySegment o = out.segment();
    long es = value.dtype().byteSize();
    MemorySegment.copy(value.data(), 0, o, 0, es);
    long filled = 1;
    while (filled < n) {
      long c = Math.min(filled, n - filled);
      MemorySegment.copy(o, 0, o, filled * es, c * es);
      filled += c;
    }
    return out.freeze();
  }

  private static TensorBuffer zeros(KernelContext ctx) {
    Tensor in = ctx.input(0);
    return ctx.allocate(in.dtype(), in.shape());
  }

  private static void onesLike(KernelContext ctx) {
    Tensor in = ctx.input(0);
    TensorBuffer one = ctx.allocate(in.dtype(), Shape.scalar());
    Numbers.set(one, 0, 1.0);
    ctx.setOutput(0, repeat(ctx, one.freeze(), in.shape()));
  }

  // ---- CheckNumerics

  private static void checkNumerics(KernelContext ctx, String message) {
    Tensor in = ctx.input(0);
    boolean nan = false;
    boolean inf = false;
    long total = in.numElements();
    int chunk = (int) Math.min(ElementwiseKernel.CHUNK, Math.max(1, total));
    boolean single = Lanes.of(in.dtype()) == Lanes.F32_LANE;
    Object a = Lanes.newArray(in.dtype(), chunk);
    for (long start = 0; start < total; start += chunk) {
      int n = (int) Math.min(chunk, total - start);
      Lanes.read(in.dtype(), in.data(), start, a, 0, n);
      for (int i = 0; i < n; i++) {
        double v = single ? ((float[]) a)[i] : ((double[]) a)[i];
        nan |= Double.isNaN(v);
        inf |= Double.isInfinite(v);
      }
    }
    if (nan || inf) {
      String status = nan && inf ? "Inf and NaN" : inf ? "Inf" : "NaN";
      throw RawOpsException.invalidArgument(message + " : Tensor had " + status + " values");
    }
    ctx.setOutput(0, in);
  }
}
