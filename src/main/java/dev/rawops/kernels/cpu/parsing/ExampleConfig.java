package dev.rawops.kernels.cpu.parsing;

import dev.rawops.ops.parsing.ExampleSpec;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * TF's FastParseExampleConfig: the keys of the dense, sparse and ragged features, the dense
 * defaults (as flat arrays), and the index from key to feature. Two features with one key make TF's
 * presized cuckoo map fail 1000 times over: INTERNAL "Could not avoid collision".
 */
final class ExampleConfig {
  static final int DENSE = 0;
  static final int SPARSE = 1;
  static final int RAGGED = 2;

  final ExampleSpec spec;
  final byte[][] denseKeys;
  final byte[][] sparseKeys;
  final byte[][] raggedKeys;

  /** Per dense feature: its default as float[], long[] or byte[][] (empty: required). */
  final Object[] defaults;

  final Shape[] defaultShapes;
  private final Map<String, Integer> index = new HashMap<>();

  ExampleConfig(
      ExampleSpec spec,
      byte[][] denseKeys,
      byte[][] sparseKeys,
      byte[][] raggedKeys,
      Tensor[] defaults) {
    this.spec = spec;
    this.denseKeys = denseKeys;
    this.sparseKeys = sparseKeys;
    this.raggedKeys = raggedKeys;
    this.defaults = new Object[defaults.length];
    this.defaultShapes = new Shape[defaults.length];
    for (int d = 0; d < defaults.length; d++) {
      this.defaults[d] = flat(defaults[d]);
      this.defaultShapes[d] = defaults[d].shape();
    }
    put(denseKeys, DENSE);
    put(sparseKeys, SPARSE);
    put(raggedKeys, RAGGED);
  }

  private void put(byte[][] keys, int kind) {
    for (int d = 0; d < keys.length; d++) {
      index.put(latin1(keys[d], 0, keys[d].length), (kind << 24) | d);
    }
  }

  /** {@code (kind << 24) | d} of the feature keyed by {@code buf[from, from + len)}, or -1. */
  int find(byte[] buf, int from, int len) {
    Integer v = index.get(latin1(buf, from, len));
    return v == null ? -1 : v;
  }

  static Object flat(Tensor t) {
    return switch (t.dtype()) {
      case FLOAT -> t.toFloatArray();
      case INT64 -> t.toLongArray();
      default -> KernelAccess.strings(t).clone();
    };
  }

  static int defaultCount(Object flat) {
    return switch (flat) {
      case float[] f -> f.length;
      case long[] l -> l.length;
      case byte[][] b -> b.length;
      default -> 0;
    };
  }

  private static String latin1(byte[] b, int from, int len) {
    return new String(b, from, len, StandardCharsets.ISO_8859_1);
  }

  /** Text of wire bytes for a message (TF prints them as they are). */
  static String text(byte[] b, int from, int len) {
    return new String(b, from, len, StandardCharsets.UTF_8);
  }

  static String text(byte[] b) {
    return text(b, 0, b.length);
  }

  /** TF's DataTypeString of a feature kind byte's dtype. */
  static String typeName(DType t) {
    return t.tfName();
  }

  static byte[][] keys(Tensor t) {
    return Arrays.copyOf(KernelAccess.strings(t), (int) t.numElements());
  }
}
