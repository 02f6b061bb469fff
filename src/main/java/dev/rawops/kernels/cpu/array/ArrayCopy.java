package dev.rawops.kernels.cpu.array;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/**
 * The Array family's one data-movement routine: an output whose element at (i0, …, ik) is the
 * source element at offset {@code maps[0][i0] + … + maps[k][ik]} (or left as filled when any map
 * entry is {@link #FILL}). Transpose, Slice, Reverse, Tile, Pad, MirrorPad, Roll, BroadcastTo and
 * Depth/Space rearrangements are all such per-dimension maps. Trailing dimensions are merged into
 * one inner block whose contiguous source runs are found once and then copied in bulk for every
 * outer row, so the per-element work is a bulk copy or a typed move, never a dtype switch.
 */
final class ArrayCopy {
  static final long FILL = Long.MIN_VALUE;
  private static final int INNER_MAX = 1 << 14;

  private ArrayCopy() {}

  /** Moves runs of elements between two tensors' storage; chosen once per call. */
  abstract static sealed class Mover {
    abstract void move(long src, long dst, long n);

    static Mover of(Tensor src, TensorBuffer dst) {
      if (src.dtype() == DType.STRING) {
        byte[][] s = KernelAccess.strings(src);
        byte[][] d = dst.strings();
        return new Strings(s, d);
      }
      MemorySegment s = src.data();
      MemorySegment d = dst.segment();
      return switch (src.dtype().byteSize()) {
        case 4 -> new Fixed4(s, d);
        case 8 -> new Fixed8(s, d);
        default -> new Fixed(s, d, src.dtype().byteSize());
      };
    }
  }

  private static final class Strings extends Mover {
    private final byte[][] s;
    private final byte[][] d;

    Strings(byte[][] s, byte[][] d) {
      this.s = s;
      this.d = d;
    }

    @Override
    void move(long src, long dst, long n) {
      System.arraycopy(s, (int) src, d, (int) dst, (int) n);
    }
  }

  private static final class Fixed extends Mover {
    private final MemorySegment s;
    private final MemorySegment d;
    private final long esz;

    Fixed(MemorySegment s, MemorySegment d, long esz) {
      this.s = s;
      this.d = d;
      this.esz = esz;
    }

    @Override
    void move(long src, long dst, long n) {
      MemorySegment.copy(s, src * esz, d, dst * esz, n * esz);
    }
  }

  private static final class Fixed4 extends Mover {
    private final MemorySegment s;
    private final MemorySegment d;

    Fixed4(MemorySegment s, MemorySegment d) {
      this.s = s;
      this.d = d;
    }

    @Override
    void move(long src, long dst, long n) {
      if (n == 1) {
        d.setAtIndex(Layouts.I32, dst, s.getAtIndex(Layouts.I32, src));
      } else {
        MemorySegment.copy(s, src * 4, d, dst * 4, n * 4);
      }
    }
  }

  private static final class Fixed8 extends Mover {
    private final MemorySegment s;
    private final MemorySegment d;

    Fixed8(MemorySegment s, MemorySegment d) {
      this.s = s;
      this.d = d;
    }

    @Override
    void move(long src, long dst, long n) {
      if (n == 1) {
        d.setAtIndex(Layouts.I64, dst, s.getAtIndex(Layouts.I64, src));
      } else {
        MemorySegment.copy(s, src * 8, d, dst * 8, n * 8);
      }
    }
  }

  /** Row-major element strides of {@code shape}. */
  static long[] strides(long[] shape) {
    long[] st = new long[shape.length];
    long s = 1;
    for (int i = shape.length - 1; i >= 0; i--) {
      st[i] = s;
      s *= shape[i];
    }
    return st;
  }

  /** A map of {@code n} entries {@code (start + i * step) * stride}. */
  static long[] linear(long n, long start, long step, long stride) {
    long[] m = new long[Math.toIntExact(n)];
    for (int i = 0; i < m.length; i++) {
      m[i] = (start + i * step) * stride;
    }
    return m;
  }

  /** The identity maps of a tensor of {@code shape} (each dim i maps to i * stride). */
  static long[][] identity(long[] shape) {
    long[] st = strides(shape);
    long[][] maps = new long[shape.length][];
    for (int d = 0; d < shape.length; d++) {
      maps[d] = linear(shape[d], 0, 1, st[d]);
    }
    return maps;
  }

  /** Gathers {@code src} into {@code dst} (from element {@code dstOffset}) through the maps. */
  static void gather(Tensor src, TensorBuffer dst, long[][] maps) {
    gather(src, dst, 0, maps, null);
  }

  /**
   * As {@link #gather(Tensor, TensorBuffer, long[][])}, writing the output region of {@code maps}
   * into {@code dst} at element offsets given by {@code dstStrides} (null: dense from dstOffset).
   */
  static void gather(
      Tensor src, TensorBuffer dst, long dstOffset, long[][] maps, long[] dstStrides) {
    int rank = maps.length;
    Mover m = Mover.of(src, dst);
    for (long[] map : maps) {
      if (map.length == 0) {
        return;
      }
    }
    if (rank == 0) {
      m.move(0, dstOffset, 1);
      return;
    }
    long[][] dmaps = new long[rank][];
    if (dstStrides == null) {
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        shape[d] = maps[d].length;
      }
      dstStrides = strides(shape);
    }
    for (int d = 0; d < rank; d++) {
      dmaps[d] = linear(maps[d].length, 0, 1, dstStrides[d]);
    }
    int k = rank - 1;
    long[] inner = maps[k];
    long[] innerDst = dmaps[k];
    while (k > 0 && (long) inner.length * maps[k - 1].length <= INNER_MAX) {
      inner = combine(maps[k - 1], inner);
      innerDst = combine(dmaps[k - 1], innerDst);
      k--;
    }
    // Runs of the inner block: consecutive in both source and destination.
    int cap = inner.length;
    long[] runSrc = new long[cap];
    long[] runDst = new long[cap];
    long[] runLen = new long[cap];
    int runs = 0;
    for (int i = 0; i < inner.length; i++) {
      if (inner[i] == FILL) {
        continue;
      }
      if (runs > 0
          && inner[i] == runSrc[runs - 1] + runLen[runs - 1]
          && innerDst[i] == runDst[runs - 1] + runLen[runs - 1]) {
        runLen[runs - 1]++;
      } else {
        runSrc[runs] = inner[i];
        runDst[runs] = innerDst[i];
        runLen[runs] = 1;
        runs++;
      }
    }
    if (runs == 0) {
      return;
    }
    long outer = 1;
    for (int d = 0; d < k; d++) {
      outer *= maps[d].length;
    }
    int[] idx = new int[k];
    for (long row = 0; row < outer; row++) {
      long base = 0;
      long dbase = dstOffset;
      boolean fill = false;
      for (int d = 0; d < k; d++) {
        long o = maps[d][idx[d]];
        if (o == FILL) {
          fill = true;
          break;
        }
        base += o;
        dbase += dmaps[d][idx[d]];
      }
      if (!fill) {
        for (int r = 0; r < runs; r++) {
          m.move(base + runSrc[r], dbase + runDst[r], runLen[r]);
        }
      }
      for (int d = k - 1; d >= 0; d--) {
        if (++idx[d] < maps[d].length) {
          break;
        }
        idx[d] = 0;
      }
    }
  }

  private static long[] combine(long[] outer, long[] inner) {
    long[] c = new long[outer.length * inner.length];
    int p = 0;
    for (long o : outer) {
      for (long i : inner) {
        c[p++] = o == FILL || i == FILL ? FILL : o + i;
      }
    }
    return c;
  }

  /** Fills every element of {@code dst} with element {@code at} of {@code value}. */
  static void fill(TensorBuffer dst, Tensor value, long at) {
    long n = dst.shape().numElements();
    if (n == 0) {
      return;
    }
    Mover first = Mover.of(value, dst);
    first.move(at, 0, 1);
    if (value.dtype() == DType.STRING) {
      byte[][] d = dst.strings();
      java.util.Arrays.fill(d, d[0]);
      return;
    }
    long esz = value.dtype().byteSize();
    MemorySegment d = dst.segment();
    long done = 1;
    while (done < n) {
      long c = Math.min(done, n - done);
      MemorySegment.copy(d, 0, d, done * esz, c * esz);
      done += c;
    }
  }

  /** A copy of {@code src} into a new buffer of {@code shape} (same element count). */
  static TensorBuffer copyOf(dev.rawops.kernels.KernelContext ctx, Tensor src, Shape shape) {
    TensorBuffer out = ctx.allocate(src.dtype(), shape);
    if (src.numElements() > 0) {
      Mover.of(src, out).move(0, 0, src.numElements());
    }
    return out;
  }
}
