package dev.rawops.ops.strings;

import dev.rawops.ops.NodeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * StringFormat's template split at its placeholder as TF's shape function and kernel split it, with
 * {@code absl::StrSplit}: matches left to right that do not overlap, and an empty placeholder
 * splitting between every byte (an empty template is one empty piece).
 */
public final class StringFormatTemplate {
  private StringFormatTemplate() {}

  private static byte[] bytes(NodeInfo node, String attr) {
    return node.attrs().get(attr).getS().toByteArray();
  }

  /** How many placeholders the template holds: one fewer than its pieces. */
  public static long count(NodeInfo node) {
    return pieces(node).size() - 1L;
  }

  /** The kernel's pieces: the template split at each placeholder, left to right. */
  public static List<byte[]> pieces(NodeInfo node) {
    byte[] t = bytes(node, "template");
    byte[] p = bytes(node, "placeholder");
    List<byte[]> out = new ArrayList<>();
    if (p.length == 0) {
      if (t.length == 0) {
        out.add(t);
        return out;
      }
      for (byte b : t) {
        out.add(new byte[] {b});
      }
      return out;
    }
    int start = 0;
    int pos = 0;
    while (pos + p.length <= t.length) {
      if (matches(t, p, pos)) {
        out.add(Arrays.copyOfRange(t, start, pos));
        pos += p.length;
        start = pos;
      } else {
        pos++;
      }
    }
    out.add(Arrays.copyOfRange(t, start, t.length));
    return out;
  }

  private static boolean matches(byte[] t, byte[] p, int pos) {
    for (int i = 0; i < p.length; i++) {
      if (t[pos + i] != p[i]) {
        return false;
      }
    }
    return true;
  }
}
