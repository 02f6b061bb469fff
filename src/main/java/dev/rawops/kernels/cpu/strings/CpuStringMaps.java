package dev.rawops.kernels.cpu.strings;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The string ops that map each element on its own: StringLength (bytes, or UTF-8 characters counted
 * as bytes that are not continuation bytes), StringLower/StringUpper (ASCII letters only, or with
 * encoding "utf-8" full Unicode case mapping), StringStrip (ASCII whitespace at both ends),
 * EncodeBase64/DecodeBase64 (TF's web-safe alphabet, {@link Base64Codec}).
 */
final class CpuStringMaps {
  private CpuStringMaps() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringLength", Device.CPU).build(CpuStringMaps::length),
          KernelDef.builder("StringLower", Device.CPU).build(n -> caseMap(n, false)),
          KernelDef.builder("StringUpper", Device.CPU).build(n -> caseMap(n, true)),
          KernelDef.builder("StringStrip", Device.CPU).build(n -> map(CpuStringMaps::strip)),
          KernelDef.builder("EncodeBase64", Device.CPU)
              .build(
                  n -> {
                    boolean pad = n.attrs().getBool("pad");
                    return map(s -> Base64Codec.encode(s, pad));
                  }),
          KernelDef.builder("DecodeBase64", Device.CPU)
              .build(n -> map(s -> Base64Codec.decode(n, s))));

  private static Kernel map(UnaryOperator<byte[]> f) {
    return ctx -> {
      Tensor in = ctx.input(0);
      byte[][] s = KernelAccess.strings(in);
      TensorBuffer out = ctx.allocate(DType.STRING, in.shape());
      byte[][] o = out.strings();
      ctx.parallel()
          .forRange(
              s.length,
              100,
              (from, to) -> {
                for (int i = (int) from; i < to; i++) {
                  o[i] = f.apply(s[i]);
                }
              });
      ctx.setOutput(0, out.freeze());
    };
  }

  private static Kernel length(NodeInfo node) {
    boolean chars = node.attrs().getString("unit").equals("UTF8_CHAR");
    return ctx -> {
      Tensor in = ctx.input(0);
      byte[][] s = KernelAccess.strings(in);
      TensorBuffer out = ctx.allocateUninitialized(DType.INT32, in.shape());
      MemorySegment o = out.segment();
      for (int i = 0; i < s.length; i++) {
        o.setAtIndex(Layouts.I32, i, chars ? utf8Length(s[i]) : s[i].length);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  static int utf8Length(byte[] s) {
    int n = 0;
    for (byte b : s) {
      if ((b & 0xC0) != 0x80) {
        n++;
      }
    }
    return n;
  }

  private static Kernel caseMap(NodeInfo node, boolean upper) {
    String encoding = node.attrs().getString("encoding");
    if (!encoding.isEmpty() && !encoding.equals("utf-8")) {
      throw node.invalidArgument(
          "only utf-8 or '' (no encoding) is supported, received " + encoding);
    }
    if (encoding.isEmpty()) {
      return map(s -> ascii(s, upper));
    }
    return map(
        s -> {
          // ICU sees the element's c_str(): it ends at the first NUL
          int n = 0;
          while (n < s.length && s[n] != 0) {
            n++;
          }
          String u = new String(s, 0, n, StandardCharsets.UTF_8);
          return (upper ? u.toUpperCase(Locale.ROOT) : u.toLowerCase(Locale.ROOT))
              .getBytes(StandardCharsets.UTF_8);
        });
  }

  private static byte[] ascii(byte[] s, boolean upper) {
    byte[] r = s.clone();
    byte lo = upper ? (byte) 'a' : (byte) 'A';
    byte hi = upper ? (byte) 'z' : (byte) 'Z';
    for (int i = 0; i < r.length; i++) {
      if (r[i] >= lo && r[i] <= hi) {
        r[i] ^= 0x20;
      }
    }
    return r;
  }

  private static byte[] strip(byte[] s) {
    int from = 0;
    int to = s.length;
    while (from < to && CpuStringSplit.isSpace(s[from])) {
      from++;
    }
    while (to > from && CpuStringSplit.isSpace(s[to - 1])) {
      to--;
    }
    return from == 0 && to == s.length ? s : Arrays.copyOfRange(s, from, to);
  }
}
