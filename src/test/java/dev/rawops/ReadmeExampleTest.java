package dev.rawops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use as a library" program compiles against the library as it is, runs, and prints
 * what the README says it prints; the values are TensorFlow's (the graph file's expected output).
 */
class ReadmeExampleTest {
  @TempDir Path dir;

  @Test
  void theLibraryExampleCompilesRunsAndPrintsWhatTheReadmeShows() throws Exception {
    String got = compileAndRun("## Use as a library", "Example", "It prints:\n\n```console\n");
    // graphs/examples/gather_nd/fed_params.pbtxt: TensorFlow's output is [b'a' b'd'].
    assertTrue(got.contains("[b'a' b'd']"), got);
  }

  /** TF Serving's documented answers for half_plus_two: [1, 2, 5] give [2.5, 3, 4.5]. */
  @Test
  void theSavedModelExampleCompilesRunsAndPrintsWhatTheReadmeShows() throws Exception {
    String got =
        compileAndRun(
            "## Scoring a SavedModel",
            "Score",
            "It prints (y = 0.5x + 2, TF Serving's documented answers):\n\n```console\n");
    assertTrue(got.endsWith("2.5\n3.0\n4.5\n"), got);
  }

  /** Compiles and runs the section's first Java block; checks it prints the block after it. */
  private String compileAndRun(String header, String className, String printedOpening)
      throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    String section = readme.substring(readme.indexOf(header));
    section = section.substring(0, section.indexOf("\n## ", 1));
    String java = block(section, "```java\n");
    String printed = block(section, printedOpening);

    Path src = dir.resolve(className + ".java");
    Files.writeString(src, java);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int rc =
        javac.run(
            null,
            diagnostics,
            diagnostics,
            "-d",
            dir.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            src.toString());
    assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass(className).getMethod("main", String[].class);
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(saved);
    }
    String got = out.toString(StandardCharsets.UTF_8);
    assertEquals(printed, got);
    return got;
  }

  /** The text after {@code opening} up to the closing fence. */
  private static String block(String text, String opening) {
    int from = text.indexOf(opening);
    assertTrue(from >= 0, "no " + opening.strip() + " block");
    from += opening.length();
    return text.substring(from, text.indexOf("```", from));
  }

  @Test
  void readmeNamesTheJarsThePomBuilds() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    String pom = Files.readString(Path.of("pom.xml"));
    String version = between(pom, "<version>", "</version>");
    for (String jar : List.of(".jar", "-sources.jar", "-all.jar", "-relocated.jar")) {
      assertTrue(readme.contains("rawops-" + version + jar), "rawops-" + version + jar);
    }
    assertTrue(readme.contains("`-javadoc.jar`"), "-javadoc.jar");
    assertTrue(readme.contains("<version>" + version + "</version>"), "dependency snippet");
    assertTrue(pom.contains("<shadedClassifierName>all</shadedClassifierName>"));
    assertTrue(pom.contains("<shadedClassifierName>relocated</shadedClassifierName>"));
  }

  private static String between(String s, String open, String close) {
    int from = s.indexOf(open, s.indexOf("<artifactId>rawops</artifactId>")) + open.length();
    return s.substring(from, s.indexOf(close, from));
  }
}
