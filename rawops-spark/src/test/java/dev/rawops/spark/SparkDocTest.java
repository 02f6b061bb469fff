package dev.rawops.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/SPARK.md's program compiles against the module as it is and, run on a Parquet table of
 * half_plus_two's inputs, writes TF Serving's documented answers (y = 0.5x + 2: 1, 2, 5 give 2.5,
 * 3, 4.5).
 */
class SparkDocTest {
  @Test
  void theDocsProgramScoresATable(@TempDir Path tmp) throws Exception {
    String doc = Files.readString(SparkTests.ROOT.resolve("docs/SPARK.md"));
    int from = doc.indexOf("```java\n") + "```java\n".length();
    String java = doc.substring(from, doc.indexOf("```", from));
    Path src = tmp.resolve("ScoreTable.java");
    Files.writeString(src, java);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int rc =
        javac.run(
            null,
            diagnostics,
            diagnostics,
            "-d",
            tmp.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            src.toString());
    assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));

    StructType schema =
        new StructType()
            .add("id", DataTypes.IntegerType)
            .add("features", DataTypes.createArrayType(DataTypes.FloatType));
    float[] x = {1f, 2f, 5f};
    SparkTests.parquet(tmp, schema, 3, i -> SparkTests.row(i, new Float[] {x[i]}));
    String in = tmp.resolve("table.parquet").toString();
    String out = tmp.resolve("scored.parquet").toString();
    String model = SparkTests.MODELS.resolve("tf_serving_half_plus_two_cpu").toString();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {tmp.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass("ScoreTable").getMethod("main", String[].class);
      main.invoke(null, (Object) new String[] {model, in, out});
    }
    List<Row> rows = new ArrayList<>(SparkTests.spark().read().parquet(out).collectAsList());
    rows.sort(Comparator.comparingInt(r -> r.getInt(0)));
    assertEquals(3, rows.size());
    assertTrue(rows.get(0).schema().fieldIndex("prediction") == 2);
    assertEquals(List.of(2.5f), rows.get(0).getList(2));
    assertEquals(List.of(3f), rows.get(1).getList(2));
    assertEquals(List.of(4.5f), rows.get(2).getList(2));
  }
}
