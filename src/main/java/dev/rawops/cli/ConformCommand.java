package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.JUnitXml;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import java.io.Console;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops conform}: runs conformance fixtures (TensorFlow's graphs, feeds and results) and
 * reports every difference. The last line is always {@code N passed, M failed[, K skipped]}.
 */
@Command(
    name = "conform",
    mixinStandardHelpOptions = true,
    description =
        "Runs conformance fixtures (*.fixture.pbtxt, *.fixture.pb, and SavedModel fixtures:"
            + " *.savedmodel.pbtxt, expected.pbtxt beside a saved_model.pb; see docs/FIXTURES.md) and compares "
            + "rawops with the results TensorFlow recorded: dtypes, shapes, every element's bits, or the error code.")
final class ConformCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Fixture files, or directories searched recursively")
  List<Path> paths;

  @Option(
      names = "--device",
      paramLabel = "CPU|GPU",
      defaultValue = "CPU",
      description =
          "Device to build for (default: ${DEFAULT-VALUE}). Fixtures are skipped where rawops has no kernels for it.")
  String device;

  @Option(
      names = "--filter",
      paramLabel = "REGEX",
      description = "Only fixtures whose name contains a match")
  String filter;

  @Option(names = "--junit-xml", paramLabel = "FILE", description = "Also write a JUnit XML report")
  Path junitXml;

  @Option(
      names = "--rtol",
      paramLabel = "R",
      description =
          "Relative tolerance for float results of fixtures without their own"
              + " (|got - want| <= atol + rtol * |want|); without --rtol/--atol: bit-exact")
  Double rtol;

  @Option(
      names = "--atol",
      paramLabel = "A",
      description = "Absolute tolerance for float results of fixtures without their own")
  Double atol;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Device dev;
    Pattern pattern;
    List<Path> files;
    try {
      dev = device(device);
      pattern = filter == null ? null : Pattern.compile(filter);
    } catch (java.util.regex.PatternSyntaxException e) {
      // One line: the regex's own message spans three (pattern, caret, description).
      err.println(
          "error: --filter is not a regular expression: "
              + e.getDescription()
              + " near index "
              + e.getIndex()
              + " of '"
              + filter
              + "'");
      err.flush();
      return Main.USAGE;
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.USAGE;
    }
    // A missing or unreadable path, or one holding no fixtures, is a failure (exit 1) as in every
    // command; only a malformed command line is a usage error (exit 2).
    try {
      files = Fixtures.collect(paths);
    } catch (RawOpsException | java.io.UncheckedIOException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.FAILED;
    }
    if (files.isEmpty()) {
      err.println(
          "error: no fixtures (*.fixture.pbtxt, *.fixture.pb, SavedModel fixtures) under " + paths);
      err.flush();
      return Main.FAILED;
    }
    Tolerance tol =
        rtol == null && atol == null
            ? null
            : Tolerance.newBuilder()
                .setRtol(rtol == null ? 0 : rtol)
                .setAtol(atol == null ? 0 : atol)
                .build();
    if (tol != null && (!(tol.getRtol() >= 0) || !(tol.getAtol() >= 0))) {
      err.println("error: --rtol and --atol must be non-negative numbers");
      err.flush();
      return Main.USAGE;
    }
    List<Result> results = runAll(files, new ConformanceRunner(dev, tol), pattern, out);
    if (results.isEmpty()) {
      err.println("error: no fixture name matches --filter " + filter);
      err.flush();
      return Main.FAILED;
    }
    if (junitXml != null) {
      try {
        JUnitXml.write(junitXml, "rawops conform (" + dev + ")", results);
      } catch (UncheckedIOException e) {
        err.println("error: cannot write --junit-xml " + junitXml + ": " + e.getCause());
        err.flush();
        return Main.FAILED;
      }
    }
    long failed = results.stream().filter(Result::failed).count();
    long skipped = results.stream().filter(Result::skipped).count();
    out.println(
        (results.size() - failed - skipped)
            + " passed, "
            + failed
            + " failed"
            + (skipped > 0 ? ", " + skipped + " skipped" : ""));
    out.flush();
    if (skipped == results.size()) {
      err.println(
          "error: every fixture was skipped ("
              + results.get(0).reason()
              + "): nothing was checked, which is not a pass");
      err.flush();
      return Main.FAILED;
    }
    return failed == 0 ? Main.OK : Main.FAILED;
  }

  private static Device device(String name) {
    Device d = Device.parse(name);
    if (!d.equals(Device.CPU) && !d.equals(Device.GPU)) {
      throw new IllegalArgumentException("--device must be CPU or GPU, got '" + name + "'");
    }
    return d;
  }

  private static List<Result> runAll(
      List<Path> files, ConformanceRunner runner, Pattern pattern, PrintWriter out) {
    Progress progress = Progress.start(out, files.size());
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      Optional<Result> r =
          runner.run(files.get(i), name -> pattern == null || pattern.matcher(name).find());
      progress.update(i + 1, files.get(i).toString());
      if (r.isPresent()) {
        results.add(r.get());
        if (r.get().failed()) {
          progress.clear();
          out.println("FAIL " + r.get().name() + ": " + r.get().reason());
          out.flush();
        } else if (r.get().skipped() && runner.deviceUsable()) {
          // e.g. a documented GPU rule: say why, per fixture (a missing device is said once)
          progress.clear();
          out.println("SKIP " + r.get().name() + ": " + r.get().reason());
          out.flush();
        }
      }
    }
    progress.clear();
    return results;
  }

  /** A one-line "[i/n] name" counter, drawn only on an interactive terminal. */
  private record Progress(PrintWriter out, int total, boolean enabled) {
    // System.console() can still be null on JDK 25: with no console at all (e.g. under a test
    // runner or CI with stdin closed), so the null check Error Prone calls obsolete is needed.
    @SuppressWarnings("SystemConsoleNull")
    static Progress start(PrintWriter out, int total) {
      Console console = System.console();
      return new Progress(out, total, console != null && console.isTerminal());
    }

    void update(int done, String name) {
      if (enabled) {
        String line = "[" + done + "/" + total + "] " + name;
        out.print("\r" + (line.length() > 78 ? line.substring(0, 78) : line) + "\u001b[K");
        out.flush();
      }
    }

    void clear() {
      if (enabled) {
        out.print("\r\u001b[K");
        out.flush();
      }
    }
  }
}
