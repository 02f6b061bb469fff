package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.ragged.RaggedTensor;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.runtime.RunOptions;
import dev.rawops.runtime.RunRecorder;
import dev.rawops.runtime.Session;
import dev.rawops.runtime.TensorName;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rawops run}: feeds, runs, prints the fetched tensors, optionally writes .npy files. All
 * outputs of a RaggedGather fetched together print once, as a ragged tensor.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Runs a GraphDef (.pb or .pbtxt) and prints the fetched tensors, or a SavedModel directory by signature.")
final class RunCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "GRAPH",
      description =
          "GraphDef file: .pb (binary) or .pbtxt (text), or a SavedModel directory (run by"
              + " --signature, fed by input key, outputs printed by output key)")
  Path graphPath;

  @Option(
      names = "--feed",
      paramLabel = "NAME=VALUE",
      description =
          "A feed: NAME=FILE.npy, NAME=FILE.npz:KEY or NAME=LITERAL, e.g."
              + " 'indices=[[0,0],[1,1]]:int32' or \"params=[['a','b'],['c','d']]\". Without"
              + " :dtype the placeholder's dtype is used.")
  List<String> feeds = new ArrayList<>();

  @Option(
      names = "--fetch",
      paramLabel = "NAME[:i]",
      description =
          "Tensor to fetch (repeatable). "
              + "Default: every output of every node nothing else consumes.")
  List<String> fetches = new ArrayList<>();

  @Option(
      names = "--target",
      paramLabel = "NODE",
      description = "Node to run without fetching (repeatable).")
  List<String> targets = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write each fetched tensor to DIR/<node>_<i>.npy (a SavedModel's to DIR/<key>.npy);"
              + " checked before the graph runs")
  Path out;

  @Option(
      names = "--force",
      description =
          "Let --out and --trace overwrite existing files (never through a symbolic link)")
  boolean force;

  @Option(
      names = "--cast",
      description =
          "Convert a .npy/.npz feed whose dtype is not the graph's (e.g. NumPy's default int64 or"
              + " float64) to the graph's dtype, checking that every value fits. Never implicit.")
  boolean cast;

  @picocli.CommandLine.Mixin SignatureOptions signatureOptions = new SignatureOptions();

  @Option(
      names = "--threads",
      paramLabel = "N",
      description =
          "Threads for one kernel's work and for independent nodes (default: the machine's cores;"
              + " 1 runs everything on one thread)")
  Integer threads;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description =
          "Stop the run after this many seconds (fractions allowed) with DEADLINE_EXCEEDED, as"
              + " TF's RunOptions.timeout_in_ms does (default: no limit)")
  Double timeout;

  @Option(
      names = "--stats",
      description =
          "After the results, print per-op totals (nodes run, kernel time, bytes out) and the"
              + " memory pool's peak bytes; the times of one run in a fresh JVM include its JIT"
              + " warm-up")
  boolean stats;

  @Option(
      names = "--trace",
      paramLabel = "FILE.json",
      description =
          "Write a Chrome/Perfetto trace of the run (one slice per node: op, output shapes, bytes,"
              + " thread); open it in ui.perfetto.dev or chrome://tracing")
  Path trace;

  @picocli.CommandLine.Mixin DeviceOption deviceOption = new DeviceOption();

  private static void writeNpy(Tensor t, Path file) throws IOException {
    try (java.io.OutputStream o = OutFiles.create(file)) {
      Npy.write(t, o);
    }
  }

  private RunOptions runOptions() {
    if (timeout == null) {
      return RunOptions.none();
    }
    if (!(timeout > 0) || timeout.isInfinite()) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--timeout must be a positive number of seconds, got " + timeout);
    }
    return RunOptions.none().timeout(java.time.Duration.ofNanos((long) Math.ceil(timeout * 1e9)));
  }

  @Override
  public Integer call() throws IOException {
    if (Files.isDirectory(graphPath)) {
      return runSavedModel();
    }
    Graph graph = Graph.build(GraphLoader.read(graphPath), deviceOption.device());
    Map<String, Tensor> feedMap = parseFeeds(graph);
    List<String> toFetch = fetches.isEmpty() && targets.isEmpty() ? graph.outputs() : fetches;
    if (toFetch.isEmpty() && targets.isEmpty()) {
      throw RawOpsException.invalidArgument(
          "nothing to run: "
              + graphPath
              + (graph.nodes().isEmpty()
                  ? " has no nodes"
                  : " has no outputs to fetch (every output is consumed, or only placeholders);"
                      + " name --fetch NODE[:i] or --target NODE"));
    }
    Map<String, Path> files = Map.of();
    if (out != null) {
      Map<String, String> stems = new LinkedHashMap<>();
      for (String f : toFetch) {
        TensorName n = TensorName.parse(f);
        stems.put(Feeds.key(n), n.node() + "_" + n.index());
        DType d =
            graph
                .node(n.node())
                .filter(x -> n.index() < x.outputTypes().size())
                .map(x -> x.outputTypes().get(n.index()))
                .orElse(null);
        if (d == DType.RESOURCE || d == DType.VARIANT) {
          throw RawOpsException.of(
              dev.rawops.Code.UNIMPLEMENTED,
              "--out cannot write '" + f + "': a " + d.tfName() + " tensor has no .npy form");
        }
      }
      files = OutFiles.plan(out, stems, force);
    }
    Session.Options options = sessionOptions();
    if (trace != null) {
      OutFiles.checkTrace(trace, graphPath, force);
    }
    RunRecorder recorder = stats || trace != null ? new RunRecorder(trace != null) : null;
    List<Tensor> results;
    long peak;
    try (Session session = graph.newSession(options)) {
      results = session.run(runOptions(), feedMap, toFetch, targets, recorder);
      peak = session.peakBytesInUse();
    }
    PrintWriter w = spec.commandLine().getOut();
    RaggedFetches ragged = RaggedFetches.find(graph, toFetch);
    for (int i = 0; i < results.size(); i++) {
      TensorName name = TensorName.parse(toFetch.get(i));
      Tensor t = results.get(i);
      RaggedTensor r = ragged.at(i, results);
      if (r != null) {
        w.println(name.node() + ": " + r.describe());
        w.println(r.format(TensorFormat.THRESHOLD));
      } else if (!ragged.grouped(i)) {
        w.println(name + ": " + TensorFormat.describe(t));
        w.println(TensorFormat.format(t));
      }
      if (out != null) {
        Path file = files.get(Feeds.key(name));
        writeNpy(t, file);
        w.println("  written to " + file);
      }
    }
    report(w, recorder, peak);
    return Main.OK;
  }

  private Session.Options sessionOptions() {
    if (threads != null && threads < 1) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--threads must be at least 1, got " + threads);
    }
    if (threads != null && threads > Session.Options.MAX_THREADS) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--threads must be at most " + Session.Options.MAX_THREADS + ", got " + threads);
    }
    Session.Options options = new Session.Options();
    if (threads != null) {
      options.intraOpThreads(threads).interOpThreads(threads);
    }
    return options;
  }

  /** --stats and --trace, after the results. */
  private void report(PrintWriter w, RunRecorder recorder, long peak) throws IOException {
    if (stats) {
      w.print(recorder.formatStats(peak));
    }
    if (trace != null) {
      try (java.io.Writer tw =
          new java.io.BufferedWriter(
              new java.io.OutputStreamWriter(
                  OutFiles.create(trace), java.nio.charset.StandardCharsets.UTF_8))) {
        recorder.writeTrace(tw);
      }
      w.println("trace written to " + trace);
    }
    w.flush();
  }

  /** GRAPH is a directory: a SavedModel, run by signature with feeds by input key. */
  private int runSavedModel() throws IOException {
    if (!fetches.isEmpty() || !targets.isEmpty()) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "--fetch and --target name graph tensors; a SavedModel runs a --signature");
    }
    Session.Options options = sessionOptions();
    RunOptions runOptions = runOptions();
    if (trace != null) {
      OutFiles.checkTrace(trace, graphPath, force);
    }
    SavedModel model = SavedModel.load(graphPath, options, signatureOptions.tagArray());
    SavedModel.Signature sig = signatureOptions.pick(model.signatures(), graphPath);
    String signature = sig.key();
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    for (String f : feeds) {
      String[] kv = Feeds.splitFeed(spec, f, "KEY");
      String key = kv[0];
      DType dtype =
          sig.inputs().stream()
              .filter(s -> s.key().equals(key))
              .findFirst()
              .map(s -> s.dtype()) // null (no hint) for a type rawops holds no tensors of
              .orElse(null);
      inputs.put(key, Feeds.value(key, kv[1], dtype, cast));
    }
    List<String> missing =
        sig.inputs().stream()
            .filter(in -> !inputs.containsKey(in.key()))
            .map(SavedModel.TensorSpec::toString)
            .toList();
    if (missing.size() > 1) {
      throw RawOpsException.invalidArgument(
          "signature '"
              + signature
              + "' needs "
              + missing.size()
              + " inputs it was not given: "
              + String.join(", ", missing)
              + " (--feed KEY=VALUE; `rawops inspect` lists a SavedModel's signatures)");
    }
    Map<String, Path> files = Map.of();
    if (out != null) {
      Map<String, String> stems = new LinkedHashMap<>();
      sig.outputs().forEach(o -> stems.put(o.key(), o.key()));
      files = OutFiles.plan(out, stems, force);
    }
    RunRecorder recorder = stats || trace != null ? new RunRecorder(trace != null) : null;
    Map<String, Tensor> results = model.run(signature, inputs, runOptions, recorder);
    long peak = model.session().peakBytesInUse();
    PrintWriter w = spec.commandLine().getOut();
    for (Map.Entry<String, Tensor> e : results.entrySet()) {
      w.println(e.getKey() + ": " + TensorFormat.describe(e.getValue()));
      w.println(TensorFormat.format(e.getValue()));
      if (out != null) {
        Path file = files.get(e.getKey());
        writeNpy(e.getValue(), file);
        w.println("  written to " + file);
      }
    }
    report(w, recorder, peak);
    return Main.OK;
  }

  private Map<String, Tensor> parseFeeds(Graph graph) {
    Map<String, Tensor> map = new LinkedHashMap<>();
    for (String f : feeds) {
      String[] kv = Feeds.splitFeed(spec, f, "NAME");
      String name = kv[0];
      if (TensorName.parse(name).control()) {
        throw RawOpsException.invalidArgument(
            "feed '" + name + "' names a control input; a feed names a tensor, NODE or NODE:i");
      }
      map.put(name, Feeds.value(name, kv[1], expectedType(graph, name), cast));
    }
    return map;
  }

  private static DType expectedType(Graph graph, String feed) {
    TensorName t = TensorName.parse(feed);
    Graph.Node n =
        graph
            .node(t.node())
            .orElseThrow(
                () ->
                    RawOpsException.of(
                        dev.rawops.Code.NOT_FOUND,
                        "feed '" + feed + "' is not a node of the graph"));
    return t.index() < n.outputTypes().size() ? n.outputTypes().get(t.index()) : null;
  }
}
