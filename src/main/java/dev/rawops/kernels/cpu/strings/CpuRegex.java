package dev.rawops.kernels.cpu.strings;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * RegexReplace, StaticRegexReplace, RegexFullMatch and StaticRegexFullMatch (regex_replace_op.cc,
 * regex_full_match_op.cc) with RE2's syntax and semantics through RE2/J, matching over the UTF-8
 * bytes. Replacement is RE2's own GlobalReplace/Replace, written here rather than RE2/J's (whose
 * rewrite syntax is Java's {@code $1}): TF's rewrite string uses {@code \0}…{@code \9} and {@code
 * \\}; a rewrite naming a group the pattern lacks leaves the string unchanged; an empty match right
 * after the previous match is skipped by one UTF-8 character. Invalid patterns are TF's "Invalid
 * pattern: p, error: e" with RE2's error text.
 */
final class CpuRegex {
  private CpuRegex() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RegexReplace", Device.CPU).build(n -> ctx -> replace(n, ctx)),
          KernelDef.builder("StaticRegexReplace", Device.CPU).build(CpuRegex::staticReplace),
          KernelDef.builder("RegexFullMatch", Device.CPU).build(n -> ctx -> fullMatch(n, ctx)),
          KernelDef.builder("StaticRegexFullMatch", Device.CPU).build(CpuRegex::staticFullMatch));

  /** RE2/J's parser errors in RE2's words (re2/regexp.cc's kErrorStrings). */
  private static final Map<String, String> RE2_ERRORS =
      Map.ofEntries(
          Map.entry("invalid character class", "invalid character class"),
          Map.entry("invalid character class range", "invalid character class range"),
          Map.entry("invalid escape sequence", "invalid escape sequence"),
          Map.entry("invalid named capture", "invalid named capture group"),
          Map.entry("invalid or unsupported Perl syntax", "invalid perl operator"),
          Map.entry("invalid nested repetition operator", "bad repetition operator"),
          Map.entry("invalid repeat count", "invalid repetition size"),
          Map.entry("missing closing ]", "missing ]"),
          Map.entry("missing closing )", "missing )"),
          Map.entry(
              "missing argument to repetition operator", "no argument for repetition operator"),
          Map.entry("trailing backslash at end of expression", "trailing \\"),
          Map.entry("duplicate capture group name", "duplicate capture group name"),
          Map.entry("unexpected )", "unexpected )"));

  private static Pattern compile(NodeInfo node, byte[] pattern) {
    String p;
    try {
      p =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(pattern))
              .toString();
    } catch (CharacterCodingException e) {
      throw node.invalidArgument(
          "Invalid pattern: "
              + new String(pattern, StandardCharsets.UTF_8)
              + ", error: invalid UTF-8");
    }
    try {
      return Pattern.compile(p);
    } catch (PatternSyntaxException e) {
      if (e.getDescription().equals("duplicate capture group name")) {
        // RE2 accepts repeated names; the names play no part in TF's rewrite, only the numbers
        return compile(node, unnamed(p).getBytes(StandardCharsets.UTF_8));
      }
      throw node.invalidArgument("Invalid pattern: " + p + ", error: " + re2Error(e, p));
    }
  }

  /** RE2's error text for what RE2/J reports: its code's words, then the offending part. */
  private static String re2Error(PatternSyntaxException e, String pattern) {
    if (e.getDescription().startsWith("regexp/syntax: internal error")
        && e.getPattern().equals("stack underflow")) {
      return "unexpected ): " + pattern; // RE2/J finds an unmatched ')' only when its stack empties
    }
    String what = RE2_ERRORS.getOrDefault(e.getDescription(), e.getDescription());
    return e.getPattern().isEmpty() ? what : what + ": " + e.getPattern();
  }

  /** The pattern with each group's name dropped ("(?P<n>x)" to "(x)"), escapes and classes kept. */
  private static String unnamed(String p) {
    StringBuilder sb = new StringBuilder(p.length());
    boolean inClass = false;
    int i = 0;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '\\' && i + 1 < p.length()) {
        sb.append(c).append(p.charAt(i + 1));
        i += 2;
        continue;
      }
      if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
        if (i + 1 < p.length() && p.charAt(i + 1) == ']') {
          sb.append("[]");
          i += 2;
          continue;
        }
      } else if (c == '(' && (p.startsWith("(?P<", i) || p.startsWith("(?<", i))) {
        int close = p.indexOf('>', i);
        if (close > 0) {
          sb.append('(');
          i = close + 1;
          continue;
        }
      }
      sb.append(c);
      i++;
    }
    return sb.toString();
  }

  private static byte[] scalar(NodeInfo node, Tensor t, String what) {
    if (t.shape().rank() != 0) {
      throw node.invalidArgument(what + " must be scalar, but received " + t.shape());
    }
    return KernelAccess.strings(t)[0];
  }

  private static void replace(NodeInfo node, KernelContext ctx) {
    Pattern p = compile(node, scalar(node, ctx.input(1), "Pattern"));
    byte[] rewrite = scalar(node, ctx.input(2), "Rewrite");
    apply(ctx, p, rewrite, node.attrs().getBool("replace_global"));
  }

  private static Kernel staticReplace(NodeInfo node) {
    Pattern p = compile(node, node.attrs().get("pattern").getS().toByteArray());
    byte[] rewrite = node.attrs().get("rewrite").getS().toByteArray();
    boolean global = node.attrs().getBool("replace_global");
    return ctx -> apply(ctx, p, rewrite, global);
  }

  private static void apply(KernelContext ctx, Pattern p, byte[] rewrite, boolean global) {
    Tensor in = ctx.input(0);
    byte[][] s = KernelAccess.strings(in);
    TensorBuffer out = ctx.allocate(DType.STRING, in.shape());
    byte[][] o = out.strings();
    int groups = maxSubmatch(rewrite);
    boolean possible = groups <= p.groupCount();
    ctx.parallel()
        .forRange(
            s.length,
            500,
            (from, to) -> {
              for (int i = (int) from; i < to; i++) {
                o[i] =
                    !possible
                        ? s[i]
                        : global ? globalReplace(p, s[i], rewrite) : replaceFirst(p, s[i], rewrite);
              }
            });
    ctx.setOutput(0, out.freeze());
  }

  /** RE2::MaxSubmatch: the largest {@code \n} in the rewrite. */
  private static int maxSubmatch(byte[] rewrite) {
    int max = 0;
    int i = 0;
    while (i < rewrite.length) {
      if (rewrite[i] == '\\' && i + 1 < rewrite.length) {
        byte d = rewrite[i + 1];
        if (d >= '0' && d <= '9') {
          max = Math.max(max, d - '0');
        }
        i += 2;
      } else {
        i++;
      }
    }
    return max;
  }

  /** RE2::Rewrite: false (after writing what came before) at an invalid escape. */
  private static boolean rewrite(ByteArrayOutputStream out, byte[] rewrite, byte[] s, Matcher m) {
    int i = 0;
    while (i < rewrite.length) {
      byte c = rewrite[i];
      if (c != '\\') {
        out.write(c);
        i++;
        continue;
      }
      int d = i + 1 < rewrite.length ? rewrite[i + 1] : -1;
      i += 2;
      if (d >= '0' && d <= '9') {
        int g = d - '0';
        int start = m.start(g);
        if (start >= 0) {
          out.write(s, start, m.end(g) - start);
        }
      } else if (d == '\\') {
        out.write('\\');
      } else {
        return false;
      }
    }
    return true;
  }

  private static byte[] replaceFirst(Pattern p, byte[] s, byte[] rewrite) {
    Matcher m = p.matcher(s);
    if (!m.find()) {
      return s;
    }
    ByteArrayOutputStream r = new ByteArrayOutputStream();
    if (!rewrite(r, rewrite, s, m)) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length + r.size());
    out.write(s, 0, m.start());
    out.writeBytes(r.toByteArray());
    out.write(s, m.end(), s.length - m.end());
    return out.toByteArray();
  }

  private static byte[] globalReplace(Pattern p, byte[] s, byte[] rewrite) {
    Matcher m = p.matcher(s);
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length);
    int at = 0;
    int lastEnd = -1;
    int count = 0;
    while (at <= s.length) {
      if (!m.find(at)) {
        break;
      }
      int start = m.start();
      int end = m.end();
      if (at < start) {
        out.write(s, at, start - at);
      }
      if (start == lastEnd && start == end) {
        int n = utf8Width(s, at);
        if (at < s.length) {
          out.write(s, at, n);
        }
        at += n;
        continue;
      }
      rewrite(out, rewrite, s, m);
      at = end;
      lastEnd = end;
      count++;
    }
    if (count == 0) {
      return s;
    }
    if (at < s.length) {
      out.write(s, at, s.length - at);
    }
    return out.toByteArray();
  }

  /** The length of the valid UTF-8 character at {@code i}, 1 for an invalid one or the end. */
  private static int utf8Width(byte[] s, int i) {
    if (i >= s.length) {
      return 1;
    }
    int b = s[i] & 0xFF;
    int n =
        b < 0x80
            ? 1
            : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xF0 && b < 0xF5 ? 4 : 1;
    if (n == 1 || i + n > s.length) {
      return 1;
    }
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(s, i, n));
      return n;
    } catch (CharacterCodingException e) {
      return 1;
    }
  }

  private static void fullMatch(NodeInfo node, KernelContext ctx) {
    Pattern p = compile(node, scalar(node, ctx.input(1), "Pattern"));
    match(ctx, p);
  }

  private static Kernel staticFullMatch(NodeInfo node) {
    Pattern p = compile(node, node.attrs().get("pattern").getS().toByteArray());
    return ctx -> match(ctx, p);
  }

  private static void match(KernelContext ctx, Pattern p) {
    Tensor in = ctx.input(0);
    byte[][] s = KernelAccess.strings(in);
    TensorBuffer out = ctx.allocateUninitialized(DType.BOOL, in.shape());
    MemorySegment o = out.segment();
    for (int i = 0; i < s.length; i++) {
      o.set(Layouts.I8, i, (byte) (p.matches(s[i]) ? 1 : 0));
    }
    ctx.setOutput(0, out.freeze());
  }
}
