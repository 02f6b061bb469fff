package dev.rawops.spark;

import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/** One local[2] session for all test classes, and helpers to read TF's answers and make tables. */
final class SparkTests {
  private SparkTests() {}

  /** The repository root (the committed models are under graphs/savedmodels there). */
  static final Path ROOT = Path.of(System.getProperty("rawops.root", ".."));

  static final Path MODELS = ROOT.resolve("graphs/savedmodels");

  static final Path REAL_MODELS = ROOT.resolve("../shared/corpora/real-models");

  private static SparkSession spark;

  static synchronized SparkSession spark() {
    if (spark == null) {
      spark =
          SparkSession.builder()
              .master("local[2]")
              .appName("rawops-spark-tests")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "2")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .getOrCreate();
    }
    return spark;
  }

  /** The expected.pbtxt beside a model: TF 2.18's (or TF Serving's documented) answers. */
  static Fixture expected(Path modelDir) {
    return Fixtures.read(modelDir.resolve("expected.pbtxt"));
  }

  static Tensor feed(Fixture f, String key) {
    return TensorProtos.toTensor(f.getFeedOrThrow(key));
  }

  /**
   * TF's answer for {@code fetch}. (Only methods whose signatures name no protobuf type: the same
   * test code runs on the -relocated jar, where the fixture classes' protobuf is relocated.)
   */
  static Tensor answer(Fixture f, String fetch) {
    for (int i = 0; i < f.getFetchCount(); i++) {
      if (f.getFetch(i).equals(fetch)) {
        return TensorProtos.toTensor(f.getExpected(i));
      }
    }
    throw new IllegalArgumentException(fetch + " is not a fetch of " + f.getName());
  }

  /**
   * A Parquet table of {@code rows} rows (written to {@code dir} and read back, as a user's table
   * would be), split into 2 partitions; row i is {@code make.row(i)} with an id column first.
   */
  static Dataset<Row> parquet(Path dir, StructType schema, int rows, RowMaker make) {
    List<Row> data = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      data.add(make.row(i));
    }
    String where = dir.resolve("table.parquet").toString();
    spark().createDataFrame(data, schema).repartition(2).write().parquet(where);
    return spark().read().parquet(where);
  }

  interface RowMaker {
    Row row(int i);
  }

  static Row row(Object... v) {
    return RowFactory.create(v);
  }

  /** The rows collected, by their id column (column 0). */
  static List<Row> byId(Dataset<Row> df) {
    List<Row> out = new ArrayList<>(df.collectAsList());
    out.sort(Comparator.comparingInt(r -> r.getInt(0)));
    return out;
  }

  /** Scala Seqs and Java lists of floats, nested, flattened row-major. */
  static List<Float> flatFloats(Object v) {
    List<Float> out = new ArrayList<>();
    flatten(v, out);
    return out;
  }

  private static void flatten(Object v, List<Float> out) {
    if (v instanceof scala.collection.Seq<?> s) {
      for (int i = 0; i < s.length(); i++) {
        flatten(s.apply(i), out);
      }
    } else if (v instanceof List<?> l) {
      l.forEach(x -> flatten(x, out));
    } else {
      out.add((Float) v);
    }
  }
}
