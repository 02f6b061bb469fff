package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.conform.ConformReport;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.JUnitXml;
import dev.rawops.conform.Result;
import dev.rawops.conform.ToleranceRules;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.ops.OpRegistry;
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
            + "rawops with the results TensorFlow recorded: dtypes, shapes, the error code, and values"
            + " bit for bit or within the tolerance --rtol/--atol, the fixture or the default table"
            + " (--explain-tolerance) gives.")
final class ConformCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "PATH",
      description = "Fixture files, or directories searched recursively")
  List<Path> paths = new ArrayList<>();

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
          "Relative tolerance for every float result, over the fixture's own and the default table"
              + " (|got - want| <= atol + rtol * |want|)")
  Double rtol;

  @Option(
      names = "--atol",
      paramLabel = "A",
      description = "Absolute tolerance for every float result (see --rtol)")
  Double atol;

  @Option(
      names = "--bit-exact",
      description =
          "Without the default tolerance table: fixtures without their own tolerance are compared"
              + " bit for bit")
  boolean bitExact;

  @Option(
      names = "--explain-tolerance",
      arity = "0..1",
      paramLabel = "FIXTURE|OP[:DTYPE]",
      fallbackValue = "",
      description =
          "Print which tolerance applies to each output of FIXTURE (a file or directory) and why,"
              + " or the table's tolerance for OP (one DTYPE or every float one); alone, the whole"
              + " table. Runs nothing.")
  String explain;

  @Option(
      names = "--report",
      paramLabel = "FILE.md|FILE.html",
      description =
          "Also write a report: pass/fail per family, the worst errors against their tolerance,"
              + " each failure with the command that reruns it")
  Path report;

  @Option(names = "--force", description = "Overwrite an existing --report file")
  boolean force;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Device dev;
    Pattern pattern;
    List<Path> files;
    Tolerance tol;
    try {
      tol = flagTolerance();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.USAGE;
    }
    ToleranceRules rules = new ToleranceRules(tol, null, !bitExact);
    if (explain != null) {
      return ToleranceExplainer.explain(explain, paths, rules, out, err);
    }
    if (paths.isEmpty()) {
      err.println("error: Missing required parameter: 'PATH'");
      err.flush();
      return Main.USAGE;
    }
    if (report != null) {
      String n = report.getFileName() == null ? "" : report.getFileName().toString();
      if (!n.endsWith(".md") && !n.endsWith(".html")) {
        err.println("error: --report must name FILE.md or FILE.html, got '" + report + "'");
        err.flush();
        return Main.USAGE;
      }
    }
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
    if (report != null) {
      try {
        checkReport(files);
      } catch (RawOpsException e) {
        err.println("error: " + e.getMessage());
        err.flush();
        return Main.FAILED;
      }
    }
    List<Result> results = runAll(files, new ConformanceRunner(dev, rules), pattern, out);
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
    if (report != null) {
      try {
        writeReport(dev, rules, results);
      } catch (java.io.IOException e) {
        err.println("error: cannot write --report " + report + ": " + e);
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

  /** --rtol/--atol as one tolerance (a missing one is 0), or null when neither is given. */
  private Tolerance flagTolerance() {
    if (rtol == null && atol == null) {
      return null;
    }
    Tolerance t =
        Tolerance.newBuilder()
            .setRtol(rtol == null ? 0 : rtol)
            .setAtol(atol == null ? 0 : atol)
            .build();
    if (!(t.getRtol() >= 0) || !(t.getAtol() >= 0)) {
      throw new IllegalArgumentException("--rtol and --atol must be non-negative numbers");
    }
    return t;
  }

  /** --report is checked before the run, as --out and --trace are (see {@link OutFiles}). */
  private void checkReport(List<Path> files) {
    for (Path f : files) {
      OutFiles.checkFile(report, f, true, "--report");
    }
    OutFiles.checkFile(report, files.get(0), force, "--report");
  }

  private void writeReport(Device dev, ToleranceRules rules, List<Result> results)
      throws java.io.IOException {
    OpRegistry ops = OpRegistry.builtIn();
    ConformReport.Context c =
        new ConformReport.Context(
            "rawops conform (" + dev + ")",
            ToleranceExplainer.describe(rules),
            r -> reproduce(r, dev),
            op -> ops.family(op).orElse(null));
    String text =
        report.getFileName().toString().endsWith(".html")
            ? ConformReport.html(c, results)
            : ConformReport.markdown(c, results);
    try (java.io.OutputStream o = OutFiles.create(report)) {
      o.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** The command that runs {@code r}'s fixture alone, with this run's tolerance options. */
  private String reproduce(Result r, Device dev) {
    StringBuilder s = new StringBuilder("./rawops conform ");
    s.append(r.file() == null ? "PATH" : shellQuote(r.file().toString()));
    s.append(" --filter ").append(shellQuote("^" + regexLiteral(r.name()) + "$"));
    if (!dev.equals(Device.CPU)) {
      s.append(" --device ").append(dev);
    }
    if (rtol != null) {
      s.append(" --rtol ").append(rtol);
    }
    if (atol != null) {
      s.append(" --atol ").append(atol);
    }
    if (bitExact) {
      s.append(" --bit-exact");
    }
    return s.toString();
  }

  /** {@code s} as one word for a POSIX shell: as is when plain, else single-quoted. */
  static String shellQuote(String s) {
    if (!s.isEmpty() && s.matches("[A-Za-z0-9_./:=@%+,-]+")) {
      return s;
    }
    return "'" + s.replace("'", "'\\''") + "'";
  }

  /** {@code text} as a regex matching exactly it: each metacharacter after a backslash. */
  static String regexLiteral(String text) {
    StringBuilder b = new StringBuilder();
    for (int ci = 0; ci < text.length(); ci++) {
      char ch = text.charAt(ci);
      if ("\\^$.|?*+()[]{}".indexOf(ch) >= 0) {
        b.append('\\');
      }
      b.append(ch);
    }
    return b.toString();
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
