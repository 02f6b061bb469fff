package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.TensorName;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
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

  /** What may be fed at random: a placeholder (or a signature input) with its dtype and shape. */
  private record Input(String name, DType dtype, PartialShape shape) {}

  /** The --feed values, then (with --random-feeds) every other placeholder's random value. */
  Map<String, TensorProto> feeds(CommandSpec spec, GraphDef graph) {
    Map<String, NodeDef> nodes = new LinkedHashMap<>();
    List<Input> inputs = new ArrayList<>();
    for (NodeDef n : graph.getNodeList()) {
      nodes.put(n.getName(), n);
      placeholderType(n)
          .ifPresent(
              d -> {
                AttrValue a = n.getAttrMap().get("shape");
                inputs.add(
                    new Input(
                        n.getName(),
                        d,
                        a == null
                            ? PartialShape.unknownRank()
                            : PartialShape.fromProto(a.getShape())));
              });
    }
    return feeds(
        spec,
        inputs,
        "NAME",
        name -> {
          TensorName t = TensorName.parse(name);
          NodeDef n = nodes.get(t.node());
          if (t.control() || n == null) {
            throw RawOpsException.of(
                Code.NOT_FOUND, "feed '" + name + "' is not a tensor of the graph");
          }
          return Optional.ofNullable(t.index() == 0 ? placeholderType(n).orElse(null) : null);
        });
  }

  /** The same for a SavedModel signature: feeds by input key. */
  Map<String, TensorProto> feedsByKey(CommandSpec spec, SavedModel.Signature signature) {
    List<Input> inputs = new ArrayList<>();
    signature.inputs().forEach(i -> inputs.add(new Input(i.key(), i.dtype(), i.shape())));
    return feeds(
        spec,
        inputs,
        "KEY",
        key ->
            Optional.ofNullable(
                inputs.stream()
                    .filter(i -> i.name().equals(key))
                    .findFirst()
                    .orElseThrow(
                        () ->
                            RawOpsException.of(
                                Code.NOT_FOUND,
                                "feed '"
                                    + key
                                    + "' is not an input of signature '"
                                    + signature.key()
                                    + "'"))
                    .dtype()));
  }

  private Map<String, TensorProto> feeds(
      CommandSpec spec,
      List<Input> inputs,
      String what,
      java.util.function.Function<String, Optional<DType>> typeOf) {
    Map<String, TensorProto> map = new LinkedHashMap<>();
    List<String> fed = new ArrayList<>();
    for (String f : feeds) {
      String[] kv = Feeds.splitFeed(spec, f, what);
      DType dtype = typeOf.apply(kv[0]).orElse(null);
      map.put(kv[0], TensorProtos.toProto(Feeds.value(kv[0], kv[1], dtype, cast)));
      fed.add(what.equals("NAME") ? TensorName.parse(kv[0]).node() : kv[0]);
    }
    Map<String, Input> byName = new LinkedHashMap<>();
    inputs.forEach(i -> byName.put(i.name(), i));
    Map<String, RandomFeeds.Range> rangeOf = new LinkedHashMap<>();
    named("--feed-range", ranges, byName)
        .forEach((k, v) -> rangeOf.put(k, RandomFeeds.Range.parse(k, v)));
    Map<String, String> shapeOf = named("--feed-shape", shapes, byName);
    if (randomSeed == null) {
      if (!rangeOf.isEmpty() || !shapeOf.isEmpty()) {
        throw new picocli.CommandLine.ParameterException(
            spec.commandLine(), "--feed-range and --feed-shape need --random-feeds SEED");
      }
      return map;
    }
    SplittableRandom random = new SplittableRandom(randomSeed);
    for (Input in : inputs) {
      SplittableRandom own = random.split(); // one stream per input, fed or not
      if (fed.contains(in.name())) {
        continue;
      }
      if (in.dtype() == null) {
        throw RawOpsException.invalidArgument(
            "input '" + in.name() + "' has a type rawops cannot make values of: feed it");
      }
      Shape shape = shape(in, shapeOf.get(in.name()));
      map.put(
          in.name(),
          TensorProtos.toProto(
              RandomFeeds.value(in.name(), in.dtype(), shape, rangeOf.get(in.name()), own)));
    }
    return map;
  }

  /** NAME=VALUE options naming inputs: VALUE by NAME. */
  private static Map<String, String> named(
      String option, List<String> values, Map<String, Input> inputs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String v : values) {
      String[] kv = Feeds.split(v);
      if (kv == null || !inputs.containsKey(kv[0])) {
        throw RawOpsException.invalidArgument(
            option + " " + v + " must name a placeholder (or signature input): NAME=…");
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

  private static Shape shape(Input in, String given) {
    if (given != null) {
      try {
        return Shape.of(
            given.isBlank()
                ? new long[0]
                : java.util.Arrays.stream(given.split(",")).mapToLong(Long::parseLong).toArray());
      } catch (RuntimeException e) {
        throw RawOpsException.invalidArgument(
            "--feed-shape " + in.name() + "=" + given + " must be sizes, e.g. 1,784");
      }
    }
    if (!in.shape().hasRank()) {
      throw RawOpsException.invalidArgument(
          "placeholder '"
              + in.name()
              + "' has no known rank: give its shape with --feed-shape "
              + in.name()
              + "=D0,D1,…");
    }
    long[] dims = new long[in.shape().rank()];
    for (int i = 0; i < dims.length; i++) {
      dims[i] = Math.max(in.shape().dim(i), 1);
    }
    return Shape.of(dims);
  }
}
