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

/** {@code rawops validate}: every build-time check, without running anything. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Builds a GraphDef or a SavedModel without running it: prints each node's op, dtypes and"
            + " shapes (and a SavedModel's signatures and functions), or every build error.")
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH",
      description = "GraphDef file: .pb (binary) or .pbtxt (text), or a SavedModel directory")
  Path graphPath;

  @picocli.CommandLine.Mixin DeviceOption deviceOption = new DeviceOption();

  @Override
  public Integer call() {
    if (java.nio.file.Files.isDirectory(graphPath)) {
      return validateSavedModel();
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Graph graph;
    try {
      graph = Graph.build(GraphLoader.read(graphPath), deviceOption.device());
    } catch (GraphBuildException e) {
      printErrors(err, e);
      err.println(
          e.errors().size() + " error" + (e.errors().size() == 1 ? "" : "s") + " in " + graphPath);
      err.flush();
      return Main.FAILED;
    }
    graph.warnings().forEach(w -> err.println("warning: " + w));
    err.flush();
    boolean showDevice = !graph.device().equals(Device.CPU);
    printNodes(out, graph, "", showDevice);
    if (showDevice) {
      DeviceOption.printPlacement(graph, out);
    }
    var missing = graph.unimplementedOps();
    if (!missing.isEmpty()) {
      List<String> parts = new ArrayList<>();
      missing.forEach(
          (op, count) ->
              parts.add(
                  op
                      + " ("
                      + count
                      + dev.rawops.kernels.OpScope.outOfScope(op)
                          .map(c -> ", out of scope: " + c.description())
                          .orElse("")
                      + ")"));
      out.println(
          "note: rawops has no kernel for "
              + String.join(", ", parts)
              + "; a run that needs those nodes fails before any kernel runs");
    }
    out.println("ok: " + graph.nodes().size() + " nodes");
    out.flush();
    return Main.OK;
  }

  /** Outputs listed per node, and build errors printed, before the rest is only counted. */
  static final int MAX_LISTED_OUTPUTS = 16;

  static final int MAX_LISTED_ERRORS = 100;

  private static void printErrors(PrintWriter err, GraphBuildException e) {
    List<RawOpsException> errors = e.errors();
    for (int i = 0; i < Math.min(errors.size(), MAX_LISTED_ERRORS); i++) {
      err.println("error: " + errors.get(i).getMessage());
    }
    if (errors.size() > MAX_LISTED_ERRORS) {
      err.println("... and " + (errors.size() - MAX_LISTED_ERRORS) + " more errors");
    }
  }

  /** One line per node: op, inputs, and its outputs' dtypes and shapes (the first 16, counted). */
  private static void printNodes(PrintWriter out, Graph graph, String indent, boolean showDevice) {
    var placement = showDevice ? graph.placement().devices() : java.util.Map.<String, Device>of();
    for (Graph.Node n : graph.nodes()) {
      int count = n.outputTypes().size();
      List<String> outs = new ArrayList<>();
      for (int i = 0; i < Math.min(count, MAX_LISTED_OUTPUTS); i++) {
        outs.add(n.outputTypeNames().get(i) + n.outputShapes().get(i));
      }
      if (count > MAX_LISTED_OUTPUTS) {
        outs.add("... " + (count - MAX_LISTED_OUTPUTS) + " more");
      }
      List<String> ins = n.inputs();
      String inputs =
          ins.size() <= MAX_LISTED_OUTPUTS
              ? String.join(", ", ins)
              : String.join(", ", ins.subList(0, MAX_LISTED_OUTPUTS))
                  + ", ... "
                  + (ins.size() - MAX_LISTED_OUTPUTS)
                  + " more";
      out.println(
          indent
              + n.name()
              + " = "
              + n.op()
              + "("
              + inputs
              + ") -> "
              + (outs.isEmpty() ? "()" : String.join(", ", outs))
              + (showDevice ? "  @" + placement.get(n.name()) : ""));
    }
  }

  /**
   * A SavedModel directory: each tag-set's graph built (not run), its signatures with their inputs
   * and outputs (key, dtype, shape, tensor) and the library's functions.
   */
  private int validateSavedModel() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int status = Main.OK;
    for (List<String> tags : dev.rawops.savedmodel.SavedModel.tagSets(graphPath)) {
      out.println("tags: " + String.join(", ", tags));
      dev.rawops.savedmodel.SavedModel m;
      try {
        m = dev.rawops.savedmodel.SavedModel.inspect(graphPath, tags.toArray(new String[0]));
      } catch (GraphBuildException e) {
        printErrors(err, e);
        err.flush();
        status = Main.FAILED;
        continue;
      }
      m.graph().warnings().forEach(w -> err.println("warning: " + w));
      printNodes(out, m.graph(), "  ", false);
      for (var sig : m.signatures().values()) {
        out.println(
            "  signature "
                + sig.key()
                + (sig.methodName().isEmpty() ? "" : " (" + sig.methodName() + ")"));
        sig.inputs().forEach(s -> out.println("    input  " + s));
        sig.outputs().forEach(s -> out.println("    output " + s));
      }
      out.println(
          "  functions: " + (m.functions().isEmpty() ? "none" : String.join(", ", m.functions())));
      out.println("  ok: " + m.graph().nodes().size() + " nodes");
    }
    out.flush();
    err.flush();
    return status;
  }
}
