package dev.rawops.kernels.cpu.sparse;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Fingerprints;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfproto.DataType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * SparseCross, SparseCrossV2 and SparseCrossHashed on CPU (sparse_cross_op.cc): per batch row, the
 * cartesian product of every column's features, the last column varying fastest, either joined as
 * strings or folded with TF's FingerprintCat64 over farmhash Fingerprint64 (or SipHash-2-4 for
 * {@code strong_hash}) and taken modulo the bucket count.
 */
final class CpuSparseCross {
  private CpuSparseCross() {}

  private static final HashFunction FARM = Fingerprints.FARM;

  /** How features are produced and combined. */
  private enum Mode {
    /** SparseCross with string output: features joined by "_X_". */
    STRING,
    /** SparseCross with int64 output: hash_key folded with every feature's hash. */
    HASH,
    /** SparseCrossV2: features joined by the {@code sep} input. */
    STRING_V2,
    /** SparseCrossHashed: the first feature's hash folded with the rest, keyed columns. */
    KEYED
  }

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseCross", Device.CPU)
              .build(
                  n ->
                      ctx ->
                          cross(
                              n,
                              ctx,
                              n.attrs().getType("out_type") == DataType.DT_INT64
                                  ? Mode.HASH
                                  : Mode.STRING)),
          KernelDef.builder("SparseCrossV2", Device.CPU)
              .build(n -> ctx -> cross(n, ctx, Mode.STRING_V2)),
          KernelDef.builder("SparseCrossHashed", Device.CPU)
              .build(n -> ctx -> cross(n, ctx, Mode.KEYED)));

  private static String shapeText(Tensor t) {
    return t.shape().toString();
  }

  private static void cross(NodeInfo node, KernelContext ctx, Mode mode) {
    int n = Math.toIntExact(node.attrs().getInt("N"));
    int numValues = node.attrs().getTypeList("sparse_types").size();
    int numDense = node.attrs().getTypeList("dense_types").size();
    int shapesAt = n + numValues;
    int denseAt = shapesAt + n;
    int extraAt = denseAt + numDense;
    DType internal =
        mode == Mode.STRING || mode == Mode.HASH
            ? DType.fromProto(node.attrs().getType("internal_type"))
            : null;
    // TF streams the DataType enums into these messages, so they read as numbers
    boolean stringInternal = internal == DType.STRING;
    for (int i = 0; i < n; i++) {
      Tensor ix = ctx.input(i);
      if (ix.shape().rank() != 2) {
        throw node.invalidArgument(
            "Input indices should be a matrix but received shape "
                + shapeText(ix)
                + " at position "
                + i);
      }
      if (ix.shape().dim(1) != 2) {
        throw node.invalidArgument(
            "Expected D2 of index to be 2 got " + ix.shape().dim(1) + " at position " + i);
      }
    }
    if (numValues != n) {
      throw node.invalidArgument("Expected " + n + " input values, got " + numValues);
    }
    for (int i = 0; i < n; i++) {
      Tensor v = ctx.input(n + i);
      if (stringInternal && v.dtype() == DType.INT64) {
        throw node.invalidArgument(
            "Input values should be of internal type "
                + DataType.DT_STRING.getNumber()
                + " but received "
                + DataType.DT_INT64.getNumber());
      }
      if (v.shape().rank() != 1) {
        throw node.invalidArgument(
            "Input values should be a vector but received shape "
                + shapeText(v)
                + " at position "
                + i);
      }
      long expected = ctx.input(i).shape().dim(0);
      if (expected != v.shape().dim(0)) {
        throw node.invalidArgument(
            "Expected size of values to be "
                + expected
                + " got "
                + v.shape().dim(0)
                + " at position "
                + i);
      }
    }
    for (int i = 0; i < n; i++) {
      Tensor s = ctx.input(shapesAt + i);
      if (s.shape().rank() != 1) {
        throw node.invalidArgument(
            "Input shapes should be a vector but received shape "
                + shapeText(s)
                + " at position "
                + i);
      }
      if (s.shape().dim(0) != 2) {
        throw node.invalidArgument(
            "shape should imply a 2D tensor, but got " + shapeText(s) + " at position " + i);
      }
    }
    for (int i = 0; i < numDense; i++) {
      Tensor d = ctx.input(denseAt + i);
      if (stringInternal && d.dtype() == DType.INT64) {
        throw node.invalidArgument(
            "Dense inputs should be of internal type "
                + DataType.DT_STRING.getNumber()
                + " but received "
                + DataType.DT_INT64.getNumber());
      }
      if (d.shape().rank() != 2) {
        throw node.invalidArgument(
            "Dense inputs should be a matrix but received shape "
                + shapeText(d)
                + " at position "
                + i);
      }
    }
    long batchLong =
        n > 0
            ? ctx.input(shapesAt).getLong(0)
            : numDense > 0 ? ctx.input(denseAt).shape().dim(0) : 0;
    for (int i = 0; i < n; i++) {
      long b = ctx.input(shapesAt + i).getLong(0);
      if (b != batchLong) {
        throw node.invalidArgument(
            "Expected batch size " + batchLong + " got " + b + " at position " + i);
      }
    }
    for (int i = 0; i < numDense; i++) {
      long b = ctx.input(denseAt + i).shape().dim(0);
      if (b != batchLong) {
        throw node.invalidArgument(
            "Expected batch size " + batchLong + " got " + b + " at dense tensor " + i);
      }
    }
    byte[] sep = "_X_".getBytes(StandardCharsets.US_ASCII);
    long numBuckets = 0;
    long hashKey = 0;
    boolean strong = false;
    long[] salt = null;
    switch (mode) {
      case STRING_V2 -> {
        Tensor sepT = ctx.input(extraAt);
        if (sepT.shape().rank() != 0) {
          throw node.invalidArgument(
              "Input separator should be a scalar. Received: Tensor<type: string shape: "
                  + shapeText(sepT)
                  + " values: "
                  + summary(sepT)
                  + ">");
        }
        sep = sepT.getString(0);
      }
      case KEYED -> {
        numBuckets = ctx.input(extraAt).getLong(0);
        strong = ctx.input(extraAt + 1).getBoolean(0);
        Tensor saltT = ctx.input(extraAt + 2);
        if (saltT.numElements() != 2) {
          throw node.invalidArgument(
              "Input \"salt\" must have length 2 but has length " + saltT.numElements());
        }
        salt = saltT.toLongArray();
      }
      case HASH -> {
        numBuckets = node.attrs().getInt("num_buckets");
        hashKey = node.attrs().getInt("hash_key");
      }
      case STRING -> {}
    }
    int batch = Math.toIntExact(batchLong);
    int cols = n + numDense;
    boolean hashed = mode == Mode.HASH || mode == Mode.KEYED;
    HashFunction sip = strong ? Hashing.sipHash24(salt[0], salt[1]) : null;
    long[][] counts = new long[cols][];
    long[][] starts = new long[cols][];
    long[][] hashes = hashed ? new long[cols][] : null;
    byte[][][] texts = hashed ? null : new byte[cols][][];
    for (int c = 0; c < cols; c++) {
      boolean dense = c >= n;
      Tensor values = ctx.input(dense ? denseAt + c - n : n + c);
      counts[c] = new long[batch];
      starts[c] = new long[batch];
      if (dense) {
        long width = values.shape().dim(1);
        for (int b = 0; b < batch; b++) {
          counts[c][b] = width;
          starts[c][b] = (long) b * width;
        }
      } else {
        long[] ix = ctx.input(c).toLongArray();
        int rows = ix.length / 2;
        int row = 0;
        // TF walks the rows in order and stops a batch at the first row of another one
        for (int b = 0; b < batch; b++) {
          int start = row;
          while (row < rows && ix[2 * row] == b) {
            row++;
          }
          counts[c][b] = (long) row - start;
          starts[c][b] = start;
        }
      }
      if (hashed) {
        hashes[c] = features(values, mode, dense, sip);
      } else {
        texts[c] = texts(values);
      }
    }
    long[] outStart = new long[batch];
    long total = 0;
    long max = 0;
    for (int b = 0; b < batch; b++) {
      outStart[b] = total;
      long count = cols == 0 ? 0 : 1;
      for (int c = 0; c < cols; c++) {
        count *= counts[c][b];
      }
      max = Math.max(max, count);
      total += count;
    }
    int totalInt = Math.toIntExact(total);
    TensorBuffer outIx = ctx.allocateUninitialized(DType.INT64, Shape.of(totalInt, 2));
    TensorBuffer outValues =
        ctx.allocateUninitialized(hashed ? DType.INT64 : DType.STRING, Shape.of(totalInt));
    MemorySegment ixSeg = outIx.segment();
    MemorySegment valSeg = hashed ? outValues.segment() : null;
    byte[][] strOut = hashed ? null : outValues.strings();
    final long buckets = numBuckets;
    final long key = hashKey;
    final byte[] separator = sep;
    ctx.parallel()
        .forRange(
            batch,
            5000L * Math.max(1, n),
            (from, to) -> {
              int[] perm = new int[cols];
              for (int b = (int) from; b < to; b++) {
                long crosses = (b + 1 < batch ? outStart[b + 1] : totalInt) - outStart[b];
                java.util.Arrays.fill(perm, 0);
                for (long k = 0; k < crosses; k++) {
                  long at = outStart[b] + k;
                  ixSeg.setAtIndex(Layouts.I64, 2 * at, b);
                  ixSeg.setAtIndex(Layouts.I64, 2 * at + 1, k);
                  if (hashed) {
                    long h = mode == Mode.HASH ? key : hashes[0][(int) starts[0][b] + perm[0]];
                    for (int c = mode == Mode.HASH ? 0 : 1; c < cols; c++) {
                      h = Fingerprints.fingerprintCat64(h, hashes[c][(int) starts[c][b] + perm[c]]);
                    }
                    long v = Long.remainderUnsigned(h, buckets > 0 ? buckets : Long.MAX_VALUE);
                    valSeg.setAtIndex(Layouts.I64, at, v);
                  } else {
                    strOut[(int) at] = join(texts, starts, b, perm, separator);
                  }
                  for (int c = cols - 1; c >= 0; c--) {
                    if (++perm[c] < counts[c][b]) {
                      break;
                    }
                    perm[c] = 0;
                  }
                }
              }
            });
    TensorBuffer outShape = ctx.allocateUninitialized(DType.INT64, Shape.of(2));
    outShape.segment().setAtIndex(Layouts.I64, 0, batchLong);
    outShape.segment().setAtIndex(Layouts.I64, 1, max);
    ctx.setOutput(0, outIx.freeze());
    ctx.setOutput(1, outValues.freeze());
    ctx.setOutput(2, outShape.freeze());
  }

  /** TF's SummarizeValue for a string tensor: its first three values, then "...". */
  private static String summary(Tensor t) {
    StringBuilder sb = new StringBuilder();
    long shown = Math.min(3, t.numElements());
    for (long i = 0; i < shown; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(new String(t.getString(i), StandardCharsets.UTF_8));
    }
    if (t.numElements() > 3) {
      sb.append("...");
    }
    return sb.toString();
  }

  private static byte[] join(byte[][][] texts, long[][] starts, int b, int[] perm, byte[] sep) {
    int len = sep.length * (perm.length - 1);
    for (int c = 0; c < perm.length; c++) {
      len += texts[c][(int) starts[c][b] + perm[c]].length;
    }
    byte[] out = new byte[len];
    int pos = 0;
    for (int c = 0; c < perm.length; c++) {
      if (c > 0) {
        System.arraycopy(sep, 0, out, pos, sep.length);
        pos += sep.length;
      }
      byte[] t = texts[c][(int) starts[c][b] + perm[c]];
      System.arraycopy(t, 0, out, pos, t.length);
      pos += t.length;
    }
    return out;
  }

  private static byte[][] texts(Tensor values) {
    if (values.dtype() == DType.STRING) {
      return values.toBytesArray();
    }
    long[] v = values.toLongArray();
    byte[][] out = new byte[v.length][];
    for (int i = 0; i < v.length; i++) {
      out[i] = Long.toString(v[i]).getBytes(StandardCharsets.US_ASCII);
    }
    return out;
  }

  /**
   * Each value's feature hash. SparseCrossHashed hashes an int64 through only its first four bytes,
   * because TF sizes the view by {@code sizeof(DataType)}; its dense int64 columns skip the
   * fingerprint when not strongly hashed, as TF's keyed dense column does.
   */
  private static long[] features(Tensor values, Mode mode, boolean dense, HashFunction sip) {
    int count = Math.toIntExact(values.numElements());
    long[] out = new long[count];
    if (values.dtype() == DType.STRING) {
      byte[][] s = values.toBytesArray();
      HashFunction f = sip != null ? sip : FARM;
      for (int i = 0; i < count; i++) {
        out[i] = f.hashBytes(s[i]).asLong();
      }
      return out;
    }
    long[] v = values.toLongArray();
    if (mode == Mode.HASH || (sip == null && dense)) {
      return v;
    }
    HashFunction f = sip != null ? sip : FARM;
    byte[] low = new byte[4];
    for (int i = 0; i < count; i++) {
      long x = v[i];
      for (int k = 0; k < 4; k++) {
        low[k] = (byte) (x >>> (8 * k));
      }
      out[i] = f.hashBytes(low).asLong();
    }
    return out;
  }
}
