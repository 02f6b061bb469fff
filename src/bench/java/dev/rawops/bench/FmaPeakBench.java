package dev.rawops.bench;

import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's float32 FMA peak as the JVM reaches it: twelve independent vector FMA chains held
 * in registers (enough to cover the FMA latency), on one thread and on two (both cores, at the
 * clock they actually run). Scores are vector FMAs per microsecond: × 2 × lanes (16 floats with
 * AVX-512) / 1000 = GFLOP/s, the denominator of the GEMM efficiency in docs/BENCHMARKS.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FmaPeakBench {
  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int STEPS = 1 << 16;
  private static final int FMAS = STEPS * 12;

  private float x = 0.999f;
  private float y = 1e-4f;

  @Benchmark
  @Threads(1)
  @OperationsPerInvocation(FMAS)
  public float oneThread() {
    return chains();
  }

  @Benchmark
  @Threads(2)
  @OperationsPerInvocation(FMAS)
  public float twoThreads() {
    return chains();
  }

  /** {@link #FMAS} vector FMAs: {@link #STEPS} steps of 12 chains. */
  private float chains() {
    FloatVector a0 = FloatVector.broadcast(S, 1f);
    FloatVector a1 = a0;
    FloatVector a2 = a0;
    FloatVector a3 = a0;
    FloatVector a4 = a0;
    FloatVector a5 = a0;
    FloatVector a6 = a0;
    FloatVector a7 = a0;
    FloatVector a8 = a0;
    FloatVector a9 = a0;
    FloatVector a10 = a0;
    FloatVector a11 = a0;
    FloatVector m = FloatVector.broadcast(S, x);
    FloatVector c = FloatVector.broadcast(S, y);
    for (int i = 0; i < STEPS; i++) {
      a0 = a0.fma(m, c);
      a1 = a1.fma(m, c);
      a2 = a2.fma(m, c);
      a3 = a3.fma(m, c);
      a4 = a4.fma(m, c);
      a5 = a5.fma(m, c);
      a6 = a6.fma(m, c);
      a7 = a7.fma(m, c);
      a8 = a8.fma(m, c);
      a9 = a9.fma(m, c);
      a10 = a10.fma(m, c);
      a11 = a11.fma(m, c);
    }
    return a0.add(a1)
        .add(a2)
        .add(a3)
        .add(a4)
        .add(a5)
        .add(a6)
        .add(a7)
        .add(a8)
        .add(a9)
        .add(a10)
        .add(a11)
        .lane(0);
  }
}
