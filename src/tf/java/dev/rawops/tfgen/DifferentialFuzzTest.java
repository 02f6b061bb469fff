package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.tf.TfOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Differential fuzzing of GatherNd (shrunk), StridedSlice (every mask), TensorScatterUpdate,
 * RaggedGather, binary broadcasting elementwise ops, reductions and GatherV2 ({@link FamilyFuzz}):
 * fresh random cases run in TensorFlow and in rawops in this JVM. A mismatch (value bits, dtype,
 * shape, error code or stage) is shrunk to a smaller case that still mismatches and written as a
 * fixture under target/fuzz-failures/, whose path the failure names; {@code ./rawops conform
 * target/fuzz-failures} replays it.
 *
 * <p>{@code ./mvnw -Ptf -q test -Dtest=DifferentialFuzzTest [-Dfuzz.n=200] [-Dfuzz.seed=S]}; the
 * seed is printed, and the same seed makes the same cases.
 */
class DifferentialFuzzTest {
  private static final Path FAILURES = Path.of("target", "fuzz-failures");
  private static final int MAX_REPORTED = 5;

  private final ConformanceRunner rawops = new ConformanceRunner(Device.CPU);

  @Test
  void gatherNdAgreesWithTensorFlow() throws IOException {
    long seed = Long.getLong("fuzz.seed", new Random().nextLong());
    int n = Integer.getInteger("fuzz.n", 200);
    System.out.println(
        "fuzz: GatherNd, " + n + " cases, seed " + seed + " (replay: -Dfuzz.seed=" + seed + ")");
    Random r = new Random(seed);
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < n && failures.size() < MAX_REPORTED; i++) {
      GatherNdFuzz.Spec spec = GatherNdFuzz.random(r);
      if (mismatch(spec) != null) {
        failures.add(writeReproducer(shrink(spec), seed, i));
      }
    }
    if (!failures.isEmpty()) {
      fail(
          "rawops and TensorFlow disagree (seed "
              + seed
              + "); reproducers: "
              + String.join(", ", failures));
    }
  }

  @Test
  void stridedSliceAgreesWithTensorFlow() throws IOException {
    fuzzCases("StridedSlice", MoreFuzz::stridedSlice);
  }

  @Test
  void tensorScatterUpdateAgreesWithTensorFlow() throws IOException {
    fuzzCases("TensorScatterUpdate", MoreFuzz::tensorScatterUpdate);
  }

  @Test
  void raggedGatherAgreesWithTensorFlow() throws IOException {
    fuzzCases("RaggedGather", MoreFuzz::raggedGather);
  }

  @Test
  void binaryElementwiseAgreesWithTensorFlow() throws IOException {
    fuzzCases("binary elementwise", FamilyFuzz::binaryElementwise, FamilyFuzz::binaryTolerance);
  }

  @Test
  void reductionsAgreeWithTensorFlow() throws IOException {
    // Sums in another order: TF's Eigen tree reduction vs rawops' pairwise/sequential one.
    fuzzCases("reductions", FamilyFuzz::reduction, DifferentialFuzzTest::tolerance);
  }

  @Test
  void gatherV2AgreesWithTensorFlow() throws IOException {
    fuzzCases("GatherV2", FamilyFuzz::gatherV2, c -> null);
  }

  private static Tolerance tolerance(Case c) {
    return FamilyFuzz.tolerance(c);
  }

  private void fuzzCases(String family, java.util.function.BiConsumer<CaseList, Random> gen)
      throws IOException {
    fuzzCases(family, gen, c -> null);
  }

  /**
   * {@code fuzz.n} random cases of one family (no shrinking: each case is small); mismatches are
   * written as fixtures under target/fuzz-failures/. {@code tolerance} gives a case's (rtol, atol)
   * for float results, null for bit-exact.
   */
  private void fuzzCases(
      String family,
      java.util.function.BiConsumer<CaseList, Random> gen,
      java.util.function.Function<Case, Tolerance> tolerance)
      throws IOException {
    long seed = Long.getLong("fuzz.seed", new Random().nextLong());
    int n = Integer.getInteger("fuzz.n", 200);
    Random r = new Random(seed);
    List<String> failures = new ArrayList<>();
    int ran = 0;
    for (int i = 0; i < n && failures.size() < MAX_REPORTED; i++) {
      CaseList list = new CaseList("fuzz");
      gen.accept(list, r);
      Case c = list.cases().get(0);
      Fixture f =
          Generate.fixture(
              c, TfOracle.run(c.graph(), c.feeds(), c.fetches(), TfOracle.Optimizations.DEFAULT));
      Tolerance tol = tolerance.apply(c);
      if (tol != null) {
        f = f.toBuilder().setTolerance(tol).build();
      }
      Result result = rawops.run(f);
      ran++;
      if (result.failed()) {
        failures.add(writeReproducer(new Mismatch(f, result.reason()), seed, i));
      }
    }
    System.out.println(
        "fuzz: "
            + family
            + ", "
            + ran
            + " cases, seed "
            + seed
            + ", "
            + failures.size()
            + " mismatches (replay: -Dfuzz.seed="
            + seed
            + ")");
    if (!failures.isEmpty()) {
      fail(
          family
              + ": rawops and TensorFlow disagree (seed "
              + seed
              + "); reproducers: "
              + String.join(", ", failures));
    }
  }

  /** The case and its fixture (TF's outcome) if rawops disagrees, else null. */
  private Mismatch mismatch(GatherNdFuzz.Spec spec) {
    CaseList list = new CaseList("fuzz");
    spec.addTo(list);
    Case c = list.cases().get(0);
    Fixture f =
        Generate.fixture(
            c, TfOracle.run(c.graph(), c.feeds(), c.fetches(), TfOracle.Optimizations.DEFAULT));
    Result result = rawops.run(f);
    return result.failed() ? new Mismatch(f, result.reason()) : null;
  }

  private record Mismatch(Fixture fixture, String reason) {}

  /** Greedily replaces the case by smaller variants that still mismatch. */
  private GatherNdFuzz.Spec shrink(GatherNdFuzz.Spec spec) {
    GatherNdFuzz.Spec current = spec;
    boolean progress = true;
    while (progress) {
      progress = false;
      for (GatherNdFuzz.Spec smaller : current.shrinkCandidates()) {
        if (mismatch(smaller) != null) {
          current = smaller;
          progress = true;
          break;
        }
      }
    }
    return current;
  }

  private String writeReproducer(GatherNdFuzz.Spec spec, long seed, int index) throws IOException {
    return writeReproducer(mismatch(spec), seed, index);
  }

  private static String writeReproducer(Mismatch m, long seed, int index) throws IOException {
    String name = "fuzz/" + Long.toUnsignedString(seed) + "-" + index;
    Fixture f =
        m.fixture().toBuilder()
            .setName(name)
            .setDescription(m.fixture().getDescription() + " [rawops: " + m.reason() + "]")
            .build();
    Files.createDirectories(FAILURES);
    Path file = FAILURES.resolve(Long.toUnsignedString(seed) + "-" + index + ".fixture.pbtxt");
    Files.writeString(file, Generate.text(f));
    System.out.println("fuzz: MISMATCH " + file + ": " + m.reason());
    return file.toString();
  }
}
