package dev.rawops.savedmodel;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.ProtoErrors;
import dev.rawops.RawOpsException;
import dev.rawops.checkpoint.TensorBundle;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.SessionState;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.runtime.RunObserver;
import dev.rawops.runtime.RunOptions;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AssetFileDef;
import dev.rawops.tfproto.CollectionDef;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.SaverDef;
import dev.rawops.tfproto.SignatureDef;
import dev.rawops.tfproto.TensorInfo;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A TensorFlow SavedModel directory loaded for the CPU, as TF's C++ loader ({@code
 * tensorflow/cc/saved_model/loader.cc}) loads one: {@code saved_model.pb} (or {@code .pbtxt}), the
 * MetaGraphDef with the requested tags, its graph built and validated, variables restored by
 * running the SaverDef's restore op with the checkpoint prefix {@code variables/variables} fed (TF
 * 1 style VariableV2 + RestoreV2/Assign and TF 2 style StatefulPartitionedCall + RestoreV2/
 * AssignVariableOp alike) or, without a usable SaverDef, through the object graph as TF's Python
 * loader does ({@link ObjectGraphRestore}), asset paths fed, then the init op ({@code
 * __saved_model_init_op}, or the legacy main/init op) run. Run it by signature with {@link #run}.
 *
 * <p>Thread-safe: any number of threads may call {@link #run} on one model at once (each run has
 * its own executor state; runs share the variables, as in TF's session). Load once, share it, and
 * {@link #close() close} it when done (try-with-resources): that stops the session's own thread
 * pools and, for a model loaded from a zip or bytes, deletes the directory it was unpacked into.
 *
 * <pre>{@code
 * try (SavedModel m = SavedModel.load(Path.of("model.zip"), new Session.Options().intraOpThreads(1));
 *     Tensor x = Tensors.of(new float[][] {{1f}, {2f}, {5f}})) {
 *   Map<String, Tensor> out = m.run("serving_default", Map.of("x", x), List.of("y"));
 *   float[] y = out.get("y").toFloatArray(); // [2.5, 3.0, 4.5] for half_plus_two
 * }
 * }</pre>
 */
public final class SavedModel implements AutoCloseable {
  /** The tag TF's serving tools load by default. */
  public static final String SERVE = "serve";

  /** The signature {@code rawops run} uses by default. */
  public static final String DEFAULT_SIGNATURE = "serving_default";

  static final String INIT_OP_SIGNATURE = "__saved_model_init_op";

  /**
   * One input or output of a signature: its key, the graph tensor, dtype and static shape.
   *
   * @param dtype the dtype; {@code null} where TensorFlow's type is one rawops holds no tensors of
   *     (see {@code dtypeName})
   * @param dtypeName the dtype in TensorFlow's spelling ("float", "qint8")
   */
  public record TensorSpec(
      String key, String tensorName, DType dtype, PartialShape shape, String dtypeName) {
    @Override
    public String toString() {
      return key + ": " + dtypeName + shape + " (" + tensorName + ")";
    }
  }

  /** A SignatureDef: inputs and outputs by key, in key order. */
  public record Signature(
      String key, String methodName, List<TensorSpec> inputs, List<TensorSpec> outputs) {}

  private final Path dir;
  private final ImmutableList<String> tags;
  private final MetaGraphDef metaGraph;
  private final Graph graph;
  private final Session session;
  private final ImmutableMap<String, Signature> signatures;
  // The temporary directory a zip was unpacked into (deleted on close), or null.
  private final Path unpacked;
  private volatile boolean closed;

  private SavedModel(
      Path dir,
      Path unpacked,
      List<String> tags,
      MetaGraphDef metaGraph,
      Graph graph,
      Session session) {
    this.dir = dir;
    this.unpacked = unpacked;
    this.tags = ImmutableList.copyOf(tags);
    this.metaGraph = metaGraph;
    this.graph = graph;
    this.session = session;
    this.signatures = ImmutableMap.copyOf(signatures(metaGraph));
  }

  /**
   * Loads the MetaGraphDef tagged exactly {@code tags} ({@code serve} when none are given) from a
   * SavedModel directory, or from a zip file of one (its root or its single top-level folder the
   * model's directory), unpacked into a temporary directory that {@link #close} deletes.
   *
   * @throws RawOpsException NOT_FOUND without a saved_model.pb or a MetaGraphDef with these tags;
   *     DATA_LOSS or INVALID_ARGUMENT, naming the file, for a damaged model or checkpoint; a
   *     GraphBuildException for a graph that does not build
   */
  public static SavedModel load(Path dir, String... tags) {
    return open(dir, true, new Session.Options(), tags);
  }

  /**
   * {@link #load(Path, String...)} with the session running the model made with {@code options}.
   */
  public static SavedModel load(Path dir, Session.Options options, String... tags) {
    return open(dir, true, java.util.Objects.requireNonNull(options, "options"), tags);
  }

  /**
   * Loads a SavedModel from the bytes of a zip of its directory (what {@link #zip(Path)} makes, or
   * {@code zip -r}), e.g. bytes broadcast to the workers of a cluster; unpacked into a temporary
   * directory that {@link #close} deletes.
   *
   * @throws RawOpsException DATA_LOSS for bytes that are not a zip, INVALID_ARGUMENT for an entry
   *     outside the archive's root, NOT_FOUND for a zip without a SavedModel, or {@link #load(Path,
   *     Session.Options, String...)}'s errors
   */
  public static SavedModel load(byte[] zip, Session.Options options, String... tags) {
    java.util.Objects.requireNonNull(options, "options");
    return openUnpacked(SavedModelZip.unzip(zip), true, options, tags);
  }

  /**
   * The files of the SavedModel directory {@code dir} in a zip, for {@link #load(byte[],
   * Session.Options, String...)}.
   */
  public static byte[] zip(Path dir) {
    return SavedModelZip.zip(dir);
  }

  private static SavedModel openUnpacked(
      SavedModelZip.Unpacked u, boolean restore, Session.Options options, String... tags) {
    try {
      return openDir(u.root(), u.temp(), restore, options, tags);
    } catch (RuntimeException | Error e) {
      SavedModelZip.delete(u.temp());
      throw e;
    }
  }

  /**
   * The MetaGraphDef tagged {@code tags}, built and validated but not run: no variables restored,
   * no init op (what {@code rawops validate} shows). Running its signatures reads uninitialized
   * variables.
   */
  public static SavedModel inspect(Path dir, String... tags) {
    return open(dir, false, new Session.Options(), tags);
  }

  private static SavedModel open(
      Path dir, boolean restore, Session.Options options, String... tags) {
    if (Files.isRegularFile(dir)) {
      SavedModelZip.Unpacked u;
      try (java.io.InputStream in = Files.newInputStream(dir)) {
        u = SavedModelZip.unzip(in, dir.toString());
      } catch (IOException e) {
        throw RawOpsException.of(Code.NOT_FOUND, "could not read " + dir + ": " + e.getMessage());
      }
      return openUnpacked(u, restore, options, tags);
    }
    return openDir(dir, null, restore, options, tags);
  }

  private static SavedModel openDir(
      Path dir, Path unpacked, boolean restore, Session.Options options, String... tags) {
    List<String> want = tags.length == 0 ? List.of(SERVE) : List.of(tags);
    MetaGraphDef mg = metaGraph(dir, tags);
    Graph graph = Graph.build(mg.getGraphDef(), Device.CPU);
    SessionState state = new SessionState();
    Session session = graph.newSession(state, options);
    Map<String, Tensor> assets = assetFeeds(dir, mg);
    if (restore) {
      restore(dir, mg, session, state, assets);
    }
    String init = initOp(mg);
    if (restore && init != null) {
      session.run(assets, List.of(), List.of(init));
    }
    return new SavedModel(dir, unpacked, want, mg, graph, session);
  }

  /**
   * The MetaGraphDef tagged exactly {@code tags} ({@code serve} when none are given), as read, not
   * built: what another runtime (TensorFlow, for {@code rawops record}) loads.
   *
   * @throws RawOpsException NOT_FOUND without a saved_model.pb or a MetaGraphDef with these tags
   */
  public static MetaGraphDef metaGraph(Path dir, String... tags) {
    List<String> want = tags.length == 0 ? List.of(SERVE) : List.of(tags);
    dev.rawops.tfproto.SavedModel model = readProto(dir);
    MetaGraphDef mg = null;
    for (MetaGraphDef m : model.getMetaGraphsList()) {
      if (new TreeSet<>(m.getMetaInfoDef().getTagsList()).equals(new TreeSet<>(want))) {
        mg = m;
        break;
      }
    }
    if (mg == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "Could not find meta graph def matching supplied tags: { "
              + String.join(" ", want)
              + " }. The SavedModel at "
              + dir
              + " has tag-sets: "
              + tagSets(model));
    }
    return mg;
  }

  /** The signatures of {@code mg} by key (its init-op signature left out), in key order. */
  public static Map<String, Signature> signatures(MetaGraphDef mg) {
    Map<String, Signature> sigs = new TreeMap<>();
    for (Map.Entry<String, SignatureDef> e : mg.getSignatureDefMap().entrySet()) {
      if (!e.getKey().equals(INIT_OP_SIGNATURE)) {
        sigs.put(e.getKey(), signature(e.getKey(), e.getValue()));
      }
    }
    return sigs;
  }

  /** The tag-sets of the SavedModel at {@code dir}, e.g. {@code [[serve]]}. */
  public static List<List<String>> tagSets(Path dir) {
    List<List<String>> out = new ArrayList<>();
    for (MetaGraphDef m : readProto(dir).getMetaGraphsList()) {
      out.add(List.copyOf(m.getMetaInfoDef().getTagsList()));
    }
    return out;
  }

  private static String tagSets(dev.rawops.tfproto.SavedModel model) {
    List<String> sets = new ArrayList<>();
    for (MetaGraphDef m : model.getMetaGraphsList()) {
      sets.add("{ " + String.join(" ", m.getMetaInfoDef().getTagsList()) + " }");
    }
    return sets.isEmpty() ? "none" : String.join(", ", sets);
  }

  private static dev.rawops.tfproto.SavedModel readProto(Path dir) {
    Path pb = dir.resolve("saved_model.pb");
    Path pbtxt = dir.resolve("saved_model.pbtxt");
    try {
      if (Files.exists(pb)) {
        return dev.rawops.tfproto.SavedModel.parseFrom(
            GraphLoader.readCapped(pb, Limits.maxGraphBytes(), "a SavedModel"));
      }
      if (Files.exists(pbtxt)) {
        dev.rawops.tfproto.SavedModel.Builder b = dev.rawops.tfproto.SavedModel.newBuilder();
        TextFormat.merge(
            GraphLoader.protobufText(
                GraphLoader.readCapped(pbtxt, Limits.maxGraphBytes(), "a SavedModel")),
            b);
        return b.build();
      }
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.of(
          Code.DATA_LOSS, "Could not parse SavedModel " + pb + ": " + ProtoErrors.describe(e));
    } catch (TextFormat.ParseException e) {
      throw RawOpsException.of(
          Code.INVALID_ARGUMENT, "Could not parse SavedModel " + pbtxt + ": " + e.getMessage());
    }
    throw RawOpsException.of(
        Code.NOT_FOUND,
        "Could not find SavedModel .pb or .pbtxt at supplied export directory path: " + dir);
  }

  /** Each asset's tensor fed with its file's path under {@code assets/}, as TF's loader does. */
  private static Map<String, Tensor> assetFeeds(Path dir, MetaGraphDef mg) {
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    for (AssetFileDef a : mg.getAssetFileDefList()) {
      // Joined as strings, as TF's io::JoinPath: a name no file system accepts (a NUL byte, say)
      // fails where the file is opened, with that op's status.
      String path = dir.resolve("assets") + "/" + a.getFilename();
      feeds.put(a.getTensorInfo().getName(), Tensor.ofStrings(Shape.scalar(), path));
    }
    return feeds;
  }

  private static void restore(
      Path dir, MetaGraphDef mg, Session session, SessionState state, Map<String, Tensor> assets) {
    SaverDef saver = mg.getSaverDef();
    Path variables = dir.resolve("variables");
    String prefix = variables.resolve("variables").toString();
    Path index = TensorBundle.indexPath(prefix);
    if (!Files.exists(index)) {
      if (hasDataShards(variables)) {
        throw RawOpsException.of(
            Code.DATA_LOSS,
            "checkpoint index " + index + " is missing, but its data shards are in " + variables);
      }
      return; // TF: "The specified SavedModel has no variables; no checkpoints were restored."
    }
    TensorBundle bundle = TensorBundle.open(prefix); // a damaged index is DATA_LOSS naming it
    if (!saverUsable(saver, mg)) {
      // TF's Python loader restores through the object graph, with or without a SaverDef.
      if (ObjectGraphRestore.applies(mg, bundle)) {
        ObjectGraphRestore.restore(mg, bundle, prefix, state);
      }
      return;
    }
    Map<String, Tensor> feeds = new LinkedHashMap<>(assets);
    feeds.put(saver.getFilenameTensorName(), Tensor.ofStrings(Shape.scalar(), prefix));
    session.run(feeds, List.of(), List.of(saver.getRestoreOpName()));
  }

  /** A restore op and a filename tensor, both nodes of the graph. */
  private static boolean saverUsable(SaverDef saver, MetaGraphDef mg) {
    if (saver.getRestoreOpName().isEmpty() || saver.getFilenameTensorName().isEmpty()) {
      return false;
    }
    Set<String> nodes = new java.util.HashSet<>();
    mg.getGraphDef().getNodeList().forEach(n -> nodes.add(n.getName()));
    return nodes.contains(nodeOf(saver.getRestoreOpName()))
        && nodes.contains(nodeOf(saver.getFilenameTensorName()));
  }

  private static boolean hasDataShards(Path variables) {
    if (!Files.isDirectory(variables)) {
      return false;
    }
    try (DirectoryStream<Path> s = Files.newDirectoryStream(variables, "variables.data-*")) {
      return s.iterator().hasNext();
    } catch (IOException e) {
      return false;
    }
  }

  /** TF's GetInitOp: the init-op signature, else the legacy main op / init op collection. */
  private static String initOp(MetaGraphDef mg) {
    SignatureDef init = mg.getSignatureDefMap().get(INIT_OP_SIGNATURE);
    if (init != null && init.getOutputsMap().containsKey(INIT_OP_SIGNATURE)) {
      return nodeOf(init.getOutputsMap().get(INIT_OP_SIGNATURE).getName());
    }
    for (String c : List.of("saved_model_main_op", "legacy_init_op")) {
      CollectionDef d = mg.getCollectionDefMap().get(c);
      if (d != null && d.getNodeList().getValueCount() > 0) {
        return nodeOf(d.getNodeList().getValue(0));
      }
    }
    return null;
  }

  private static String nodeOf(String tensor) {
    String t = tensor.startsWith("^") ? tensor.substring(1) : tensor;
    int colon = t.indexOf(':');
    return colon < 0 ? t : t.substring(0, colon);
  }

  private static Signature signature(String key, SignatureDef def) {
    return new Signature(
        key, def.getMethodName(), specs(def.getInputsMap()), specs(def.getOutputsMap()));
  }

  private static List<TensorSpec> specs(Map<String, TensorInfo> infos) {
    List<TensorSpec> out = new ArrayList<>();
    for (Map.Entry<String, TensorInfo> e : new TreeMap<>(infos).entrySet()) {
      TensorInfo i = e.getValue();
      out.add(
          new TensorSpec(
              e.getKey(),
              i.getName(),
              DType.fromProtoOrNull(i.getDtype()),
              i.hasTensorShape()
                  ? PartialShape.fromProto(i.getTensorShape())
                  : PartialShape.unknownRank(),
              DType.tfName(i.getDtype())));
    }
    return List.copyOf(out);
  }

  /** The model's directory: for a model loaded from a zip or bytes, where it was unpacked. */
  public Path directory() {
    return dir;
  }

  public List<String> tags() {
    return tags;
  }

  public MetaGraphDef metaGraph() {
    return metaGraph;
  }

  public Graph graph() {
    return graph;
  }

  /** The session holding the restored variables. */
  public Session session() {
    return session;
  }

  /** The signatures by key (the init-op signature left out). */
  public Map<String, Signature> signatures() {
    return signatures;
  }

  /** The names of the graph's library functions, sorted. */
  public List<String> functions() {
    Set<String> names = new TreeSet<>();
    for (FunctionDef f : metaGraph.getGraphDef().getLibrary().getFunctionList()) {
      names.add(f.getSignature().getName());
    }
    return List.copyOf(names);
  }

  /**
   * Runs signature {@code key} with its inputs by input key; returns every output by output key.
   *
   * @throws RawOpsException NOT_FOUND for an unknown signature, INVALID_ARGUMENT for an unknown or
   *     missing input key or an input of the wrong dtype, or the run's error
   */
  public Map<String, Tensor> run(String key, Map<String, Tensor> inputsByKey) {
    return run(key, inputsByKey, RunOptions.none(), null);
  }

  /**
   * Runs signature {@code key} for the outputs {@code outputKeys} only, returned in that order:
   * only the nodes those outputs need run (e.g. a batch's predictions without a scalar summary).
   *
   * @throws RawOpsException INVALID_ARGUMENT for an output key the signature does not have, naming
   *     the ones it has; otherwise as {@link #run(String, Map)}
   */
  public Map<String, Tensor> run(
      String key, Map<String, Tensor> inputsByKey, List<String> outputKeys) {
    return run(key, inputsByKey, outputKeys, RunOptions.none(), null);
  }

  /**
   * {@link #run(String, Map)} under {@code options} (timeout, cancellation), reporting each node
   * run to {@code observer} (null: none).
   */
  public Map<String, Tensor> run(
      String key, Map<String, Tensor> inputsByKey, RunOptions options, RunObserver observer) {
    return run(key, inputsByKey, null, options, observer);
  }

  /**
   * {@link #run(String, Map, List)} (every output for {@code outputKeys} null) under {@code
   * options}, reporting each node run to {@code observer} (null: none).
   */
  public Map<String, Tensor> run(
      String key,
      Map<String, Tensor> inputsByKey,
      List<String> outputKeys,
      RunOptions options,
      RunObserver observer) {
    if (closed) {
      throw new IllegalStateException("the SavedModel at " + dir + " is closed");
    }
    Signature sig = signature(key);
    Map<String, Tensor> feeds = feeds(sig, inputsByKey);
    List<TensorSpec> outs = outputKeys == null ? sig.outputs() : outputs(sig, outputKeys);
    List<String> fetches = outs.stream().map(TensorSpec::tensorName).toList();
    List<Tensor> results = session.run(options, feeds, fetches, List.of(), observer);
    Map<String, Tensor> out = new LinkedHashMap<>();
    for (int i = 0; i < results.size(); i++) {
      out.put(outs.get(i).key(), results.get(i));
    }
    return out;
  }

  /**
   * Signature {@code key}.
   *
   * @throws RawOpsException NOT_FOUND for a key the model does not have, naming the ones it has
   */
  public Signature signature(String key) {
    Signature sig = signatures.get(key);
    if (sig == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "signature '"
              + key
              + "' is not in the SavedModel at "
              + dir
              + "; it has: "
              + String.join(", ", signatures.keySet()));
    }
    return sig;
  }

  private static List<TensorSpec> outputs(Signature sig, List<String> keys) {
    Map<String, TensorSpec> byKey = new LinkedHashMap<>();
    sig.outputs().forEach(s -> byKey.put(s.key(), s));
    List<TensorSpec> out = new ArrayList<>();
    for (String k : keys) {
      TensorSpec s = byKey.get(k);
      if (s == null) {
        throw RawOpsException.invalidArgument(
            "signature '"
                + sig.key()
                + "' has no output '"
                + k
                + "'; its outputs are: "
                + String.join(", ", byKey.keySet()));
      }
      out.add(s);
    }
    return out;
  }

  private static Map<String, Tensor> feeds(Signature sig, Map<String, Tensor> inputsByKey) {
    String key = sig.key();
    Map<String, TensorSpec> byKey = new LinkedHashMap<>();
    sig.inputs().forEach(s -> byKey.put(s.key(), s));
    for (String k : inputsByKey.keySet()) {
      if (!byKey.containsKey(k)) {
        throw RawOpsException.invalidArgument(
            "signature '"
                + key
                + "' has no input '"
                + k
                + "'; its inputs are: "
                + String.join(", ", byKey.keySet()));
      }
    }
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    for (TensorSpec s : sig.inputs()) {
      Tensor t = inputsByKey.get(s.key());
      if (t == null) {
        throw RawOpsException.invalidArgument(
            "signature '" + key + "' needs input '" + s.key() + "' (" + s + "), which is missing");
      }
      if (t.dtype() != s.dtype()) {
        throw RawOpsException.invalidArgument(
            "input '"
                + s.key()
                + "' of signature '"
                + key
                + "' must be "
                + s.dtypeName()
                + ", got "
                + t.dtype().tfName());
      }
      feeds.put(s.tensorName(), t);
    }
    return feeds;
  }

  /**
   * Stops the session's own thread pools and deletes the directory a zip was unpacked into. Runs
   * after closing throw {@link IllegalStateException}; tensors already returned stay valid. Closing
   * twice does nothing.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    session.close();
    if (unpacked != null) {
      SavedModelZip.delete(unpacked);
    }
  }

  /** True when {@code dir} looks like a SavedModel directory. */
  public static boolean isSavedModel(Path dir) {
    return Files.isDirectory(dir)
        && (Files.exists(dir.resolve("saved_model.pb"))
            || Files.exists(dir.resolve("saved_model.pbtxt")));
  }
}
