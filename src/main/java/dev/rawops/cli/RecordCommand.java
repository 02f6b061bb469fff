package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.conform.Recording;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
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

  @Option(
      names = "--feed",
      paramLabel = "NAME=VALUE",
      description =
          "A feed, as `rawops run` takes it: NAME=FILE.npy, NAME=FILE.npz:KEY or a literal")
  List<String> feeds = new ArrayList<>();

  @Option(
      names = "--random-feeds",
      paramLabel = "SEED",
      description =
          "Feed every placeholder not given by --feed random values of its dtype and shape"
              + " (unknown dimensions are 1 unless --feed-shape says), drawn from SEED")
  Long randomSeed;

  @Option(
      names = "--feed-range",
      paramLabel = "NAME=LO:HI",
      description =
          "The range of a random feed: floats in [LO, HI), integers LO..HI-1 (default [-1, 1)"
              + " and 0..9)")
  List<String> ranges = new ArrayList<>();

  @Option(
      names = "--feed-shape",
      paramLabel = "NAME=D0,D1,…",
      description = "The shape of a random feed whose placeholder's shape is not fully known")
  List<String> shapes = new ArrayList<>();

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

  @Option(names = "--cast", description = "Convert a .npy/.npz feed to the placeholder's dtype")
  boolean cast;

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
    Map<String, TensorProto> feedMap = feeds(graph);
    String caseName = name != null ? name : file.substring(0, file.indexOf(".fixture."));
    Tolerance tolerance = tolerance();
    Oracle.Outcome outcome =
        Recording.deterministic(oracle, graph, feedMap, fetches, "the case " + caseName, tolerance);
    Fixture f =
        Recording.fixture(
            caseName, description(), oracle.source(), graph, feedMap, fetches, outcome, tolerance);
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

  private String description() {
    StringBuilder d = new StringBuilder("recorded by rawops record from ").append(graphPath);
    if (randomSeed != null) {
      d.append("; random feeds seed ").append(randomSeed);
      ranges.forEach(r -> d.append(", range ").append(r));
      shapes.forEach(s -> d.append(", shape ").append(s));
    }
    return d.toString();
  }

  /** The --feed values, then (with --random-feeds) every other placeholder's random value. */
  private Map<String, TensorProto> feeds(GraphDef graph) {
    Map<String, NodeDef> nodes = new LinkedHashMap<>();
    graph.getNodeList().forEach(n -> nodes.put(n.getName(), n));
    Map<String, TensorProto> map = new LinkedHashMap<>();
    List<String> fedNodes = new ArrayList<>();
    for (String f : feeds) {
      String[] kv = Feeds.splitFeed(spec, f, "NAME");
      TensorName t = TensorName.parse(kv[0]);
      NodeDef n = nodes.get(t.node());
      if (t.control() || n == null) {
        throw RawOpsException.of(
            Code.NOT_FOUND, "feed '" + kv[0] + "' is not a tensor of the graph");
      }
      DType dtype = t.index() == 0 ? placeholderType(n).orElse(null) : null;
      map.put(kv[0], TensorProtos.toProto(Feeds.value(kv[0], kv[1], dtype, cast)));
      fedNodes.add(t.node());
    }
    Map<String, RandomFeeds.Range> rangeOf = new LinkedHashMap<>();
    named("--feed-range", ranges, nodes)
        .forEach((k, v) -> rangeOf.put(k, RandomFeeds.Range.parse(k, v)));
    Map<String, String> shapeOf = named("--feed-shape", shapes, nodes);
    if (randomSeed == null) {
      if (!rangeOf.isEmpty() || !shapeOf.isEmpty()) {
        throw new picocli.CommandLine.ParameterException(
            spec.commandLine(), "--feed-range and --feed-shape need --random-feeds SEED");
      }
      return map;
    }
    SplittableRandom random = new SplittableRandom(randomSeed);
    for (NodeDef n : graph.getNodeList()) {
      Optional<DType> dtype = placeholderType(n);
      if (dtype.isEmpty()) {
        continue;
      }
      SplittableRandom own = random.split(); // one stream per placeholder, fed or not
      if (fedNodes.contains(n.getName())) {
        continue;
      }
      Shape shape = shape(n, shapeOf.get(n.getName()));
      map.put(
          n.getName(),
          TensorProtos.toProto(
              RandomFeeds.value(n.getName(), dtype.get(), shape, rangeOf.get(n.getName()), own)));
    }
    return map;
  }

  /** NAME=VALUE options naming placeholders: VALUE by NAME. */
  private static Map<String, String> named(
      String option, List<String> values, Map<String, NodeDef> nodes) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String v : values) {
      String[] kv = Feeds.split(v);
      if (kv == null || !nodes.containsKey(kv[0]) || placeholderType(nodes.get(kv[0])).isEmpty()) {
        throw RawOpsException.invalidArgument(
            option + " " + v + " must name a placeholder of the graph: NAME=…");
      }
      out.put(kv[0], kv[1]);
    }
    return out;
  }

  /** A Placeholder's dtype; empty for any other node (PlaceholderWithDefault has its value). */
  private static Optional<DType> placeholderType(NodeDef n) {
    if (!n.getOp().equals("Placeholder") && !n.getOp().equals("PlaceholderV2")) {
      return Optional.empty();
    }
    AttrValue t = n.getAttrMap().get("dtype");
    return t == null ? Optional.empty() : Optional.ofNullable(DType.fromProtoOrNull(t.getType()));
  }

  private static Shape shape(NodeDef n, String given) {
    if (given != null) {
      try {
        return Shape.of(
            given.isBlank()
                ? new long[0]
                : java.util.Arrays.stream(given.split(",")).mapToLong(Long::parseLong).toArray());
      } catch (RuntimeException e) {
        throw RawOpsException.invalidArgument(
            "--feed-shape " + n.getName() + "=" + given + " must be sizes, e.g. 1,784");
      }
    }
    AttrValue a = n.getAttrMap().get("shape");
    TensorShapeProto s = a == null ? TensorShapeProto.getDefaultInstance() : a.getShape();
    if (a == null || s.getUnknownRank()) {
      throw RawOpsException.invalidArgument(
          "placeholder '"
              + n.getName()
              + "' has no known rank: give its shape with --feed-shape "
              + n.getName()
              + "=D0,D1,…");
    }
    return Shape.of(s.getDimList().stream().mapToLong(d -> Math.max(d.getSize(), 1)).toArray());
  }
}
