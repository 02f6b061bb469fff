package dev.rawops.kernels.cpu.strings;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * StringSplit and StringSplitV2 (string_split_op.cc) into a SparseTensor (indices, values, dense
 * shape [batch, longest row]). StringSplit: an empty delimiter splits into single bytes, a one-byte
 * delimiter on that byte, a longer one on any of its bytes; skip_empty drops empty tokens; an empty
 * string has no tokens. StringSplitV2 is Python's str.split: a separator splits on every occurrence
 * of the whole separator; none splits on runs of ASCII whitespace; maxsplit caps the splits, the
 * rest of the string being the last token.
 */
final class CpuStringSplit {
  private CpuStringSplit() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringSplit", Device.CPU).build(n -> ctx -> split(n, ctx, false)),
          KernelDef.builder("StringSplitV2", Device.CPU).build(n -> ctx -> split(n, ctx, true)));

  private static void split(NodeInfo node, KernelContext ctx, boolean v2) {
    Tensor input = ctx.input(0);
    if (input.shape().rank() != 1) {
      throw node.invalidArgument("input must be a vector, got shape: " + input.shape());
    }
    Tensor delimiter = ctx.input(1);
    if (delimiter.shape().rank() != 0) {
      throw node.invalidArgument(
          (v2 ? "sep" : "delimiter") + " must be a scalar, got shape: " + delimiter.shape());
    }
    byte[] delim = KernelAccess.strings(delimiter)[0];
    byte[][] in = KernelAccess.strings(input);
    List<List<byte[]>> rows = new ArrayList<>(in.length);
    long total = 0;
    long longest = 0;
    boolean skipEmpty = !v2 && node.attrs().getBool("skip_empty");
    long maxsplit = v2 ? node.attrs().getInt("maxsplit") : -1;
    for (byte[] s : in) {
      List<byte[]> parts = v2 ? splitV2(s, delim, maxsplit) : splitV1(s, delim, skipEmpty);
      rows.add(parts);
      total += parts.size();
      longest = Math.max(longest, parts.size());
    }
    TensorBuffer indices = ctx.allocateUninitialized(DType.INT64, Shape.of(total, 2));
    TensorBuffer values = ctx.allocate(DType.STRING, Shape.of(total));
    MemorySegment idx = indices.segment();
    byte[][] val = values.strings();
    int k = 0;
    for (int i = 0; i < rows.size(); i++) {
      List<byte[]> parts = rows.get(i);
      for (int j = 0; j < parts.size(); j++, k++) {
        idx.setAtIndex(Layouts.I64, 2L * k, i);
        idx.setAtIndex(Layouts.I64, 2L * k + 1, j);
        val[k] = parts.get(j);
      }
    }
    TensorBuffer shape = ctx.allocateUninitialized(DType.INT64, Shape.of(2));
    shape.segment().setAtIndex(Layouts.I64, 0, in.length);
    shape.segment().setAtIndex(Layouts.I64, 1, longest);
    ctx.setOutput(0, indices.freeze());
    ctx.setOutput(1, values.freeze());
    ctx.setOutput(2, shape.freeze());
  }

  private static List<byte[]> splitV1(byte[] s, byte[] delim, boolean skipEmpty) {
    List<byte[]> out = new ArrayList<>();
    if (s.length == 0) {
      return out;
    }
    if (delim.length == 0) {
      for (int i = 0; i < s.length; i++) {
        out.add(new byte[] {s[i]});
      }
      return out;
    }
    int start = 0;
    for (int i = 0; i <= s.length; i++) {
      if (i == s.length || contains(delim, s[i])) {
        if (!skipEmpty || i > start) {
          out.add(Arrays.copyOfRange(s, start, i));
        }
        start = i + 1;
      }
    }
    return out;
  }

  private static boolean contains(byte[] set, byte b) {
    for (byte x : set) {
      if (x == b) {
        return true;
      }
    }
    return false;
  }

  /** C's isspace in the "C" locale. */
  static boolean isSpace(byte b) {
    return b == ' ' || (b >= '\t' && b <= '\r');
  }

  private static List<byte[]> splitV2(byte[] s, byte[] sep, long maxsplit) {
    List<byte[]> out = new ArrayList<>();
    if (maxsplit == 0) {
      out.add(s);
      return out;
    }
    int at = 0;
    int n = s.length;
    int splits = 0;
    if (sep.length == 0) {
      while (at < n && isSpace(s[at])) {
        at++;
      }
      while (at < n) {
        int start = at;
        while (at < n && !isSpace(s[at])) {
          at++;
        }
        out.add(Arrays.copyOfRange(s, start, at));
        while (at < n && isSpace(s[at])) {
          at++;
        }
        splits++;
        if (maxsplit > 0 && splits == maxsplit) {
          out.add(Arrays.copyOfRange(s, at, n));
          return out;
        }
      }
      return out;
    }
    int p = indexOf(s, sep, at);
    while (p >= 0) {
      out.add(Arrays.copyOfRange(s, at, p));
      at = p + sep.length;
      splits++;
      if (maxsplit > 0 && splits == maxsplit) {
        break;
      }
      p = indexOf(s, sep, at);
    }
    out.add(Arrays.copyOfRange(s, at, n));
    return out;
  }

  private static int indexOf(byte[] s, byte[] sep, int from) {
    outer:
    for (int i = from; i + sep.length <= s.length; i++) {
      for (int j = 0; j < sep.length; j++) {
        if (s[i + j] != sep[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
