package dev.rawops.bench;

import dev.rawops.tensor.Shape;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * GatherNd rows from float params [1M,64] (256-byte rows, fed) at outputs of 1 KB to 1 GB (random
 * int64 row indices [rows,1], fed): how both sides scale with the bytes moved. rawops and
 * TensorFlow side by side: each pair computes the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx6g", "-Xss8m"})
@State(Scope.Benchmark)
public class GatherNdScalingBench {
  /** Output bytes of one GatherNd: 1 KB, 1 MB, 32 MB, 256 MB, 1 GB. */
  @Param({"1K", "1M", "32M", "256M", "1G"})
  public String output;

  SideBySide pair;

  @Setup
  public void setUp() {
    long bytes = bytes(output);
    int rows = Math.toIntExact(bytes / (Inputs.COLS * Float.BYTES));
    pair =
        GatherNdBench.gatherNd(
            Shape.of(rows, 1), Inputs.random(new SplittableRandom(7), rows, Inputs.ROWS));
  }

  @TearDown
  public void tearDown() {
    pair.close();
  }

  static long bytes(String size) {
    long unit =
        switch (size.charAt(size.length() - 1)) {
          case 'K' -> 1L << 10;
          case 'M' -> 1L << 20;
          case 'G' -> 1L << 30;
          default -> throw new IllegalArgumentException("size " + size);
        };
    return Long.parseLong(size.substring(0, size.length() - 1)) * unit;
  }

  @Benchmark
  public void gather_rawops(Blackhole bh) {
    pair.runRawops(bh);
  }

  @Benchmark
  public void gather_tf(Blackhole bh) {
    pair.runTf(bh);
  }
}
