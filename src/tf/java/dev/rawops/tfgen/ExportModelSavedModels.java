package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import com.google.protobuf.TextFormat;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AssetFileDef;
import dev.rawops.tfproto.BytesList;
import dev.rawops.tfproto.CollectionDef;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.Example;
import dev.rawops.tfproto.Feature;
import dev.rawops.tfproto.Features;
import dev.rawops.tfproto.FloatList;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.Int64List;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.SavedModel;
import dev.rawops.tfproto.SaverDef;
import dev.rawops.tfproto.SignatureDef;
import dev.rawops.tfproto.TensorInfo;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Two end-to-end models as SavedModels, written in the layout TF's Python builders give a TF 1
 * style serving graph (TF Java has no exporter for assets) and answered by TensorFlow 2.18's C++
 * loader ({@code SavedModelBundle.load}: variables restored by the SaverDef's restore op, asset
 * paths fed to the main op that fills the vocabulary tables). The checkpoint under variables/ is
 * TF's own: the served graph plus seeded AssignVariableOps, run in a TF session, then its
 * save/SaveV2. Run: {@code ./mvnw -Ptf -q test -Dtest=ExportModelSavedModels}.
 *
 * <ul>
 *   <li>{@code recommender}: serialized tf.Examples parsed by ParseExampleV2 (string, string, int64
 *       sparse features and a float dense one with a default), as feature columns build it: a
 *       vocabulary column (asset, OOV buckets), a hash-bucket column, a crossed column
 *       (SparseCrossHashed), each embedded like safe_embedding_lookup_sparse (SparseFillEmptyRows,
 *       Unique, ResourceGather, SparseSegmentMean or SqrtN, empty rows zeroed), concatenated with
 *       the dense feature, two Dense layers (ReLU, sigmoid head).
 *   <li>{@code text_classifier}: sentences → StringLower (UTF-8) → RegexReplace (Keras's
 *       punctuation pattern) → StringSplitV2 → vocabulary lookup (asset, OOV buckets) → GatherV2 of
 *       the embedding → mean per sentence (UnsortedSegmentSum / count) → Dense → Softmax.
 * </ul>
 */
class ExportModelSavedModels {
  private static final Path DIR = Path.of("graphs", "savedmodels");

  /** Float outputs pass through MatMul, whose sums TF's Eigen orders its own way. */
  private static final Tolerance TOLERANCE =
      Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-6).build();

  static final String MOVIES = "the_matrix\namelie\ninception\nspirited_away\nléon\nup\n";
  static final String WORDS =
      "the\nmovie\nwas\ngreat\nbad\nnot\ncafé\ncrème\nüber\nnaïve\na\nfilm\n";

  static final String[] SENTENCES = {
    "The movie was GREAT!",
    "Café CRÈME, naïve über-film...",
    "",
    "not bad; not bad at all?!",
    "Zyzzyva qwerty ÜBER",
    "  !!!  ",
    "映画 great 🎬 the\tfilm\nwas (not) bad"
  };

  @Test
  void export() throws Exception {
    recommender();
    textClassifier();
    textClassifierTf2();
  }

  // ---------------------------------------------------------------- recommender

  private static void recommender() throws Exception {
    ModelGraph m = new ModelGraph(27);
    var b = m.b;
    b.placeholder("examples", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of(-1));
    m.constant("parse/names", Tensor.ofStrings(Shape.of(0)));
    m.constant("parse/sparse_keys", Tensor.ofStrings(Shape.of(3), "movie", "genre", "age_group"));
    m.constant("parse/dense_keys", Tensor.ofStrings(Shape.of(1), "rating"));
    m.constant("parse/ragged_keys", Tensor.ofStrings(Shape.of(0)));
    m.constant("parse/rating_default", Tensor.ofFloats(Shape.of(1), 0.5f));
    b.op(
            "parse",
            "ParseExampleV2",
            "examples",
            "parse/names",
            "parse/sparse_keys",
            "parse/dense_keys",
            "parse/ragged_keys",
            "parse/rating_default")
        .attrTypes("Tdense", DataType.DT_FLOAT)
        .attr("num_sparse", 3L)
        .attrTypes("sparse_types", DataType.DT_STRING, DataType.DT_STRING, DataType.DT_INT64)
        .attrTypes("ragged_value_types")
        .attrTypes("ragged_split_types")
        .attr("dense_shapes", ModelGraph.shapes(new long[] {1}));
    // outputs: indices 0..2, values 3..5, shapes 6..8, dense 9
    String movieIds = m.vocabularyLookup("movie_lookup", "movies.txt", 2, "parse:3");
    b.op("genre_hash", "StringToHashBucketFast", "parse:4").attr("num_buckets", 16L);
    m.constant("cross/num_buckets", Tensor.ofLongs(Shape.of(), 32));
    m.constant("cross/strong_hash", Tensor.ofBooleans(Shape.of(), false));
    m.constant("cross/salt", Tensor.ofLongs(Shape.of(2), 0x5eed, 0x27));
    b.op(
            "cross",
            "SparseCrossHashed",
            "parse:0",
            "parse:2",
            "parse:3",
            "parse:5",
            "parse:6",
            "parse:8",
            "cross/num_buckets",
            "cross/strong_hash",
            "cross/salt")
        .attr("N", 2L)
        .attrTypes("sparse_types", DataType.DT_STRING, DataType.DT_INT64)
        .attrTypes("dense_types");
    String movieVec =
        embedding(m, "movie_embedding", "parse:0", movieIds, "parse:6", 8, "SparseSegmentMean");
    String genreVec =
        embedding(
            m, "genre_embedding", "parse:1", "genre_hash", "parse:7", 16, "SparseSegmentSqrtN");
    String crossVec =
        embedding(m, "cross_embedding", "cross:0", "cross:1", "cross:2", 32, "SparseSegmentMean");
    m.constant("concat/axis", Tensor.ofInts(Shape.of(), 1));
    b.op("concat", "ConcatV2", movieVec, genreVec, crossVec, "parse:9", "concat/axis")
        .attr("N", 4L)
        .attr("T", DataType.DT_FLOAT)
        .attr("Tidx", DataType.DT_INT32);
    String hidden = m.dense("dense", "concat", 13, 8, "Relu");
    String logits = m.dense("dense_1", hidden, 8, 1, null);
    b.op("probability", "Sigmoid", logits).attr("T", DataType.DT_FLOAT);
    SaverDef saver = m.finish();

    List<byte[]> examples =
        List.of(
            example(
                Map.of(
                    "movie",
                    List.of("the_matrix", "inception"),
                    "genre",
                    List.of("scifi", "action")),
                List.of(3L),
                4.5f),
            example(
                Map.of("movie", List.of("amelie"), "genre", List.of("romance", "comedy", "french")),
                List.of(2L),
                3.0f),
            example(Map.of("movie", List.of("unknown_film", "léon")), List.of(), null),
            example(Map.of("genre", List.of("drama")), List.of(5L, 6L), 1.5f),
            example(Map.of(), List.of(), null),
            example(
                Map.of("movie", List.of("up", "up", "spirited_away", "Up")), List.of(1L), 5.0f));
    Map<String, Output> outputs = new LinkedHashMap<>();
    outputs.put("cross_ids", new Output("cross:1", DataType.DT_INT64, -1));
    outputs.put("movie_ids", new Output(movieIds, DataType.DT_INT64, -1));
    outputs.put("probability", new Output("probability", DataType.DT_FLOAT, -1, 1));
    export(
        "recommender",
        m,
        saver,
        Map.of("movies.txt", MOVIES),
        "examples",
        DataType.DT_STRING,
        examples(examples),
        outputs,
        recommenderCases(),
        "feature-column recommender: ParseExampleV2 of serialized tf.Examples (movie, genre:"
            + " string; age_group: int64; rating: float with default), vocabulary column from the"
            + " asset movies.txt with 2 OOV buckets, genre hashed to 16 buckets, movie x age_group"
            + " crossed by SparseCrossHashed to 32; SparseFillEmptyRows + Unique + ResourceGather +"
            + " SparseSegmentMean/SqrtN embeddings, empty rows zeroed; ConcatV2 with rating; Dense"
            + " 13->8 ReLU, Dense 8->1, Sigmoid",
        null);
  }

  /** A string vector of these bytes (empty too, which NdArrays.vectorOfObjects refuses). */
  private static TString examples(List<byte[]> examples) {
    var a =
        org.tensorflow.ndarray.NdArrays.ofObjects(
            byte[].class, org.tensorflow.ndarray.Shape.of(examples.size()));
    for (int i = 0; i < examples.size(); i++) {
      a.setObject(examples.get(i), i);
    }
    return TString.tensorOfBytes(a);
  }

  /** Cases beyond the main one: an empty batch, and Examples ParseExampleV2 refuses. */
  private static Map<String, Extra> recommenderCases() {
    Map<String, Extra> c = new LinkedHashMap<>();
    c.put("empty_batch", new Extra("a batch of no Examples", examples(List.of())));
    c.put(
        "not_an_example",
        new Extra(
            "a batch whose second string is no tf.Example",
            examples(
                List.of(
                    example(Map.of("movie", List.of("up")), List.of(1L), 2f),
                    "not a proto\u0000".getBytes(StandardCharsets.UTF_8)))));
    Features wrongType =
        Features.newBuilder()
            .putFeature(
                "age_group",
                Feature.newBuilder()
                    .setBytesList(BytesList.newBuilder().addValue(ByteString.copyFromUtf8("3")))
                    .build())
            .build();
    c.put(
        "wrong_feature_type",
        new Extra(
            "age_group given as a bytes_list",
            examples(List.of(Example.newBuilder().setFeatures(wrongType).build().toByteArray()))));
    Features twoRatings =
        Features.newBuilder()
            .putFeature(
                "rating",
                Feature.newBuilder()
                    .setFloatList(FloatList.newBuilder().addValue(1f).addValue(2f))
                    .build())
            .build();
    c.put(
        "dense_feature_too_long",
        new Extra(
            "two ratings for the dense feature of shape [1]",
            examples(List.of(Example.newBuilder().setFeatures(twoRatings).build().toByteArray()))));
    return c;
  }

  /** Cases beyond the main one: an empty batch, text that is not valid UTF-8. */
  private static Map<String, Extra> textCases() {
    Map<String, Extra> c = new LinkedHashMap<>();
    c.put("empty_batch", new Extra("a batch of no sentences", examples(List.of())));
    c.put(
        "invalid_utf8",
        new Extra(
            "a sentence with bytes that are not UTF-8 (StringLower makes them U+FFFD)",
            examples(
                List.of(
                    new byte[] {'G', 'R', 'E', 'A', 'T', ' ', (byte) 0xff, 'X', (byte) 0xc3},
                    "ok".getBytes(StandardCharsets.UTF_8)))));
    return c;
  }

  /**
   * safe_embedding_lookup_sparse of one sparse column: empty rows filled with id 0, ids made
   * unique, their rows gathered from the variable, pooled per example, and filled rows zeroed.
   */
  private static String embedding(
      ModelGraph m,
      String scope,
      String indices,
      String ids,
      String shape,
      long rows,
      String pool) {
    var b = m.b;
    String table = m.variable(scope + "/embedding_weights", 0.5f, rows, 4);
    m.constant(scope + "/default", Tensor.ofLongs(Shape.of(), 0));
    String fill = scope + "/SparseFillEmptyRows";
    b.op(fill, "SparseFillEmptyRows", indices, ids, shape, scope + "/default")
        .attr("T", DataType.DT_INT64);
    String seg64 = m.column(scope + "/segment_ids", fill + ":0", 0);
    String seg = scope + "/Cast";
    b.op(seg, "Cast", seg64)
        .attr("SrcT", DataType.DT_INT64)
        .attr("DstT", DataType.DT_INT32)
        .attr("Truncate", false);
    String unique = scope + "/Unique";
    b.op(unique, "Unique", fill + ":1")
        .attr("T", DataType.DT_INT64)
        .attr("out_idx", DataType.DT_INT32);
    String gathered = scope + "/ResourceGather";
    b.op(gathered, "ResourceGather", table, unique)
        .attr("dtype", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT64)
        .attr("batch_dims", 0L)
        .attr("validate_indices", true);
    String pooled = scope + "/" + pool;
    b.op(pooled, pool, gathered, unique + ":1", seg)
        .attr("T", DataType.DT_FLOAT)
        .attr("Tidx", DataType.DT_INT32)
        .attr("Tsegmentids", DataType.DT_INT32);
    m.constant(scope + "/row_shape", Tensor.ofInts(Shape.of(2), -1, 1));
    String empty = scope + "/is_row_empty";
    b.op(empty, "Reshape", fill + ":2", scope + "/row_shape")
        .attr("T", DataType.DT_BOOL)
        .attr("Tshape", DataType.DT_INT32);
    m.constant(scope + "/zeros", Tensor.ofFloats(Shape.of(), 0f));
    String out = scope + "/result";
    b.op(out, "SelectV2", empty, scope + "/zeros", pooled).attr("T", DataType.DT_FLOAT);
    return out;
  }

  private static byte[] example(Map<String, List<String>> strings, List<Long> ages, Float rating) {
    Features.Builder f = Features.newBuilder();
    // Map.of iterates in an order that changes between JVMs, and a map field serializes in
    // insertion order: sorted keys keep the fixture's bytes the same on every run.
    new java.util.TreeMap<>(strings)
        .forEach(
            (k, v) -> {
              BytesList.Builder l = BytesList.newBuilder();
              v.forEach(s -> l.addValue(ByteString.copyFromUtf8(s)));
              f.putFeature(k, Feature.newBuilder().setBytesList(l).build());
            });
    if (!ages.isEmpty()) {
      f.putFeature(
          "age_group",
          Feature.newBuilder().setInt64List(Int64List.newBuilder().addAllValue(ages)).build());
    }
    if (rating != null) {
      f.putFeature(
          "rating",
          Feature.newBuilder().setFloatList(FloatList.newBuilder().addValue(rating)).build());
    }
    return Example.newBuilder().setFeatures(f).build().toByteArray();
  }

  // ---------------------------------------------------------------- text classifier

  private static void textClassifier() throws Exception {
    ModelGraph m = new ModelGraph(2718);
    String ids = textGraph(m);
    SaverDef saver = m.finish();

    String[] sentences = SENTENCES;
    Map<String, Output> outputs = new LinkedHashMap<>();
    outputs.put("probabilities", new Output("probabilities", DataType.DT_FLOAT, -1, 3));
    outputs.put("token_ids", new Output(ids, DataType.DT_INT64, -1));
    outputs.put("tokens", new Output("split:1", DataType.DT_STRING, -1));
    export(
        "text_classifier",
        m,
        saver,
        Map.of("words.txt", WORDS),
        "text",
        DataType.DT_STRING,
        TString.vectorOf(sentences),
        outputs,
        textCases(),
        "text classifier: StringLower (utf-8) -> RegexReplace of Keras's punctuation -> StringSplitV2"
            + " -> vocabulary lookup (asset words.txt, 3 OOV buckets) -> GatherV2 of a 15x6"
            + " embedding -> mean per sentence (UnsortedSegmentSum / max(count, 1)) -> Dense 6->3 ->"
            + " Softmax; non-ASCII text, an empty string, only punctuation, OOV words",
        null);
  }

  /**
   * The same text classifier (same weights) as tf.saved_model.save lays a Keras model out: the
   * serving computation a function called by StatefulPartitionedCall with the table and the
   * variables' handles passed in, the table filled by the {@code __saved_model_init_op} signature's
   * call of an initializer function given the asset path (a Const the loader feeds), and the
   * variables restored by a function call (the SaverDef's restore op) with object-graph style
   * checkpoint keys.
   */
  private static void textClassifierTf2() throws Exception {
    ModelGraph m = new ModelGraph(2718);
    String ids = textGraph(m);
    GraphDef body = m.graph();
    Map<String, dev.rawops.tfproto.NodeDef> byName = new LinkedHashMap<>();
    body.getNodeList().forEach(n -> byName.put(n.getName(), n));
    List<String> vars = List.of("embedding/embeddings", "dense/kernel", "dense/bias");
    List<String> argNames = List.of("embeddings", "kernel", "bias");

    Map<String, Map.Entry<String, DataType>> args = new LinkedHashMap<>();
    args.put("text", FunctionBodies.of("text", DataType.DT_STRING));
    args.put("table", FunctionBodies.of("vocabulary/hash_table", DataType.DT_RESOURCE));
    for (int i = 0; i < vars.size(); i++) {
      args.put(argNames.get(i), FunctionBodies.of(vars.get(i), DataType.DT_RESOURCE));
    }
    Map<String, Map.Entry<String, DataType>> outs = new LinkedHashMap<>();
    outs.put("probabilities", FunctionBodies.of("probabilities", DataType.DT_FLOAT));
    outs.put("token_ids", FunctionBodies.of(ids, DataType.DT_INT64));
    outs.put("tokens", FunctionBodies.of("split:1", DataType.DT_STRING));
    dev.rawops.tfproto.FunctionDef serve =
        FunctionBodies.function(
            "__inference_serve_27",
            body,
            args,
            outs,
            java.util.Set.of("vocabulary/asset_path", "vocabulary/table_init"));

    // the initializer: InitializeTableFromTextFileV2 of the table argument from the path argument
    GraphDefBuilder ib = new GraphDefBuilder();
    ib.op("table", "HashTableV2")
        .attr("key_dtype", DataType.DT_STRING)
        .attr("value_dtype", DataType.DT_INT64);
    ib.placeholder("path", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of());
    ib.op("init", "InitializeTableFromTextFileV2", "table", "path")
        .attr("key_index", -2L)
        .attr("value_index", -1L)
        .attr("vocab_size", -1L)
        .attr("delimiter", "\t")
        .attr("offset", 0L);
    Map<String, Map.Entry<String, DataType>> initArgs = new LinkedHashMap<>();
    initArgs.put("table", FunctionBodies.of("table", DataType.DT_RESOURCE));
    initArgs.put("path", FunctionBodies.of("path", DataType.DT_STRING));
    dev.rawops.tfproto.FunctionDef.Builder initializer =
        FunctionBodies.function(
                "__initializer_words_13", ib.build(), initArgs, Map.of(), java.util.Set.of())
            .toBuilder()
            .putControlRet("init", "init");
    initializer.getSignatureBuilder().addControlOutput("init");

    // the restore function: RestoreV2 + AssignVariableOp of each handle argument
    List<String> keys = vars.stream().map(v -> v + "/.ATTRIBUTES/VARIABLE_VALUE").toList();
    DataType[] floats = {DataType.DT_FLOAT, DataType.DT_FLOAT, DataType.DT_FLOAT};
    GraphDefBuilder rb = new GraphDefBuilder();
    rb.placeholder("filename", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of());
    Map<String, Map.Entry<String, DataType>> restoreArgs = new LinkedHashMap<>();
    restoreArgs.put("filename", FunctionBodies.of("filename", DataType.DT_STRING));
    for (String a : argNames) {
      rb.op(a, "VarHandleOp").attr("dtype", DataType.DT_FLOAT);
      restoreArgs.put(a, FunctionBodies.of(a, DataType.DT_RESOURCE));
    }
    rb.constant("tensor_names", Tensor.ofStrings(Shape.of(3), keys.toArray(new String[0])));
    rb.constant("shape_and_slices", Tensor.ofStrings(Shape.of(3), "", "", ""));
    rb.op("RestoreV2", "RestoreV2", "filename", "tensor_names", "shape_and_slices")
        .attrTypes("dtypes", floats);
    List<String> identityInputs = new ArrayList<>(List.of("filename"));
    for (int i = 0; i < argNames.size(); i++) {
      rb.op("AssignVariableOp_" + i, "AssignVariableOp", argNames.get(i), "RestoreV2:" + i)
          .attr("dtype", DataType.DT_FLOAT)
          .attr("validate_shape", false);
      identityInputs.add("^AssignVariableOp_" + i);
    }
    rb.op("Identity", "Identity", identityInputs.toArray(new String[0]))
        .attr("T", DataType.DT_STRING);
    dev.rawops.tfproto.FunctionDef restore =
        FunctionBodies.function(
            "__inference_restore_41",
            rb.build(),
            restoreArgs,
            Map.of("identity", FunctionBodies.of("Identity", DataType.DT_STRING)),
            java.util.Set.of());

    GraphDefBuilder g = new GraphDefBuilder();
    g.op("hash_table", "HashTableV2")
        .attr("key_dtype", DataType.DT_STRING)
        .attr("value_dtype", DataType.DT_INT64)
        .attr("shared_name", "hash_table_words.txt_-2_-1")
        .attr("container", "")
        .attr("use_node_name_sharing", true);
    g.constant("asset_path", Tensor.ofStrings(Shape.of(), "words.txt"));
    call(
        g,
        "StatefulPartitionedCall",
        "__initializer_words_13",
        List.of("hash_table", "asset_path"),
        List.of(DataType.DT_RESOURCE, DataType.DT_STRING),
        List.of());
    g.op("NoOp", "NoOp", "^StatefulPartitionedCall");
    g.placeholder(
        "serving_default_text", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of(-1));
    List<String> serveIn = new ArrayList<>(List.of("serving_default_text", "hash_table"));
    serveIn.addAll(vars);
    call(
        g,
        "StatefulPartitionedCall_1",
        "__inference_serve_27",
        serveIn,
        List.of(
            DataType.DT_STRING,
            DataType.DT_RESOURCE,
            DataType.DT_RESOURCE,
            DataType.DT_RESOURCE,
            DataType.DT_RESOURCE),
        List.of(DataType.DT_FLOAT, DataType.DT_INT64, DataType.DT_STRING));
    g.placeholder("saver_filename", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of());
    List<String> restoreIn = new ArrayList<>(List.of("saver_filename"));
    restoreIn.addAll(vars);
    call(
        g,
        "StatefulPartitionedCall_2",
        "__inference_restore_41",
        restoreIn,
        List.of(
            DataType.DT_STRING, DataType.DT_RESOURCE, DataType.DT_RESOURCE, DataType.DT_RESOURCE),
        List.of(DataType.DT_STRING));
    // the save side, which only the exporter runs (TF writes the checkpoint with it)
    g.placeholder("save/filename", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of());
    g.constant("save/tensor_names", Tensor.ofStrings(Shape.of(3), keys.toArray(new String[0])));
    g.constant("save/shape_and_slices", Tensor.ofStrings(Shape.of(3), "", "", ""));
    List<String> saveIn =
        new ArrayList<>(List.of("save/filename", "save/tensor_names", "save/shape_and_slices"));
    for (int i = 0; i < vars.size(); i++) {
      g.op("save/read_" + i, "ReadVariableOp", vars.get(i)).attr("dtype", DataType.DT_FLOAT);
      saveIn.add("save/read_" + i);
    }
    g.op("save/SaveV2", "SaveV2", saveIn.toArray(new String[0])).attrTypes("dtypes", floats);
    g.op("save/control_dependency", "Identity", "save/filename", "^save/SaveV2")
        .attr("T", DataType.DT_STRING);
    GraphDef.Builder top = g.build().toBuilder();
    for (String v : vars) {
      top.addNode(byName.get(v));
    }
    top.getLibraryBuilder().addFunction(serve).addFunction(initializer).addFunction(restore);
    SaverDef saver =
        SaverDef.newBuilder()
            .setFilenameTensorName("saver_filename:0")
            .setSaveTensorName("save/control_dependency:0")
            .setRestoreOpName("StatefulPartitionedCall_2")
            .setMaxToKeep(5)
            .setKeepCheckpointEveryNHours(10000)
            .setVersion(SaverDef.CheckpointFormatVersion.V2)
            .build();

    Map<String, Output> outputs = new LinkedHashMap<>();
    outputs.put(
        "probabilities", new Output("StatefulPartitionedCall_1:0", DataType.DT_FLOAT, -1, 3));
    outputs.put("token_ids", new Output("StatefulPartitionedCall_1:1", DataType.DT_INT64, -1));
    outputs.put("tokens", new Output("StatefulPartitionedCall_1:2", DataType.DT_STRING, -1));
    List<String[]> assets = new ArrayList<>();
    assets.add(new String[] {"asset_path", "words.txt"});
    export(
        "text_classifier_tf2",
        m,
        saver,
        Map.of("words.txt", WORDS),
        "serving_default_text",
        DataType.DT_STRING,
        TString.vectorOf(SENTENCES),
        outputs,
        textCases(),
        "text classifier, TF 2 style (same weights and answers as text_classifier): the serving"
            + " function called by StatefulPartitionedCall with the table and the variables'"
            + " handles, the table filled by the __saved_model_init_op signature's call of an"
            + " initializer function given the asset path, the variables restored by a function"
            + " call (RestoreV2 + AssignVariableOp) under object-graph style keys",
        new Tf2(top.build(), assets));
  }

  private static void call(
      GraphDefBuilder g,
      String name,
      String function,
      List<String> inputs,
      List<DataType> tin,
      List<DataType> tout) {
    g.op(name, "StatefulPartitionedCall", inputs.toArray(new String[0]))
        .attrTypes("Tin", tin.toArray(new DataType[0]))
        .attrTypes("Tout", tout.toArray(new DataType[0]))
        .attr(
            "f",
            dev.rawops.tfproto.AttrValue.newBuilder()
                .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName(function))
                .build())
        .attr("config", "")
        .attr("config_proto", "")
        .attr("executor_type", "");
  }

  /** The text classifier's nodes (its input "text"); returns the token ids' tensor. */
  private static String textGraph(ModelGraph m) {
    var b = m.b;
    b.placeholder("text", DataType.DT_STRING, dev.rawops.tensor.PartialShape.of(-1));
    b.op("lower", "StringLower", "text").attr("encoding", "utf-8");
    m.constant(
        "strip/pattern",
        Tensor.ofStrings(Shape.of(), "[!\"#$%&()\\*\\+,-\\./:;<=>?@\\[\\\\\\]^_`{|}~\\']"));
    m.constant("strip/rewrite", Tensor.ofStrings(Shape.of(), " "));
    b.op("strip", "RegexReplace", "lower", "strip/pattern", "strip/rewrite")
        .attr("replace_global", true);
    m.constant("split/sep", Tensor.ofStrings(Shape.of(), ""));
    b.op("split", "StringSplitV2", "strip", "split/sep").attr("maxsplit", -1L);
    String ids = m.vocabularyLookup("vocabulary", "words.txt", 3, "split:1");
    String table = m.variable("embedding/embeddings", 0.5f, 15, 6);
    m.constant("embedding/axis", Tensor.ofInts(Shape.of(), 0));
    b.op("embedding/GatherV2", "GatherV2", m.read(table), ids, "embedding/axis")
        .attr("Tparams", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT64)
        .attr("Taxis", DataType.DT_INT32)
        .attr("batch_dims", 0L);
    String seg = m.column("pool/segment_ids", "split:0", 0);
    String n = m.element("pool/num_sentences", "split:2", 0);
    b.op("pool/sum", "UnsortedSegmentSum", "embedding/GatherV2", seg, n)
        .attr("T", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT64)
        .attr("Tnumsegments", DataType.DT_INT64);
    b.op("pool/ones", "OnesLike", seg).attr("T", DataType.DT_INT64);
    b.op("pool/ones_float", "Cast", "pool/ones")
        .attr("SrcT", DataType.DT_INT64)
        .attr("DstT", DataType.DT_FLOAT)
        .attr("Truncate", false);
    b.op("pool/count", "UnsortedSegmentSum", "pool/ones_float", seg, n)
        .attr("T", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT64)
        .attr("Tnumsegments", DataType.DT_INT64);
    m.constant("pool/one", Tensor.ofFloats(Shape.of(), 1f));
    b.op("pool/at_least_one", "Maximum", "pool/count", "pool/one").attr("T", DataType.DT_FLOAT);
    m.constant("pool/column", Tensor.ofInts(Shape.of(2), -1, 1));
    b.op("pool/divisor", "Reshape", "pool/at_least_one", "pool/column")
        .attr("T", DataType.DT_FLOAT)
        .attr("Tshape", DataType.DT_INT32);
    b.op("pool/mean", "RealDiv", "pool/sum", "pool/divisor").attr("T", DataType.DT_FLOAT);
    String logits = m.dense("dense", "pool/mean", 6, 3, null);
    b.op("probabilities", "Softmax", logits).attr("T", DataType.DT_FLOAT);
    return ids;
  }

  // ---------------------------------------------------------------- export and answers

  private static void export(
      String name,
      ModelGraph m,
      SaverDef saver,
      Map<String, String> assetFiles,
      String inputKey,
      DataType inputType,
      TString input,
      Map<String, Output> outputs,
      Map<String, Extra> moreCases,
      String description,
      Tf2 tf2)
      throws Exception {
    Path dir = DIR.resolve(name);
    if (Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir.resolve("assets"));
    Files.createDirectories(dir.resolve("variables"));
    for (var e : assetFiles.entrySet()) {
      Files.writeString(
          dir.resolve("assets").resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
    }
    GraphDef graph = tf2 == null ? m.graph() : tf2.graph();
    writeCheckpoint(m, graph, dir.resolve("variables").resolve("variables").toString());

    MetaGraphDef.Builder mg = MetaGraphDef.newBuilder();
    mg.getMetaInfoDefBuilder().addTags("serve").setTensorflowVersion("2.18.0");
    mg.setGraphDef(graph).setSaverDef(saver);
    if (tf2 == null) {
      mg.putCollectionDef(
          "saved_model_main_op",
          CollectionDef.newBuilder()
              .setNodeList(CollectionDef.NodeList.newBuilder().addValue("main_op"))
              .build());
    } else {
      mg.putSignatureDef(
          "__saved_model_init_op",
          SignatureDef.newBuilder()
              .putOutputs("__saved_model_init_op", TensorInfo.newBuilder().setName("NoOp").build())
              .build());
    }
    SignatureDef.Builder sig =
        SignatureDef.newBuilder().setMethodName("tensorflow/serving/predict");
    sig.putInputs(
        inputKey,
        TensorInfo.newBuilder()
            .setName(inputKey + ":0")
            .setDtype(inputType)
            .setTensorShape(ModelGraph.shapeProto(-1))
            .build());
    for (var e : outputs.entrySet()) {
      Output o = e.getValue();
      sig.putOutputs(
          e.getKey(),
          TensorInfo.newBuilder()
              .setName(o.tensor())
              .setDtype(o.dtype())
              .setTensorShape(ModelGraph.shapeProto(o.dims()))
              .build());
    }
    mg.putSignatureDef("serving_default", sig.build());
    for (String[] a : tf2 == null ? m.assets : tf2.assets()) {
      mg.addAssetFileDef(
          AssetFileDef.newBuilder()
              .setTensorInfo(
                  TensorInfo.newBuilder()
                      .setName(a[0] + ":0")
                      .setDtype(DataType.DT_STRING)
                      .setTensorShape(TensorShapeProto.getDefaultInstance()))
              .setFilename(a[1]));
    }
    SavedModel model =
        SavedModel.newBuilder().setSavedModelSchemaVersion(1).addMetaGraphs(mg).build();
    Files.write(dir.resolve("saved_model.pb"), model.toByteArray());

    answer(dir, name, description, inputKey, input, outputs, dir.resolve("expected.pbtxt"));
    for (var c : moreCases.entrySet()) {
      answer(
          dir,
          name + "/" + c.getKey(),
          name
              + " ("
              + description.substring(0, description.indexOf(':'))
              + "): "
              + c.getValue().what(),
          inputKey,
          c.getValue().input(),
          outputs,
          dir.resolve(c.getKey() + ".savedmodel.pbtxt"));
    }
  }

  /** A TF 2 style model's graph (functions) and its assets' tensors (node, filename). */
  record Tf2(GraphDef graph, List<String[]> assets) {}

  /** A further case of a model: what it exercises, and its input. */
  record Extra(String what, TString input) {}

  /** One output of the signature: its tensor, dtype and static shape. */
  record Output(String tensor, DataType dtype, long... dims) {
    Output {
      tensor = tensor.contains(":") ? tensor : tensor + ":0";
    }
  }

  /**
   * TF's loader (a fresh load, as {@code rawops conform} loads each case) runs the signature on
   * {@code input}: its outputs, or its error (stage RUN), make the fixture {@code file}.
   */
  private static void answer(
      Path dir,
      String name,
      String description,
      String inputKey,
      TString input,
      Map<String, Output> outputs,
      Path file)
      throws Exception {
    List<String> keys = new ArrayList<>(outputs.keySet());
    Fixture.Builder f =
        Fixture.newBuilder()
            .setName("savedmodels/" + name)
            .setDescription(description)
            .setSource("signature:serving_default")
            .putFeed(inputKey, proto(input))
            .addAllFetch(keys);
    try (SavedModelBundle bundle = SavedModelBundle.load(dir.toString(), "serve");
        input) {
      var runner = bundle.session().runner().feed(inputKey + ":0", input);
      for (String k : keys) {
        runner.fetch(outputs.get(k).tensor());
      }
      try (Result r = runner.run()) {
        f.setTolerance(TOLERANCE);
        for (int i = 0; i < keys.size(); i++) {
          f.addExpected(proto(r.get(i)));
        }
      } catch (RuntimeException e) {
        // TF Java's status exceptions (TFInvalidArgumentException, ...) share only their package.
        if (!e.getClass().getPackageName().equals("org.tensorflow.exceptions")) {
          throw e;
        }
        String code =
            e.getClass()
                .getSimpleName()
                .replaceFirst("^TF", "")
                .replaceFirst("Exception$", "")
                .replaceAll("([a-z])([A-Z])", "$1_$2")
                .toUpperCase(java.util.Locale.ROOT);
        f.setError(
            ExpectedError.newBuilder()
                .setCode(dev.rawops.fixtureproto.Code.valueOf(code))
                .setStage(ExpectedError.Stage.RUN)
                .setMessage(e.getMessage()));
      }
    }
    Files.writeString(
        file,
        "# Written by TensorFlow 2.18 (dev.rawops.tfgen.ExportModelSavedModels); do not edit.\n"
            + TextFormat.printer().printToString(f.build()));
  }

  /** TF writes the checkpoint: seeded AssignVariableOps, then the graph's own save/SaveV2. */
  private static void writeCheckpoint(ModelGraph m, GraphDef graph, String prefix)
      throws Exception {
    try (Graph g = new Graph();
        Session s = new Session(g);
        TString p = TString.scalarOf(prefix)) {
      g.importGraphDef(
          org.tensorflow.proto.GraphDef.parseFrom(m.withInitNodes(graph).toByteArray()));
      var init = s.runner();
      for (int i = 0; i < m.variableCount(); i++) {
        init.addTarget("init/assign_" + i);
      }
      init.run();
      s.runner().feed("save/filename", p).addTarget("save/SaveV2").run();
    }
  }

  private static TensorProto proto(org.tensorflow.Tensor t) throws IOException {
    TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
    for (long d : t.shape().asArray()) {
      shape.addDimBuilder().setSize(d);
    }
    TensorProto.Builder p = TensorProto.newBuilder().setTensorShape(shape);
    if (t instanceof TInt64 x) {
      p.setDtype(DataType.DT_INT64);
      x.scalars().forEach(e -> p.addInt64Val(e.getLong()));
    } else if (t instanceof TFloat32 x) {
      p.setDtype(DataType.DT_FLOAT);
      x.scalars().forEach(e -> p.addFloatVal(e.getFloat()));
    } else if (t instanceof TString x) {
      p.setDtype(DataType.DT_STRING);
      x.asBytes().scalars().forEach(e -> p.addStringVal(ByteString.copyFrom(e.getObject())));
    } else {
      throw new IllegalArgumentException("unexpected tensor type " + t.dataType());
    }
    return p.build();
  }
}
