package dev.rawops.kernels.cpu.strings;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.NumberParsing;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * StringToNumber on CPU (string_to_number_op.cc) with TF's parsing rules ({@link NumberParsing})
 * over each element's bytes; the message quotes the element's {@code c_str()}, so up to its first
 * NUL.
 */
final class CpuStringToNumber {
  private CpuStringToNumber() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringToNumber", Device.CPU)
              .tfCpuTypes("out_type")
              .build(n -> ctx -> convert(n, ctx)));

  private static final BigInteger I32_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
  private static final BigInteger I32_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
  private static final BigInteger I64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger I64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger U32_MAX = BigInteger.valueOf(0xFFFFFFFFL);
  private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private static void convert(NodeInfo node, KernelContext ctx) {
    Tensor in = ctx.input(0);
    DType t = node.outputDType(0);
    byte[][] s = KernelAccess.strings(in);
    TensorBuffer out = ctx.allocate(t, in.shape());
    MemorySegment o = out.segment();
    for (int i = 0; i < s.length; i++) {
      byte[] c = s[i];
      boolean ok =
          switch (t) {
            case FLOAT -> {
              Double v = NumberParsing.parseFloating(c, true);
              if (v != null) {
                o.setAtIndex(Layouts.F32, i, toFloat(v));
              }
              yield v != null;
            }
            case DOUBLE -> {
              Double v = NumberParsing.parseFloating(c, false);
              if (v != null) {
                o.setAtIndex(Layouts.F64, i, v);
              }
              yield v != null;
            }
            case INT32, UINT32 -> {
              Long v =
                  t == DType.INT32
                      ? NumberParsing.parseInteger(c, true, I32_MIN, I32_MAX)
                      : NumberParsing.parseInteger(c, false, BigInteger.ZERO, U32_MAX);
              if (v != null) {
                o.setAtIndex(Layouts.I32, i, v.intValue());
              }
              yield v != null;
            }
            default -> {
              Long v =
                  t == DType.INT64
                      ? NumberParsing.parseInteger(c, true, I64_MIN, I64_MAX)
                      : NumberParsing.parseInteger(c, false, BigInteger.ZERO, U64_MAX);
              if (v != null) {
                o.setAtIndex(Layouts.I64, i, v);
              }
              yield v != null;
            }
          };
      if (!ok) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes(
            "StringToNumberOp could not correctly convert string: "
                .getBytes(StandardCharsets.US_ASCII));
        m.writeBytes(cString(c));
        throw node.invalidArgument(m.toString(StandardCharsets.UTF_8));
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** A parsed double as float; a NaN keeps its sign as double-conversion's float NaN. */
  private static float toFloat(double v) {
    if (Double.isNaN(v)) {
      return Float.intBitsToFloat(Double.doubleToRawLongBits(v) < 0 ? 0xFFC00000 : 0x7FC00000);
    }
    return (float) v;
  }

  private static byte[] cString(byte[] s) {
    for (int i = 0; i < s.length; i++) {
      if (s[i] == 0) {
        return java.util.Arrays.copyOf(s, i);
      }
    }
    return s;
  }
}
