package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generator as a test, so Maven supplies TensorFlow's class path: {@code ./mvnw -Ptf -q test
 * -Dtest=GenerateFixtures [-Dtfgen.only=gather_nd,graph]}. Rewrites the chosen families' fixtures
 * under graphs/conformance (byte-identical when nothing changed).
 */
class GenerateFixtures {
  @Test
  void generate() {
    long start = System.nanoTime();
    List<Generate.Written> written =
        Generate.run(
            Path.of("graphs", "conformance"), Generate.select(System.getProperty("tfgen.only")));
    written.forEach(
        w ->
            System.out.printf(
                "tfgen: %-24s %5d fixtures (%d expect errors) in %d ms%n",
                w.directory(), w.fixtures(), w.errors(), w.millis()));
    System.out.printf("tfgen: total %d ms%n", (System.nanoTime() - start) / 1_000_000);
    assertFalse(written.isEmpty(), "no families selected");
  }
}
