package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.SaverDef;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A TF 1 style serving graph as TF's Python builders lay it out: resource variables (VarHandleOp)
 * with a saver (save/SaveV2, save/RestoreV2 + AssignVariableOp, save/restore_all), vocabulary
 * tables filled from asset files by InitializeTableFromTextFileV2 (the asset path a Placeholder,
 * the initializers grouped under the main op), and StaticVocabularyTable lookups with OOV buckets.
 * The variables' seeded values go to the checkpoint only (through {@link #initNodes}), never into
 * the served graph.
 */
final class ModelGraph {
  final GraphDefBuilder b = new GraphDefBuilder();
  private final Random random;
  private final List<String> variables = new ArrayList<>();
  private final List<Tensor> values = new ArrayList<>();
  private final List<String> tableInits = new ArrayList<>();
  final List<String[]> assets = new ArrayList<>(); // {placeholder, filename}

  ModelGraph(long seed) {
    this.random = new Random(seed);
  }

  static AttrValue shape(long... dims) {
    return AttrValue.newBuilder().setShape(PartialShape.of(dims).toProto()).build();
  }

  static AttrValue shapes(long[]... shapes) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long[] s : shapes) {
      l.addShape(PartialShape.of(s).toProto());
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  static TensorShapeProto shapeProto(long... dims) {
    return PartialShape.of(dims).toProto();
  }

  /** A float variable {@code name} of {@code shape}, seeded N(0, scale²); returns its handle. */
  String variable(String name, float scale, long... dims) {
    Shape s = Shape.of(dims);
    float[] v = new float[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (random.nextGaussian() * scale);
    }
    b.op(name, "VarHandleOp")
        .attr("dtype", DataType.DT_FLOAT)
        .attr("shape", shape(dims))
        .attr("shared_name", name)
        .attr("container", "");
    variables.add(name);
    values.add(Tensor.ofFloats(s, v));
    return name;
  }

  /** {@code ReadVariableOp} of a float variable. */
  String read(String variable) {
    String name = variable + "/Read/ReadVariableOp";
    b.op(name, "ReadVariableOp", variable).attr("dtype", DataType.DT_FLOAT);
    return name;
  }

  String constant(String name, Tensor t) {
    b.constant(name, t);
    return name;
  }

  /**
   * A vocabulary from the asset {@code file} (whole line → line number) looked up as
   * tf.lookup.StaticVocabularyTable does: found words get their line, the others {@code
   * StringToHashBucketFast(word, oov) + size}. Returns the int64 ids of {@code keys}.
   */
  String vocabularyLookup(String scope, String file, long oov, String keys) {
    String table = scope + "/hash_table";
    b.op(table, "HashTableV2")
        .attr("key_dtype", DataType.DT_STRING)
        .attr("value_dtype", DataType.DT_INT64)
        .attr("shared_name", "hash_table_" + file + "_-2_-1")
        .attr("container", "")
        .attr("use_node_name_sharing", false);
    String asset = scope + "/asset_path";
    b.placeholder(asset, DataType.DT_STRING, PartialShape.of());
    assets.add(new String[] {asset, file});
    String init = scope + "/table_init";
    b.op(init, "InitializeTableFromTextFileV2", table, asset)
        .attr("key_index", -2L)
        .attr("value_index", -1L)
        .attr("vocab_size", -1L)
        .attr("delimiter", "\t")
        .attr("offset", 0L);
    tableInits.add(init);
    String dflt = constant(scope + "/default", Tensor.ofLongs(Shape.of(), -1));
    String find = scope + "/LookupTableFindV2";
    b.op(find, "LookupTableFindV2", table, keys, dflt)
        .attr("Tin", DataType.DT_STRING)
        .attr("Tout", DataType.DT_INT64);
    String buckets = scope + "/hash_bucket";
    b.op(buckets, "StringToHashBucketFast", keys).attr("num_buckets", oov);
    String size = scope + "/Size";
    b.op(size, "LookupTableSizeV2", table);
    String shifted = scope + "/Add";
    b.op(shifted, "AddV2", buckets, size).attr("T", DataType.DT_INT64);
    String zero = constant(scope + "/zero", Tensor.ofLongs(Shape.of(), 0));
    String found = scope + "/GreaterEqual";
    b.op(found, "GreaterEqual", find, zero).attr("T", DataType.DT_INT64);
    String ids = scope + "/ids";
    b.op(ids, "SelectV2", found, find, shifted).attr("T", DataType.DT_INT64);
    return ids;
  }

  /** {@code x[:, column]} of an int64 matrix (StridedSlice with a shrunk axis 1). */
  String column(String name, String matrix, int column) {
    String begin = constant(name + "/begin", Tensor.ofInts(Shape.of(2), 0, column));
    String end = constant(name + "/end", Tensor.ofInts(Shape.of(2), 0, column + 1));
    String strides = constant(name + "/strides", Tensor.ofInts(Shape.of(2), 1, 1));
    b.op(name, "StridedSlice", matrix, begin, end, strides)
        .attr("T", DataType.DT_INT64)
        .attr("Index", DataType.DT_INT32)
        .attr("begin_mask", 1L)
        .attr("end_mask", 1L)
        .attr("ellipsis_mask", 0L)
        .attr("new_axis_mask", 0L)
        .attr("shrink_axis_mask", 2L);
    return name;
  }

  /** Element {@code i} of an int64 vector, a scalar. */
  String element(String name, String vector, int i) {
    String begin = constant(name + "/begin", Tensor.ofInts(Shape.of(1), i));
    String end = constant(name + "/end", Tensor.ofInts(Shape.of(1), i + 1));
    String strides = constant(name + "/strides", Tensor.ofInts(Shape.of(1), 1));
    b.op(name, "StridedSlice", vector, begin, end, strides)
        .attr("T", DataType.DT_INT64)
        .attr("Index", DataType.DT_INT32)
        .attr("begin_mask", 0L)
        .attr("end_mask", 0L)
        .attr("ellipsis_mask", 0L)
        .attr("new_axis_mask", 0L)
        .attr("shrink_axis_mask", 1L);
    return name;
  }

  /** A Keras Dense layer: MatMul + BiasAdd, then {@code activation} unless null. */
  String dense(String scope, String x, long in, long out, String activation) {
    String kernel = variable(scope + "/kernel", (float) Math.sqrt(2.0 / (in + out)), in, out);
    String bias = variable(scope + "/bias", 0.1f, out);
    String mm = scope + "/MatMul";
    b.op(mm, "MatMul", x, read(kernel))
        .attr("T", DataType.DT_FLOAT)
        .attr("transpose_a", false)
        .attr("transpose_b", false);
    String add = scope + "/BiasAdd";
    b.op(add, "BiasAdd", mm, read(bias)).attr("T", DataType.DT_FLOAT).attr("data_format", "NHWC");
    if (activation == null) {
      return add;
    }
    String act = scope + "/" + activation;
    b.op(act, activation, add).attr("T", DataType.DT_FLOAT);
    return act;
  }

  /** The saver and the main op (a NoOp after every table initializer); returns the SaverDef. */
  SaverDef finish() {
    b.placeholder("save/filename", DataType.DT_STRING, PartialShape.of());
    String[] names = variables.toArray(new String[0]);
    String[] empty = new String[names.length];
    java.util.Arrays.fill(empty, "");
    DataType[] dtypes = new DataType[names.length];
    java.util.Arrays.fill(dtypes, DataType.DT_FLOAT);
    constant("save/tensor_names", Tensor.ofStrings(Shape.of(names.length), names));
    constant("save/shape_and_slices", Tensor.ofStrings(Shape.of(names.length), empty));
    List<String> saveInputs =
        new ArrayList<>(List.of("save/filename", "save/tensor_names", "save/shape_and_slices"));
    for (int i = 0; i < names.length; i++) {
      String r = "save/read_" + i;
      b.op(r, "ReadVariableOp", names[i]).attr("dtype", DataType.DT_FLOAT);
      saveInputs.add(r);
    }
    b.op("save/SaveV2", "SaveV2", saveInputs.toArray(new String[0])).attrTypes("dtypes", dtypes);
    b.op("save/control_dependency", "Identity", "save/filename", "^save/SaveV2")
        .attr("T", DataType.DT_STRING);
    b.op(
            "save/RestoreV2",
            "RestoreV2",
            "save/filename",
            "save/tensor_names",
            "save/shape_and_slices")
        .attrTypes("dtypes", dtypes);
    List<String> assigns = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      String a = "save/assign_" + i;
      b.op(a, "AssignVariableOp", names[i], "save/RestoreV2:" + i)
          .attr("dtype", DataType.DT_FLOAT)
          .attr("validate_shape", false);
      assigns.add("^" + a);
    }
    b.op("save/restore_all", "NoOp", assigns.toArray(new String[0]));
    b.op("main_op", "NoOp", tableInits.stream().map(t -> "^" + t).toArray(String[]::new));
    return SaverDef.newBuilder()
        .setFilenameTensorName("save/filename:0")
        .setSaveTensorName("save/control_dependency:0")
        .setRestoreOpName("save/restore_all")
        .setMaxToKeep(5)
        .setKeepCheckpointEveryNHours(10000)
        .setVersion(SaverDef.CheckpointFormatVersion.V2)
        .build();
  }

  GraphDef graph() {
    return b.build();
  }

  /**
   * {@code graph} plus, for the exporter's session only, an AssignVariableOp per variable from a
   * Const of its seeded value (targets {@code init/assign_i}).
   */
  GraphDef withInitNodes(GraphDef graph) {
    GraphDef.Builder g = graph.toBuilder();
    for (int i = 0; i < variables.size(); i++) {
      g.addNodeBuilder()
          .setName("init/value_" + i)
          .setOp("Const")
          .putAttr("dtype", AttrValue.newBuilder().setType(DataType.DT_FLOAT).build())
          .putAttr(
              "value",
              AttrValue.newBuilder().setTensor(TensorProtos.toProto(values.get(i))).build());
      g.addNodeBuilder()
          .setName("init/assign_" + i)
          .setOp("AssignVariableOp")
          .addInput(variables.get(i))
          .addInput("init/value_" + i)
          .putAttr("dtype", AttrValue.newBuilder().setType(DataType.DT_FLOAT).build());
    }
    return g.build();
  }

  int variableCount() {
    return variables.size();
  }
}
