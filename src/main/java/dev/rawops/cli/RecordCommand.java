package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.conform.Recording;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops record}: runs a GraphDef in TensorFlow 2.18 (the {@link Oracle} of the optional
 * module rawops-tf) and writes a fixture of TF's outcome. The case runs with TF's graph rewrites
 * off twice and on once, and is refused when the runs disagree (see {@link
 * Recording#deterministic}).
 */
@Command(
    name = "record",
    mixinStandardHelpOptions = true,
    description =
        "Runs a GraphDef in TensorFlow 2.18 and writes a fixture of what TF computed (or its error"
            + " code and stage), for `rawops conform`. Needs the optional module rawops-tf.")
final class RecordCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "GRAPH", description = "GraphDef file: .pb or .pbtxt")
  Path graphPath;

  @picocli.CommandLine.Mixin FeedOptions feedOptions = new FeedOptions();

  @Option(
      names = "--fetch",
      paramLabel = "NAME[:i]",
      required = true,
      description = "Tensor to fetch (repeatable, at least one)")
  List<String> fetches = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "FIXTURE",
      required = true,
      description = "The fixture to write: NAME.fixture.pbtxt (text) or NAME.fixture.pb (binary)")
  Path out;

  @Option(names = "--force", description = "Overwrite an existing --out file")
  boolean force;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "The fixture's name (default: --out's)")
  String name;

  @Option(
      names = "--rtol",
      paramLabel = "R",
      description = "Write a tolerance: float results compared within atol + R*|want|")
  Double rtol;

  @Option(names = "--atol", paramLabel = "A", description = "Write a tolerance (see --rtol)")
  Double atol;

  private static final String HEADER =
      "# Recorded by `rawops record` from TensorFlow's own results; do not edit by hand.\n";

  @Override
  public Integer call() throws IOException {
    Oracle oracle =
        Oracle.find().orElseThrow(() -> RawOpsException.of(Code.UNIMPLEMENTED, Oracle.HOW_TO_ADD));
    String file = out.getFileName().toString();
    if (!Fixtures.isFixtureFile(out)) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--out must name NAME.fixture.pbtxt or NAME.fixture.pb, got '" + file + "'");
    }
    if (Files.isDirectory(graphPath)) {
      throw RawOpsException.of(
          Code.UNIMPLEMENTED,
          "record takes a GraphDef file; recording a SavedModel directory is not supported yet");
    }
    OutFiles.checkFile(out, graphPath, force, "--out");
    GraphDef graph = GraphLoader.read(graphPath);
    Map<String, TensorProto> feedMap = feedOptions.feeds(spec, graph);
    String caseName = name != null ? name : file.substring(0, file.indexOf(".fixture."));
    Tolerance tolerance = tolerance();
    Oracle.Outcome outcome =
        Recording.deterministic(oracle, graph, feedMap, fetches, "the case " + caseName, tolerance);
    Fixture f =
        Recording.fixture(
            caseName,
            "recorded by rawops record from " + graphPath + feedOptions.describe(),
            oracle.source(),
            graph,
            feedMap,
            fetches,
            outcome,
            tolerance);
    try (OutputStream o = OutFiles.create(out)) {
      if (file.endsWith(".pb")) {
        f.writeTo(o);
      } else {
        o.write(Fixtures.text(f, HEADER).getBytes(StandardCharsets.UTF_8));
      }
    }
    spec.commandLine()
        .getOut()
        .println(
            "recorded "
                + caseName
                + ": TensorFlow "
                + Recording.summary(outcome)
                + " (graph rewrites off; the same when run again and with them on); written to "
                + out);
    spec.commandLine().getOut().flush();
    return Main.OK;
  }

  private Tolerance tolerance() {
    return tolerance(spec, rtol, atol);
  }

  /** {@code --rtol}/{@code --atol} as a Tolerance; null when neither is given. */
  static Tolerance tolerance(CommandSpec spec, Double rtol, Double atol) {
    if (rtol == null && atol == null) {
      return null;
    }
    double r = rtol == null ? 0 : rtol;
    double a = atol == null ? 0 : atol;
    if (!(r >= 0) || !(a >= 0) || Double.isInfinite(r) || Double.isInfinite(a)) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--rtol and --atol must be finite and not negative");
    }
    return Tolerance.newBuilder().setRtol(r).setAtol(a).build();
  }
}
