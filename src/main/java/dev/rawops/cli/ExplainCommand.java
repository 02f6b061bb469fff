package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.ops.indexing.StridedSliceMasks;
import dev.rawops.ops.indexing.StridedSliceNotation;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops explain GRAPH [NODE…]}: what each StridedSlice node means, in Python notation
 * ({@code input[1, 2:4, tf.newaxis, ..., :-3:-1, :]}) with its shapes; when begin, end or strides
 * are not constant, their entries show symbolically and the masks are decoded bit by bit. Exit 0
 * when the graph builds; 1 when it does not (its errors are printed) or a NODE is not a
 * StridedSlice of it; 2 on a malformed command line.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = "Explain StridedSlice nodes in Python slice notation, with their shapes.")
final class ExplainCommand implements Callable<Integer> {
  private static final String OP = "StridedSlice";
  private static final String[] VECTORS = {"begin", "end", "strides"};

  @Parameters(index = "0", paramLabel = "GRAPH", description = "GraphDef file (.pb or .pbtxt)")
  Path graphFile;

  @Parameters(
      index = "1..*",
      paramLabel = "NODE",
      arity = "0..*",
      description = "StridedSlice nodes to explain (default: all of them)")
  List<String> nodeNames = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    GraphDef def;
    try {
      def = GraphLoader.read(graphFile);
    } catch (RawOpsException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.FAILED;
    }
    Map<String, NodeDef> byName = new LinkedHashMap<>();
    def.getNodeList().forEach(n -> byName.putIfAbsent(n.getName(), n));
    Optional<List<NodeDef>> selected = select(byName, err);
    if (selected.isEmpty()) {
      err.flush();
      return Main.FAILED;
    }
    if (selected.get().isEmpty()) {
      out.println("no " + OP + " nodes in " + graphFile);
    }
    Built built = Built.of(def);
    for (NodeDef n : selected.get()) {
      explain(n, byName, built, out);
    }
    out.flush();
    if (built.errors.isEmpty()) {
      return Main.OK;
    }
    err.println(
        "error: the graph does not build ("
            + built.errors.size()
            + " error"
            + (built.errors.size() == 1 ? "" : "s")
            + "):");
    built.errors.forEach(e -> err.println("  " + e.getMessage()));
    err.flush();
    return Main.FAILED;
  }

  /** The named nodes (all StridedSlice nodes by default); empty when one is missing or no slice. */
  private Optional<List<NodeDef>> select(Map<String, NodeDef> byName, PrintWriter err) {
    if (nodeNames.isEmpty()) {
      return Optional.of(byName.values().stream().filter(n -> n.getOp().equals(OP)).toList());
    }
    List<NodeDef> nodes = new ArrayList<>();
    for (String name : nodeNames) {
      NodeDef n = byName.get(name);
      if (n == null) {
        err.println("error: NOT_FOUND: no node named '" + name + "' in " + graphFile);
        return Optional.empty();
      }
      if (!n.getOp().equals(OP)) {
        err.println(
            "error: INVALID_ARGUMENT: node '" + name + "' is a " + n.getOp() + ", not a " + OP);
        return Optional.empty();
      }
      nodes.add(n);
    }
    return Optional.of(nodes);
  }

  private static void explain(
      NodeDef n, Map<String, NodeDef> byName, Built built, PrintWriter out) {
    StridedSliceMasks m = masks(n);
    String input = n.getInputCount() > 0 ? n.getInput(0) : "?";
    long[][] values = new long[3][];
    List<String> unknown = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      values[k] =
          n.getInputCount() > k + 1 ? constant(n.getInput(k + 1), byName).orElse(null) : null;
      if (values[k] == null) {
        unknown.add(VECTORS[k]);
      }
    }
    long length =
        entries(
            n,
            byName,
            n.getInputCount() > 3 ? built.shape(n.getInput(3)) : PartialShape.unknownRank());
    if (length > MAX_ENTRIES) {
      out.println(
          n.getName()
              + " = "
              + input
              + "[…]  (a spec of "
              + length
              + " entries: too long to show; explain shows up to "
              + MAX_ENTRIES
              + ")");
      out.println("  shape: " + built.shape(input) + " -> " + built.shape(n.getName()));
      printErrors(n, built, out);
      return;
    }
    int entries = (int) length;
    if (Arrays.stream(values).anyMatch(v -> v != null && v.length != entries)) {
      out.println(
          n.getName()
              + " = "
              + input
              + "[…]  (begin, end and strides must have one length; they have "
              + Arrays.stream(values)
                  .map(v -> v == null ? "?" : Integer.toString(v.length))
                  .collect(Collectors.joining(", "))
              + ")");
      out.println("  shape: " + built.shape(input) + " -> " + built.shape(n.getName()));
      printErrors(n, built, out);
      return;
    }
    out.println(
        n.getName()
            + " = "
            + StridedSliceNotation.python(
                input, m, Math.max(entries, 0), values[0], values[1], values[2])
            + (entries < 0 ? "  (spec length unknown)" : ""));
    if (!unknown.isEmpty()) {
      out.println(
          "  not constant: "
              + String.join(", ", unknown)
              + " (shown as "
              + String.join(", ", unknown.stream().map(v -> v.charAt(0) + "[i]").toList())
              + ")");
      StridedSliceNotation.decodeMasks(m, entries).forEach(line -> out.println("  " + line));
    }
    out.println("  shape: " + built.shape(input) + " -> " + built.shape(n.getName()));
    printErrors(n, built, out);
  }

  private static void printErrors(NodeDef n, Built built, PrintWriter out) {
    built.errors.stream()
        .filter(e -> e.node().orElse("").equals(n.getName()))
        .forEach(e -> out.println("  error: " + e.code() + ": " + e.detail()));
  }

  private static StridedSliceMasks masks(NodeDef n) {
    int[] v = new int[5];
    for (int k = 0; k < 5; k++) {
      v[k] =
          (int)
              n.getAttrOrDefault(StridedSliceMasks.ATTRS.get(k), AttrValue.getDefaultInstance())
                  .getI();
    }
    return new StridedSliceMasks(v[0], v[1], v[2], v[3], v[4]);
  }

  /**
   * The spec's length: from the first constant vector's shape (read without decoding it), else
   * strides' static shape; -1 if unknown.
   */
  private static long entries(NodeDef n, Map<String, NodeDef> byName, PartialShape strides) {
    for (int k = 1; k < Math.min(4, n.getInputCount()); k++) {
      Optional<TensorProto> p = constProto(n.getInput(k), byName);
      if (p.isPresent() && p.get().getTensorShape().getDimCount() == 1) {
        return Math.max(-1, p.get().getTensorShape().getDim(0).getSize());
      }
    }
    return strides.hasRank() && strides.rank() == 1 ? strides.dim(0) : -1;
  }

  /** Longest spec explained entry by entry (TF's largest rank; masks cover 32 entries). */
  static final int MAX_ENTRIES = dev.rawops.Limits.MAX_RANK;

  /**
   * The value of a 1-D integer Const (looking through Identity), if that is what feeds {@code
   * input}.
   */
  private static Optional<long[]> constant(String input, Map<String, NodeDef> byName) {
    Optional<TensorProto> p = constProto(input, byName);
    if (p.isEmpty()
        || p.get().getTensorShape().getDimCount() != 1
        || p.get().getTensorShape().getDim(0).getSize() > MAX_ENTRIES) {
      return Optional.empty(); // only short vectors are decoded: a huge one is never allocated
    }
    try {
      Tensor t = TensorProtos.toTensor(p.get());
      return t.dtype().isInteger() && t.shape().rank() == 1
          ? Optional.of(t.toLongArray())
          : Optional.empty();
    } catch (RawOpsException e) {
      return Optional.empty();
    }
  }

  /** The TensorProto of the Const (looking through Identity) that feeds {@code input}, if one. */
  private static Optional<TensorProto> constProto(String input, Map<String, NodeDef> byName) {
    NodeDef n = byName.get(TensorName.parse(input).node());
    for (int hops = 0;
        n != null && n.getOp().equals("Identity") && n.getInputCount() > 0 && hops < 100;
        hops++) {
      n = byName.get(TensorName.parse(n.getInput(0)).node());
    }
    if (n == null || !n.getOp().equals("Const") || !n.containsAttr("value")) {
      return Optional.empty();
    }
    return Optional.of(n.getAttrOrThrow("value").getTensor());
  }

  /** The graph built for its static shapes, or the reasons it does not build. */
  private record Built(Graph graph, List<RawOpsException> errors) {
    static Built of(GraphDef def) {
      try {
        return new Built(Graph.build(def, Device.CPU), List.of());
      } catch (GraphBuildException e) {
        return new Built(null, e.errors());
      }
    }

    /** The static shape of tensor {@code name} ("x" or "x:1"), "?" when unknown. */
    PartialShape shape(String name) {
      TensorName t = TensorName.parse(name);
      if (graph == null) {
        return PartialShape.unknownRank();
      }
      return graph
          .node(t.node())
          .map(Graph.Node::outputShapes)
          .filter(s -> t.index() < s.size())
          .map(s -> s.get(t.index()))
          .orElse(PartialShape.unknownRank());
    }
  }
}
