package dev.rawops.tf;

import static org.tensorflow.internal.c_api.global.tensorflow.TF_CloseSession;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteBuffer;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteGraph;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteImportGraphDefOptions;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteSession;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteSessionOptions;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteStatus;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteTensor;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GetCode;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GraphImportGraphDef;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GraphOperationByName;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_LoadSessionFromSavedModel;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_Message;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewBufferFromString;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewGraph;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewImportGraphDefOptions;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewSession;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewSessionOptions;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewStatus;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_OK;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_SessionRun;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_SetConfig;

import dev.rawops.conform.Oracle;
import dev.rawops.fixtureproto.Code;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.runtime.TensorName;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.PointerPointer;
import org.tensorflow.internal.c_api.TF_Buffer;
import org.tensorflow.internal.c_api.TF_Graph;
import org.tensorflow.internal.c_api.TF_ImportGraphDefOptions;
import org.tensorflow.internal.c_api.TF_Operation;
import org.tensorflow.internal.c_api.TF_Output;
import org.tensorflow.internal.c_api.TF_Session;
import org.tensorflow.internal.c_api.TF_SessionOptions;
import org.tensorflow.internal.c_api.TF_Status;
import org.tensorflow.internal.c_api.TF_Tensor;

/**
 * TensorFlow 2.18 itself (TF Java 1.1.0's native library), driven through its C API so that every
 * dtype works (TF Java's typed tensor classes cover only ten of the sixteen). Our GraphDef bytes
 * are imported as they are ({@code TF_GraphImportGraphDef}), then run by a TF session.
 *
 * <p>Feeds are decoded by TensorFlow too: each feed TensorProto becomes the value of a Const in a
 * small helper graph, so TF's own {@code Tensor::FromProto} interprets typed {@code *_val} fields
 * and {@code tensor_content}, never our code.
 */
public final class TfOracle {
  private TfOracle() {}

  /** TF's session configuration: its defaults, or with its graph optimizations switched off. */
  public enum Optimizations {
    /** What users get: Grappler and the classic graph optimizer (constant folding) at L1. */
    DEFAULT(null),
    /**
     * ConfigProto{graph_options{rewrite_options{disable_meta_optimizer: true}
     * optimizer_options{opt_level: L0}}}, hand-encoded (our protos do not include ConfigProto).
     */
    NONE(
        new byte[] {
          0x52,
          0x12,
          0x52,
          0x03,
          (byte) 0x98,
          0x01,
          0x01,
          0x1a,
          0x0b,
          0x18,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          (byte) 0xff,
          0x01
        });

    private final byte[] config;

    Optimizations(byte[] config) {
      this.config = config;
    }
  }

  /**
   * Imports {@code graph}, feeds, fetches. Errors from importing (op lookup, attrs, edges, shape
   * functions) or creating the session are stage BUILD; errors from {@code TF_SessionRun} are RUN.
   */
  public static Oracle.Outcome run(
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      Optimizations optimizations) {
    List<TF_Tensor> feedTensors = decode(new ArrayList<>(feeds.values()));
    try {
      return runDecoded(
          graph, new ArrayList<>(feeds.keySet()), feedTensors, fetches, optimizations.config);
    } finally {
      feedTensors.forEach(t -> TF_DeleteTensor(t));
    }
  }

  /**
   * Loads the SavedModel at {@code dir} with TF's own loader ({@code TF_LoadSessionFromSavedModel}:
   * variables restored, assets fed, init op run), feeds, fetches graph tensors. Errors while
   * loading are stage BUILD, errors from {@code TF_SessionRun} RUN.
   */
  public static Oracle.Outcome runSavedModel(
      java.nio.file.Path dir,
      List<String> tags,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      Optimizations optimizations) {
    List<TF_Tensor> feedTensors = decode(new ArrayList<>(feeds.values()));
    try (Native tf = new Native(optimizations.config)) {
      return runLoaded(
          tf, tf.loadSavedModel(dir, tags), new ArrayList<>(feeds.keySet()), feedTensors, fetches);
    } finally {
      feedTensors.forEach(t -> TF_DeleteTensor(t));
    }
  }

  private static Oracle.Outcome runDecoded(
      GraphDef graph,
      List<String> feedNames,
      List<TF_Tensor> feedTensors,
      List<String> fetches,
      byte[] config) {
    try (Native tf = new Native(config)) {
      return runLoaded(
          tf, tf.importGraph(graph) && tf.newSession(), feedNames, feedTensors, fetches);
    }
  }

  private static Oracle.Outcome runLoaded(
      Native tf,
      boolean loaded,
      List<String> feedNames,
      List<TF_Tensor> feedTensors,
      List<String> fetches) {
    if (!loaded) {
      return new Oracle.Outcome(List.of(), tf.error(ExpectedError.Stage.BUILD));
    }
    List<TF_Tensor> out = tf.run(feedNames, feedTensors, fetches);
    if (out == null) {
      return new Oracle.Outcome(List.of(), tf.error(ExpectedError.Stage.RUN));
    }
    try {
      return new Oracle.Outcome(out.stream().map(TfTensors::toProto).toList(), null);
    } finally {
      out.forEach(t -> TF_DeleteTensor(t));
    }
  }

  /**
   * Imports {@code graph} once and keeps its session and decoded feeds open, so that {@link
   * OpenSession#run} can be called repeatedly with the same feeds (benchmarks side by side with
   * rawops).
   */
  public static OpenSession open(
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      Optimizations optimizations) {
    List<TF_Tensor> feedTensors = decode(new ArrayList<>(feeds.values()));
    Native tf = new Native(optimizations.config);
    if (!tf.importGraph(graph) || !tf.newSession()) {
      String message = tf.message();
      tf.close();
      feedTensors.forEach(t -> TF_DeleteTensor(t));
      throw new IllegalArgumentException("TensorFlow rejects the graph: " + message);
    }
    return new OpenSession(tf, new ArrayList<>(feeds.keySet()), feedTensors, List.copyOf(fetches));
  }

  /** A TF session with its feeds, run again and again; everything freed on close. */
  public static final class OpenSession implements AutoCloseable {
    private final Native tf;
    private final List<String> feedNames;
    private final List<TF_Tensor> feedTensors;
    private final List<String> fetches;

    private OpenSession(
        Native tf, List<String> feedNames, List<TF_Tensor> feedTensors, List<String> fetches) {
      this.tf = tf;
      this.feedNames = feedNames;
      this.feedTensors = feedTensors;
      this.fetches = fetches;
    }

    /**
     * One {@code TF_SessionRun}: the fetched tensors, which the caller frees with {@link #free}.
     */
    public List<TF_Tensor> run() {
      List<TF_Tensor> out = tf.run(feedNames, feedTensors, fetches);
      if (out == null) {
        throw new IllegalStateException("TensorFlow fails: " + tf.message());
      }
      return out;
    }

    /** Frees tensors returned by {@link #run}. */
    public static void free(List<TF_Tensor> tensors) {
      tensors.forEach(t -> TF_DeleteTensor(t));
    }

    @Override
    public void close() {
      tf.close();
      free(feedTensors);
    }
  }

  /** The feed values as TF tensors, made by running a graph of Consts holding them. */
  private static List<TF_Tensor> decode(List<TensorProto> values) {
    if (values.isEmpty()) {
      return List.of();
    }
    GraphDef.Builder g = GraphDef.newBuilder();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      String name = "feed_value_" + i;
      names.add(name);
      g.addNodeBuilder()
          .setName(name)
          .setOp("Const")
          .putAttr("dtype", AttrValue.newBuilder().setType(values.get(i).getDtype()).build())
          .putAttr("value", AttrValue.newBuilder().setTensor(values.get(i)).build());
    }
    try (Native tf = new Native(null)) {
      List<TF_Tensor> out =
          tf.importGraph(g.build()) && tf.newSession() ? tf.run(List.of(), List.of(), names) : null;
      if (out == null) {
        throw new IllegalArgumentException("TensorFlow rejects a feed value: " + tf.message());
      }
      return out;
    }
  }

  /** One TF graph + session and the status of the last call, all freed on close. */
  private static final class Native implements AutoCloseable {
    private final TF_Status status = TF_NewStatus();
    private final TF_Graph graph = TF_NewGraph();
    private final byte[] config; // a serialized ConfigProto, or null for TF's defaults
    private TF_Session session;

    Native(byte[] config) {
      this.config = config;
    }

    boolean importGraph(GraphDef def) {
      byte[] bytes = def.toByteArray();
      try (BytePointer data = new BytePointer(bytes)) {
        TF_Buffer buffer = TF_NewBufferFromString(data, bytes.length);
        TF_ImportGraphDefOptions options = TF_NewImportGraphDefOptions();
        try {
          TF_GraphImportGraphDef(graph, buffer, options, status);
        } finally {
          TF_DeleteImportGraphDefOptions(options);
          TF_DeleteBuffer(buffer);
        }
      }
      return ok();
    }

    boolean newSession() {
      TF_SessionOptions options = options();
      try {
        session = TF_NewSession(graph, options, status);
      } finally {
        TF_DeleteSessionOptions(options);
      }
      return ok();
    }

    /** TF's loader fills the graph, restores the variables and runs the init op. */
    boolean loadSavedModel(java.nio.file.Path dir, List<String> tags) {
      TF_SessionOptions options = options();
      try (BytePointer exportDir = new BytePointer(dir.toString());
          PointerPointer<BytePointer> tagPointers =
              new PointerPointer<>(tags.toArray(new String[0]))) {
        session =
            TF_LoadSessionFromSavedModel(
                options, null, exportDir, tagPointers, tags.size(), graph, null, status);
      } finally {
        TF_DeleteSessionOptions(options);
      }
      return ok();
    }

    private TF_SessionOptions options() {
      TF_SessionOptions options = TF_NewSessionOptions();
      if (config != null) {
        try (BytePointer c = new BytePointer(config)) {
          TF_SetConfig(options, c, config.length, status);
        }
        if (!ok()) {
          TF_DeleteSessionOptions(options);
          throw new IllegalStateException("TensorFlow rejects the session config: " + message());
        }
      }
      return options;
    }

    /** The fetched tensors (caller deletes them), or null on error (see {@link #error}). */
    List<TF_Tensor> run(List<String> feedNames, List<TF_Tensor> feedValues, List<String> fetches) {
      int nf = feedNames.size();
      int no = fetches.size();
      try (TF_Output feedOuts = new TF_Output(Math.max(nf, 1));
          TF_Output fetchOuts = new TF_Output(Math.max(no, 1));
          PointerPointer<TF_Tensor> in = new PointerPointer<>(Math.max(nf, 1));
          PointerPointer<TF_Tensor> out = new PointerPointer<>(Math.max(no, 1))) {
        for (int i = 0; i < nf; i++) {
          output(feedOuts, i, feedNames.get(i));
          in.put(i, feedValues.get(i));
        }
        for (int i = 0; i < no; i++) {
          output(fetchOuts, i, fetches.get(i));
        }
        TF_SessionRun(
            session,
            null,
            feedOuts,
            in,
            nf,
            fetchOuts,
            out,
            no,
            (PointerPointer<?>) null,
            0,
            null,
            status);
        if (!ok()) {
          return null;
        }
        List<TF_Tensor> result = new ArrayList<>();
        for (int i = 0; i < no; i++) {
          result.add(out.get(TF_Tensor.class, i));
        }
        return result;
      }
    }

    private void output(TF_Output outputs, int i, String name) {
      TensorName t = TensorName.parse(name);
      TF_Operation op = TF_GraphOperationByName(graph, t.node());
      if (op == null || op.isNull()) {
        throw new IllegalArgumentException(
            "the case names '" + name + "', which is not in the graph");
      }
      outputs.getPointer(i).oper(op).index(t.index());
    }

    boolean ok() {
      return TF_GetCode(status) == TF_OK;
    }

    String message() {
      return TF_Message(status).getString();
    }

    ExpectedError error(ExpectedError.Stage stage) {
      return ExpectedError.newBuilder()
          .setCode(Code.forNumber(TF_GetCode(status)))
          .setStage(stage)
          .setMessage(TfMessages.normalize(message()))
          .build();
    }

    @Override
    public void close() {
      if (session != null && !session.isNull()) {
        TF_CloseSession(session, status);
        TF_DeleteSession(session, status);
      }
      TF_DeleteGraph(graph);
      TF_DeleteStatus(status);
    }
  }
}
