package dev.rawops.kernels.cpu.strings;

import dev.rawops.ops.NodeInfo;
import java.util.Arrays;

/**
 * TF's base64 (core/lib/strings/base64.cc): the web-safe alphabet only ('-' and '_', never '+' or
 * '/'), padding optional on encode; on decode a final group of four may end in "=" or "==", a
 * length of 1 modulo 4 (after padding) is an error, and unused trailing bits are not checked.
 */
final class Base64Codec {
  private Base64Codec() {}

  private static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
          .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final int[] VALUE = new int[256];

  static {
    Arrays.fill(VALUE, -1);
    for (int i = 0; i < ALPHABET.length; i++) {
      VALUE[ALPHABET[i]] = i;
    }
  }

  static byte[] encode(byte[] s, boolean pad) {
    int full = s.length / 3;
    int rest = s.length % 3;
    int size = 4 * full + (rest == 0 ? 0 : pad ? 4 : rest + 1);
    byte[] out = new byte[size];
    int o = 0;
    int i = 0;
    for (; i + 3 <= s.length; i += 3) {
      int v = (s[i] & 0xFF) << 16 | (s[i + 1] & 0xFF) << 8 | (s[i + 2] & 0xFF);
      out[o++] = ALPHABET[v >>> 18];
      out[o++] = ALPHABET[(v >>> 12) & 63];
      out[o++] = ALPHABET[(v >>> 6) & 63];
      out[o++] = ALPHABET[v & 63];
    }
    if (rest > 0) {
      int v = (s[i] & 0xFF) << 16 | (rest == 2 ? (s[i + 1] & 0xFF) << 8 : 0);
      out[o++] = ALPHABET[v >>> 18];
      out[o++] = ALPHABET[(v >>> 12) & 63];
      if (rest == 2) {
        out[o++] = ALPHABET[(v >>> 6) & 63];
      }
      while (pad && o < size) {
        out[o++] = '=';
      }
    }
    return out;
  }

  static byte[] decode(NodeInfo node, byte[] s) {
    if (s.length == 0) {
      return s;
    }
    byte[] out = new byte[3 * (s.length / 4) + 3];
    int o = 0;
    int at = 0;
    int end = s.length;
    for (; end - at > 4; at += 4, o += 3) {
      three(node, s[at], s[at + 1], s[at + 2], s[at + 3], out, o);
    }
    if (end - at == 4) {
      if (s[at + 2] == '=' && s[at + 3] == '=') {
        end -= 2;
      }
      if (s[at + 2] != '=' && s[at + 3] == '=') {
        end -= 1;
      }
    }
    int remain = end - at;
    if (remain == 1) {
      throw node.invalidArgument("Base64 string length cannot be 1 modulo 4.");
    }
    byte[] tail = {'A', 'A', 'A', 'A'};
    System.arraycopy(s, at, tail, 0, remain);
    three(node, tail[0], tail[1], tail[2], tail[3], out, o);
    return Arrays.copyOf(out, o + remain - 1);
  }

  private static void three(NodeInfo node, byte a, byte b, byte c, byte d, byte[] out, int o) {
    int va = VALUE[a & 0xFF];
    int vb = VALUE[b & 0xFF];
    int vc = VALUE[c & 0xFF];
    int vd = VALUE[d & 0xFF];
    if ((va | vb | vc | vd) < 0) {
      throw node.invalidArgument("Invalid character found in base64.");
    }
    int v = va << 18 | vb << 12 | vc << 6 | vd;
    out[o] = (byte) (v >>> 16);
    out[o + 1] = (byte) (v >>> 8);
    out[o + 2] = (byte) v;
  }
}
