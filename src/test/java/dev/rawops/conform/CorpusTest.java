package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The real-graph corpus (../shared/corpora/dl4j-tf-graphs: 1,212 TF graphs with TF 2.18's answers)
 * as a ratchet: at least {@link #FLOOR} fixtures must pass with rtol = atol = 1e-5, the measure of
 * the "real graphs" issues. Writes {@code target/corpus-report.txt}: the count, every failure and
 * its reason, and the most common causes.
 */
class CorpusTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));

  /** Raise this as the corpus pass count grows; never lower it. */
  static final int FLOOR = 1211;

  @Test
  void corpusPassesAtLeastTheFloor() throws IOException {
    Path dir = ROOT.resolve("../shared/corpora/dl4j-tf-graphs").normalize();
    Assumptions.assumeTrue(Files.isDirectory(dir), "no corpus at " + dir);
    ConformanceRunner runner =
        new ConformanceRunner(
            Device.CPU, Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-5).build());
    List<Path> files = Fixtures.collect(List.of(dir));
    int passed = 0;
    List<String> failures = new ArrayList<>();
    Map<String, Integer> causes = new TreeMap<>();
    for (Path f : files) {
      Result r = runner.run(f);
      if (r.failed()) {
        failures.add("FAIL " + r.name() + ": " + r.reason());
        causes.merge(cause(r.reason()), 1, Integer::sum);
      } else if (!r.skipped()) {
        passed++;
      }
    }
    List<String> report = new ArrayList<>();
    report.add(passed + " of " + files.size() + " passed (rtol = atol = 1e-5)");
    report.add("causes:");
    causes.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
        .forEach(e -> report.add(String.format("%5d  %s", e.getValue(), e.getKey())));
    report.addAll(failures);
    Path out = ROOT.resolve("target/corpus-report.txt");
    Files.createDirectories(out.getParent());
    Files.write(out, report, StandardCharsets.UTF_8);
    System.out.println("corpus: " + report.get(0) + " (details: " + out + ")");
    assertTrue(
        passed >= FLOOR,
        "corpus: " + passed + " passed, below the floor of " + FLOOR + "; see " + out);
  }

  private static final Pattern MISSING_OP = Pattern.compile("Op '([A-Za-z0-9_]+)'");

  /** A failure's cause in a few words: the missing op, or the reason's first words. */
  static String cause(String reason) {
    if (reason.contains("No OpKernel was registered")) {
      Matcher m = MISSING_OP.matcher(reason);
      return m.find() ? "no kernel: " + m.group(1) : "no kernel";
    }
    if (reason.contains("graph has a cycle")) {
      return "graph has a cycle (TF 1 loop)";
    }
    String r = reason.replaceAll("'[^']*'", "'…'").replaceAll("[0-9.e+-]+", "N");
    return r.length() > 100 ? r.substring(0, 100) : r;
  }
}
