package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.GraphLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops inspect}: a graph at a glance: what to feed (placeholders with dtypes, shapes and
 * whether they have a default), what a run fetches by default, and the ops it uses with counts,
 * marking those rawops has no kernel for.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description =
        "Shows a GraphDef's inputs to feed, its default fetches, and the ops it uses (with counts;"
            + " ops rawops lacks are marked).")
final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH",
      description = "GraphDef file: .pb (binary) or .pbtxt (text)")
  Path graphPath;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Graph graph;
    try {
      graph = Graph.build(GraphLoader.read(graphPath), Device.CPU);
    } catch (GraphBuildException e) {
      e.errors().forEach(x -> err.println("error: " + x.getMessage()));
      err.println("the graph does not build; `rawops validate` lists every error");
      err.flush();
      return Main.FAILED;
    } catch (RawOpsException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return Main.FAILED;
    }
    List<Graph.Input> inputs = graph.inputs();
    out.println("inputs (" + inputs.size() + "):");
    for (Graph.Input in : inputs) {
      out.println(
          "  "
              + in.name()
              + ": "
              + in.dtype().tfName()
              + in.shape()
              + (in.hasDefault() ? " (optional: has a default)" : " (must be fed)"));
    }
    List<String> outputs = graph.outputs();
    out.println("default fetches (" + outputs.size() + "): " + String.join(", ", outputs));
    var missing = graph.unimplementedOps();
    List<String> ops = new ArrayList<>();
    graph
        .opCounts()
        .forEach(
            (op, n) ->
                ops.add(op + " ×" + n + (missing.containsKey(op) ? " (no rawops kernel)" : "")));
    out.println("ops (" + ops.size() + "): " + String.join(", ", ops));
    out.flush();
    return Main.OK;
  }
}
