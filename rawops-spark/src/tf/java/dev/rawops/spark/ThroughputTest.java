package dev.rawops.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.savedmodel.SavedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Rows per second per core, rawops (RawOpsModel) against TF Java 1.1.0 (TfScorer) in the same kind
 * of Spark job: local[2], a cached DataFrame of N rows in 2 partitions, batches of 256 rows, one
 * thread per model run, the scored rows written to Spark's noop sink. Each side is warmed up once
 * (model load, JIT), then timed {@code spark.bench.runs} times (default 5) alternating; the best
 * run counts. Run: {@code ./mvnw -Ptf -f rawops-spark/pom.xml test -Dtest=ThroughputTest}; the
 * table goes to stdout and target/spark-throughput.txt.
 */
class ThroughputTest {
  private static final int RUNS = Integer.getInteger("spark.bench.runs", 5);

  record Case(String name, Path dir, String input, long[] rowDims, String output, int rows) {}

  @Test
  void rowsPerSecondPerCore() throws IOException {
    List<Case> cases = new ArrayList<>();
    cases.add(
        new Case(
            "half_plus_two (y = 0.5x + 2)",
            SparkTests.MODELS.resolve("tf_serving_half_plus_two_cpu"),
            "x",
            new long[] {1},
            "y",
            200_000));
    Path kws = SparkTests.REAL_MODELS.resolve("mlperf_tiny_kws_dscnn/kws_ref_model");
    if (Files.isDirectory(kws)) {
      cases.add(
          new Case(
              "mlperf_tiny_kws_dscnn (DS-CNN, 49x10x1 in, 12 out)",
              kws,
              "input_1",
              new long[] {49, 10, 1},
              "dense",
              4_000));
    }
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "local[2], %d cores; batch 256; best of %d runs; core jar: %s%n| model | rows | rawops rows/s/core | TF Java rows/s/core | rawops / TF |%n|---|---|---|---|---|%n",
            Runtime.getRuntime().availableProcessors(),
            RUNS,
            System.getProperty("spark.test.artifact")));
    for (Case c : cases) {
      Dataset<Row> df = table(c);
      SavedModel.Signature sig;
      try (SavedModel m = SavedModel.inspect(c.dir())) {
        sig = m.signature("serving_default");
      }
      String inName =
          sig.inputs().stream()
              .filter(s -> s.key().equals(c.input()))
              .findFirst()
              .get()
              .tensorName();
      String outName =
          sig.outputs().stream()
              .filter(s -> s.key().equals(c.output()))
              .findFirst()
              .get()
              .tensorName();
      RawOpsModel rawops =
          new RawOpsModel()
              .setModelPath(c.dir().toString())
              .setFeedDict(Map.of(c.input(), "features"))
              .setFetchDict(Map.of("out", c.output()));
      StructType outSchema = df.schema().add("out", DataTypes.createArrayType(DataTypes.FloatType));
      TfScorer.Plan plan =
          new TfScorer.Plan(
              c.dir().toAbsolutePath().toString(), 1, c.rowDims(), inName, outName, 256);
      Function<Dataset<Row>, Dataset<Row>> tf =
          d -> d.mapPartitions(new TfScorer(plan), Encoders.row(outSchema));
      // Both give the same first row (within float tolerance): the jobs do the same work.
      List<Float> a =
          SparkTests.flatFloats(rawops.transform(df).limit(1).collectAsList().get(0).get(2));
      List<Float> b = SparkTests.flatFloats(tf.apply(df).limit(1).collectAsList().get(0).get(2));
      assertEquals(a.size(), b.size());
      for (int i = 0; i < a.size(); i++) {
        assertEquals(b.get(i), a.get(i), 1e-4 + 1e-4 * Math.abs(b.get(i)), "output " + i);
      }
      double[] rawopsSec = new double[RUNS];
      double[] tfSec = new double[RUNS];
      time(rawops.transform(df)); // warm-up
      time(tf.apply(df));
      for (int r = 0; r < RUNS; r++) {
        rawopsSec[r] = time(rawops.transform(df));
        tfSec[r] = time(tf.apply(df));
      }
      double rawopsRate = c.rows() / Arrays.stream(rawopsSec).min().getAsDouble() / 2;
      double tfRate = c.rows() / Arrays.stream(tfSec).min().getAsDouble() / 2;
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %.0f | %.0f | %.2f |%n",
              c.name(),
              c.rows(),
              rawopsRate,
              tfRate,
              rawopsRate / tfRate));
      df.unpersist();
    }
    System.out.print(table);
    Files.writeString(Path.of("target/spark-throughput.txt"), table.toString());
  }

  private static double time(Dataset<Row> scored) {
    long t0 = System.nanoTime();
    scored.write().format("noop").mode("overwrite").save();
    return (System.nanoTime() - t0) / 1e9;
  }

  private static Dataset<Row> table(Case c) {
    int per = 1;
    for (long d : c.rowDims()) {
      per *= (int) d;
    }
    List<Row> rows = new ArrayList<>(c.rows());
    java.util.Random rnd = new java.util.Random(30);
    for (int i = 0; i < c.rows(); i++) {
      Float[] flat = new Float[per];
      for (int k = 0; k < per; k++) {
        flat[k] = rnd.nextFloat() * 4 - 2;
      }
      rows.add(SparkTests.row(i, nest(flat, c.rowDims())));
    }
    org.apache.spark.sql.types.DataType t = DataTypes.FloatType;
    for (int i = 0; i < c.rowDims().length; i++) {
      t = DataTypes.createArrayType(t);
    }
    StructType schema = new StructType().add("id", DataTypes.IntegerType).add("features", t);
    Dataset<Row> df = SparkTests.spark().createDataFrame(rows, schema).repartition(2).cache();
    df.count();
    return df;
  }

  private static Object nest(Float[] flat, long[] dims) {
    if (dims.length == 1) {
      return flat;
    }
    int inner = flat.length / (int) dims[0];
    Object[] out = new Object[(int) dims[0]];
    for (int i = 0; i < dims[0]; i++) {
      out[i] =
          nest(
              Arrays.copyOfRange(flat, i * inner, (i + 1) * inner),
              Arrays.copyOfRange(dims, 1, dims.length));
    }
    return out;
  }
}
