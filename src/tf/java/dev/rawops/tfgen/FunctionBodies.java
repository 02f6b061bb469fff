package dev.rawops.tfgen;

import dev.rawops.ops.TfOpDefs;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.OpDef;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Turns part of a GraphDef into a FunctionDef as tf.function traces one: the nodes named as
 * arguments become the function's inputs, every other node a node_def whose inputs use the
 * function-body form {@code node:output_arg:index} (TF's OpDefs give the output arg names).
 */
final class FunctionBodies {
  private FunctionBodies() {}

  /**
   * @param args argument name → its node in {@code graph} (a Placeholder, VarHandleOp or table) and
   *     dtype
   * @param outputs output name → graph tensor ({@code node} or {@code node:i})
   * @param skip nodes of {@code graph} that stay out of the body
   */
  static FunctionDef function(
      String name,
      GraphDef graph,
      Map<String, Map.Entry<String, DataType>> args,
      Map<String, Map.Entry<String, DataType>> outputs,
      Set<String> skip) {
    Map<String, NodeDef> nodes = new HashMap<>();
    graph.getNodeList().forEach(n -> nodes.put(n.getName(), n));
    Map<String, String> argOfNode = new LinkedHashMap<>();
    FunctionDef.Builder f = FunctionDef.newBuilder();
    OpDef.Builder sig = f.getSignatureBuilder().setName(name).setIsStateful(true);
    args.forEach(
        (arg, nodeAndType) -> {
          argOfNode.put(nodeAndType.getKey(), arg);
          sig.addInputArgBuilder().setName(arg).setType(nodeAndType.getValue());
        });
    for (NodeDef n : graph.getNodeList()) {
      if (argOfNode.containsKey(n.getName()) || skip.contains(n.getName())) {
        continue;
      }
      NodeDef.Builder b = n.toBuilder().clearInput();
      for (String in : n.getInputList()) {
        b.addInput(ref(in, nodes, argOfNode));
      }
      f.addNodeDef(b);
    }
    outputs.forEach(
        (out, tensorAndType) -> {
          sig.addOutputArgBuilder().setName(out).setType(tensorAndType.getValue());
          f.putRet(out, ref(tensorAndType.getKey(), nodes, argOfNode));
        });
    return f.build();
  }

  private static String ref(String in, Map<String, NodeDef> nodes, Map<String, String> argOf) {
    if (in.startsWith("^")) {
      return in;
    }
    int colon = in.lastIndexOf(':');
    String node = colon < 0 ? in : in.substring(0, colon);
    int index = colon < 0 ? 0 : Integer.parseInt(in.substring(colon + 1));
    if (argOf.containsKey(node)) {
      return argOf.get(node);
    }
    NodeDef n = nodes.get(node);
    OpDef def = TfOpDefs.get(n.getOp()).orElseThrow();
    int first = 0;
    for (OpDef.ArgDef a : def.getOutputArgList()) {
      int count = count(a, n);
      if (index < first + count) {
        return node + ":" + a.getName() + ":" + (index - first);
      }
      first += count;
    }
    throw new IllegalArgumentException("no output " + index + " of " + node);
  }

  private static int count(OpDef.ArgDef a, NodeDef n) {
    if (!a.getNumberAttr().isEmpty()) {
      return Math.toIntExact(n.getAttrOrThrow(a.getNumberAttr()).getI());
    }
    if (!a.getTypeListAttr().isEmpty()) {
      AttrValue v = n.getAttrOrThrow(a.getTypeListAttr());
      return v.getList().getTypeCount();
    }
    return 1;
  }

  static Map.Entry<String, DataType> of(String node, DataType type) {
    return Map.entry(node, type);
  }
}
