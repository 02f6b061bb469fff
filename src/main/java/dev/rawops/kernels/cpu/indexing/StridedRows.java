package dev.rawops.kernels.cpu.indexing;

import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/**
 * Copies one row of a strided gather: {@code n} source elements {@code step} apart (step may be
 * negative) into {@code n} consecutive output elements. The variant is chosen once per kernel call
 * from the element size, so the per-element work is a tight typed loop with no virtual call; rows
 * that are contiguous and long enough are one bulk copy.
 */
abstract sealed class StridedRows {
  /** Below this many bytes a contiguous row is cheaper to move element by element. */
  private static final long BULK_MIN_BYTES = 64;

  final long n;
  final long step;

  private StridedRows(long n, long step) {
    this.n = n;
    this.step = step;
  }

  /** Copies the row starting at source element {@code src} to output element {@code dst}. */
  abstract void copy(long src, long dst);

  static StridedRows of(Tensor src, TensorBuffer dst, long n, long step) {
    if (src.dtype() == DType.STRING) {
      return new Strings(KernelAccess.strings(src), dst.strings(), n, step);
    }
    int esz = src.dtype().byteSize();
    MemorySegment s = src.data();
    MemorySegment d = dst.segment();
    if (step == 1 && n * esz >= BULK_MIN_BYTES) {
      return new Bulk(s, d, n, esz);
    }
    if (step == -1 && esz < Long.BYTES && n * esz >= Long.BYTES) {
      return new Reversed(s, d, n, esz);
    }
    return switch (esz) {
      case 1 -> new E1(s, d, n, step);
      case 2 -> new E2(s, d, n, step);
      case 4 -> new E4(s, d, n, step);
      case 8 -> new E8(s, d, n, step);
      case 16 -> new E16(s, d, n, step);
      default -> throw new IllegalStateException("no strided copy for " + esz + "-byte elements");
    };
  }

  /** Rows of fixed-width elements: source and output memory. */
  private abstract static sealed class OnSegments extends StridedRows {
    final MemorySegment src;
    final MemorySegment dst;

    OnSegments(MemorySegment src, MemorySegment dst, long n, long step) {
      super(n, step);
      this.src = src;
      this.dst = dst;
    }
  }

  private static final class Bulk extends OnSegments {
    private final long esz;

    Bulk(MemorySegment src, MemorySegment dst, long n, long esz) {
      super(src, dst, n, 1);
      this.esz = esz;
    }

    @Override
    void copy(long s, long d) {
      MemorySegment.copy(src, s * esz, dst, d * esz, n * esz);
    }
  }

  private static final class E1 extends OnSegments {
    E1(MemorySegment src, MemorySegment dst, long n, long step) {
      super(src, dst, n, step);
    }

    @Override
    void copy(long s, long d) {
      for (long j = 0; j < n; j++) {
        dst.set(I8, d + j, src.get(I8, s + j * step));
      }
    }
  }

  private static final class E2 extends OnSegments {
    E2(MemorySegment src, MemorySegment dst, long n, long step) {
      super(src, dst, n, step);
    }

    @Override
    void copy(long s, long d) {
      for (long j = 0; j < n; j++) {
        dst.setAtIndex(I16, d + j, src.getAtIndex(I16, s + j * step));
      }
    }
  }

  private static final class E4 extends OnSegments {
    E4(MemorySegment src, MemorySegment dst, long n, long step) {
      super(src, dst, n, step);
    }

    @Override
    void copy(long s, long d) {
      for (long j = 0; j < n; j++) {
        dst.setAtIndex(I32, d + j, src.getAtIndex(I32, s + j * step));
      }
    }
  }

  private static final class E8 extends OnSegments {
    E8(MemorySegment src, MemorySegment dst, long n, long step) {
      super(src, dst, n, step);
    }

    @Override
    void copy(long s, long d) {
      for (long j = 0; j < n; j++) {
        dst.setAtIndex(I64, d + j, src.getAtIndex(I64, s + j * step));
      }
    }
  }

  /**
   * A reversed row ({@code step == -1}) of 1-, 2- or 4-byte elements, moved eight bytes at a time:
   * each source word is read forward, its elements are reversed inside the word with a rotate or
   * byte swap, and it is stored at the mirrored output position.
   */
  private static final class Reversed extends OnSegments {
    private final long esz;

    Reversed(MemorySegment src, MemorySegment dst, long n, long esz) {
      super(src, dst, n, -1);
      this.esz = esz;
    }

    @Override
    void copy(long s, long d) {
      long bytes = n * esz;
      long first = (s - n + 1) * esz; // the row's lowest source byte: the output's last element
      long lastWord = d * esz + bytes - Long.BYTES;
      long b = 0;
      for (; b + Long.BYTES <= bytes; b += Long.BYTES) {
        dst.set(I64, lastWord - b, reverse(src.get(I64, first + b)));
      }
      for (long j = b / esz; j < n; j++) {
        moveOne(s - (n - 1 - j), d + (n - 1 - j));
      }
    }

    private long reverse(long w) {
      if (esz == 4) {
        return Long.rotateLeft(w, 32);
      }
      long r = Long.reverseBytes(w);
      return esz == 1 ? r : ((r >>> 8) & 0x00FF00FF00FF00FFL) | ((r & 0x00FF00FF00FF00FFL) << 8);
    }

    private void moveOne(long from, long to) {
      MemorySegment.copy(src, from * esz, dst, to * esz, esz);
    }
  }

  /** complex128: two 8-byte halves per element. */
  private static final class E16 extends OnSegments {
    E16(MemorySegment src, MemorySegment dst, long n, long step) {
      super(src, dst, n, step);
    }

    @Override
    void copy(long s, long d) {
      for (long j = 0; j < n; j++) {
        long from = 2 * (s + j * step);
        long to = 2 * (d + j);
        dst.setAtIndex(I64, to, src.getAtIndex(I64, from));
        dst.setAtIndex(I64, to + 1, src.getAtIndex(I64, from + 1));
      }
    }
  }

  /** Elements are immutable byte arrays, so copying references copies the strings. */
  private static final class Strings extends StridedRows {
    private final byte[][] src;
    private final byte[][] dst;

    Strings(byte[][] src, byte[][] dst, long n, long step) {
      super(n, step);
      this.src = src;
      this.dst = dst;
    }

    @Override
    void copy(long s, long d) {
      int from = (int) s;
      int to = (int) d;
      int st = (int) step;
      for (int j = 0; j < n; j++) {
        dst[to + j] = src[from + j * st];
      }
    }
  }
}
