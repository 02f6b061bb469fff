package dev.rawops.spark;

import static dev.rawops.spark.SparkTests.MODELS;
import static dev.rawops.spark.SparkTests.answer;
import static dev.rawops.spark.SparkTests.byId;
import static dev.rawops.spark.SparkTests.expected;
import static dev.rawops.spark.SparkTests.feed;
import static dev.rawops.spark.SparkTests.parquet;
import static dev.rawops.spark.SparkTests.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed SavedModels (graphs/savedmodels) and a real one (MLPerf Tiny's keyword spotter)
 * scored over generated Parquet tables in local[2], every row compared with TensorFlow's answer in
 * the model's expected.pbtxt: row i of a table holds element (i mod n) along axis 0 of the
 * fixture's feeds, so its outputs must be element (i mod n) of TF's outputs. Batches of 7 or 16
 * rows over 2 partitions: batches split rows across runs and partitions.
 */
class RawOpsModelTest {
  private static final StructType ID = new StructType().add("id", DataTypes.IntegerType, false);

  @Test
  void halfPlusTwoRowByRow(@TempDir Path tmp) {
    Path dir = MODELS.resolve("tf_serving_half_plus_two_cpu");
    Fixture f = expected(dir);
    float[] x = feed(f, "x").toFloatArray(); // [3, 1]
    float[] y = answer(f, "y").toFloatArray();
    StructType schema = ID.add("features", DataTypes.createArrayType(DataTypes.FloatType));
    Dataset<Row> df = parquet(tmp, schema, 300, i -> row(i, new Float[] {x[i % x.length]}));
    RawOpsModel m =
        new RawOpsModel()
            .setModelPath(dir.toUri().toString())
            .setFeedDict(Map.of("x", "features"))
            .setFetchDict(Map.of("prediction", "y"))
            .setBatchSize(16);
    Dataset<Row> scored = m.transform(df);
    assertEquals("array<float>", scored.schema().apply("prediction").dataType().simpleString());
    List<Row> rows = byId(scored);
    assertEquals(300, rows.size());
    for (Row r : rows) {
      int i = r.getInt(0);
      assertEquals(List.of(y[i % y.length]), r.getList(2), "row " + i);
    }
  }

  /** A zip of the model (any Hadoop file system path), fetching only ids (size is a scalar). */
  @Test
  void lookupTf1FromAZipFetchingOneOutput(@TempDir Path tmp) throws Exception {
    Path dir = MODELS.resolve("lookup_tf1");
    Path zip = tmp.resolve("lookup_tf1.zip");
    Files.write(zip, SavedModel.zip(dir));
    Fixture f = expected(dir);
    String[] words = feed(f, "words").toStringArray();
    long[] ids = answer(f, "ids").toLongArray();
    StructType schema = ID.add("word", DataTypes.StringType);
    Dataset<Row> df = parquet(tmp, schema, 120, i -> row(i, words[i % words.length]));
    RawOpsModel m =
        new RawOpsModel()
            .setModelPath("file://" + zip.toAbsolutePath())
            .setFeedDict(Map.of("words", "word"))
            .setFetchDict(Map.of("word_id", "ids"))
            .setBatchSize(7);
    List<Row> rows = byId(m.transform(df));
    assertEquals(120, rows.size());
    for (Row r : rows) {
      int i = r.getInt(0);
      assertEquals(ids[i % ids.length], r.getLong(2), "row " + i + " (" + r.getString(1) + ")");
    }
  }

  /** The feed dict left out: the input is fed from the column of its own name. */
  @Test
  void lookupTf2ByColumnName(@TempDir Path tmp) {
    Path dir = MODELS.resolve("lookup_tf2");
    Fixture f = expected(dir);
    String[] words = feed(f, "words").toStringArray();
    long[] ids = answer(f, "ids").toLongArray();
    Dataset<Row> df =
        parquet(
            tmp, ID.add("words", DataTypes.StringType), 50, i -> row(i, words[i % words.length]));
    RawOpsModel m = new RawOpsModel().setModelPath(dir.toString()).setBatchSize(16);
    List<Row> rows = byId(m.transform(df));
    for (Row r : rows) {
      int i = r.getInt(0);
      assertEquals(ids[i % ids.length], r.getLong(2), "row " + i);
    }
  }

  @Test
  void refVariablesIntRows(@TempDir Path tmp) {
    Path dir = MODELS.resolve("ref_variables");
    Fixture f = expected(dir);
    int[] ix = feed(f, "ix").toIntArray(); // [2, 2]
    int[] out = answer(f, "out").toIntArray();
    StructType schema = ID.add("ix", DataTypes.createArrayType(DataTypes.IntegerType));
    Dataset<Row> df =
        parquet(tmp, schema, 40, i -> row(i, new Integer[] {ix[2 * (i % 2)], ix[2 * (i % 2) + 1]}));
    List<Row> rows = byId(new RawOpsModel().setModelPath(dir.toString()).transform(df));
    assertEquals(40, rows.size());
    for (Row r : rows) {
      int i = r.getInt(0);
      assertEquals(out[i % 2], r.getInt(2), "row " + i);
    }
  }

  /** MLPerf Tiny's DS-CNN keyword spotter: [49, 10, 1] nested arrays in, 12 scores out. */
  @Test
  void realKeywordSpotterWithinTolerance(@TempDir Path tmp) {
    Path dir = SparkTests.REAL_MODELS.resolve("mlperf_tiny_kws_dscnn/kws_ref_model");
    Assumptions.assumeTrue(Files.isDirectory(dir), "the real-model corpus is not here: " + dir);
    Fixture f = expected(dir);
    float[] in = feed(f, "input_1").toFloatArray(); // [1, 49, 10, 1]
    Tensor want = answer(f, "dense");
    float[] scores = want.toFloatArray();
    Float[][][] nested = new Float[49][10][1];
    for (int a = 0; a < 49; a++) {
      for (int b = 0; b < 10; b++) {
        nested[a][b][0] = in[a * 10 + b];
      }
    }
    StructType schema =
        ID.add(
            "mfcc",
            DataTypes.createArrayType(
                DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.FloatType))));
    Dataset<Row> df = parquet(tmp, schema, 24, i -> row(i, nested));
    RawOpsModel m =
        new RawOpsModel()
            .setModelPath(dir.toString())
            .setFeedDict(Map.of("input_1", "mfcc"))
            .setFetchDict(Map.of("scores", "dense"))
            .setBatchSize(5);
    List<Row> rows = byId(m.transform(df));
    assertEquals(24, rows.size());
    for (Row r : rows) {
      List<Float> got = SparkTests.flatFloats(r.get(2));
      assertEquals(12, got.size());
      for (int k = 0; k < 12; k++) {
        float w = scores[k];
        assertTrue(
            Math.abs(got.get(k) - w) <= 1e-4 + 1e-4 * Math.abs(w),
            "row "
                + r.getInt(0)
                + " score "
                + k
                + ": TF "
                + w
                + ", rawops "
                + got.get(k)
                + " "
                + Arrays.toString(scores));
      }
    }
  }
}
