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
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * StringNGrams on CPU (string_ngrams_op.cc): for each ragged row and each width, the row's n-grams
 * joined by the separator, with up to min(pad_width, width - 1) (all width - 1 when pad_width is
 * negative) left and right pads; preserve_short_sequences gives a row too short for any n-gram one
 * n-gram of the whole padded row.
 */
final class CpuStringNGrams {
  private CpuStringNGrams() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringNGrams", Device.CPU)
              .tfCpuTypes("Tsplits")
              .build(n -> ctx -> ngrams(n, ctx)));

  private static final class Spec {
    final byte[] separator;
    final long[] widths;
    final byte[] leftPad;
    final byte[] rightPad;
    final int padWidth;
    final boolean preserveShort;

    Spec(NodeInfo node) {
      separator = node.attrs().get("separator").getS().toByteArray();
      widths =
          node.attrs().get("ngram_widths").getList().getIList().stream()
              .mapToLong(Long::longValue)
              .toArray();
      leftPad = node.attrs().get("left_pad").getS().toByteArray();
      rightPad = node.attrs().get("right_pad").getS().toByteArray();
      padWidth = (int) node.attrs().getInt("pad_width");
      preserveShort = node.attrs().getBool("preserve_short_sequences");
    }

    int padFor(int width) {
      return Math.min(padWidth < 0 ? width - 1 : padWidth, width - 1);
    }

    int count(int length, int width) {
      return Math.max(0, length + 2 * padFor(width) - width + 1);
    }
  }

  private static void ngrams(NodeInfo node, KernelContext ctx) {
    Spec spec = new Spec(node);
    for (long w : spec.widths) {
      if (w <= 0) {
        throw node.invalidArgument("ngram_widths must contain positive values");
      }
    }
    Tensor dataT = ctx.input(0);
    Tensor splitsT = ctx.input(1);
    byte[][] data = KernelAccess.strings(dataT);
    long[] splits = splitsT.toLongArray();
    int size = data.length;
    if (splits.length > 0) {
      if (splits[0] != 0) {
        throw node.invalidArgument("First split value must be 0, got " + splits[0]);
      }
      long prev = splits[0];
      for (int i = 1; i < splits.length; i++) {
        if (splits[i] < prev || splits[i] > size) {
          throw node.invalidArgument(
              "Invalid split value " + splits[i] + ", must be in [" + prev + ", " + size + "]");
        }
        prev = splits[i];
      }
      if (prev != size) {
        throw node.invalidArgument(
            "Last split value must be data size. Expected " + size + ", got " + prev);
      }
    }
    DType st = splitsT.dtype();
    int rows = splits.length - 1;
    TensorBuffer outSplits = ctx.allocate(st, splitsT.shape());
    MemorySegment os = outSplits.segment();
    if (size == 0 || splits.length == 0) {
      ctx.setOutput(0, ctx.allocate(DType.STRING, dataT.shape()).freeze());
      ctx.setOutput(1, outSplits.freeze());
      return;
    }
    long[] outStarts = new long[rows + 1];
    for (int i = 1; i <= rows; i++) {
      int length = (int) (splits[i] - splits[i - 1]);
      long n = 0;
      for (long w : spec.widths) {
        n += spec.count(length, (int) w);
      }
      if (spec.preserveShort && length > 0 && n == 0) {
        n = 1;
      }
      outStarts[i] = outStarts[i - 1] + n;
    }
    for (int i = 0; i <= rows; i++) {
      if (st == DType.INT32) {
        os.setAtIndex(Layouts.I32, i, (int) outStarts[i]);
      } else {
        os.setAtIndex(Layouts.I64, i, outStarts[i]);
      }
    }
    TensorBuffer out = ctx.allocate(DType.STRING, Shape.of(outStarts[rows]));
    byte[][] o = out.strings();
    for (int i = 0; i < rows; i++) {
      int start = (int) splits[i];
      int length = (int) (splits[i + 1] - splits[i]);
      int at = (int) outStarts[i];
      for (long w : spec.widths) {
        int n = spec.count(length, (int) w);
        create(spec, data, start, o, at, n, (int) w);
        at += n;
      }
      if (spec.preserveShort && at == outStarts[i] && length > 0) {
        create(spec, data, start, o, at, 1, length + 2 * spec.padWidth);
      }
    }
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, outSplits.freeze());
  }

  private static void create(
      Spec spec, byte[][] data, int start, byte[][] o, int at, int count, int width) {
    byte[] sep = spec.separator;
    for (int g = 0; g < count; g++) {
      int pad = spec.padFor(width);
      int left = Math.max(0, pad - g);
      int right = Math.max(0, pad - (count - (g + 1)));
      int tokens = width - (left + right);
      int first = left > 0 ? 0 : g - pad;
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      for (int k = 0; k < left; k++) {
        b.writeBytes(spec.leftPad);
        b.writeBytes(sep);
      }
      for (int k = 0; k < tokens - 1; k++) {
        b.writeBytes(data[start + first + k]);
        b.writeBytes(sep);
      }
      if (tokens > 0) {
        b.writeBytes(data[start + first + tokens - 1]);
        for (int k = 0; k < right; k++) {
          b.writeBytes(sep);
          b.writeBytes(spec.rightPad);
        }
      } else {
        for (int k = 0; k < right - 1; k++) {
          b.writeBytes(spec.rightPad);
          b.writeBytes(sep);
        }
        b.writeBytes(spec.rightPad);
      }
      o[at + g] = b.toByteArray();
    }
  }
}
