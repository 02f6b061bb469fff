package dev.rawops.spark;

import static dev.rawops.spark.SparkTests.MODELS;
import static dev.rawops.spark.SparkTests.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Schema mismatches are refused on the driver before any job runs, naming the column, the input's
 * dtype and shape; a bad row follows handleInvalid: an error naming its position, skipped, or null
 * outputs (never a silent wrong value). half_plus_two: y = 0.5 * x + 2 (TF Serving's README).
 */
class ValidationTest {
  private static final String HALF = MODELS.resolve("tf_serving_half_plus_two_cpu").toString();

  private static RawOpsModel half() {
    return new RawOpsModel()
        .setModelPath(HALF)
        .setFeedDict(Map.of("x", "features"))
        .setFetchDict(Map.of("prediction", "y"))
        .setBatchSize(4);
  }

  private static Dataset<Row> table(StructType schema, List<Row> rows) {
    return SparkTests.spark().createDataFrame(rows, schema).coalesce(1);
  }

  @Test
  void aColumnOfTheWrongTypeIsRefusedBeforeAnyJob() throws Exception {
    StructType schema =
        new StructType().add("features", DataTypes.createArrayType(DataTypes.DoubleType));
    Dataset<Row> df = table(schema, List.of(row((Object) new Double[] {1.0})));
    AtomicInteger jobs = new AtomicInteger();
    SparkListener count =
        new SparkListener() {
          @Override
          public void onJobStart(SparkListenerJobStart e) {
            jobs.incrementAndGet();
          }
        };
    SparkTests.spark().sparkContext().addSparkListener(count);
    try {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> half().transform(df));
      assertEquals(
          "column 'features' is array<double>, but input 'x' is float[?,1]: one row needs"
              + " array<float> (cast the column, e.g. col(\"features\").cast(\"array<float>\"))",
          e.getMessage());
      SparkTests.spark().sparkContext().listenerBus().waitUntilEmpty();
      assertEquals(0, jobs.get());
    } finally {
      SparkTests.spark().sparkContext().removeSparkListener(count);
    }
  }

  @Test
  void missingColumnsInputsAndOutputsAreNamed() {
    StructType schema =
        new StructType().add("other", DataTypes.createArrayType(DataTypes.FloatType));
    Dataset<Row> df = table(schema, List.of(row((Object) new Float[] {1f})));
    IllegalArgumentException noColumn =
        assertThrows(IllegalArgumentException.class, () -> half().transform(df));
    assertTrue(
        noColumn
            .getMessage()
            .contains(
                "input 'x' (float[?,1]) is fed from column 'features', which the DataFrame does"
                    + " not have; its columns are: other"),
        noColumn.getMessage());
    IllegalArgumentException noOutput =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                half()
                    .setFeedDict(Map.of("x", "other"))
                    .setFetchDict(Map.of("p", "z"))
                    .transform(df));
    assertTrue(
        noOutput.getMessage().contains("asks for output 'z'")
            && noOutput.getMessage().contains("y"),
        noOutput.getMessage());
    // lookup_tf1's size is a scalar: not one row per input row.
    StructType words = new StructType().add("words", DataTypes.StringType);
    IllegalArgumentException scalar =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new RawOpsModel()
                    .setModelPath(MODELS.resolve("lookup_tf1").toString())
                    .transform(table(words, List.of(row("the")))));
    assertTrue(
        scalar.getMessage().contains("output 'size' is int64[]")
            && scalar.getMessage().contains("leave it out of the fetch dict"),
        scalar.getMessage());
  }

  private static List<Row> badRows() {
    List<Row> rows = new ArrayList<>();
    rows.add(row(0, new Float[] {1f}));
    rows.add(row(1, new Float[] {2f}));
    rows.add(row(2, new Float[] {3f, 4f})); // two values where x is [?, 1]
    rows.add(row(3, null));
    rows.add(row(4, new Float[] {5f}));
    return rows;
  }

  private static final StructType WITH_ID =
      new StructType()
          .add("id", DataTypes.IntegerType)
          .add("features", DataTypes.createArrayType(DataTypes.FloatType));

  @Test
  void aBadRowFailsTheJobNamingItsPosition() {
    Dataset<Row> scored = half().transform(table(WITH_ID, badRows()));
    Exception e = assertThrows(Exception.class, scored::collectAsList);
    String msg = String.valueOf(e.getMessage());
    assertTrue(
        msg.contains(
            "RawOpsModel: row 2 of partition 0, column 'features' (input 'x', one row float[1]):"
                + " an array of 2 at depth 1 where the input's shape needs 1"),
        msg);
  }

  @Test
  void skipDropsBadRowsAndNullKeepsThemWithNullOutputs() {
    List<Row> skipped =
        sorted(half().setHandleInvalid(RawOpsModel.SKIP).transform(table(WITH_ID, badRows())));
    assertEquals(List.of(0, 1, 4), skipped.stream().map(r -> r.getInt(0)).toList());
    assertEquals(List.of(4.5f), skipped.get(2).getList(2));

    List<Row> kept =
        sorted(half().setHandleInvalid(RawOpsModel.NULL).transform(table(WITH_ID, badRows())));
    assertEquals(5, kept.size());
    assertEquals(List.of(2.5f), kept.get(0).getList(2));
    assertEquals(List.of(3f), kept.get(1).getList(2));
    assertNull(kept.get(2).get(2));
    assertNull(kept.get(3).get(2));
    assertEquals(List.of(4.5f), kept.get(4).getList(2));
  }

  /**
   * A row the model itself rejects (GatherNd: an index outside the variable) fails its batch; the
   * batch is scored row by row and that row alone follows handleInvalid. TF's answers for the
   * others: graphs/savedmodels/ref_variables/expected.pbtxt, [1, 0] gives 30 and [0, 1] 20.
   */
  @Test
  void aRowTheModelRejectsIsNamedOrHandled() {
    StructType schema =
        new StructType()
            .add("id", DataTypes.IntegerType)
            .add("ix", DataTypes.createArrayType(DataTypes.IntegerType));
    List<Row> rows =
        List.of(
            row(0, new Integer[] {1, 0}),
            row(1, new Integer[] {5, 5}),
            row(2, new Integer[] {0, 1}));
    RawOpsModel m = new RawOpsModel().setModelPath(MODELS.resolve("ref_variables").toString());
    Exception e =
        assertThrows(Exception.class, () -> m.transform(table(schema, rows)).collectAsList());
    String msg = String.valueOf(e.getMessage());
    assertTrue(
        msg.contains("RawOpsModel: row 1 of partition 0: the model rejects it: ")
            && msg.contains("[5, 5]"),
        msg);

    List<Row> kept = sorted(m.setHandleInvalid(RawOpsModel.NULL).transform(table(schema, rows)));
    assertEquals(30, kept.get(0).getInt(2));
    assertNull(kept.get(1).get(2));
    assertEquals(20, kept.get(2).getInt(2));
    List<Row> skipped = sorted(m.setHandleInvalid(RawOpsModel.SKIP).transform(table(schema, rows)));
    assertEquals(List.of(0, 2), skipped.stream().map(r -> r.getInt(0)).toList());
  }

  /** Rows of different lengths where the signature's dims are unknown: runs of one shape. */
  @Test
  void rowsOfDifferentLengthsRunSeparately() {
    // lookup_tf1's words input is [?]: one word per row, any length of string.
    StructType schema =
        new StructType().add("id", DataTypes.IntegerType).add("words", DataTypes.StringType);
    List<Row> rows = List.of(row(0, "the"), row(1, "café"), row(2, "nope"));
    List<Row> out =
        sorted(
            new RawOpsModel()
                .setModelPath(MODELS.resolve("lookup_tf1").toString())
                .setFetchDict(Map.of("word_id", "ids"))
                .transform(table(schema, rows)));
    // TF's answers (graphs/savedmodels/lookup_tf1/expected.pbtxt): the 10, café 3, nope -1.
    assertEquals(List.of(10L, 3L, -1L), out.stream().map(r -> r.getLong(2)).toList());
  }

  /** A string input fed from a binary column: the bytes as they are (café in UTF-8). */
  @Test
  void binaryColumnsFeedStringInputs() {
    StructType schema =
        new StructType().add("id", DataTypes.IntegerType).add("words", DataTypes.BinaryType);
    List<Row> rows =
        List.of(
            row(0, "café".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
            row(1, "zebra".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    List<Row> out =
        sorted(
            new RawOpsModel()
                .setModelPath(MODELS.resolve("lookup_tf1").toString())
                .setFetchDict(Map.of("word_id", "ids"))
                .transform(table(schema, rows)));
    // TF's answers (expected.pbtxt): café 3, zebra -2.
    assertEquals(List.of(3L, -2L), out.stream().map(r -> r.getLong(2)).toList());
  }

  private static List<Row> sorted(Dataset<Row> df) {
    List<Row> out = new ArrayList<>(df.collectAsList());
    out.sort(Comparator.comparingInt(r -> r.getInt(0)));
    return out;
  }
}
