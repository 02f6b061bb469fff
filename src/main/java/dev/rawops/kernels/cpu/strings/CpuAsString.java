package dev.rawops.kernels.cpu.strings;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * AsString on CPU (as_string_op.cc): the attrs become one printf format at kernel construction,
 * with TF's checks in TF's order; each element is then formatted as glibc's printf would ({@link
 * CFormat}). Booleans are "true"/"false" whatever the format; complex numbers "(re,im)".
 */
final class CpuAsString {
  private CpuAsString() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("AsString", Device.CPU)
              .typeConstraint(
                  "T",
                  DType.FLOAT,
                  DType.DOUBLE,
                  DType.INT32,
                  DType.UINT8,
                  DType.INT16,
                  DType.INT8,
                  DType.INT64,
                  DType.BFLOAT16,
                  DType.UINT16,
                  DType.HALF,
                  DType.UINT32,
                  DType.UINT64,
                  DType.COMPLEX64,
                  DType.COMPLEX128,
                  DType.BOOL,
                  DType.STRING)
              .build(CpuAsString::create));

  private static boolean isFloating(DType t) {
    return switch (t) {
      case HALF, BFLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128 -> true;
      default -> false;
    };
  }

  private static Kernel create(NodeInfo node) {
    DType t = node.inputDType(0);
    long precision = (int) node.attrs().getInt("precision");
    boolean scientific = node.attrs().getBool("scientific");
    boolean shortest = node.attrs().getBool("shortest");
    long width = (int) node.attrs().getInt("width");
    byte[] fill = node.attrs().get("fill").getS().toByteArray();
    if (!isFloating(t) && t != DType.STRING) {
      if (scientific || shortest) {
        throw node.invalidArgument(
            "scientific and shortest format not supported for datatype " + t.tfName());
      }
      if (precision >= 0) {
        throw node.invalidArgument("precision not supported for datatype " + t.tfName());
      }
    }
    if (fill.length > 1) {
      throw node.invalidArgument("Fill string must be one or fewer characters");
    }
    if (scientific && shortest) {
      throw node.invalidArgument("Cannot select both scientific and shortest notation");
    }
    char flag = 0;
    if (fill.length == 1) {
      flag = (char) (fill[0] & 0xFF);
      if (" +-0#".indexOf(flag) < 0) {
        throw node.invalidArgument(
            "Fill argument not supported: \"" + new String(fill, StandardCharsets.UTF_8) + "\"");
      }
    }
    char conversion = shortest ? 'g' : scientific ? 'e' : 'f';
    // a string under a bare "%s" is copied whole (NULs included); precision never applies to it
    boolean plain = t == DType.STRING && flag == 0 && width < 0;
    if (t == DType.STRING) {
      precision = -1;
    }
    CFormat f =
        new CFormat(flag, (int) Math.max(-1, width), (int) Math.max(-1, precision), conversion);
    return ctx -> {
      Tensor in = ctx.input(0);
      TensorBuffer out = ctx.allocate(DType.STRING, in.shape());
      byte[][] o = out.strings();
      ctx.parallel()
          .forRange(o.length, 200, (from, to) -> format(f, plain, in, o, (int) from, (int) to));
      ctx.setOutput(0, out.freeze());
    };
  }

  private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

  /**
   * A float as printf's double: TF runs kernels with denormals-are-zero set, so widening a denormal
   * float gives a zero of its sign (double denormals print as they are).
   */
  private static double daz(float v) {
    return Denormals.flush(v);
  }

  private static void format(CFormat f, boolean plain, Tensor in, byte[][] o, int from, int to) {
    DType t = in.dtype();
    for (int i = from; i < to; i++) {
      o[i] =
          switch (t) {
            case BOOL -> in.getBoolean(i) ? TRUE : FALSE;
            case INT8, INT16, INT32, INT64 -> f.formatSigned(in.getIndex(i));
            case UINT8, UINT16, UINT32, UINT64 -> f.formatUnsigned(in.getIndex(i));
            case HALF -> f.formatDouble(Float.float16ToFloat(in.getShort(i)));
            case BFLOAT16 -> f.formatDouble(daz(Float.intBitsToFloat(in.getShort(i) << 16)));
            case FLOAT -> f.formatDouble(daz(in.getFloat(i)));
            case DOUBLE -> f.formatDouble(in.getDouble(i));
            case COMPLEX64 -> complex(f, daz(in.getFloat(2L * i)), daz(in.getFloat(2L * i + 1)));
            case COMPLEX128 -> complex(f, in.getDouble(2L * i), in.getDouble(2L * i + 1));
            case STRING ->
                plain ? KernelAccess.strings(in)[i] : f.formatString(KernelAccess.strings(in)[i]);
            default -> throw new IllegalStateException(t.tfName());
          };
    }
  }

  private static byte[] complex(CFormat f, double re, double im) {
    byte[] a = f.formatDouble(re);
    byte[] b = f.formatDouble(im);
    byte[] out = new byte[a.length + b.length + 3];
    out[0] = '(';
    System.arraycopy(a, 0, out, 1, a.length);
    out[a.length + 1] = ',';
    System.arraycopy(b, 0, out, a.length + 2, b.length);
    out[out.length - 1] = ')';
    return out;
  }
}
