package dev.rawops.ops.indexing;

import dev.rawops.kernels.cpu.indexing.CpuStridedSlice;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Rough timing of StridedSlice on a [1M, 64] float tensor (256 MB), not part of the test suite:
 * {@code x[::2, ::-1]} (a 128 MB strided, reversed copy) against a plain 128 MB memcpy, and the
 * zero-copy view {@code x[1:-1]}; the gather alone into a preallocated buffer separates the copy
 * from the cost of a fresh 128 MB allocation. Run from the IDE or with the test classpath: {@code
 * java -cp target/classes:target/test-classes:<deps> dev.rawops.ops.indexing.StridedSliceBench
 * [iterations]}.
 */
public final class StridedSliceBench {
  private static final int ROWS = 1 << 20;
  private static final int COLS = 64;

  private StridedSliceBench() {}

  public static void main(String[] args) {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    Tensor x = input();
    long half = (long) ROWS / 2 * COLS * Float.BYTES;
    MemorySegment src = x.data();
    MemorySegment dst = Arena.ofAuto().allocate(half, 64);
    report(
        "memcpy 128 MB (preallocated destination)",
        iterations,
        () -> {
          MemorySegment.copy(src, 0, dst, 0, half);
          return dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 7);
        });
    report(
        "allocate 128 MB tensor + memcpy",
        iterations,
        () -> {
          TensorBuffer b = TensorBuffer.allocate(DType.FLOAT, Shape.of(ROWS / 2, COLS));
          MemorySegment.copy(src, 0, b.segment(), 0, half);
          return b.freeze().byteSize();
        });
    TensorBuffer preallocated = TensorBuffer.allocate(DType.FLOAT, Shape.of(ROWS / 2, COLS));
    StridedSliceGeometry g =
        new StridedSliceGeometry(COLS - 1, new long[] {ROWS / 2, COLS}, new long[] {2 * COLS, -1});
    report(
        "x[::2, ::-1] gather only (preallocated output)",
        iterations,
        () -> {
          CpuStridedSlice.gather(g, x, preallocated);
          return preallocated.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 5);
        });
    report(
        "x[::2, ::-1] -> [524288,64] (StridedSlice, incl. output allocation)",
        iterations,
        slice(x, new long[] {0, 0}, new long[] {0, 0}, new long[] {2, -1}, 3, 3));
    report(
        "x[1:-1] -> [1048574,64] (view)",
        iterations,
        slice(x, new long[] {1}, new long[] {-1}, new long[] {1}, 0, 0));
  }

  private static Tensor input() {
    TensorBuffer b = TensorBuffer.allocate(DType.FLOAT, Shape.of(ROWS, COLS));
    for (long i = 0; i < (long) ROWS * COLS; i++) {
      b.segment().setAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) i);
    }
    return b.freeze();
  }

  /** One session's StridedSlice of a fed x: each call runs it, giving the output's byte size. */
  private static LongSupplier slice(
      Tensor x, long[] begin, long[] end, long[] strides, int beginMask, int endMask) {
    OneOp slice =
        OneOp.of("StridedSlice")
            .input(x, PartialShape.of(ROWS, COLS))
            .constInput(Tensor.ofLongs(Shape.of(begin.length), begin))
            .constInput(Tensor.ofLongs(Shape.of(end.length), end))
            .constInput(Tensor.ofLongs(Shape.of(strides.length), strides))
            .attr("T", DataType.DT_FLOAT)
            .attr("Index", DataType.DT_INT64)
            .attr("begin_mask", beginMask)
            .attr("end_mask", endMask);
    Session s = slice.build().newSession();
    Map<String, Tensor> feeds = slice.feeds();
    return () -> s.run(feeds, List.of("out")).get(0).byteSize();
  }

  private static void report(String what, int iterations, LongSupplier body) {
    long sink = 0;
    for (int i = 0; i < 3; i++) {
      sink += body.getAsLong();
    }
    double[] ms = new double[iterations];
    for (int i = 0; i < iterations; i++) {
      long t0 = System.nanoTime();
      sink += body.getAsLong();
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    System.out.printf(
        "%-70s min %8.3f ms  median %8.3f ms%s%n",
        what, ms[0], ms[iterations / 2], sink == 42 ? " " : "");
  }
}
