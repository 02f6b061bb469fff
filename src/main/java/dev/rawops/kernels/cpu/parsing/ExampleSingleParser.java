package dev.rawops.kernels.cpu.parsing;

import static dev.rawops.kernels.cpu.parsing.ExampleConfig.text;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.parsing.ExampleSpec;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's FastParseSingleExample: one serialized tf.Example (ParseSingleExample, or ParseExampleV2
 * given a scalar). Unlike the batch parser, a variable-length dense feature is not padded, a sparse
 * one has indices [n, 1] and shape [n], ragged row splits are empty, a feature of no kind is as
 * good as missing, and the messages name only the key.
 */
final class ExampleSingleParser {
  private ExampleSingleParser() {}

  static List<Out> parse(NodeInfo node, ExampleConfig config, byte[] b) {
    ExampleSpec spec = config.spec;
    int nd = spec.numDense();
    Out[] dense = new Out[nd];
    Out[] sparse = new Out[spec.numSparse()];
    Out[] ragged = new Out[spec.numRagged()];
    long[][] sparseIx = new long[spec.numSparse()][];
    int[] entries = ExampleEntries.parse(b);
    if (entries == null) {
      throw node.invalidArgument("Could not parse example input, value: '" + text(b) + "'");
    }
    for (int i = entries.length - 4; i >= 0; i -= 4) {
      int keyStart = entries[i];
      int keyLen = entries[i + 1];
      int code = config.find(b, keyStart, keyLen);
      if (code < 0) {
        continue;
      }
      int kind = code >>> 24;
      int d = code & 0xFFFFFF;
      String key = text(b, keyStart, keyLen);
      DType exampleType = FeatureKind.of(node, b, entries[i + 2], entries[i + 3]);
      if (exampleType == null) {
        continue;
      }
      int from = entries[i + 2] + 1;
      int to = entries[i + 2] + entries[i + 3];
      Out[] seen =
          switch (kind) {
            case ExampleConfig.DENSE -> dense;
            case ExampleConfig.SPARSE -> sparse;
            default -> ragged;
          };
      if (seen[d] != null) {
        continue;
      }
      DType want =
          switch (kind) {
            case ExampleConfig.DENSE -> spec.denseTypes().get(d);
            case ExampleConfig.SPARSE -> spec.sparseTypes().get(d);
            default -> spec.raggedValueTypes().get(d);
          };
      if (exampleType != want) {
        throw node.invalidArgument(
            "Key: "
                + key
                + ".  Data types don't match. "
                + (kind == ExampleConfig.DENSE
                    ? "Data type: " + exampleType.tfName() + " but expected type: " + want.tfName()
                    : "Expected type: "
                        + want.tfName()
                        + ", Actual type: "
                        + exampleType.tfName()));
      }
      if (kind == ExampleConfig.DENSE && !spec.variableLength(d)) {
        int stride = (int) spec.elementsPerStride(d);
        FeatureValues slice = new FeatureValues(want, stride);
        if (!slice.parse(b, from, to)) {
          throw parseError(node, key);
        }
        if (slice.size != stride) {
          throw parseError(node, key);
        }
        Object data = ExampleBatchParser.data(slice);
        dense[d] = new Out(want, spec.denseShapes().get(d).toShape().orElseThrow(), data);
        continue;
      }
      FeatureValues v = FeatureValues.unbounded(want);
      if (!v.parse(b, from, to)) {
        throw parseError(node, key);
      }
      long divisor = kind == ExampleConfig.DENSE ? spec.elementsPerStride(d) : 1;
      int n = v.size;
      if (divisor == 0 || n % divisor != 0) {
        throw node.invalidArgument(
            "Error while parsing feature with key "
                + key
                + ": number of elements should be divisible by "
                + divisor
                + ", found "
                + n
                + " instead");
      }
      Object data = ExampleBatchParser.data(v);
      switch (kind) {
        case ExampleConfig.DENSE ->
            dense[d] = new Out(want, rows(spec.denseShapes().get(d), n / divisor), data);
        case ExampleConfig.SPARSE -> {
          long[] ix = new long[n];
          for (int j = 0; j < n; j++) {
            ix[j] = j;
          }
          sparse[d] = new Out(want, Shape.of(n), data);
          sparseIx[d] = ix;
        }
        default -> ragged[d] = new Out(want, Shape.of(n), data);
      }
    }
    return outputs(node, config, dense, sparse, sparseIx, ragged);
  }

  /** TF 2.18 words every failure of a list alike: unparsable, too long or too short. */
  private static RuntimeException parseError(NodeInfo node, String key) {
    return node.invalidArgument("Key: " + key + ".  Can't parse serialized Example.");
  }

  /** [rows, inner dims of a variable-length dense shape…]. */
  private static Shape rows(PartialShape s, long rows) {
    long[] dims = new long[s.rank()];
    dims[0] = rows;
    for (int i = 1; i < dims.length; i++) {
      dims[i] = s.dim(i);
    }
    return Shape.of(dims);
  }

  private static List<Out> outputs(
      NodeInfo node,
      ExampleConfig config,
      Out[] dense,
      Out[] sparse,
      long[][] sparseIx,
      Out[] ragged) {
    ExampleSpec spec = config.spec;
    List<Out> out = new ArrayList<>();
    List<Out> values = new ArrayList<>();
    List<Out> shapes = new ArrayList<>();
    for (int d = 0; d < sparse.length; d++) {
      DType t = spec.sparseTypes().get(d);
      if (sparse[d] == null) {
        out.add(new Out(DType.INT64, Shape.of(0, 1), new long[0]));
        values.add(new Out(t, Shape.of(0), empty(t)));
        shapes.add(new Out(DType.INT64, Shape.of(1), new long[] {0}));
      } else {
        long n = sparse[d].shape().dim(0);
        out.add(new Out(DType.INT64, Shape.of(n, 1), sparseIx[d]));
        values.add(sparse[d]);
        shapes.add(new Out(DType.INT64, Shape.of(1), new long[] {n}));
      }
    }
    out.addAll(values);
    out.addAll(shapes);
    for (int d = 0; d < dense.length; d++) {
      if (dense[d] != null) {
        out.add(dense[d]);
        continue;
      }
      DType t = spec.denseTypes().get(d);
      if (spec.variableLength(d)) {
        out.add(new Out(t, rows(spec.denseShapes().get(d), 0), empty(t)));
      } else if (ExampleConfig.defaultCount(config.defaults[d]) == 0) {
        throw node.invalidArgument(
            "Feature: "
                + text(config.denseKeys[d])
                + " (data type: "
                + t.tfName()
                + ") is required but could not be found.");
      } else {
        out.add(new Out(t, config.defaultShapes[d], config.defaults[d]));
      }
    }
    for (int d = 0; d < ragged.length; d++) {
      DType t = spec.raggedValueTypes().get(d);
      out.add(ragged[d] != null ? ragged[d] : new Out(t, Shape.of(0), empty(t)));
    }
    for (int d = 0; d < ragged.length; d++) {
      DType st = spec.raggedSplitTypes().get(d);
      out.add(new Out(st, Shape.of(0), st == DType.INT32 ? new int[0] : new long[0]));
    }
    return out;
  }

  static Object empty(DType t) {
    return switch (t) {
      case FLOAT -> new float[0];
      case INT64 -> new long[0];
      default -> new byte[0][];
    };
  }
}
