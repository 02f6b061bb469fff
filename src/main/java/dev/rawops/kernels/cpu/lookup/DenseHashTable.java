package dev.rawops.kernels.cpu.lookup;

import dev.rawops.Code;
import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.lookup.LookupChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * TF's MutableDenseHashTable, bucket for bucket: a power-of-two array of key rows (empty_key where
 * free, deleted_key where removed) and value rows, TF's hash of the key (the integer itself, or
 * TF's Hash64 of a string; Hash64Combine over a vector key) and its quadratic probing, so exports
 * return TF's buckets in TF's order.
 */
final class DenseHashTable extends LookupTable {
  private final int keyWidth;
  private final int valueWidth;
  private final float maxLoadFactor;
  private final long[] emptyLong;
  private final long[] deletedLong;
  private final byte[][] emptyString;
  private final byte[][] deletedString;
  private final long emptyHash;
  private final long deletedHash;
  private long numBuckets;
  private long numEntries;
  private long[] longKeys;
  private byte[][] stringKeys;
  private ValueRows values;

  DenseHashTable(
      NodeInfo node,
      DType keyDtype,
      DType valueDtype,
      Shape valueShape,
      Tensor emptyKey,
      Tensor deletedKey,
      long initialBuckets,
      float maxLoadFactor) {
    super(keyDtype, valueDtype, emptyKey.shape(), valueShape);
    if (!(maxLoadFactor > 0 && maxLoadFactor < 1)) {
      throw node.invalidArgument(
          "max_load_factor must be between 0 and 1, got: " + TfNumbers.floatText(maxLoadFactor));
    }
    if (valueShape.rank() > 1) {
      throw node.invalidArgument(
          "Empty value must be a scalar or a vector, got shape " + valueShape);
    }
    if (emptyKey.shape().rank() > 1) {
      throw node.invalidArgument(
          "Empty key must be a scalar or a vector, got shape " + emptyKey.shape());
    }
    this.maxLoadFactor = maxLoadFactor;
    this.keyWidth = Math.toIntExact(emptyKey.numElements());
    this.valueWidth = Math.toIntExact(valueShape.numElements());
    boolean strings = keyDtype == DType.STRING;
    emptyLong = strings ? null : longs(emptyKey);
    emptyString = strings ? emptyKey.toBytesArray() : null;
    emptyHash = strings ? hashStrings(emptyString, 0, keyWidth) : hashLongs(emptyLong, 0, keyWidth);
    if (deletedKey.numElements() != emptyKey.numElements()) {
      throw node.invalidArgument(
          "Empty and deleted keys must have same shape, got shapes: "
              + emptyKey.shape()
              + " and "
              + deletedKey.shape());
    }
    deletedLong = strings ? null : longs(deletedKey);
    deletedString = strings ? deletedKey.toBytesArray() : null;
    deletedHash =
        strings ? hashStrings(deletedString, 0, keyWidth) : hashLongs(deletedLong, 0, keyWidth);
    if (emptyHash == deletedHash
        && (strings
            ? Arrays.deepEquals(emptyString, deletedString)
            : Arrays.equals(emptyLong, deletedLong))) {
      throw node.invalidArgument("Empty and deleted keys cannot be equal");
    }
    allocateBuckets(node, initialBuckets);
  }

  private static long[] longs(Tensor t) {
    return t.toLongArray();
  }

  // ---- TF's hashes ----

  private static long hashLongs(long[] k, int from, int width) {
    if (width == 1) {
      return k[from];
    }
    long h = 0;
    for (int j = 0; j < width; j++) {
      h = combine(h, k[from + j]);
    }
    return h;
  }

  private static long hashStrings(byte[][] k, int from, int width) {
    if (width == 1) {
      return hash64(k[from]);
    }
    long h = 0;
    for (int j = 0; j < width; j++) {
      h = combine(h, hash64(k[from + j]));
    }
    return h;
  }

  /** TF's Hash64Combine. */
  private static long combine(long a, long b) {
    return a ^ (b + 0x9e3779b97f4a7800L + (a << 10) + (a >>> 4));
  }

  /** TF's Hash64(data, n, 0xDECAFCAFFE): MurmurHash64A. */
  static long hash64(byte[] data) {
    final long m = 0xc6a4a7935bd1e995L;
    final int r = 47;
    int n = data.length;
    long h = 0xDECAFCAFFEL ^ (n * m);
    int p = 0;
    while (n - p >= 8) {
      long k = 0;
      for (int b = 7; b >= 0; b--) {
        k = (k << 8) | (data[p + b] & 0xffL);
      }
      p += 8;
      k *= m;
      k ^= k >>> r;
      k *= m;
      h ^= k;
      h *= m;
    }
    int rest = n - p;
    if (rest > 0) {
      for (int b = rest - 1; b >= 0; b--) {
        h ^= (data[p + b] & 0xffL) << (8 * b);
      }
      h *= m;
    }
    h ^= h >>> r;
    h *= m;
    h ^= h >>> r;
    return h;
  }

  // ---- buckets ----

  private void allocateBuckets(NodeInfo node, long n) {
    if (n < 4 || (n & (n - 1)) != 0) {
      throw node.invalidArgument(
          "Number of buckets must be at least 4 and a power of 2, got: " + n);
    }
    numBuckets = n;
    numEntries = 0;
    int rows = Math.toIntExact(n);
    if (keyDtype == DType.STRING) {
      stringKeys = new byte[rows * keyWidth][];
      for (int i = 0; i < rows; i++) {
        System.arraycopy(emptyString, 0, stringKeys, i * keyWidth, keyWidth);
      }
    } else {
      longKeys = new long[rows * keyWidth];
      for (int i = 0; i < rows; i++) {
        System.arraycopy(emptyLong, 0, longKeys, i * keyWidth, keyWidth);
      }
    }
    values = new ValueRows(valueDtype, valueWidth);
    values.ensure(rows);
  }

  /** Bucket b's key equals row {@code i} of the keys read from a tensor. */
  private boolean bucketIs(long b, long[] ks, byte[][] ss, long i) {
    int at = (int) (b * keyWidth);
    int from = (int) (i * keyWidth);
    for (int j = 0; j < keyWidth; j++) {
      if (ss != null
          ? !Arrays.equals(stringKeys[at + j], ss[from + j])
          : longKeys[at + j] != ks[from + j]) {
        return false;
      }
    }
    return true;
  }

  private boolean bucketIsKey(long b, boolean deleted) {
    int at = (int) (b * keyWidth);
    for (int j = 0; j < keyWidth; j++) {
      if (keyDtype == DType.STRING
          ? !Arrays.equals(stringKeys[at + j], (deleted ? deletedString : emptyString)[j])
          : longKeys[at + j] != (deleted ? deletedLong : emptyLong)[j]) {
        return false;
      }
    }
    return true;
  }

  private boolean rowIs(long[] ks, byte[][] ss, long i, boolean deleted) {
    int from = (int) (i * keyWidth);
    for (int j = 0; j < keyWidth; j++) {
      if (ss != null
          ? !Arrays.equals(ss[from + j], (deleted ? deletedString : emptyString)[j])
          : ks[from + j] != (deleted ? deletedLong : emptyLong)[j]) {
        return false;
      }
    }
    return true;
  }

  private long hashRow(long[] ks, byte[][] ss, long i) {
    int from = (int) (i * keyWidth);
    return ss != null ? hashStrings(ss, from, keyWidth) : hashLongs(ks, from, keyWidth);
  }

  /** Rejects the empty and the deleted key, as TF does before probing. */
  private void checkNotReserved(NodeInfo node, long[] ks, byte[][] ss, long i, long hash) {
    if (hash == emptyHash && rowIs(ks, ss, i, false)) {
      throw node.invalidArgument("Using the empty_key as a table key is not allowed");
    }
    if (hash == deletedHash && rowIs(ks, ss, i, true)) {
      throw node.invalidArgument("Using the deleted_key as a table key is not allowed");
    }
  }

  private long[] longRows(Tensor keys) {
    return keyDtype == DType.STRING ? null : keys.toLongArray();
  }

  private byte[][] stringRows(Tensor keys) {
    return keyDtype == DType.STRING ? keys.toBytesArray() : null;
  }

  private void checkKeyRows(NodeInfo node, Tensor keys, long rows) {
    if (keys.numElements() != rows * keyWidth) {
      throw node.invalidArgument(
          "Expected key shape " + Shape.of(rows).concat(keyShape) + " got " + keys.shape());
    }
  }

  @Override
  synchronized long size() {
    return numEntries;
  }

  @Override
  synchronized Tensor find(KernelContext ctx, Tensor keys, Tensor defaults, Shape out) {
    NodeInfo node = ctx.node();
    long n = keys.shape().rank() == 0 ? 1 : keys.shape().dim(0);
    checkKeyRows(node, keys, n);
    long[] ks = longRows(keys);
    byte[][] ss = stringRows(keys);
    TensorBuffer buf = ctx.allocateUninitialized(valueDtype, out);
    long mask = numBuckets - 1;
    for (long i = 0; i < n; i++) {
      long hash = hashRow(ks, ss, i);
      checkNotReserved(node, ks, ss, i, hash);
      long b = hash & mask;
      long probes = 0;
      while (true) {
        if (bucketIs(b, ks, ss, i)) {
          values.copyTo((int) b, buf, i);
          break;
        }
        if (bucketIsKey(b, false)) {
          IndexedTable.copyRow(defaults, 0, buf, i, valueWidth);
          break;
        }
        probes++;
        b = (b + probes) & mask;
        if (probes >= numBuckets) {
          throw node.error(Code.INTERNAL, "Internal error in MutableDenseHashTable lookup");
        }
      }
    }
    return buf.freeze();
  }

  @Override
  synchronized void insert(NodeInfo node, Tensor keys, Tensor vals) {
    long batch = keys.shape().rank() == 0 ? 1 : keys.shape().dim(0);
    checkKeyRows(node, keys, batch);
    long pending = numEntries + batch;
    if ((float) pending > (float) numBuckets * maxLoadFactor) {
      long grown = numBuckets;
      do {
        grown <<= 1;
      } while ((float) pending > (float) grown * maxLoadFactor);
      rebucket(node, grown);
    }
    put(node, longRows(keys), stringRows(keys), batch, vals, false);
  }

  private void rebucket(NodeInfo node, long grown) {
    long oldBuckets = numBuckets;
    long[] oldLong = longKeys;
    byte[][] oldString = stringKeys;
    ValueRows oldValues = values;
    allocateBuckets(node, grown);
    TensorBuffer oldRows = TensorBuffer.allocate(valueDtype, Shape.of(oldBuckets, valueWidth));
    for (int b = 0; b < oldBuckets; b++) {
      oldValues.copyTo(b, oldRows, b);
    }
    put(node, oldLong, oldString, oldBuckets, oldRows.freeze(), true);
  }

  private void put(
      NodeInfo node, long[] ks, byte[][] ss, long n, Tensor vals, boolean skipReserved) {
    long mask = numBuckets - 1;
    for (long i = 0; i < n; i++) {
      long hash = hashRow(ks, ss, i);
      if ((hash == emptyHash && rowIs(ks, ss, i, false))
          || (hash == deletedHash && rowIs(ks, ss, i, true))) {
        if (skipReserved) {
          continue;
        }
        checkNotReserved(node, ks, ss, i, hash);
      }
      long b = hash & mask;
      long probes = 0;
      while (true) {
        if (bucketIs(b, ks, ss, i)) {
          values.set((int) b, vals, i);
          break;
        }
        if (bucketIsKey(b, false) || bucketIsKey(b, true)) {
          numEntries++;
          setKey(b, ks, ss, i);
          values.set((int) b, vals, i);
          break;
        }
        probes++;
        b = (b + probes) & mask;
        if (probes >= numBuckets) {
          throw node.error(Code.INTERNAL, "Internal error in MutableDenseHashTable insert");
        }
      }
    }
  }

  private void setKey(long b, long[] ks, byte[][] ss, long i) {
    int at = (int) (b * keyWidth);
    int from = (int) (i * keyWidth);
    if (ss != null) {
      System.arraycopy(ss, from, stringKeys, at, keyWidth);
    } else {
      System.arraycopy(ks, from, longKeys, at, keyWidth);
    }
  }

  @Override
  void checkRemove(NodeInfo node, Tensor keys) {
    super.checkRemove(node, keys);
    checkKeyRows(node, keys, keys.shape().rank() == 0 ? 1 : keys.shape().dim(0));
  }

  @Override
  synchronized void remove(NodeInfo node, Tensor keys) {
    long n = keys.shape().rank() == 0 ? 1 : keys.shape().dim(0);
    long[] ks = longRows(keys);
    byte[][] ss = stringRows(keys);
    long mask = numBuckets - 1;
    for (long i = 0; i < n; i++) {
      long hash = hashRow(ks, ss, i);
      checkNotReserved(node, ks, ss, i, hash);
      long b = hash & mask;
      long probes = 0;
      while (true) {
        if (bucketIs(b, ks, ss, i)) {
          numEntries--;
          int at = (int) (b * keyWidth);
          if (ss != null) {
            System.arraycopy(deletedString, 0, stringKeys, at, keyWidth);
          } else {
            System.arraycopy(deletedLong, 0, longKeys, at, keyWidth);
          }
          break;
        }
        if (bucketIsKey(b, false)) {
          break;
        }
        probes++;
        b = (b + probes) & mask;
        if (probes >= numBuckets) {
          throw node.error(Code.INTERNAL, "Internal error in MutableDenseHashTable remove");
        }
      }
    }
  }

  /** The dense table's import shapes: keys [n, key…] and values [n, value…], vectors kept. */
  @Override
  void checkImport(NodeInfo node, Tensor keys, Tensor vals) {
    LookupChecks.keyShape(node, keys.shape(), keyShape);
    Shape key = keyShape.rank() == 0 ? Shape.of(1) : keyShape;
    Shape value = valueShape.rank() == 0 ? Shape.of(1) : valueShape;
    Shape want = LookupChecks.valueShapeFor(keys.shape(), key.rank(), value);
    if (!vals.shape().equals(want)) {
      throw node.invalidArgument("Expected shape " + want + " for value, got " + vals.shape());
    }
  }

  /** Takes the exported buckets as they are, counting the live ones. */
  @Override
  synchronized void importValues(NodeInfo node, Tensor keys, Tensor vals) {
    numBuckets = keys.shape().rank() == 0 ? 1 : keys.shape().dim(0);
    int rows = Math.toIntExact(numBuckets);
    longKeys = longRows(keys);
    stringKeys = stringRows(keys);
    values = new ValueRows(valueDtype, valueWidth);
    values.ensure(rows);
    for (int b = 0; b < rows; b++) {
      values.set(b, vals, b);
    }
    numEntries = 0;
    for (int b = 0; b < rows; b++) {
      if (!bucketIsKey(b, false) && !bucketIsKey(b, true)) {
        numEntries++;
      }
    }
  }

  @Override
  synchronized List<Tensor> export(KernelContext ctx) {
    int rows = Math.toIntExact(numBuckets);
    TensorBuffer k = ctx.allocateUninitialized(keyDtype, Shape.of(numBuckets, keyWidth));
    if (keyDtype == DType.STRING) {
      System.arraycopy(stringKeys, 0, k.strings(), 0, rows * keyWidth);
    } else {
      MemorySegment s = k.segment();
      for (int i = 0; i < rows * keyWidth; i++) {
        if (keyDtype == DType.INT32) {
          s.setAtIndex(Layouts.I32, i, (int) longKeys[i]);
        } else {
          s.setAtIndex(Layouts.I64, i, longKeys[i]);
        }
      }
    }
    TensorBuffer v = ctx.allocateUninitialized(valueDtype, Shape.of(numBuckets, valueWidth));
    for (int b = 0; b < rows; b++) {
      values.copyTo(b, v, b);
    }
    return List.of(k.freeze(), v.freeze());
  }
}
