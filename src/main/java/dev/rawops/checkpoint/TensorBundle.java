package dev.rawops.checkpoint;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.memory.MemoryShortage;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.BundleEntryProto;
import dev.rawops.tfproto.BundleHeaderProto;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A TensorFlow checkpoint in the tensor-bundle format (V2): {@code PREFIX.index}, a LevelDB-style
 * sorted table whose values are a {@link BundleHeaderProto} (empty key) and one {@link
 * BundleEntryProto} per tensor, and {@code PREFIX.data-NNNNN-of-MMMMM} shards holding the bytes.
 * Every block and every tensor is checked against its (masked) CRC32C, as TF's reader does; any
 * damage is DATA_LOSS naming the file, never a wrong value.
 */
public final class TensorBundle {
  private static final int MASK_DELTA = 0xa282ead8;

  private final String prefix;
  private final BundleHeaderProto header;
  private final Map<String, BundleEntryProto> entries;
  private final Map<String, BundleEntryProto> sliceEntries; // by raw key bytes, ISO-8859-1

  private TensorBundle(
      String prefix,
      BundleHeaderProto header,
      Map<String, BundleEntryProto> entries,
      Map<String, BundleEntryProto> sliceEntries) {
    this.prefix = prefix;
    this.header = header;
    this.entries = entries;
    this.sliceEntries = sliceEntries;
  }

  String prefix() {
    return prefix;
  }

  /** The path of a checkpoint's index file. */
  public static Path indexPath(String prefix) {
    return Path.of(prefix + ".index");
  }

  /** The path of data shard {@code shard} of {@code numShards} (TF's naming.cc). */
  public static Path dataPath(String prefix, int shard, int numShards) {
    return Path.of(String.format("%s.data-%05d-of-%05d", prefix, shard, numShards));
  }

  /**
   * Opens and checks the index of checkpoint {@code prefix}.
   *
   * @throws RawOpsException NOT_FOUND when there is no index (TF's wording), DATA_LOSS when it is
   *     damaged
   */
  public static TensorBundle open(String prefix) {
    Path index = indexPath(prefix);
    byte[] bytes;
    try {
      long size = Files.size(index);
      long limit = Limits.maxCheckpointIndexBytes();
      if (size > limit) { // refused before reading: an index is a table of entries, not data
        throw Limits.exceeded(
            "checkpoint index " + index + " of " + size + " bytes",
            Limits.MAX_CHECKPOINT_INDEX_BYTES,
            limit);
      }
      bytes = Files.readAllBytes(index);
    } catch (OutOfMemoryError e) {
      throw MemoryShortage.of("reading checkpoint index " + index, e);
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
              + prefix
              + " (no "
              + index
              + ")");
    } catch (IOException e) {
      throw RawOpsException.of(Code.DATA_LOSS, "cannot read " + index + ": " + e.getMessage());
    }
    Map<String, byte[]> table = SsTable.read(bytes, index);
    byte[] head = table.get("");
    if (head == null) {
      throw corrupt(index, "no bundle header (the entry under the empty key)");
    }
    BundleHeaderProto header;
    try {
      header = BundleHeaderProto.parseFrom(head);
    } catch (InvalidProtocolBufferException e) {
      throw corrupt(index, "Entry for key  not parseable.");
    }
    if (header.getEndianness() != BundleHeaderProto.Endianness.LITTLE) {
      throw RawOpsException.of(
          Code.UNIMPLEMENTED, index + ": big-endian checkpoints are not supported by rawops");
    }
    if (header.getNumShards() < 1) {
      throw corrupt(index, "the header says the bundle has " + header.getNumShards() + " shards");
    }
    Map<String, BundleEntryProto> entries = new LinkedHashMap<>();
    Map<String, BundleEntryProto> slices = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : table.entrySet()) {
      if (e.getKey().isEmpty()) {
        continue;
      }
      // A key starting with a zero byte is one slice of a partitioned tensor
      // (EncodeTensorNameSlice)
      boolean slice = e.getKey().charAt(0) == 0;
      String key =
          slice
              ? e.getKey()
              : new String(
                  e.getKey().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                  java.nio.charset.StandardCharsets.UTF_8);
      try {
        (slice ? slices : entries).put(key, BundleEntryProto.parseFrom(e.getValue()));
      } catch (InvalidProtocolBufferException ex) {
        throw corrupt(index, "Entry for key " + key + " not parseable.");
      }
    }
    return new TensorBundle(
        prefix, header, Collections.unmodifiableMap(entries), Collections.unmodifiableMap(slices));
  }

  public BundleHeaderProto header() {
    return header;
  }

  /** Every tensor key, sorted as in the index (a partitioned tensor once, not its slices). */
  public Set<String> keys() {
    return entries.keySet();
  }

  public boolean contains(String key) {
    return entries.containsKey(key);
  }

  public BundleEntryProto entry(String key) {
    BundleEntryProto e = entries.get(key);
    if (e == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND, "Key " + key + " not found in checkpoint " + indexPath(prefix));
    }
    return e;
  }

  /**
   * The whole tensor stored under {@code key}, its bytes checked against the entry's CRC32C; a
   * partitioned tensor is put together from its stored slices ({@link TensorSlices}).
   *
   * @throws RawOpsException NOT_FOUND for an unknown key, DATA_LOSS naming the shard file when the
   *     bytes are missing or damaged, INVALID_ARGUMENT when stored slices do not cover the tensor
   */
  public Tensor read(String key) {
    BundleEntryProto e = entry(key);
    if (e.getSlicesCount() > 0) {
      return TensorSlices.read(this, key, e, TensorSlices.Slice.full(e.getShape().getDimCount()));
    }
    return readEntry(key, e);
  }

  /**
   * What RestoreV2 reads for a non-empty {@code shape_and_slices} entry: {@code spec} is TF's
   * {@code "d0 d1 … slice"} (the full shape, then per dimension {@code start,length} or {@code -}),
   * e.g. {@code "5 3 0,2:-"}. Works for partitioned and whole entries alike, as TF's LookupSlice.
   *
   * @throws RawOpsException INVALID_ARGUMENT for a malformed spec, a shape other than the stored
   *     one, or stored slices that do not cover the slice; as {@link #read} otherwise
   */
  public Tensor readSlice(String key, String spec) {
    BundleEntryProto e = entry(key);
    Shape stored = TensorProtos.shapeOf(e.getShape());
    TensorSlices.Slice want = TensorSlices.parseShapeAndSlice(key, spec, stored);
    BundleEntryProto sliced =
        e.getSlicesCount() > 0
            ? e
            : e.toBuilder().addSlices(TensorSlices.Slice.full(stored.rank()).proto()).build();
    return TensorSlices.read(this, key, sliced, want);
  }

  /** One stored slice's entry (by its encoded key), read whole. */
  Tensor readSliceEntry(String key, String encodedKey, String sliceDebug) {
    BundleEntryProto e = sliceEntries.get(encodedKey);
    if (e == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "slice " + sliceDebug + " of " + key + " not found in checkpoint " + indexPath(prefix));
    }
    return readEntry(key + " (slice " + sliceDebug + ")", e);
  }

  Tensor readEntry(String key, BundleEntryProto e) {
    DType dtype = DType.fromProtoOrNull(e.getDtype());
    if (dtype == null || dtype.isObject()) {
      throw RawOpsException.of(
          Code.UNIMPLEMENTED,
          "checkpoint entry " + key + " has dtype " + DType.tfName(e.getDtype()));
    }
    Shape shape = TensorProtos.shapeOf(e.getShape());
    if (e.getShardId() < 0 || e.getShardId() >= header.getNumShards()) {
      throw corrupt(
          indexPath(prefix),
          "entry " + key + " names shard " + e.getShardId() + " of " + header.getNumShards());
    }
    Path file = dataPath(prefix, e.getShardId(), header.getNumShards());
    byte[] bytes = readRange(file, e.getOffset(), e.getSize(), key);
    int stored = unmask(e.getCrc32C());
    if (dtype == DType.STRING) {
      return readStrings(bytes, shape, file, key, e, stored);
    }
    int actual = Hashing.crc32c().hashBytes(bytes).asInt();
    if (actual != stored) {
      throw checksum(file, e, key, stored, actual);
    }
    long want = shape.numElements() * dtype.byteSize();
    if (want != bytes.length) {
      throw corrupt(
          file,
          "entry "
              + key
              + " holds "
              + bytes.length
              + " bytes but a "
              + dtype.tfName()
              + " tensor of shape "
              + shape
              + " needs "
              + want);
    }
    return Tensor.fromBytes(dtype, shape, MemorySegment.ofArray(bytes));
  }

  private Tensor readStrings(
      byte[] bytes, Shape shape, Path file, String key, BundleEntryProto entry, int stored) {
    long n = shape.numElements();
    if (bytes.length == 0 && n > 0) {
      throw corrupt(file, "entry " + key + " holds no bytes for " + n + " strings");
    }
    // Each string takes at least its one-byte length, and the lengths' checksum 4 more: an entry
    // claiming more strings than that is refused before anything is allocated for them.
    if (n > bytes.length - 4L) {
      throw corrupt(
          file,
          "entry "
              + key
              + " holds "
              + bytes.length
              + " bytes, too few for "
              + n
              + " strings (each needs at least a 1-byte length, and the lengths a 4-byte"
              + " checksum)");
    }
    TensorBuffer b = TensorBuffer.allocate(DType.STRING, shape);
    if (n == 0) {
      return b.freeze();
    }
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    Hasher crc = Hashing.crc32c().newHasher();
    long[] lengths = new long[(int) n];
    try {
      for (int i = 0; i < n; i++) {
        lengths[i] = SsTable.readVarint64(in);
        if (lengths[i] >= 0 && lengths[i] <= 0xffffffffL) {
          crc.putInt((int) lengths[i]);
        } else {
          crc.putLong(lengths[i]);
        }
      }
      int rawLengthChecksum = in.getInt();
      int lengthsCrc = crc.hash().asInt();
      if (unmask(rawLengthChecksum) != lengthsCrc) {
        throw corrupt(
            file,
            "entry "
                + key
                + ": The length checksum does not match: expected "
                + Integer.toUnsignedString(unmask(rawLengthChecksum))
                + " but actual is "
                + Integer.toUnsignedString(lengthsCrc));
      }
      crc = Hashing.crc32c().newHasher();
      crc.putBytes(bytes, 0, in.position());
      byte[][] out = b.strings();
      for (int i = 0; i < n; i++) {
        if (lengths[i] < 0 || lengths[i] > in.remaining()) {
          throw corrupt(file, "entry " + key + ": string " + i + " runs past the entry");
        }
        byte[] s = new byte[(int) lengths[i]];
        in.get(s);
        out[i] = s;
      }
      if (in.hasRemaining()) {
        throw corrupt(file, "entry " + key + ": " + in.remaining() + " bytes after the strings");
      }
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw corrupt(file, "entry " + key + " is truncated");
    }
    // TF's whole-entry checksum runs over the lengths as uint32 (not the varint bytes), the masked
    // length checksum and the string bytes.
    Hasher whole = Hashing.crc32c().newHasher();
    ByteBuffer again = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      long len = SsTable.readVarint64(again);
      if (len >= 0 && len <= 0xffffffffL) {
        whole.putInt((int) len);
      } else {
        whole.putLong(len);
      }
    }
    whole.putBytes(bytes, again.position(), bytes.length - again.position());
    int actual = whole.hash().asInt();
    if (actual != stored) {
      throw checksum(file, entry, key, stored, actual);
    }
    return b.freeze();
  }

  private static byte[] readRange(Path file, long offset, long size, String key) {
    if (offset < 0 || size < 0 || size > Integer.MAX_VALUE - 8) {
      throw corrupt(file, "entry " + key + " has offset " + offset + " and size " + size);
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      if (offset + size > ch.size()) {
        throw corrupt(
            file,
            "entry "
                + key
                + " needs bytes ["
                + offset
                + ", "
                + (offset + size)
                + ") but the file has "
                + ch.size()
                + " (truncated shard)");
      }
      ByteBuffer buf = ByteBuffer.allocate((int) size);
      while (buf.hasRemaining()) {
        if (ch.read(buf, offset + buf.position()) < 0) {
          throw corrupt(file, "entry " + key + " is truncated");
        }
      }
      return buf.array();
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(
          Code.DATA_LOSS, "checkpoint data file " + file + " is missing (needed for " + key + ")");
    } catch (IOException e) {
      throw RawOpsException.of(Code.DATA_LOSS, "cannot read " + file + ": " + e.getMessage());
    }
  }

  private RawOpsException checksum(
      Path file, BundleEntryProto e, String key, int stored, int actual) {
    return RawOpsException.of(
        Code.DATA_LOSS,
        "TensorBundle at "
            + prefix
            + " shard "
            + e.getShardId()
            + " ("
            + e.getSize()
            + " bytes): Checksum does not match: stored "
            + Integer.toUnsignedString(stored)
            + " vs. calculated on the restored bytes "
            + Integer.toUnsignedString(actual)
            + " (file "
            + file
            + ", key "
            + key
            + ")");
  }

  static RawOpsException corrupt(Path file, String detail) {
    return RawOpsException.of(
        Code.DATA_LOSS,
        "Unable to read file ("
            + file
            + "). Perhaps the file is corrupt or was produced by a newer version of TensorFlow"
            + " with format changes ("
            + detail
            + ")");
  }

  /** TF's crc32c::Unmask. */
  static int unmask(int masked) {
    int rot = masked - MASK_DELTA;
    return (rot >>> 17) | (rot << 15);
  }

  /** TF's crc32c::Mask. */
  static int mask(int crc) {
    return ((crc >>> 15) | (crc << 17)) + MASK_DELTA;
  }
}
