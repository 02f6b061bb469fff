package dev.rawops.kernels.cpu.strings;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.strings.StringBroadcast;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Substr on CPU (substr_op.cc). pos and len have one shape: a scalar or the input's shape is
 * applied element by element, any other shape broadcast against the input (TF implements 1 and 2
 * output dimensions only). BYTE: a negative pos counts from the end, a pos outside [0, size] is an
 * error, a negative len takes the rest. UTF8_CHAR: pos and len count characters (a character is a
 * lead byte and its continuation bytes), a negative pos counts characters from the end, a len past
 * the end is clipped, a negative len gives "" when pos is not negative.
 */
final class CpuSubstr {
  private CpuSubstr() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Substr", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> substr(n, ctx)));

  private static void substr(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor pos = ctx.input(1);
    Tensor len = ctx.input(2);
    if (!pos.shape().equals(len.shape())) {
      throw node.invalidArgument(
          "pos and len should have the same shape, got: " + pos.shape() + " vs. " + len.shape());
    }
    boolean utf8 = node.attrs().getString("unit").equals("UTF8_CHAR");
    byte[][] in = KernelAccess.strings(input);
    long[] p = pos.toLongArray();
    long[] l = len.toLongArray();
    boolean scalar = pos.shape().rank() == 0;
    if (scalar || input.shape().equals(pos.shape())) {
      TensorBuffer out = ctx.allocate(DType.STRING, input.shape());
      byte[][] o = out.strings();
      for (int i = 0; i < o.length; i++) {
        int k = scalar ? 0 : i;
        o[i] = one(node, in[i], p[k], l[k], utf8, Integer.toString(i));
      }
      ctx.setOutput(0, out.freeze());
      return;
    }
    Shape shape = StringBroadcast.shape(node, input.shape(), pos.shape());
    if (shape.rank() != 1 && shape.rank() != 2) {
      throw node.error(
          Code.UNIMPLEMENTED,
          "Substr broadcast not implemented for " + shape.rank() + " dimensions");
    }
    TensorBuffer out = ctx.allocate(DType.STRING, shape);
    byte[][] o = out.strings();
    long cols = shape.rank() == 2 ? shape.dim(1) : shape.dim(0);
    long rows = shape.rank() == 2 ? shape.dim(0) : 1;
    for (long r = 0; r < rows; r++) {
      for (long c = 0; c < cols; c++) {
        int si = (int) index(input.shape(), shape.rank(), r, c);
        int pi = (int) index(pos.shape(), shape.rank(), r, c);
        // TF names a 2-D position "(i, j)" for bytes but only its row for UTF-8 characters
        String at =
            shape.rank() != 2
                ? Long.toString(c)
                : utf8 ? Long.toString(r) : "(" + r + ", " + c + ")";
        o[(int) (r * cols + c)] = one(node, in[si], p[pi], l[pi], utf8, at);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** The flat index in a tensor of shape {@code s} broadcast to rank {@code rank} at (r, c). */
  private static long index(Shape s, int rank, long r, long c) {
    long cols = StringBroadcast.dimFromEnd(s, 1);
    long rows = StringBroadcast.dimFromEnd(s, 2);
    long col = cols == 1 ? 0 : c;
    long row = rank == 2 && rows != 1 ? r : 0;
    return row * cols + col;
  }

  private static byte[] one(NodeInfo node, byte[] s, long pos, long len, boolean utf8, String at) {
    long start;
    long count;
    if (utf8) {
      long[] range = pos >= 0 ? forwardRange(s, pos, len) : backwardRange(s, pos, len);
      if (range == null) {
        throw node.invalidArgument("pos " + pos + " out of range for string at index " + at);
      }
      start = range[0];
      count = range[1];
    } else {
      start = pos < 0 ? s.length + pos : pos;
      if (start < 0 || start > s.length) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes(
            ("pos " + pos + " out of range for string b'").getBytes(StandardCharsets.UTF_8));
        m.writeBytes(s);
        m.writeBytes(("' at index " + at).getBytes(StandardCharsets.UTF_8));
        throw node.invalidArgument(m.toString(StandardCharsets.UTF_8));
      }
      count = len < 0 ? s.length - start : Math.min(len, s.length - start);
    }
    return Arrays.copyOfRange(s, (int) start, (int) (start + count));
  }

  private static boolean isTrail(byte b) {
    return b < -0x40;
  }

  /** Moves {@code pos[0]} forward over up to n characters; whether all n were there. */
  private static boolean forward(byte[] s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] < s.length) {
      do {
        pos[0]++;
      } while (pos[0] < s.length && isTrail(s[(int) pos[0]]));
      counted++;
    }
    return counted == n;
  }

  private static boolean back(byte[] s, long n, long[] pos) {
    long counted = 0;
    while (counted < n && pos[0] > 0) {
      do {
        pos[0]--;
      } while (isTrail(s[(int) pos[0]]) && pos[0] > 0);
      counted++;
    }
    return counted == n;
  }

  private static long[] forwardRange(byte[] s, long pos, long len) {
    long[] start = {0};
    if (!forward(s, pos, start)) {
      return null;
    }
    long[] end = {start[0]};
    forward(s, len, end);
    return new long[] {start[0], end[0] - start[0]};
  }

  private static long[] backwardRange(byte[] s, long pos, long len) {
    long[] end = {s.length};
    long skip = Math.max(0, -pos - len);
    if (!back(s, skip, end)) {
      return null;
    }
    long[] start = {end[0]};
    if (!back(s, -pos - skip, start)) {
      return null;
    }
    return new long[] {start[0], end[0] - start[0]};
  }
}
