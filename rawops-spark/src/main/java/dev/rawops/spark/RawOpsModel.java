package dev.rawops.spark;

import dev.rawops.savedmodel.SavedModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * A Spark ML {@link Transformer} that scores a TensorFlow SavedModel over a DataFrame with rawops:
 * pure JVM, no native library on any executor.
 *
 * <pre>{@code
 * RawOpsModel model = new RawOpsModel()
 *     .setModelPath("hdfs:///models/half_plus_two")   // a directory or a zip, any Hadoop FS
 *     .setSignature("serving_default")
 *     .setFeedDict(Map.of("x", "features"))           // input key -> column
 *     .setFetchDict(Map.of("prediction", "y"));       // new column -> output key
 * Dataset<Row> scored = model.transform(df);
 * }</pre>
 *
 * <p>{@link #transform} checks the DataFrame's schema against the signature on the driver before
 * any job runs (naming the column, the input's dtype and shape), reads the model once and
 * broadcasts its bytes; on each executor the first task loads it and the JVM's other tasks share
 * it. Each partition is streamed batch by batch ({@link #setBatchSize}) through {@code
 * mapPartitions}, running only the fetched outputs. A row is one element along axis 0: an input of
 * shape {@code [batch, d1, ..., dk]} is a column of k nested arrays (float ↔ FloatType, double ↔
 * DoubleType, int8/16/32/64 ↔ Byte/Short/Integer/LongType, bool ↔ BooleanType, string ↔ StringType
 * or BinaryType), and each fetched output becomes a column the same way. Rows whose arrays differ
 * in length (where the signature's dims are unknown) are scored in runs of one shape. A row that
 * cannot be a tensor of its input's shape (a null, a wrong or ragged length), or that the model
 * rejects (a batch that fails is scored again row by row to find it), follows {@link
 * #setHandleInvalid}.
 *
 * <p>Saved and loaded as any pipeline stage ({@code DefaultParamsWritable}): the params, the model
 * path among them; the model itself stays where it is.
 */
public class RawOpsModel extends Transformer implements DefaultParamsWritable {
  private static final long serialVersionUID = 1L;

  /** handleInvalid: fail the task, naming the row (the default). */
  public static final String ERROR = "error";

  /** handleInvalid: drop the row. */
  public static final String SKIP = "skip";

  /** handleInvalid: keep the row with null outputs. */
  public static final String NULL = "null";

  private final String uid;
  private final Param<String> modelPath;
  private final StringArrayParam tags;
  private final Param<String> signature;
  private final StringMapParam feedDict;
  private final StringMapParam fetchDict;
  private final IntParam batchSize;
  private final IntParam intraOpThreads;
  private final Param<String> handleInvalid;

  // The model read on the driver, kept for the next transform of the same path.
  private transient String loadedPath;
  private transient ModelSource.Bytes loaded;
  private transient Map<String, SavedModel.Signature> loadedSignatures;

  public RawOpsModel() {
    this(Identifiable$.MODULE$.randomUID("RawOpsModel"));
  }

  public RawOpsModel(String uid) {
    this.uid = uid;
    modelPath =
        new Param<>(
            this,
            "modelPath",
            "the SavedModel: a directory or a zip of one, on any Hadoop file system URI");
    tags = new StringArrayParam(this, "tags", "the MetaGraphDef's tags (default: serve)");
    signature = new Param<>(this, "signature", "the signature to run (default: serving_default)");
    feedDict =
        new StringMapParam(
            this, "feedDict", "input key -> column (default: each input from its own name)");
    fetchDict =
        new StringMapParam(
            this, "fetchDict", "new column -> output key (default: every output by its name)");
    batchSize =
        new IntParam(
            this, "batchSize", "rows per model run (default 256)", ParamValidators.gtEq(1));
    intraOpThreads =
        new IntParam(
            this,
            "intraOpThreads",
            "threads per model run (default 1: Spark's tasks are the parallelism)",
            ParamValidators.inRange(1, 1024));
    handleInvalid =
        new Param<>(
            this,
            "handleInvalid",
            "a row that cannot be a tensor of its input's shape, or that the model rejects: error"
                + " (fail naming it), skip"
                + " (drop it) or null (null outputs)",
            ParamValidators.inArray(new String[] {ERROR, SKIP, NULL}));
    setDefault(tags, new String[] {SavedModel.SERVE});
    setDefault(signature, SavedModel.DEFAULT_SIGNATURE);
    setDefault(feedDict, new LinkedHashMap<>());
    setDefault(fetchDict, new LinkedHashMap<>());
    setDefault(batchSize, 256);
    setDefault(intraOpThreads, 1);
    setDefault(handleInvalid, ERROR);
  }

  @Override
  public String uid() {
    return uid;
  }

  // ---- Params (public accessors: Spark finds params by reflection on them).

  public Param<String> modelPath() {
    return modelPath;
  }

  public StringArrayParam tags() {
    return tags;
  }

  public Param<String> signature() {
    return signature;
  }

  public StringMapParam feedDict() {
    return feedDict;
  }

  public StringMapParam fetchDict() {
    return fetchDict;
  }

  public IntParam batchSize() {
    return batchSize;
  }

  public IntParam intraOpThreads() {
    return intraOpThreads;
  }

  public Param<String> handleInvalid() {
    return handleInvalid;
  }

  public RawOpsModel setModelPath(String uri) {
    set(modelPath, uri);
    return this;
  }

  public RawOpsModel setTags(String... v) {
    set(tags, v);
    return this;
  }

  public RawOpsModel setSignature(String v) {
    set(signature, v);
    return this;
  }

  /** Input key → column; inputs missing from a non-empty dict are an error. */
  public RawOpsModel setFeedDict(Map<String, String> v) {
    set(feedDict, new LinkedHashMap<>(v));
    return this;
  }

  /** New column → output key; only these outputs are computed. Empty: every output. */
  public RawOpsModel setFetchDict(Map<String, String> v) {
    set(fetchDict, new LinkedHashMap<>(v));
    return this;
  }

  public RawOpsModel setBatchSize(int v) {
    set(batchSize, v);
    return this;
  }

  public RawOpsModel setIntraOpThreads(int v) {
    set(intraOpThreads, v);
    return this;
  }

  /** {@link #ERROR} (default), {@link #SKIP} or {@link #NULL}. */
  public RawOpsModel setHandleInvalid(String v) {
    set(handleInvalid, v);
    return this;
  }

  public String getModelPath() {
    return $(modelPath);
  }

  public String getSignature() {
    return $(signature);
  }

  public Map<String, String> getFeedDict() {
    return $(feedDict);
  }

  public Map<String, String> getFetchDict() {
    return $(fetchDict);
  }

  public int getBatchSize() {
    return (Integer) $(batchSize);
  }

  public String getHandleInvalid() {
    return $(handleInvalid);
  }

  /** The model's signatures by key, read on the driver. */
  public Map<String, SavedModel.Signature> signatures() {
    load();
    return loadedSignatures;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    SavedModel.Signature sig = signatureDef();
    Columns.feeds(sig, $(feedDict), schema);
    List<Columns.Fetch> fetches = Columns.fetches(sig, $(fetchDict), schema);
    return Columns.outputSchema(schema, fetches, sig);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    StructType in = dataset.schema();
    SavedModel.Signature sig = signatureDef();
    List<Columns.Feed> feeds = Columns.feeds(sig, $(feedDict), in);
    List<Columns.Fetch> fetches = Columns.fetches(sig, $(fetchDict), in);
    StructType out = Columns.outputSchema(in, fetches, sig);
    SparkSession spark = dataset.sparkSession();
    Broadcast<byte[]> bytes =
        JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(loaded.zip());
    Scorer.Plan plan =
        new Scorer.Plan(
            loaded.sha256(),
            sig.key(),
            $(tags),
            (Integer) $(intraOpThreads),
            (Integer) $(batchSize),
            $(handleInvalid),
            feeds,
            fetches);
    return dataset.toDF().mapPartitions(new Scorer(plan, bytes), Encoders.row(out));
  }

  @Override
  public RawOpsModel copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  public static MLReader<RawOpsModel> read() {
    return new DefaultParamsReader<>();
  }

  public static RawOpsModel load(String path) {
    return read().load(path);
  }

  private SavedModel.Signature signatureDef() {
    load();
    SavedModel.Signature sig = loadedSignatures.get($(signature));
    if (sig == null) {
      throw new IllegalArgumentException(
          "signature '"
              + $(signature)
              + "' is not in the SavedModel at "
              + $(modelPath)
              + "; it has: "
              + String.join(", ", loadedSignatures.keySet()));
    }
    return sig;
  }

  /** Reads the model on the driver (once per path) and lists its signatures. */
  private synchronized void load() {
    if (!isDefined(modelPath)) {
      throw new IllegalArgumentException("RawOpsModel: setModelPath first");
    }
    String path = $(modelPath) + "|" + String.join(",", $(tags));
    if (path.equals(loadedPath)) {
      return;
    }
    SparkSession spark = SparkSession.active();
    ModelSource.Bytes b =
        ModelSource.read($(modelPath), spark.sparkContext().hadoopConfiguration());
    Path zip;
    try {
      zip = Files.createTempFile("rawops-model-", ".zip");
      Files.write(zip, b.zip());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (SavedModel m = SavedModel.inspect(zip, $(tags))) {
      loadedSignatures = m.signatures();
    } finally {
      try {
        Files.deleteIfExists(zip);
      } catch (IOException e) {
        // a temporary file; the next start of the JVM's temp cleaning removes it
      }
    }
    loaded = b;
    loadedPath = path;
  }
}
