package dev.rawops.kernels.cpu.strings;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;

/**
 * UnicodeDecode, UnicodeDecodeWithOffsets, UnicodeEncode and UnicodeTranscode (unicode_ops.cc):
 * code points to and from UTF-8, UTF-16-BE and UTF-32-BE with TF's error policies ("strict" fails,
 * "replace" substitutes replacement_char, "ignore" drops), and replace_control_characters (code
 * points up to U+001F count as errors). Decoding reads UTF-8 input only ({@link Utf8}, one error
 * per maximal ill-formed subpart as ICU); other input encodings are UNIMPLEMENTED.
 */
final class CpuUnicode {
  private CpuUnicode() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("UnicodeDecode", Device.CPU)
              .tfCpuTypes("Tsplits")
              .build(n -> decode(n, false)),
          KernelDef.builder("UnicodeDecodeWithOffsets", Device.CPU)
              .tfCpuTypes("Tsplits")
              .build(n -> decode(n, true)),
          KernelDef.builder("UnicodeEncode", Device.CPU)
              .tfCpuTypes("Tsplits")
              .build(CpuUnicode::encode),
          KernelDef.builder("UnicodeTranscode", Device.CPU).build(CpuUnicode::transcode));

  /** TF's ErrorOptions. */
  private record Policy(boolean strict, boolean ignore, int replacement, boolean controls) {
    static Policy of(NodeInfo node) {
      String errors = node.attrs().getString("errors");
      if (!errors.equals("replace") && !errors.equals("ignore") && !errors.equals("strict")) {
        throw node.invalidArgument("errors policy must be one of 'strict', 'replace', or 'ignore'");
      }
      long r = node.attrs().getInt("replacement_char");
      if (r < 0 || r > 0x10FFFF) {
        throw node.invalidArgument("replacement_char out of unicode codepoint range");
      }
      boolean controls =
          node.attrs().has("replace_control_characters")
              && node.attrs().getBool("replace_control_characters");
      return new Policy(errors.equals("strict"), errors.equals("ignore"), (int) r, controls);
    }
  }

  private static void requireUtf8Input(NodeInfo node) {
    String e = node.attrs().getString("input_encoding");
    if (!e.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "").equals("utf8")) {
      throw node.error(
          Code.UNIMPLEMENTED, "rawops decodes UTF-8 input only, not input_encoding \"" + e + "\"");
    }
  }

  private static RuntimeException invalidFormat(NodeInfo node) {
    return node.invalidArgument("Invalid formatting on input string");
  }

  private static Kernel decode(NodeInfo node, boolean offsets) {
    Policy p = Policy.of(node);
    requireUtf8Input(node);
    return ctx -> {
      Tensor in = ctx.input(0);
      byte[][] s = KernelAccess.strings(in);
      int[] chars = new int[16];
      long[] starts = new long[16];
      long[] splits = new long[s.length + 1];
      int n = 0;
      for (int i = 0; i < s.length; i++) {
        byte[] str = s[i];
        int at = 0;
        while (at < str.length) {
          long next = Utf8.next(str, at);
          int cp = Utf8.codePoint(next);
          boolean bad = cp == Utf8.INVALID;
          if (bad && p.strict()) {
            throw invalidFormat(node);
          }
          int start = at;
          at += Utf8.length(next);
          if (bad || (p.controls() && cp <= 0x1F)) {
            if (p.ignore()) {
              continue;
            }
            cp = p.replacement();
          }
          if (n == chars.length) {
            chars = java.util.Arrays.copyOf(chars, 2 * n);
            starts = java.util.Arrays.copyOf(starts, 2 * n);
          }
          chars[n] = cp;
          starts[n] = start;
          n++;
        }
        splits[i + 1] = n;
      }
      DType st = node.outputDType(0);
      TensorBuffer rs = ctx.allocateUninitialized(st, Shape.of(splits.length));
      for (int i = 0; i < splits.length; i++) {
        if (st == DType.INT32) {
          rs.segment().setAtIndex(Layouts.I32, i, (int) splits[i]);
        } else {
          rs.segment().setAtIndex(Layouts.I64, i, splits[i]);
        }
      }
      TensorBuffer cv = ctx.allocateUninitialized(DType.INT32, Shape.of(n));
      MemorySegment.copy(chars, 0, cv.segment(), Layouts.I32, 0, n);
      ctx.setOutput(0, rs.freeze());
      ctx.setOutput(1, cv.freeze());
      if (offsets) {
        TensorBuffer os = ctx.allocateUninitialized(DType.INT64, Shape.of(n));
        MemorySegment.copy(starts, 0, os.segment(), Layouts.I64, 0, n);
        ctx.setOutput(2, os.freeze());
      }
    };
  }

  /** U_IS_UNICODE_CHAR: a scalar value that is not a noncharacter. */
  private static boolean isUnicodeChar(int c) {
    if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
      return false;
    }
    return !((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE);
  }

  private static Kernel encode(NodeInfo node) {
    Policy p = Policy.of(node);
    String encoding = node.attrs().getString("output_encoding");
    return ctx -> {
      Tensor values = ctx.input(0);
      Tensor splitsT = ctx.input(1);
      long[] splits = splitsT.toLongArray();
      int[] cps = values.toIntArray();
      if (splits.length == 0) {
        throw node.invalidArgument(
            "Input_splits should contain elements, but given input_values has 0 elements");
      }
      if (splits[0] != 0) {
        throw node.invalidArgument("First value in input_splits must be zero.");
      }
      if (splits[splits.length - 1] != cps.length) {
        throw node.invalidArgument(
            "Last value in input_splits must be equal to length of input_tensor.");
      }
      TensorBuffer out = ctx.allocate(DType.STRING, Shape.of(splits.length - 1));
      byte[][] o = out.strings();
      int idx = 0;
      for (int i = 1; i < splits.length; i++) {
        if (splits[i - 1] > splits[i]) {
          throw node.invalidArgument("Values in input_splits must be equal or in ascending order.");
        }
        if (splits[i] > cps.length) {
          throw node.invalidArgument(
              "Values in input_splits must be less than or equal to input_tensor length.");
        }
        int[] row = new int[(int) (splits[i] - idx)];
        int k = 0;
        for (; idx < splits[i]; idx++) {
          int cp = cps[idx];
          if (!isUnicodeChar(cp)) {
            if (p.strict()) {
              throw node.invalidArgument(
                  "Code point is out of range for Unicode, or a noncharacter.");
            } else if (!p.ignore()) {
              cp = p.replacement();
            }
          }
          if (cp >= 0 && cp <= 0x10FFFF) {
            row[k++] = cp;
          }
        }
        o[i - 1] = encoded(encoding, row, k);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  /** The first {@code n} code points in the output encoding, as TF's Encode writes them. */
  private static byte[] encoded(String encoding, int[] cps, int n) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < n; i++) {
      int cp = cps[i];
      switch (encoding) {
        case "UTF-16-BE" -> {
          if (cp >= 0x10000) {
            int v = cp - 0x10000;
            unit(out, 0xD800 | v >> 10);
            unit(out, 0xDC00 | (v & 0x3FF));
          } else {
            unit(out, cp);
          }
        }
        case "UTF-32-BE" -> {
          unit(out, cp >>> 16);
          unit(out, cp & 0xFFFF);
        }
        default -> Utf8.write(out, cp);
      }
    }
    return out.toByteArray();
  }

  private static void unit(ByteArrayOutputStream out, int u) {
    out.write(u >> 8 & 0xFF);
    out.write(u & 0xFF);
  }

  private static Kernel transcode(NodeInfo node) {
    Policy p = Policy.of(node);
    requireUtf8Input(node);
    String encoding = node.attrs().getString("output_encoding");
    return ctx -> transcode(node, ctx, p, encoding);
  }

  private static void transcode(NodeInfo node, KernelContext ctx, Policy p, String encoding) {
    Tensor in = ctx.input(0);
    byte[][] s = KernelAccess.strings(in);
    TensorBuffer out = ctx.allocate(DType.STRING, in.shape());
    byte[][] o = out.strings();
    boolean anyError = false;
    for (int i = 0; i < s.length; i++) {
      byte[] str = s[i];
      int[] cps = new int[str.length];
      int k = 0;
      int at = 0;
      while (at < str.length) {
        long next = Utf8.next(str, at);
        int cp = Utf8.codePoint(next);
        at += Utf8.length(next);
        if (cp == Utf8.INVALID || (p.controls() && cp <= 0x1F)) {
          anyError = true;
          if (p.ignore()) {
            continue;
          }
          cp = p.replacement();
        }
        cps[k++] = cp;
      }
      o[i] = encoded(encoding, cps, k);
    }
    if (p.strict() && anyError) {
      throw invalidFormat(node);
    }
    ctx.setOutput(0, out.freeze());
  }
}
