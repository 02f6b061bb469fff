package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The feeds of {@code rawops record} and {@code rawops compare}: {@code --feed} as {@code rawops
 * run} takes them, and with {@code --random-feeds SEED} random values for every other placeholder
 * ({@link RandomFeeds}), read against the GraphDef itself (TF may run graphs rawops cannot build).
 */
final class FeedOptions {
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

  @Option(names = "--cast", description = "Convert a .npy/.npz feed to the placeholder's dtype")
  boolean cast;

  /** How the random feeds were made ("" without --random-feeds), for a fixture's description. */
  String describe() {
    StringBuilder d = new StringBuilder();
    if (randomSeed != null) {
      d.append("; random feeds seed ").append(randomSeed);
      ranges.forEach(r -> d.append(", range ").append(r));
      shapes.forEach(s -> d.append(", shape ").append(s));
    }
    return d.toString();
  }

  /** The --feed values, then (with --random-feeds) every other placeholder's random value. */
  Map<String, TensorProto> feeds(CommandSpec spec, GraphDef graph) {
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
