package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.conform.Recording;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
        "Runs a GraphDef or SavedModel in TensorFlow 2.18 and writes a fixture of what TF computed (or its error"
            + " code and stage), for `rawops conform`. Needs the optional module rawops-tf.")
final class RecordCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH|SAVEDMODEL_DIR",
      description = "GraphDef file (.pb or .pbtxt) or SavedModel directory")
  Path graphPath;

  @picocli.CommandLine.Mixin FeedOptions feedOptions = new FeedOptions();

  @Option(
      names = "--fetch",
      paramLabel = "NAME[:i]",
      description =
          "Tensor to fetch (repeatable, at least one); a SavedModel's output key (default: every"
              + " output)")
  List<String> fetches = new ArrayList<>();

  @picocli.CommandLine.Mixin SignatureOptions signatureOptions = new SignatureOptions();

  @Option(
      names = "--out",
      paramLabel = "FIXTURE",
      required = true,
      description =
          "The fixture to write: NAME.fixture.pbtxt (text) or NAME.fixture.pb (binary); for a"
              + " SavedModel NAME.savedmodel.pbtxt, NAME.savedmodel.pb or expected.pbtxt")
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
    boolean savedModel = Files.isDirectory(graphPath);
    String file = out.getFileName().toString();
    String stem = stem(file, savedModel);
    if (!savedModel && fetches.isEmpty()) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "name at least one --fetch NAME[:i] of the graph");
    }
    Oracle oracle =
        Oracle.find().orElseThrow(() -> RawOpsException.of(Code.UNIMPLEMENTED, Oracle.HOW_TO_ADD));
    OutFiles.checkFile(out, graphPath, force, "--out");
    String caseName = name != null ? name : stem;
    Tolerance tolerance = tolerance();
    Fixture f =
        savedModel
            ? recordSavedModel(oracle, caseName, tolerance)
            : recordGraph(oracle, caseName, tolerance);
    try (OutputStream o = OutFiles.create(out)) {
      if (file.endsWith(".pb")) {
        f.writeTo(o);
      } else {
        o.write(Fixtures.text(f, HEADER).getBytes(StandardCharsets.UTF_8));
      }
    }
    Oracle.Outcome outcome =
        new Oracle.Outcome(f.getExpectedList(), f.hasError() ? f.getError() : null);
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

  /** The fixture's default name: --out's file name less its suffix, which must fit GRAPH. */
  private String stem(String file, boolean savedModel) {
    for (String suffix :
        savedModel
            ? List.of(".savedmodel.pbtxt", ".savedmodel.pb")
            : List.of(".fixture.pbtxt", ".fixture.pb")) {
      if (file.endsWith(suffix) && file.length() > suffix.length()) {
        return file.substring(0, file.length() - suffix.length());
      }
    }
    if (savedModel && file.equals("expected.pbtxt")) {
      return graphPath.toAbsolutePath().normalize().getFileName().toString();
    }
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(),
        "--out must name "
            + (savedModel
                ? "NAME.savedmodel.pbtxt, NAME.savedmodel.pb or expected.pbtxt (a SavedModel case)"
                : "NAME.fixture.pbtxt or NAME.fixture.pb")
            + ", got '"
            + file
            + "'");
  }

  private Fixture recordGraph(Oracle oracle, String caseName, Tolerance tolerance) {
    GraphDef graph = GraphLoader.read(graphPath);
    Map<String, TensorProto> feedMap = feedOptions.feeds(spec, graph);
    Oracle.Outcome outcome =
        Recording.deterministic(oracle, graph, feedMap, fetches, "the case " + caseName, tolerance);
    return Recording.fixture(
        caseName,
        "recorded by rawops record from " + graphPath + feedOptions.describe(),
        oracle.source(),
        graph,
        feedMap,
        fetches,
        outcome,
        tolerance);
  }

  /**
   * A SavedModel case (docs/FIXTURES.md): feeds by input key, fetches by output key (default: every
   * output), source {@code signature:KEY}, the model named in the description relative to the
   * fixture's folder so that {@code rawops conform} finds it.
   */
  private Fixture recordSavedModel(Oracle oracle, String caseName, Tolerance tolerance) {
    List<String> tags = signatureOptions.tags;
    List<String> tagList = tags.isEmpty() ? List.of(SavedModel.SERVE) : tags;
    MetaGraphDef mg = SavedModel.metaGraph(graphPath, signatureOptions.tagArray());
    SavedModel.Signature sig = signatureOptions.pick(SavedModel.signatures(mg), graphPath);
    String signature = sig.key();
    Map<String, TensorProto> byKey = feedOptions.feedsByKey(spec, sig);
    Map<String, TensorProto> byTensor = new LinkedHashMap<>();
    byKey.forEach((k, v) -> byTensor.put(tensorOf(sig.inputs(), k, "input", signature), v));
    List<String> keys =
        fetches.isEmpty()
            ? sig.outputs().stream().map(SavedModel.TensorSpec::key).toList()
            : fetches;
    List<String> tensors =
        keys.stream().map(k -> tensorOf(sig.outputs(), k, "output", signature)).toList();
    Oracle.Outcome outcome =
        Recording.deterministicSavedModel(
            oracle,
            graphPath,
            tagList,
            mg.getGraphDef(),
            byTensor,
            tensors,
            "the case " + caseName,
            tolerance);
    Path folder = out.toAbsolutePath().normalize().getParent();
    String model = folder.relativize(graphPath.toAbsolutePath().normalize()).toString();
    if (!model.contains("/")) {
      model = "./" + model;
    }
    return Recording.fixture(
        caseName,
        oracle.source()
            + ", recorded by rawops record from "
            + model
            + " (signature "
            + signature
            + ")"
            + feedOptions.describe(),
        "signature:" + signature,
        GraphDef.getDefaultInstance(),
        byKey,
        keys,
        outcome,
        tolerance);
  }

  private static String tensorOf(
      List<SavedModel.TensorSpec> specs, String key, String what, String signature) {
    return specs.stream()
        .filter(s -> s.key().equals(key))
        .findFirst()
        .orElseThrow(
            () ->
                RawOpsException.of(
                    Code.NOT_FOUND,
                    "signature '" + signature + "' has no " + what + " '" + key + "'"))
        .tensorName();
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
