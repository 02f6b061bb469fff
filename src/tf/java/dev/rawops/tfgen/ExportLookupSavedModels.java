package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import com.google.protobuf.TextFormat;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.SavedModel;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Tensor;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * SavedModels with vocabulary tables, as TF 1 and TF 2 write them: a HashTableV2 filled by
 * InitializeTableFromTextFileV2 from an asset file, the asset's path a tensor named by the
 * MetaGraphDef's asset_file_def, the initializer run by the SavedModel's init op. TF Java has no
 * exporter for assets, so the SavedModel proto is written here (in the layout TF's builders give
 * it) and TensorFlow 2.18's C++ loader ({@code SavedModelBundle.load}: restore, asset feeds, init
 * op) loads and runs it for the expected values beside it. Run: {@code ./mvnw -Ptf -q test
 * -Dtest=ExportLookupSavedModels}.
 *
 * <ul>
 *   <li>{@code lookup_tf1}: the init op is the {@code saved_model_main_op} collection (TF 1's
 *       main_op, a NoOp after the initializer; no {@code table_initializer} collection, which TF
 *       Java would run again without the asset feed); the asset is a Placeholder; two tab-separated
 *       columns, word → count.
 *   <li>{@code lookup_tf2}: the init op is the {@code __saved_model_init_op} signature's NoOp after
 *       a StatefulPartitionedCall of {@code __initializer_*} (the table handle and the asset path,
 *       a Const the loader feeds, passed in); the signature calls a function given the handle;
 *       whole line → line number, as tf.lookup.TextFileInitializer does for a vocabulary.
 * </ul>
 */
class ExportLookupSavedModels {
  private static final Path DIR = Path.of("graphs", "savedmodels");

  static final String VOCAB =
      "the\t10\nof\t7\nand\t5\ncafé\t3\n[UNK]\t0\r\nzebra\t-2\nlast line\t1";

  @Test
  void export() throws Exception {
    write(
        "lookup_tf1",
        TF1,
        VOCAB,
        "TF 1 style: HashTableV2 + InitializeTableFromTextFileV2 (columns 0 → 1, int64) run by the"
            + " saved_model_main_op collection with the asset path fed; LookupTableFindV2 of fed"
            + " words, LookupTableSizeV2",
        List.of("the", "café", "nope", "last line", "zebra", ""),
        List.of("ids:0", "size:0"),
        List.of("ids", "size"));
    write(
        "lookup_tf2",
        TF2,
        VOCAB.replace("\t", " "),
        "TF 2 style: the table's handle and the asset path (a Const the loader feeds) passed to a"
            + " StatefulPartitionedCall of __initializer_*, run by the __saved_model_init_op"
            + " signature; the lookup a function given the handle (whole line → line number)",
        List.of("of 7", "café 3", "zebra", "[UNK] 0", "last line 1"),
        List.of("StatefulPartitionedCall_1:0"),
        List.of("ids"));
  }

  private static void write(
      String name,
      String text,
      String vocab,
      String description,
      List<String> words,
      List<String> fetchTensors,
      List<String> outputKeys)
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
    Files.writeString(dir.resolve("assets").resolve("vocab.txt"), vocab, StandardCharsets.UTF_8);
    SavedModel.Builder m = SavedModel.newBuilder();
    TextFormat.merge(text, m);
    Files.write(dir.resolve("saved_model.pb"), m.build().toByteArray());
    try (SavedModelBundle bundle = SavedModelBundle.load(dir.toString(), "serve");
        TString in = TString.vectorOf(words.toArray(new String[0]))) {
      var runner = bundle.session().runner().feed("words:0", in);
      for (String f : fetchTensors) {
        runner.fetch(f);
      }
      try (Result r = runner.run()) {
        Fixture.Builder f =
            Fixture.newBuilder()
                .setName("savedmodels/" + name)
                .setDescription(description)
                .setSource("signature:serving_default")
                .putFeed("words", proto(in))
                .addAllFetch(outputKeys);
        for (int i = 0; i < fetchTensors.size(); i++) {
          f.addExpected(proto(r.get(i)));
        }
        Files.writeString(
            dir.resolve("expected.pbtxt"),
            "# Written by TensorFlow 2.18 (dev.rawops.tfgen.ExportLookupSavedModels); do not"
                + " edit.\n"
                + TextFormat.printer().printToString(f.build()));
      }
    }
  }

  private static TensorProto proto(Tensor t) throws IOException {
    TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
    for (long d : t.shape().asArray()) {
      shape.addDimBuilder().setSize(d);
    }
    TensorProto.Builder p = TensorProto.newBuilder().setTensorShape(shape);
    if (t instanceof TInt64 x) {
      p.setDtype(DataType.DT_INT64);
      x.scalars().forEach(e -> p.addInt64Val(e.getLong()));
    } else if (t instanceof TString x) {
      p.setDtype(DataType.DT_STRING);
      x.asBytes().scalars().forEach(e -> p.addStringVal(ByteString.copyFrom(e.getObject())));
    } else {
      throw new IllegalArgumentException("unexpected tensor type " + t.dataType());
    }
    return p.build();
  }

  private static final String STRING_INT64 =
      """
      attr { key: "key_dtype" value { type: DT_STRING } }
      attr { key: "value_dtype" value { type: DT_INT64 } }
      """;

  private static final String TF1 =
      """
      saved_model_schema_version: 1
      meta_graphs {
        meta_info_def { tags: "serve" tensorflow_version: "2.18.0" }
        graph_def {
          versions { producer: 1994 }
          node { name: "vocab_table" op: "HashTableV2" %1$s
            attr { key: "shared_name" value { s: "hash_table_vocab" } } }
          node { name: "asset_filepath" op: "Placeholder"
            attr { key: "dtype" value { type: DT_STRING } }
            attr { key: "shape" value { shape { } } } }
          node { name: "init_table" op: "InitializeTableFromTextFileV2"
            input: "vocab_table" input: "asset_filepath"
            attr { key: "key_index" value { i: 0 } }
            attr { key: "value_index" value { i: 1 } } }
          node { name: "init_all_tables" op: "NoOp" input: "^init_table" }
          node { name: "words" op: "Placeholder"
            attr { key: "dtype" value { type: DT_STRING } }
            attr { key: "shape" value { shape { dim { size: -1 } } } } }
          node { name: "default" op: "Const"
            attr { key: "dtype" value { type: DT_INT64 } }
            attr { key: "value" value { tensor { dtype: DT_INT64 tensor_shape { } int64_val: -1 } } } }
          node { name: "ids" op: "LookupTableFindV2" input: "vocab_table" input: "words" input: "default"
            attr { key: "Tin" value { type: DT_STRING } }
            attr { key: "Tout" value { type: DT_INT64 } } }
          node { name: "size" op: "LookupTableSizeV2" input: "vocab_table" }
        }
        collection_def { key: "saved_model_main_op" value { node_list { value: "init_all_tables" } } }
        signature_def {
          key: "serving_default"
          value {
            inputs { key: "words" value { name: "words:0" dtype: DT_STRING tensor_shape { dim { size: -1 } } } }
            outputs { key: "ids" value { name: "ids:0" dtype: DT_INT64 tensor_shape { dim { size: -1 } } } }
            outputs { key: "size" value { name: "size:0" dtype: DT_INT64 tensor_shape { } } }
            method_name: "tensorflow/serving/predict"
          }
        }
        asset_file_def { tensor_info { name: "asset_filepath:0" dtype: DT_STRING tensor_shape { } } filename: "vocab.txt" }
      }
      """
          .formatted(STRING_INT64);

  private static final String TF2 =
      """
      saved_model_schema_version: 1
      meta_graphs {
        meta_info_def { tags: "serve" tensorflow_version: "2.18.0" }
        graph_def {
          versions { producer: 1994 }
          node { name: "hash_table" op: "HashTableV2" %1$s
            attr { key: "shared_name" value { s: "hash_table_vocab.txt_-2_-1" } }
            attr { key: "use_node_name_sharing" value { b: true } } }
          node { name: "Const" op: "Const"
            attr { key: "dtype" value { type: DT_STRING } }
            attr { key: "value" value { tensor { dtype: DT_STRING tensor_shape { } string_val: "vocab.txt" } } } }
          node { name: "StatefulPartitionedCall" op: "StatefulPartitionedCall"
            input: "hash_table" input: "Const"
            attr { key: "Tin" value { list { type: DT_RESOURCE type: DT_STRING } } }
            attr { key: "Tout" value { list { } } }
            attr { key: "f" value { func { name: "__initializer_7" } } }
            attr { key: "config" value { s: "" } }
            attr { key: "config_proto" value { s: "" } }
            attr { key: "executor_type" value { s: "" } } }
          node { name: "NoOp" op: "NoOp" input: "^StatefulPartitionedCall" }
          node { name: "words" op: "Placeholder"
            attr { key: "dtype" value { type: DT_STRING } }
            attr { key: "shape" value { shape { dim { size: -1 } } } } }
          node { name: "StatefulPartitionedCall_1" op: "StatefulPartitionedCall"
            input: "words" input: "hash_table"
            attr { key: "Tin" value { list { type: DT_STRING type: DT_RESOURCE } } }
            attr { key: "Tout" value { list { type: DT_INT64 } } }
            attr { key: "f" value { func { name: "__inference_lookup_13" } } }
            attr { key: "config" value { s: "" } }
            attr { key: "config_proto" value { s: "" } }
            attr { key: "executor_type" value { s: "" } } }
          library {
            function {
              signature {
                name: "__initializer_7"
                input_arg { name: "table" type: DT_RESOURCE }
                input_arg { name: "path" type: DT_STRING }
                is_stateful: true
                control_output: "init"
              }
              node_def { name: "init" op: "InitializeTableFromTextFileV2" input: "table" input: "path"
                attr { key: "key_index" value { i: -2 } }
                attr { key: "value_index" value { i: -1 } }
                attr { key: "delimiter" value { s: "\\t" } } }
              control_ret { key: "init" value: "init" }
            }
            function {
              signature {
                name: "__inference_lookup_13"
                input_arg { name: "words" type: DT_STRING }
                input_arg { name: "table" type: DT_RESOURCE }
                output_arg { name: "ids" type: DT_INT64 }
                is_stateful: true
              }
              node_def { name: "default" op: "Const"
                attr { key: "dtype" value { type: DT_INT64 } }
                attr { key: "value" value { tensor { dtype: DT_INT64 tensor_shape { } int64_val: -1 } } } }
              node_def { name: "find" op: "LookupTableFindV2" input: "table" input: "words" input: "default:output:0"
                attr { key: "Tin" value { type: DT_STRING } }
                attr { key: "Tout" value { type: DT_INT64 } } }
              node_def { name: "Identity" op: "Identity" input: "find:values:0"
                attr { key: "T" value { type: DT_INT64 } } }
              ret { key: "ids" value: "Identity:output:0" }
            }
            function {
              signature {
                name: "__inference__creator_3"
                output_arg { name: "handle" type: DT_RESOURCE }
                is_stateful: true
              }
              node_def { name: "hash_table" op: "HashTableV2" %1$s
                attr { key: "shared_name" value { s: "hash_table_vocab.txt_-2_-1" } }
                attr { key: "use_node_name_sharing" value { b: true } } }
              ret { key: "handle" value: "hash_table:table_handle:0" }
            }
          }
        }
        signature_def {
          key: "serving_default"
          value {
            inputs { key: "words" value { name: "words:0" dtype: DT_STRING tensor_shape { dim { size: -1 } } } }
            outputs { key: "ids" value { name: "StatefulPartitionedCall_1:0" dtype: DT_INT64 tensor_shape { dim { size: -1 } } } }
            method_name: "tensorflow/serving/predict"
          }
        }
        signature_def {
          key: "__saved_model_init_op"
          value { outputs { key: "__saved_model_init_op" value { name: "NoOp" } } }
        }
        asset_file_def { tensor_info { name: "Const:0" dtype: DT_STRING tensor_shape { } } filename: "vocab.txt" }
      }
      """
          .formatted(STRING_INT64);
}
