package dev.rawops.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The rawops/TF ratio of the issue-14 cases measured by alternating the two sides run by run, a
 * companion to the JMH suite for a shared, noisy machine. JMH runs all of one benchmark before the
 * next, so a slow phase of the machine (other tenants' memory traffic: TF's own GatherNd rows time
 * moved between 4.7 and 6.6 ms from one JMH run to the next here) lands on one side only. Here each
 * run of rawops is followed by the same run in TF on the same {@link SideBySide} (same GraphDef,
 * same feeds, outputs checked equal at setup), so both see the same phases; the ratio of the
 * medians and the spread of the per-pair ratios are reported. It is not a replacement for the JMH
 * numbers in docs/BENCHMARKS.md, which stay the primary measurement.
 *
 * <p>{@code ./mvnw -Ptf,bench -q test-compile exec:exec@interleaved [-Dbench.args="runs [case…]"]}
 * (default 200 runs, after a sixth as many warm-up runs, per side; the while loop a tenth as many;
 * cases by name, default all).
 */
public final class Interleaved {
  private Interleaved() {}

  /** The cases: issue 14's targets, set up exactly as their JMH benchmarks. */
  private static Map<String, Supplier<SideBySide>> cases() {
    Map<String, Supplier<SideBySide>> c = new LinkedHashMap<>();
    c.put(
        "gatherNdRows",
        () -> {
          GatherNdBench.Rows s = new GatherNdBench.Rows();
          s.setUp();
          return s.pair;
        });
    c.put(
        "gatherNdScalars",
        () -> {
          GatherNdBench.Scalars s = new GatherNdBench.Scalars();
          s.setUp();
          return s.pair;
        });
    c.put(
        "stridedSliceStepReverse",
        () -> {
          StridedSliceBench.EveryOtherRowReversed s = new StridedSliceBench.EveryOtherRowReversed();
          s.setUp();
          return s.pair;
        });
    c.put(
        "tensorScatterUpdateFed",
        () -> {
          TensorScatterUpdateBench.Rows s = new TensorScatterUpdateBench.Rows();
          s.setUp();
          return s.pair;
        });
    c.put(
        "scatterLoop16",
        () -> {
          ScatterLoopBench.Loop s = new ScatterLoopBench.Loop();
          s.iterations = 16;
          s.setUp();
          return s.pair;
        });
    c.put(
        "raggedGather",
        () -> {
          RaggedGatherBench.Rows s = new RaggedGatherBench.Rows();
          s.setUp();
          return s.pair;
        });
    return c;
  }

  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    Map<String, Supplier<SideBySide>> all = cases();
    List<String> names =
        new ArrayList<>(args.length > 1 ? List.of(args).subList(1, args.length) : all.keySet());
    Blackhole bh =
        new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    System.out.printf(
        Locale.ROOT,
        "%-24s %6s %12s %12s %8s %17s%n",
        "case",
        "runs",
        "rawops ms",
        "TF ms",
        "ratio",
        "pair ratio p5-p95");
    for (String name : names) {
      Supplier<SideBySide> setUp = all.get(name);
      if (setUp == null) {
        throw new IllegalArgumentException("unknown case " + name + "; known: " + all.keySet());
      }
      try (SideBySide pair = setUp.get()) {
        int n = name.startsWith("scatterLoop") ? Math.max(10, runs / 10) : runs;
        for (int i = 0; i < Math.max(3, n / 6); i++) {
          pair.runRawops(bh);
          pair.runTf(bh);
        }
        long[] ours = new long[n];
        long[] theirs = new long[n];
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
          long t0 = System.nanoTime();
          pair.runRawops(bh);
          long t1 = System.nanoTime();
          pair.runTf(bh);
          long t2 = System.nanoTime();
          ours[i] = t1 - t0;
          theirs[i] = t2 - t1;
          ratios[i] = (double) ours[i] / theirs[i];
        }
        Arrays.sort(ours);
        Arrays.sort(theirs);
        Arrays.sort(ratios);
        System.out.printf(
            Locale.ROOT,
            "%-24s %6d %12.3f %12.3f %8.3f %8.3f-%-8.3f%n",
            name,
            n,
            ours[n / 2] / 1e6,
            theirs[n / 2] / 1e6,
            (double) ours[n / 2] / theirs[n / 2],
            ratios[n / 20],
            ratios[n - 1 - n / 20]);
      }
    }
    System.exit(0); // TF's threads
  }
}
