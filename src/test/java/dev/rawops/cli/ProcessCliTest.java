package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI as a separate process: a real JVM whose heap runs out still ends in one status line and
 * exit 1, and the real {@code ./rawops} launcher (when its jar is up to date, so the test never
 * starts a nested Maven build) gives the documented exit codes, also through a symlink.
 */
class ProcessCliTest {
  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  private static Run exec(List<String> cmd) throws IOException, InterruptedException {
    Path out = Files.createTempFile("rawops-out", ".txt");
    Path err = Files.createTempFile("rawops-err", ".txt");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out: " + cmd);
      }
      return new Run(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static void assertStatusLine(Run r, String code) {
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().startsWith("error: " + code + ": "), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("Exception in thread"), r.err());
  }

  @Test
  void outOfMemory_isAStatusLine_notAJvmTrace() throws Exception {
    Path g = dir.resolve("many.pbtxt");
    try (Writer w = Files.newBufferedWriter(g)) {
      for (int i = 0; i < 300_000; i++) {
        w.write("node { name: \"n" + i + "\" op: \"NoOp\" }\n");
      }
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Run r =
        exec(
            List.of(
                java,
                "-Xmx24m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "run",
                g.toString()));
    assertStatusLine(r, "RESOURCE_EXHAUSTED");
  }

  /**
   * The checkout's launcher, if its jar is newer than every main source (else the test is skipped).
   */
  private static Path launcher() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    Path launcher = root.resolve("rawops");
    Path jar;
    try (Stream<Path> s = Files.list(root.resolve("target"))) {
      jar = s.filter(p -> p.getFileName().toString().endsWith("-all.jar")).findFirst().orElse(null);
    } catch (java.nio.file.NoSuchFileException e) {
      jar = null;
    }
    Assumptions.assumeTrue(jar != null, "no target/rawops-*-all.jar yet: run ./rawops once");
    long built = Files.getLastModifiedTime(jar).toMillis();
    List<Path> sources = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root.resolve("src/main"))) {
      s.filter(Files::isRegularFile).forEach(sources::add);
    }
    sources.add(root.resolve("pom.xml"));
    for (Path p : sources) {
      Assumptions.assumeTrue(
          Files.getLastModifiedTime(p).toMillis() <= built,
          "the jar is older than " + p + ": the launcher would rebuild it");
    }
    return launcher;
  }

  @Test
  void launcher_exitCodes_andNoStackTraces() throws Exception {
    String rawops = launcher().toString();
    Run ok = exec(List.of(rawops, "run", "graphs/examples/gather_nd/tensor3_depth2.pbtxt"));
    assertEquals(0, ok.code(), ok.err());
    assertEquals("output:0: dtype=string shape=[2,2]\n[[b'c0' b'd0']\n [b'a1' b'b1']]\n", ok.out());
    assertStatusLine(exec(List.of(rawops, "run", "no/such/graph.pbtxt")), "NOT_FOUND");
    assertStatusLine(exec(List.of(rawops, "conform", "no/such/dir")), "NOT_FOUND");
    Run out =
        exec(
            List.of(
                rawops,
                "run",
                "graphs/examples/gather_nd/tensor3_depth2.pbtxt",
                "--out",
                "/dev/null"));
    assertStatusLine(out, "FAILED_PRECONDITION");
    assertEquals("", out.out());
    assertStatusLine(
        exec(
            List.of(rawops, "run", "graphs/examples/gather_nd/fed_params.pbtxt", "--feed", "^x=1")),
        "INVALID_ARGUMENT");
    assertEquals(2, exec(List.of(rawops, "run", "--no-such-option")).code());
  }

  @Test
  void launcher_worksThroughASymlink() throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("rawops"), launcher());
    Run r = exec(List.of(link.toString(), "--version"));
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("rawops "), r.out());
  }
}
