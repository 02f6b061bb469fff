package dev.rawops.kernels.cpu.parsing;

import dev.rawops.tensor.DType;
import java.util.Arrays;

/**
 * A growing list of one feature's values (float, int64 or bytes), optionally bounded like TF's
 * LimitedArraySlice: past {@code cap} values are counted but not kept, so a too-long list reports
 * its real length. Holds TF's list parsers (ParseFloatList, ParseInt64List, ParseBytesList) over a
 * Feature's bytes after its kind byte.
 */
final class FeatureValues {
  final DType dtype;
  final int cap;
  float[] floats = new float[0];
  long[] longs = new long[0];
  byte[][] bytes = new byte[0][];

  /** How many values were parsed; may exceed {@code cap}, unlike the values kept. */
  int size;

  FeatureValues(DType dtype, int cap) {
    this.dtype = dtype;
    this.cap = cap;
  }

  static FeatureValues unbounded(DType dtype) {
    return new FeatureValues(dtype, Integer.MAX_VALUE);
  }

  /** Values kept: {@code min(size, cap)}. */
  int kept() {
    return Math.min(size, cap);
  }

  private void room(int n) {
    int need = Math.min(n, cap);
    switch (dtype) {
      case FLOAT -> {
        if (floats.length < need) {
          floats = Arrays.copyOf(floats, Math.max(need, Math.min(cap, floats.length * 2 + 8)));
        }
      }
      case INT64 -> {
        if (longs.length < need) {
          longs = Arrays.copyOf(longs, Math.max(need, Math.min(cap, longs.length * 2 + 8)));
        }
      }
      default -> {
        if (bytes.length < need) {
          bytes = Arrays.copyOf(bytes, Math.max(need, Math.min(cap, bytes.length * 2 + 8)));
        }
      }
    }
  }

  /** Parses the list of this dtype from a Feature's bytes {@code [from, to)} after its kind. */
  boolean parse(byte[] buf, int from, int to) {
    ExampleWire w = new ExampleWire(buf, from, to);
    return switch (dtype) {
      case FLOAT -> parseFloats(w);
      case INT64 -> parseLongs(w);
      default -> parseBytes(w);
    };
  }

  private boolean parseBytes(ExampleWire w) {
    long length = w.varint32();
    if (length < 0) {
      return false;
    }
    int outer = w.pushLimit(length);
    while (!w.atEnd()) {
      if (!w.expectTag(0x0A)) {
        return false;
      }
      long n = w.varint32();
      if (n < 0 || size >= cap) {
        return false;
      }
      if (n > w.remaining()) {
        return false;
      }
      room(size + 1);
      bytes[size++] = Arrays.copyOfRange(w.buf, w.pos, w.pos + (int) n);
      w.pos += (int) n;
    }
    w.popLimit(outer);
    return true;
  }

  private boolean parseFloats(ExampleWire w) {
    long length = w.varint32();
    if (length < 0) {
      return false;
    }
    int outer = w.pushLimit(length);
    if (!w.atEnd()) {
      int peek = w.peek();
      if (peek != 0x0A && peek != 0x0D) {
        return false;
      }
      if (peek == 0x0A) {
        w.expectTag(0x0A);
        long packed = w.varint32();
        if (packed < 0) {
          return false;
        }
        int packedOuter = w.pushLimit(packed);
        int initial = size;
        int n = (int) (packed / 4);
        int writable = Math.max(0, Math.min(n, cap - initial));
        long toCopy = Math.min((long) writable * 4, packed);
        if (toCopy > w.remaining()) {
          return false;
        }
        room(initial + writable);
        int whole = (int) (toCopy / 4);
        for (int i = 0; i < whole; i++) {
          floats[initial + i] = Float.intBitsToFloat(w.fixed32());
        }
        size = initial + n;
        w.popLimit(packedOuter);
      } else {
        int initial = size;
        int n = w.remaining() / 5;
        room(initial + n);
        int index = initial;
        while (!w.atEnd()) {
          if (!w.expectTag(0x0D) || w.remaining() < 4) {
            return false;
          }
          int bits = w.fixed32();
          if (index < cap && index < floats.length) {
            floats[index] = Float.intBitsToFloat(bits);
          }
          index++;
        }
        size = initial + n;
      }
    }
    w.popLimit(outer);
    return true;
  }

  private boolean parseLongs(ExampleWire w) {
    long length = w.varint32();
    if (length < 0) {
      return false;
    }
    int outer = w.pushLimit(length);
    if (!w.atEnd()) {
      int peek = w.peek();
      if (peek != 0x0A && peek != 0x08) {
        return false;
      }
      if (peek == 0x0A) {
        w.expectTag(0x0A);
        long packed = w.varint32();
        if (packed < 0) {
          return false;
        }
        int packedOuter = w.pushLimit(packed);
        while (!w.atEnd()) {
          if (!w.varint64()) {
            return false;
          }
          addLong(w.last);
        }
        w.popLimit(packedOuter);
      } else {
        while (!w.atEnd()) {
          if (!w.expectTag(0x08) || !w.varint64()) {
            return false;
          }
          addLong(w.last);
        }
      }
    }
    w.popLimit(outer);
    return true;
  }

  private void addLong(long v) {
    if (size < cap) {
      room(size + 1);
      longs[size] = v;
    }
    size++;
  }
}
