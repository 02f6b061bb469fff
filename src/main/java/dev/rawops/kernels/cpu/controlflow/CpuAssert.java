package dev.rawops.kernels.cpu.controlflow;

import dev.rawops.kernels.KernelContext;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * TF's AssertOp: nothing when the condition holds, else INVALID_ARGUMENT "assertion failed: " and
 * each data input as {@code [Tensor::SummarizeValue(summarize)]}, separated by spaces.
 */
final class CpuAssert {
  private CpuAssert() {}

  static void check(KernelContext ctx, long summarize) {
    Tensor cond = ctx.input(0);
    // TF's IsLegacyScalar: a scalar, or any shape with exactly one element.
    if (cond.numElements() != 1) {
      throw ctx.node().invalidArgument("In[0] should be a scalar: " + cond.shape());
    }
    if (cond.getBoolean(0)) {
      return;
    }
    StringBuilder msg = new StringBuilder("assertion failed: ");
    int n = ctx.node().numInputs();
    for (int i = 1; i < n; i++) {
      msg.append('[').append(summarize(ctx.input(i), summarize)).append(']');
      if (i < n - 1) {
        msg.append(' ');
      }
    }
    throw ctx.node().invalidArgument(msg.toString());
  }

  /** TF's Tensor::SummarizeValue(max_entries) without print_v2. */
  static String summarize(Tensor t, long maxEntries) {
    long num = t.numElements();
    if (maxEntries < 0) {
      maxEntries = num;
    }
    long limit = Math.min(maxEntries, num);
    StringBuilder sb = new StringBuilder();
    if (t.dtype().isObject()) {
      for (long i = 0; i < limit; i++) {
        sb.append(i > 0 ? " ?" : "?");
      }
      if (maxEntries < num) {
        sb.append("...");
      }
      return sb.toString();
    }
    long[] dims = t.shape().dims();
    if (dims.length == 0) {
      for (long i = 0; i < limit; i++) {
        if (i > 0) {
          sb.append(' ');
        }
        sb.append(element(t, i));
      }
      if (num > limit) {
        sb.append("...");
      }
      return sb.toString();
    }
    long[] index = {0};
    printDim(t, 0, dims, limit, index, sb);
    if (num > limit) {
      sb.append("...");
    }
    return sb.toString();
  }

  private static void printDim(
      Tensor t, int dim, long[] dims, long limit, long[] index, StringBuilder sb) {
    if (index[0] >= limit) {
      return;
    }
    long count = dims[dim];
    if (dim == dims.length - 1) {
      for (long i = 0; i < count; i++) {
        if (index[0] >= limit) {
          if (dim != 0) {
            sb.append("...");
          }
          return;
        }
        if (i > 0) {
          sb.append(' ');
        }
        sb.append(element(t, index[0]++));
      }
      return;
    }
    for (long i = 0; i < count; i++) {
      boolean open = false;
      if (index[0] < limit) {
        sb.append('[');
        open = true;
      }
      printDim(t, dim + 1, dims, limit, index, sb);
      if (index[0] < limit || open) {
        sb.append(']');
      }
    }
  }

  /** One element as absl::StrCat prints it (floats with six significant digits). */
  static String element(Tensor t, long i) {
    DType d = t.dtype();
    return switch (d) {
      case STRING -> cEscape(t.getString(i));
      case BOOL -> t.getBoolean(i) ? "1" : "0";
      case FLOAT, HALF, BFLOAT16 -> sixDigits(Numbers.get(t, i));
      case DOUBLE -> sixDigits(t.getDouble(i));
      case UINT64 -> Long.toUnsignedString(Numbers.getLong(t, i));
      case COMPLEX64, COMPLEX128 -> "?";
      default -> Long.toString(Numbers.getLong(t, i));
    };
  }

  /** absl's SixDigits: printf("%.6g") (trailing zeros dropped; "inf", "nan", "-0"). */
  static String sixDigits(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == 0) {
      return (1 / v < 0) ? "-0" : "0";
    }
    BigDecimal r = new BigDecimal(v).round(new MathContext(6, RoundingMode.HALF_EVEN));
    int exp = r.precision() - r.scale() - 1;
    if (exp < -4 || exp >= 6) {
      BigDecimal mantissa = r.movePointLeft(exp).stripTrailingZeros();
      String m = mantissa.toPlainString();
      String e = Integer.toString(Math.abs(exp));
      return m + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
    }
    String s = r.stripTrailingZeros().toPlainString();
    return s;
  }

  /** absl::Utf8SafeCEscape: escapes quotes, backslash and control bytes; keeps UTF-8. */
  private static String cEscape(byte[] b) {
    StringBuilder sb = new StringBuilder();
    String s = new String(b, StandardCharsets.UTF_8);
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '"' -> sb.append("\\\"");
        case '\'' -> sb.append("\\'");
        case '\\' -> sb.append("\\\\");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\%03o", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }
}
