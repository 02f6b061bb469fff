package dev.rawops.kernels.cpu.strings;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
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
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The string hashes (string_to_hash_bucket_op.cc, fingerprint_op.cc): StringToHashBucketFast is
 * farmhash's Fingerprint64, StringToHashBucketStrong SipHash-2-4 keyed by {@code key[0], key[1]},
 * StringToHashBucket TF's legacy MurmurHash64A-style {@code Hash64} with seed 0xDECAFCAFFE; buckets
 * are the unsigned hash modulo num_buckets. Fingerprint is farmhash64 of each row's bytes,
 * little-endian (for strings: of each element, or of the row's element fingerprints when a row
 * holds several).
 */
final class CpuStringHash {
  private CpuStringHash() {}

  private static final HashFunction FARM = Hashing.farmHashFingerprint64();
  private static final long HASH64_SEED = 0xDECAFCAFFEL;
  private static final long M = 0xc6a4a7935bd1e995L;
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringToHashBucketFast", Device.CPU)
              .build(n -> buckets(n, b -> FARM.hashBytes(b).asLong())),
          KernelDef.builder("StringToHashBucketStrong", Device.CPU).build(CpuStringHash::strong),
          KernelDef.builder("StringToHashBucket", Device.CPU)
              .build(n -> buckets(n, CpuStringHash::hash64)),
          KernelDef.builder("Fingerprint", Device.CPU)
              .typeConstraint(
                  "T",
                  DType.BOOL,
                  DType.INT8,
                  DType.INT16,
                  DType.INT32,
                  DType.INT64,
                  DType.UINT8,
                  DType.UINT16,
                  DType.UINT32,
                  DType.UINT64,
                  DType.HALF,
                  DType.BFLOAT16,
                  DType.FLOAT,
                  DType.DOUBLE,
                  DType.COMPLEX64,
                  DType.COMPLEX128,
                  DType.STRING)
              .build(n -> ctx -> fingerprint(n, ctx)));

  private static Kernel strong(NodeInfo node) {
    List<Long> key = node.attrs().get("key").getList().getIList();
    if (key.size() != 2) {
      throw node.invalidArgument("Key must have 2 elements");
    }
    HashFunction sip = Hashing.sipHash24(key.get(0), key.get(1));
    return buckets(node, b -> sip.hashBytes(b).asLong());
  }

  private static Kernel buckets(NodeInfo node, ToLongFunction<byte[]> hash) {
    long buckets = node.attrs().getInt("num_buckets");
    return ctx -> {
      Tensor in = ctx.input(0);
      byte[][] s = KernelAccess.strings(in);
      TensorBuffer out = ctx.allocateUninitialized(DType.INT64, in.shape());
      MemorySegment o = out.segment();
      ctx.parallel()
          .forRange(
              s.length,
              100,
              (from, to) -> {
                for (int i = (int) from; i < to; i++) {
                  o.setAtIndex(
                      Layouts.I64, i, Long.remainderUnsigned(hash.applyAsLong(s[i]), buckets));
                }
              });
      ctx.setOutput(0, out.freeze());
    };
  }

  /** TF's Hash64 (core/lib/hash/hash.cc) with its default seed. */
  static long hash64(byte[] data) {
    int n = data.length;
    long h = HASH64_SEED ^ (n * M);
    int at = 0;
    for (; n - at >= 8; at += 8) {
      long k = (long) LE_LONG.get(data, at);
      k *= M;
      k ^= k >>> 47;
      k *= M;
      h ^= k;
      h *= M;
    }
    int rest = n - at;
    if (rest > 0) {
      for (int j = rest - 1; j >= 0; j--) {
        h ^= (data[at + j] & 0xFFL) << (8 * j);
      }
      h *= M;
    }
    h ^= h >>> 47;
    h *= M;
    h ^= h >>> 47;
    return h;
  }

  private static void fingerprint(NodeInfo node, KernelContext ctx) {
    Tensor method = ctx.input(1);
    if (method.shape().rank() != 0) {
      throw node.invalidArgument("`method` should be a scalar string: " + method.shape());
    }
    byte[] m = KernelAccess.strings(method)[0];
    if (!new String(m, StandardCharsets.ISO_8859_1).equals("farmhash64")) {
      throw node.invalidArgument(
          "Unsupported fingerprint method: " + new String(m, StandardCharsets.UTF_8));
    }
    Tensor data = ctx.input(0);
    Shape shape = data.shape();
    if (shape.rank() < 1) {
      throw node.invalidArgument("`data` should have at least one dimension: " + shape);
    }
    int rows = Math.toIntExact(shape.dim(0));
    long perRow = rows == 0 ? 0 : shape.numElements() / rows;
    TensorBuffer out = ctx.allocate(DType.UINT8, Shape.of(rows, Long.BYTES));
    MemorySegment o = out.segment();
    if (data.dtype() == DType.STRING) {
      byte[][] s = KernelAccess.strings(data);
      for (int r = 0; r < rows; r++) {
        long fp;
        if (perRow == 1) {
          fp = FARM.hashBytes(s[r]).asLong();
        } else {
          byte[] row = new byte[Math.toIntExact(perRow * Long.BYTES)];
          MemorySegment rs = MemorySegment.ofArray(row);
          for (int j = 0; j < perRow; j++) {
            rs.set(
                Layouts.I64,
                (long) j * Long.BYTES,
                FARM.hashBytes(s[Math.toIntExact(r * perRow + j)]).asLong());
          }
          fp = FARM.hashBytes(row).asLong();
        }
        o.set(Layouts.I64, (long) r * Long.BYTES, fp);
      }
    } else {
      int rowBytes = Math.toIntExact(perRow * data.dtype().byteSize());
      byte[] all = data.data().toArray(ValueLayout.JAVA_BYTE);
      for (int r = 0; r < rows; r++) {
        o.set(
            Layouts.I64,
            (long) r * Long.BYTES,
            FARM.hashBytes(all, r * rowBytes, rowBytes).asLong());
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
