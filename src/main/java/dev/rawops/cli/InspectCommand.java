package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tfproto.GraphDef;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops inspect}: a graph at a glance: what to feed (placeholders with dtypes, shapes and
 * whether they have a default), what a run fetches by default, and the ops it uses with counts,
 * marking those rawops has no kernel for. A SavedModel directory shows each tag-set's signatures
 * with their inputs and outputs. {@code --dot} prints the graph for Graphviz instead.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description =
        "Shows a GraphDef's inputs to feed, its default fetches, and the ops it uses (with counts;"
            + " ops rawops lacks are marked); for a SavedModel directory, its signatures with their"
            + " inputs and outputs. --dot prints the graph in Graphviz's DOT language.")
final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH",
      description = "GraphDef file: .pb (binary) or .pbtxt (text), or a SavedModel directory")
  Path graphPath;

  @Option(
      names = "--dot",
      description =
          "Print the graph in Graphviz's DOT language (e.g. | dot -Tsvg > graph.svg);"
              + " StridedSlice nodes show their slice in Python notation")
  boolean dot;

  @Option(
      names = "--tag",
      paramLabel = "TAG",
      description = "SavedModel only: the tag-set to show (repeatable; default: every tag-set)")
  List<String> tags = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (Files.isDirectory(graphPath)) {
      return savedModel(out, err);
    }
    GraphDef def = GraphLoader.read(graphPath);
    Graph graph;
    try {
      graph = Graph.build(def, Device.CPU);
    } catch (GraphBuildException e) {
      if (dot) {
        Dot.write(def, null, out); // still drawable; the errors follow on stderr
      }
      e.errors().forEach(x -> err.println("error: " + x.getMessage()));
      err.println("the graph does not build; `rawops validate` lists every error");
      err.flush();
      return Main.FAILED;
    }
    if (dot) {
      Dot.write(def, graph, out);
      return Main.OK;
    }
    describe(graph, out, "");
    out.flush();
    return Main.OK;
  }

  private int savedModel(PrintWriter out, PrintWriter err) {
    List<List<String>> sets = tags.isEmpty() ? SavedModel.tagSets(graphPath) : List.of(tags);
    if (sets.isEmpty()) {
      throw RawOpsException.of(
          dev.rawops.Code.NOT_FOUND, "the SavedModel at " + graphPath + " has no MetaGraphDef");
    }
    if (dot) {
      SavedModel m = SavedModel.inspect(graphPath, sets.get(0).toArray(new String[0]));
      Dot.write(m.graph().graphDef(), m.graph(), out);
      return Main.OK;
    }
    int status = Main.OK;
    for (List<String> set : sets) {
      out.println("tags: " + String.join(", ", set));
      SavedModel m;
      try {
        m = SavedModel.inspect(graphPath, set.toArray(new String[0]));
      } catch (GraphBuildException e) {
        e.errors().forEach(x -> err.println("error: " + x.getMessage()));
        err.flush();
        status = Main.FAILED;
        continue;
      } catch (RawOpsException e) {
        err.println("error: " + e.getMessage());
        err.flush();
        status = Main.FAILED;
        continue;
      }
      out.println("  signatures (" + m.signatures().size() + "):");
      for (SavedModel.Signature sig : m.signatures().values()) {
        out.println(
            "    "
                + sig.key()
                + (sig.methodName().isEmpty() ? "" : " (" + sig.methodName() + ")")
                + (sig.key().equals(SavedModel.DEFAULT_SIGNATURE) ? " [default]" : ""));
        out.println("      inputs (" + sig.inputs().size() + "):");
        sig.inputs().forEach(s -> out.println("        " + s));
        out.println("      outputs (" + sig.outputs().size() + "):");
        sig.outputs().forEach(s -> out.println("        " + s));
      }
      var missing = m.graph().unimplementedOps();
      List<String> ops = new ArrayList<>();
      m.graph()
          .opCounts()
          .forEach(
              (op, n) ->
                  ops.add(op + " ×" + n + (missing.containsKey(op) ? " (no rawops kernel)" : "")));
      out.println("  ops (" + ops.size() + "): " + String.join(", ", ops));
    }
    out.flush();
    return status;
  }

  private static void describe(Graph graph, PrintWriter out, String indent) {
    List<Graph.Input> inputs = graph.inputs();
    out.println(indent + "inputs (" + inputs.size() + "):");
    for (Graph.Input in : inputs) {
      out.println(
          indent
              + "  "
              + in.name()
              + ": "
              + in.dtype().tfName()
              + in.shape()
              + (in.hasDefault() ? " (optional: has a default)" : " (must be fed)"));
    }
    List<String> outputs = graph.outputs();
    out.println(indent + "default fetches (" + outputs.size() + "): " + String.join(", ", outputs));
    var missing = graph.unimplementedOps();
    List<String> ops = new ArrayList<>();
    graph
        .opCounts()
        .forEach(
            (op, n) ->
                ops.add(op + " ×" + n + (missing.containsKey(op) ? " (no rawops kernel)" : "")));
    out.println(indent + "ops (" + ops.size() + "): " + String.join(", ", ops));
  }
}
