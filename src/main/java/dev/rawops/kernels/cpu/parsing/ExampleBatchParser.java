package dev.rawops.kernels.cpu.parsing;

import static dev.rawops.kernels.cpu.parsing.ExampleConfig.text;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.parsing.ExampleSpec;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * TF's FastParseExample: a batch of serialized tf.Examples into dense values (fixed-length ones
 * row-stacked, variable-length ones padded with their default), sparse (indices, values, shape) and
 * ragged (values, row splits) outputs. Features are visited last to first so the last of duplicate
 * keys wins; the first failing example's error is TF's, in its words.
 */
final class ExampleBatchParser {
  private final NodeInfo node;
  private final ExampleConfig config;
  private final ExampleSpec spec;
  private final int batch;
  private final byte[][] names;

  private final Object[] fixed;
  private final FeatureValues[] varlen;
  private final long[][] varlenEnds;
  private final FeatureValues[] sparse;
  private final long[][] sparseEnds;
  private final FeatureValues[] ragged;
  private final long[][] raggedEnds;

  /** Where the current minibatch began in each varlen buffer (TF counts per minibatch). */
  private final int[] varlenMinibatchStart;

  ExampleBatchParser(NodeInfo node, ExampleConfig config, int batch, byte[][] names) {
    this.node = node;
    this.config = config;
    this.spec = config.spec;
    this.batch = batch;
    this.names = names;
    int nd = spec.numDense();
    fixed = new Object[nd];
    varlen = new FeatureValues[nd];
    varlenEnds = new long[nd][];
    varlenMinibatchStart = new int[nd];
    for (int d = 0; d < nd; d++) {
      if (spec.variableLength(d)) {
        varlen[d] = FeatureValues.unbounded(spec.denseTypes().get(d));
        varlenEnds[d] = new long[batch];
      } else {
        int n = Math.toIntExact(batch * spec.elementsPerStride(d));
        fixed[d] =
            switch (spec.denseTypes().get(d)) {
              case FLOAT -> new float[n];
              case INT64 -> new long[n];
              default -> new byte[n][];
            };
      }
    }
    sparse = new FeatureValues[spec.numSparse()];
    sparseEnds = new long[spec.numSparse()][batch];
    for (int d = 0; d < sparse.length; d++) {
      sparse[d] = FeatureValues.unbounded(spec.sparseTypes().get(d));
    }
    ragged = new FeatureValues[spec.numRagged()];
    raggedEnds = new long[spec.numRagged()][batch];
    for (int d = 0; d < ragged.length; d++) {
      ragged[d] = FeatureValues.unbounded(spec.raggedValueTypes().get(d));
    }
  }

  /** TF's minibatch count: about 50 kB each, at least min(8, batch), at most 64. */
  private static int minibatches(byte[][] serialized) {
    int result = 0;
    long bytes = 0;
    for (byte[] s : serialized) {
      if (bytes == 0) {
        result++;
      }
      bytes += s.length + 1;
      if (bytes > 50000) {
        bytes = 0;
      }
    }
    return Math.max(Math.min(8, serialized.length), Math.min(64, result));
  }

  List<Out> parse(byte[][] serialized) {
    int m = minibatches(serialized);
    int next = 1;
    long nextStart = m == 0 ? Long.MAX_VALUE : (long) batch / m;
    for (int e = 0; e < batch; e++) {
      while (e == nextStart) {
        for (int d = 0; d < varlen.length; d++) {
          if (varlen[d] != null) {
            varlenMinibatchStart[d] = varlen[d].size;
          }
        }
        next++;
        nextStart = next > m ? Long.MAX_VALUE : (long) batch * next / m;
      }
      example(serialized[e], e);
    }
    return outputs();
  }

  private String name(int e) {
    return names.length > 0 ? text(names[e]) : "<unknown>";
  }

  private RuntimeException exampleError(int e, byte[] b, int keyStart, int keyLen, String suffix) {
    return node.invalidArgument(
        "Name: "
            + name(e)
            + ", Key: "
            + text(b, keyStart, keyLen)
            + ", Index: "
            + e
            + ".  "
            + suffix);
  }

  private void example(byte[] b, int e) {
    int[] entries = ExampleEntries.parse(b);
    if (entries == null) {
      throw node.invalidArgument("Could not parse example input, value: '" + text(b) + "'");
    }
    boolean[] denseSeen = new boolean[spec.numDense()];
    boolean[] sparseSeen = new boolean[spec.numSparse()];
    boolean[] raggedSeen = new boolean[spec.numRagged()];
    for (int i = entries.length - 4; i >= 0; i -= 4) {
      int keyStart = entries[i];
      int keyLen = entries[i + 1];
      int code = config.find(b, keyStart, keyLen);
      if (code < 0) {
        continue;
      }
      int kind = code >>> 24;
      int d = code & 0xFFFFFF;
      int valStart = entries[i + 2];
      int valLen = entries[i + 3];
      DType exampleType = FeatureKind.of(node, b, valStart, valLen);
      int from = valStart + 1;
      int to = valStart + valLen;
      if (kind == ExampleConfig.DENSE) {
        if (exampleType == null || denseSeen[d]) {
          continue;
        }
        denseSeen[d] = true;
        DType want = spec.denseTypes().get(d);
        if (exampleType != want) {
          throw exampleError(
              e,
              b,
              keyStart,
              keyLen,
              "Data types don't match. Data type: "
                  + exampleType.tfName()
                  + " but expected type: "
                  + want.tfName());
        }
        if (!spec.variableLength(d)) {
          fixedDense(b, e, d, keyStart, keyLen, from, to);
        } else {
          FeatureValues out = varlen[d];
          if (!out.parse(b, from, to)) {
            throw exampleError(e, b, keyStart, keyLen, "Can't parse serialized Example.");
          }
          long stride = spec.elementsPerStride(d);
          if (stride == 0 || out.size % stride != 0) {
            throw exampleError(
                e,
                b,
                keyStart,
                keyLen,
                "Number of "
                    + listName(want)
                    + " values is not a multiple of stride length. Saw "
                    + (out.size - varlenMinibatchStart[d])
                    + " values but output shape is: "
                    + ExampleSpec.debugString(spec.denseShapes().get(d)));
          }
          varlenEnds[d][e] = out.size;
        }
      } else {
        boolean isRagged = kind == ExampleConfig.RAGGED;
        boolean[] seen = isRagged ? raggedSeen : sparseSeen;
        if (seen[d]) {
          continue;
        }
        seen[d] = true;
        FeatureValues out = isRagged ? ragged[d] : sparse[d];
        if (exampleType != null && exampleType != out.dtype) {
          throw exampleError(
              e,
              b,
              keyStart,
              keyLen,
              "Data types don't match. Expected type: "
                  + out.dtype.tfName()
                  + ", Actual type: "
                  + exampleType.tfName());
        }
        if (exampleType != null && !out.parse(b, from, to)) {
          throw exampleError(e, b, keyStart, keyLen, "Can't parse serialized Example.");
        }
        (isRagged ? raggedEnds : sparseEnds)[d][e] = out.size;
      }
    }
    missing(e, denseSeen, sparseSeen, raggedSeen);
  }

  private void fixedDense(byte[] b, int e, int d, int keyStart, int keyLen, int from, int to) {
    int stride = (int) spec.elementsPerStride(d);
    DType t = spec.denseTypes().get(d);
    FeatureValues slice = new FeatureValues(t, stride);
    if (!slice.parse(b, from, to)) {
      throw exampleError(e, b, keyStart, keyLen, "Can't parse serialized Example.");
    }
    if (slice.size != stride) {
      throw exampleError(
          e,
          b,
          keyStart,
          keyLen,
          "Number of "
              + listName(t)
              + " values != expected.  Values size: "
              + slice.size
              + " but output shape: "
              + spec.denseShapes().get(d));
    }
    copyInto(slice, fixed[d], (long) e * stride, stride);
  }

  static void copyInto(FeatureValues v, Object dst, long offset, int n) {
    switch (dst) {
      case float[] f -> System.arraycopy(v.floats, 0, f, (int) offset, n);
      case long[] l -> System.arraycopy(v.longs, 0, l, (int) offset, n);
      case byte[][] s -> System.arraycopy(v.bytes, 0, s, (int) offset, n);
      default -> throw new IllegalStateException();
    }
  }

  static String listName(DType t) {
    return switch (t) {
      case FLOAT -> "float";
      case INT64 -> "int64";
      default -> "bytes";
    };
  }

  private void missing(int e, boolean[] denseSeen, boolean[] sparseSeen, boolean[] raggedSeen) {
    for (int d = 0; d < denseSeen.length; d++) {
      if (spec.variableLength(d) || denseSeen[d]) {
        continue;
      }
      Object dflt = config.defaults[d];
      int n = ExampleConfig.defaultCount(dflt);
      if (n == 0) {
        throw node.invalidArgument(
            "Name: "
                + name(e)
                + ", Feature: "
                + text(config.denseKeys[d])
                + " (data type: "
                + spec.denseTypes().get(d).tfName()
                + ") is required but could not be found.");
      }
      System.arraycopy(dflt, 0, fixed[d], e * n, n);
    }
    for (int d = 0; d < denseSeen.length; d++) {
      if (spec.variableLength(d) && !denseSeen[d]) {
        varlenEnds[d][e] = varlen[d].size;
      }
    }
    for (int d = 0; d < sparseSeen.length; d++) {
      if (!sparseSeen[d]) {
        sparseEnds[d][e] = sparse[d].size;
      }
    }
    for (int d = 0; d < raggedSeen.length; d++) {
      if (!raggedSeen[d]) {
        raggedEnds[d][e] = ragged[d].size;
      }
    }
  }

  private List<Out> outputs() {
    List<Out> out = new ArrayList<>();
    Out[] values = new Out[sparse.length];
    Out[] shapes = new Out[sparse.length];
    for (int d = 0; d < sparse.length; d++) {
      long[] ends = sparseEnds[d];
      int total = sparse[d].size;
      long[] ix = new long[2 * total];
      long max = 0;
      long prev = 0;
      int z = 0;
      for (int e = 0; e < batch; e++) {
        max = Math.max(max, ends[e] - prev);
        for (long j = 0; prev + j < ends[e]; j++) {
          ix[z++] = e;
          ix[z++] = j;
        }
        prev = ends[e];
      }
      out.add(new Out(DType.INT64, Shape.of(total, 2), ix));
      values[d] = new Out(sparse[d].dtype, Shape.of(total), data(sparse[d]));
      shapes[d] = new Out(DType.INT64, Shape.of(2), new long[] {batch, max});
    }
    out.addAll(Arrays.asList(values));
    out.addAll(Arrays.asList(shapes));
    for (int d = 0; d < fixed.length; d++) {
      out.add(spec.variableLength(d) ? padded(d) : fixedOut(d));
    }
    List<Out> splits = new ArrayList<>();
    for (int d = 0; d < ragged.length; d++) {
      out.add(new Out(ragged[d].dtype, Shape.of(ragged[d].size), data(ragged[d])));
      DType st = spec.raggedSplitTypes().get(d);
      long[] ends = raggedEnds[d];
      Object rs;
      if (st == DType.INT32) {
        int[] s = new int[batch + 1];
        for (int e = 0; e < batch; e++) {
          s[e + 1] = (int) ends[e];
        }
        rs = s;
      } else {
        long[] s = new long[batch + 1];
        System.arraycopy(ends, 0, s, 1, batch);
        rs = s;
      }
      splits.add(new Out(st, Shape.of(batch + 1), rs));
    }
    out.addAll(splits);
    return out;
  }

  private Out fixedOut(int d) {
    long[] dims = new long[spec.denseShapes().get(d).rank() + 1];
    dims[0] = batch;
    for (int i = 1; i < dims.length; i++) {
      dims[i] = spec.denseShapes().get(d).dim(i - 1);
    }
    return new Out(spec.denseTypes().get(d), Shape.of(dims), fixed[d]);
  }

  /** [batch, longest / stride, inner dims…], padded with the default's first value. */
  private Out padded(int d) {
    long stride = spec.elementsPerStride(d);
    long[] ends = varlenEnds[d];
    long max = 0;
    long prev = 0;
    for (int e = 0; e < batch; e++) {
      max = Math.max(max, ends[e] - prev);
      prev = ends[e];
    }
    var shape = spec.denseShapes().get(d);
    long[] dims = new long[shape.rank() + 1];
    dims[0] = batch;
    dims[1] = stride == 0 ? 0 : max / stride;
    for (int i = 1; i < shape.rank(); i++) {
      dims[i + 1] = shape.dim(i);
    }
    Shape s = Shape.of(dims);
    int total = Math.toIntExact(s.numElements());
    int row = batch == 0 ? 0 : total / batch;
    FeatureValues v = varlen[d];
    Object dflt = config.defaults[d];
    Object data;
    switch (v.dtype) {
      case FLOAT -> {
        float[] f = new float[total];
        Arrays.fill(f, ((float[]) dflt)[0]);
        data = f;
      }
      case INT64 -> {
        long[] l = new long[total];
        Arrays.fill(l, ((long[]) dflt)[0]);
        data = l;
      }
      default -> {
        byte[][] b = new byte[total][];
        Arrays.fill(b, ((byte[][]) dflt)[0]);
        data = b;
      }
    }
    prev = 0;
    for (int e = 0; e < batch && total > 0; e++) {
      System.arraycopy(data(v), (int) prev, data, e * row, (int) (ends[e] - prev));
      prev = ends[e];
    }
    return new Out(v.dtype, s, data);
  }

  static Object data(FeatureValues v) {
    return switch (v.dtype) {
      case FLOAT -> v.floats;
      case INT64 -> v.longs;
      default -> v.bytes;
    };
  }
}
