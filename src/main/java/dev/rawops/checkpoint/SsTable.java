package dev.rawops.checkpoint;

import com.google.common.hash.Hashing;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The LevelDB-style sorted table of a checkpoint index (TF's {@code tsl/lib/io/table}, {@code
 * format.cc}, {@code block.cc}): a footer pointing at the index block, whose entries point at the
 * data blocks; each block followed by its compression type and masked CRC32C.
 */
final class SsTable {
  private static final long TABLE_MAGIC = 0xdb4775248b80fb57L;
  private static final int FOOTER_LENGTH = 48;
  private static final byte NO_COMPRESSION = 0;
  private static final byte SNAPPY_COMPRESSION = 1;

  private SsTable() {}

  /**
   * Every key/value of a table file, in key order, each block's checksum verified; keys are the raw
   * bytes as ISO-8859-1 (lossless: slice keys are binary).
   */
  static Map<String, byte[]> read(byte[] file, Path path) {
    if (file.length < FOOTER_LENGTH) {
      throw TensorBundle.corrupt(path, "file is too short to be an sstable");
    }
    ByteBuffer footer =
        ByteBuffer.wrap(file, file.length - FOOTER_LENGTH, FOOTER_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    long magic = ByteBuffer.wrap(file, file.length - 8, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    if (magic != TABLE_MAGIC) {
      throw TensorBundle.corrupt(path, "not an sstable (bad magic number)");
    }
    try {
      readVarint64(footer); // metaindex handle: unused by bundles
      readVarint64(footer);
      long indexOffset = readVarint64(footer);
      long indexSize = readVarint64(footer);
      Map<String, byte[]> out = new LinkedHashMap<>();
      byte[] index = block(file, indexOffset, indexSize, path);
      for (Map.Entry<String, byte[]> h : blockEntries(index, path).entrySet()) {
        ByteBuffer handle = ByteBuffer.wrap(h.getValue());
        long off = readVarint64(handle);
        long size = readVarint64(handle);
        out.putAll(blockEntries(block(file, off, size, path), path));
      }
      return out;
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw TensorBundle.corrupt(path, "bad block handle or entry");
    }
  }

  private static byte[] block(byte[] file, long offset, long size, Path path) {
    if (offset < 0 || size < 0 || offset + size + 5 > file.length - FOOTER_LENGTH + 0L) {
      throw TensorBundle.corrupt(path, "truncated block read");
    }
    int off = (int) offset;
    int n = (int) size;
    byte type = file[off + n];
    int stored = ByteBuffer.wrap(file, off + n + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int actual = Hashing.crc32c().newHasher().putBytes(file, off, n + 1).hash().asInt();
    if (TensorBundle.unmask(stored) != actual) {
      throw TensorBundle.corrupt(path, "block checksum mismatch");
    }
    return switch (type) {
      case NO_COMPRESSION -> Arrays.copyOfRange(file, off, off + n);
      // TF 2 writes bundles uncompressed; TF 1 wrote Snappy blocks, and TF 2.18 still reads them.
      case SNAPPY_COMPRESSION -> SnappyBlock.uncompress(file, off, n, path);
      default -> throw TensorBundle.corrupt(path, "bad block type " + type);
    };
  }

  private static Map<String, byte[]> blockEntries(byte[] block, Path path) {
    if (block.length < 4) {
      throw TensorBundle.corrupt(path, "bad block contents");
    }
    ByteBuffer in = ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN);
    int numRestarts = in.getInt(block.length - 4);
    long limit = block.length - 4 - 4L * numRestarts;
    if (numRestarts < 0 || limit < 0) {
      throw TensorBundle.corrupt(path, "bad block contents");
    }
    Map<String, byte[]> out = new LinkedHashMap<>();
    byte[] key = new byte[0];
    while (in.position() < limit) {
      int shared = (int) readVarint64(in);
      int nonShared = (int) readVarint64(in);
      int valueLength = (int) readVarint64(in);
      if (shared < 0
          || shared > key.length
          || nonShared < 0
          || valueLength < 0
          || in.position() + (long) nonShared + valueLength > limit) {
        throw TensorBundle.corrupt(path, "bad entry in block");
      }
      byte[] k = new byte[shared + nonShared];
      System.arraycopy(key, 0, k, 0, shared);
      in.get(k, shared, nonShared);
      byte[] v = new byte[valueLength];
      in.get(v);
      out.put(new String(k, StandardCharsets.ISO_8859_1), v);
      key = k;
    }
    return out;
  }

  static long readVarint64(ByteBuffer in) {
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      byte b = in.get();
      result |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return result;
      }
    }
    throw new IllegalArgumentException("varint too long");
  }
}
