package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.ops.indexing.StridedSliceMasks;
import dev.rawops.ops.indexing.StridedSliceNotation;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A graph in Graphviz's DOT language ({@code rawops inspect --dot GRAPH | dot -Tsvg > g.svg}): one
 * box per node labelled with its name, op and output dtypes and shapes; StridedSlice nodes show
 * their slice in Python notation ({@code x[1:3, ..., ::-1]}); placeholders are ellipses, control
 * edges dashed, edges from an output other than 0 labelled with its index.
 */
final class Dot {
  /** Spec vectors longer than this are not spelled out (TF's max rank is 254). */
  private static final int MAX_SPEC = 254;

  private Dot() {}

  static void write(GraphDef def, Graph built, PrintWriter out) {
    Map<String, NodeDef> byName = new HashMap<>();
    def.getNodeList().forEach(n -> byName.putIfAbsent(n.getName(), n));
    out.println("digraph rawops {");
    out.println("  node [shape=box, fontname=\"Helvetica\", fontsize=10];");
    out.println("  edge [fontname=\"Helvetica\", fontsize=9];");
    for (NodeDef n : def.getNodeList()) {
      List<String> lines = new ArrayList<>();
      lines.add(n.getName());
      lines.add(n.getOp().equals("StridedSlice") ? slice(n, byName) : n.getOp());
      Graph.Node b = built == null ? null : built.node(n.getName()).orElse(null);
      if (b != null && !b.outputTypes().isEmpty()) {
        List<String> outs = new ArrayList<>();
        for (int i = 0; i < b.outputTypes().size(); i++) {
          outs.add(b.outputTypeNames().get(i) + b.outputShapes().get(i));
        }
        lines.add(String.join(", ", outs));
      }
      boolean input = n.getOp().startsWith("Placeholder");
      out.println(
          "  "
              + quote(n.getName())
              + " [label="
              + quote(String.join("\n", lines))
              + (input ? ", shape=ellipse" : "")
              + "];");
    }
    for (NodeDef n : def.getNodeList()) {
      for (String in : n.getInputList()) {
        TensorName t = TensorName.parse(in);
        String attrs =
            t.control()
                ? " [style=dashed]"
                : t.index() > 0 ? " [label=\":" + t.index() + "\"]" : "";
        out.println("  " + quote(t.node()) + " -> " + quote(n.getName()) + attrs + ";");
      }
    }
    out.println("}");
    out.flush();
  }

  /** A StridedSlice as {@code input[spec]}; entries whose vector is not constant as b[i]. */
  static String slice(NodeDef n, Map<String, NodeDef> byName) {
    if (n.getInputCount() < 4) {
      return "StridedSlice";
    }
    long[][] v = new long[3][];
    int entries = -1;
    for (int k = 0; k < 3; k++) {
      v[k] = constant(n.getInput(k + 1), byName);
      if (v[k] != null) {
        if (entries >= 0 && v[k].length != entries) {
          return "StridedSlice (begin, end, strides of different lengths)";
        }
        entries = v[k].length;
      }
    }
    if (entries < 0 || entries > MAX_SPEC) {
      return "StridedSlice";
    }
    int[] m = new int[5];
    for (int k = 0; k < 5; k++) {
      m[k] =
          (int)
              n.getAttrOrDefault(StridedSliceMasks.ATTRS.get(k), AttrValue.getDefaultInstance())
                  .getI();
    }
    return StridedSliceNotation.python(
        n.getInput(0),
        new StridedSliceMasks(m[0], m[1], m[2], m[3], m[4]),
        entries,
        v[0],
        v[1],
        v[2]);
  }

  /** The value of a small 1-D integer Const feeding {@code input} (through Identity), or null. */
  private static long[] constant(String input, Map<String, NodeDef> byName) {
    NodeDef n = byName.get(TensorName.parse(input).node());
    for (int hops = 0;
        n != null && n.getOp().equals("Identity") && n.getInputCount() > 0 && hops < 100;
        hops++) {
      n = byName.get(TensorName.parse(n.getInput(0)).node());
    }
    if (n == null || !n.getOp().equals("Const") || !n.containsAttr("value")) {
      return null;
    }
    var proto = n.getAttrOrThrow("value").getTensor();
    if (proto.getTensorShape().getDimCount() != 1
        || proto.getTensorShape().getDim(0).getSize() < 0
        || proto.getTensorShape().getDim(0).getSize() > MAX_SPEC) {
      return null;
    }
    try {
      Tensor t = TensorProtos.toTensor(proto);
      return t.dtype().isInteger() ? t.toLongArray() : null;
    } catch (RawOpsException e) {
      return null;
    }
  }

  /** A DOT string literal. */
  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
