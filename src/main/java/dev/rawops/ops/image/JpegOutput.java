package dev.rawops.ops.image;

import java.util.Arrays;

/** A growing byte buffer with JPEG's big-endian marker helpers. */
final class JpegOutput {
  private byte[] bytes = new byte[4096];
  private int size;

  void put(int b) {
    if (size == bytes.length) {
      bytes = Arrays.copyOf(bytes, bytes.length * 2);
    }
    bytes[size++] = (byte) b;
  }

  void put2(int v) {
    put((v >> 8) & 0xFF);
    put(v & 0xFF);
  }

  void marker(int code) {
    put(0xFF);
    put(code);
  }

  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
