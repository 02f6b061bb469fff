package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Comparison;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops compare}: rawops and TensorFlow 2.18 (the {@link Oracle} of rawops-tf, graph
 * rewrites off) side by side, every intermediate tensor both compute compared; prints the first
 * node in topological order that differs, then a summary per op. Exit 0 when nothing differs.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Runs a GraphDef (or a fixture's graph and feeds) in rawops and in TensorFlow 2.18 and"
            + " reports the first node whose output differs, then a summary per op. Needs the"
            + " optional module rawops-tf.")
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH|FIXTURE",
      description = "GraphDef file (.pb, .pbtxt) or fixture (.fixture.pbtxt, .fixture.pb)")
  Path path;

  @picocli.CommandLine.Mixin FeedOptions feedOptions = new FeedOptions();

  @Option(
      names = "--cumulative",
      description =
          "Feed each node TensorFlow's values of its inputs, so each difference is that node's"
              + " own (default: both run the whole graph)")
  boolean cumulative;

  @Option(
      names = "--rtol",
      paramLabel = "R",
      description =
          "Float outputs may differ by atol + R*|want| (default: a fixture's tolerance, else bit"
              + " for bit)")
  Double rtol;

  @Option(names = "--atol", paramLabel = "A", description = "See --rtol")
  Double atol;

  @Override
  public Integer call() {
    Oracle oracle =
        Oracle.find().orElseThrow(() -> RawOpsException.of(Code.UNIMPLEMENTED, Oracle.HOW_TO_ADD));
    if (Files.isDirectory(path)) {
      throw RawOpsException.of(
          Code.UNIMPLEMENTED,
          "compare takes a GraphDef or a fixture file; SavedModel directories are not supported"
              + " yet");
    }
    GraphDef graph;
    Map<String, TensorProto> feeds;
    Tolerance tolerance = RecordCommand.tolerance(spec, rtol, atol);
    if (Fixtures.isFixtureFile(path)) {
      Fixture f = Fixtures.read(path);
      graph = f.getGraph();
      feeds = new java.util.LinkedHashMap<>(f.getFeedMap());
      feeds.putAll(feedOptions.feeds(spec, graph));
      if (tolerance == null && f.hasTolerance()) {
        tolerance = f.getTolerance();
      }
    } else {
      graph = GraphLoader.read(path);
      feeds = feedOptions.feeds(spec, graph);
    }
    Comparison.Report r = Comparison.run(oracle, graph, feeds, tolerance, cumulative);
    print(spec.commandLine().getOut(), r, oracle.source(), tolerance);
    return r.mismatches().isEmpty() && r.compared() > 0 ? Main.OK : Main.FAILED;
  }

  private void print(PrintWriter w, Comparison.Report r, String source, Tolerance tol) {
    w.println(
        "compared "
            + r.compared()
            + " tensors with "
            + source
            + " (graph rewrites off"
            + (cumulative ? "; each node fed TensorFlow's inputs" : "")
            + "; "
            + (tol == null
                ? "bit for bit"
                : "floats within rtol " + tol.getRtol() + ", atol " + tol.getAtol())
            + ")");
    if (r.mismatches().isEmpty()) {
      w.println("no difference");
    } else {
      Comparison.Mismatch m = r.mismatches().get(0);
      w.println(
          "first difference: node '"
              + m.node()
              + "' (op "
              + m.op()
              + ") output "
              + m.tensor()
              + " "
              + m.dtype()
              + m.shape()
              + ": "
              + m.detail()
              + errors(m.maxAbsError(), m.maxRelError()));
      w.println(r.mismatches().size() + " tensors differ");
    }
    w.println("per op (nodes compared, nodes that differ, largest abs and rel error):");
    for (Comparison.OpSummary s : r.perOp()) {
      w.println(
          String.format(
              Locale.ROOT,
              "  %-24s %5d %5d%s",
              s.op(),
              s.nodes(),
              s.differing(),
              s.differing() == 0 ? "" : errors(s.maxAbsError(), s.maxRelError())));
    }
    r.notCompared().forEach((t, why) -> w.println("not compared: " + t + ": " + why));
    w.flush();
  }

  private static String errors(double abs, double rel) {
    return Double.isNaN(abs)
        ? ""
        : String.format(Locale.ROOT, " (max abs error %.6g, max rel error %.6g)", abs, rel);
  }
}
