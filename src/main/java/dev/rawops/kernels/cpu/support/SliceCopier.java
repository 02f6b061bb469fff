package dev.rawops.kernels.cpu.support;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/**
 * Copies runs of {@code runLength} elements from a source tensor into an output buffer: one bulk
 * copy per run, or a typed single-element move when runs are one element long (where a bulk copy
 * call would cost more than the move). Chosen once per kernel call, not per element.
 */
public abstract sealed class SliceCopier {
  public abstract void copy(long srcElement, long dstElement);

  /**
   * Copies run {@code k} from element {@code src[k]} to run {@code dstFirstRun + k} of the output,
   * for k from {@code from} up to {@code to} or to the first negative {@code src[k]} (a bad index),
   * whichever comes first; returns where it stopped. One tight loop per copier, so the per-run call
   * is not virtual.
   */
  public abstract int copyRuns(long[] src, int from, int to, long dstFirstRun);

  public static SliceCopier of(Tensor src, TensorBuffer dst, long runLength) {
    if (src.dtype() == DType.STRING) {
      return new Strings(KernelAccess.strings(src), dst.strings(), Math.toIntExact(runLength));
    }
    int esz = src.dtype().byteSize();
    MemorySegment s = src.data();
    MemorySegment d = dst.segment();
    if (runLength == 1 && esz == 4) {
      return new Single4(s, d);
    }
    if (runLength == 1 && esz == 8) {
      return new Single8(s, d);
    }
    return new Bulk(s, d, esz, runLength * esz);
  }

  private static final class Bulk extends SliceCopier {
    private final MemorySegment src;
    private final MemorySegment dst;
    private final long esz;
    private final long runBytes;

    Bulk(MemorySegment src, MemorySegment dst, long esz, long runBytes) {
      this.src = src;
      this.dst = dst;
      this.esz = esz;
      this.runBytes = runBytes;
    }

    @Override
    public void copy(long s, long d) {
      MemorySegment.copy(src, s * esz, dst, d * esz, runBytes);
    }

    @Override
    public int copyRuns(long[] s, int from, int to, long dstFirstRun) {
      long at = dstFirstRun * runBytes;
      for (int k = from; k < to; k++) {
        long e = s[k];
        if (e < 0) {
          return k;
        }
        MemorySegment.copy(src, e * esz, dst, at + k * runBytes, runBytes);
      }
      return to;
    }
  }

  private static final class Single4 extends SliceCopier {
    private final MemorySegment src;
    private final MemorySegment dst;

    Single4(MemorySegment src, MemorySegment dst) {
      this.src = src;
      this.dst = dst;
    }

    @Override
    public void copy(long s, long d) {
      dst.setAtIndex(Layouts.I32, d, src.getAtIndex(Layouts.I32, s));
    }

    @Override
    public int copyRuns(long[] s, int from, int to, long dstFirstRun) {
      for (int k = from; k < to; k++) {
        long e = s[k];
        if (e < 0) {
          return k;
        }
        dst.setAtIndex(Layouts.I32, dstFirstRun + k, src.getAtIndex(Layouts.I32, e));
      }
      return to;
    }
  }

  private static final class Single8 extends SliceCopier {
    private final MemorySegment src;
    private final MemorySegment dst;

    Single8(MemorySegment src, MemorySegment dst) {
      this.src = src;
      this.dst = dst;
    }

    @Override
    public void copy(long s, long d) {
      dst.setAtIndex(Layouts.I64, d, src.getAtIndex(Layouts.I64, s));
    }

    @Override
    public int copyRuns(long[] s, int from, int to, long dstFirstRun) {
      for (int k = from; k < to; k++) {
        long e = s[k];
        if (e < 0) {
          return k;
        }
        dst.setAtIndex(Layouts.I64, dstFirstRun + k, src.getAtIndex(Layouts.I64, e));
      }
      return to;
    }
  }

  private static final class Strings extends SliceCopier {
    private final byte[][] src;
    private final byte[][] dst;
    private final int run;

    Strings(byte[][] src, byte[][] dst, int run) {
      this.src = src;
      this.dst = dst;
      this.run = run;
    }

    @Override
    public void copy(long s, long d) {
      // Elements are immutable byte arrays, so sharing references is a copy.
      System.arraycopy(src, (int) s, dst, (int) d, run);
    }

    @Override
    public int copyRuns(long[] s, int from, int to, long dstFirstRun) {
      for (int k = from; k < to; k++) {
        long e = s[k];
        if (e < 0) {
          return k;
        }
        System.arraycopy(src, (int) e, dst, (int) ((dstFirstRun + k) * run), run);
      }
      return to;
    }
  }
}
