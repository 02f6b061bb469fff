package dev.rawops.spark;

import static dev.rawops.spark.SparkTests.MODELS;
import static dev.rawops.spark.SparkTests.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RawOpsModel saved and loaded on its own and inside a fitted Pipeline, scoring as before. */
class PipelineTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.IntegerType)
          .add("features", DataTypes.createArrayType(DataTypes.FloatType));

  @Test
  void pipelineSaveLoadRoundTrip(@TempDir Path tmp) throws Exception {
    RawOpsModel m =
        new RawOpsModel()
            .setModelPath(MODELS.resolve("tf_serving_half_plus_two_cpu").toString())
            .setFeedDict(Map.of("x", "features"))
            .setFetchDict(Map.of("prediction", "y"))
            .setBatchSize(3)
            .setIntraOpThreads(2)
            .setHandleInvalid(RawOpsModel.SKIP);
    Dataset<Row> df =
        SparkTests.spark()
            .createDataFrame(
                List.of(
                    row(0, new Float[] {1f}), row(1, new Float[] {2f}), row(2, new Float[] {5f})),
                SCHEMA);
    PipelineModel fitted = new Pipeline().setStages(new PipelineStage[] {m}).fit(df);
    String where = tmp.resolve("pipeline").toString();
    fitted.write().overwrite().save(where);
    PipelineModel back = PipelineModel.load(where);
    RawOpsModel loaded = (RawOpsModel) back.stages()[0];
    assertEquals(m.uid(), loaded.uid());
    assertEquals(Map.of("x", "features"), loaded.getFeedDict());
    assertEquals(Map.of("prediction", "y"), loaded.getFetchDict());
    assertEquals(3, loaded.getBatchSize());
    assertEquals(RawOpsModel.SKIP, loaded.getHandleInvalid());
    // TF Serving's documented answers: [1, 2, 5] -> [2.5, 3, 4.5].
    assertEquals(List.of(2.5f, 3f, 4.5f), predictions(back.transform(df)));

    String alone = tmp.resolve("stage").toString();
    m.save(alone);
    assertEquals(List.of(2.5f, 3f, 4.5f), predictions(RawOpsModel.load(alone).transform(df)));
  }

  private static List<Float> predictions(Dataset<Row> df) {
    List<Row> rows = new ArrayList<>(df.collectAsList());
    rows.sort(Comparator.comparingInt(r -> r.getInt(0)));
    return rows.stream().map(r -> (Float) r.getList(2).get(0)).toList();
  }
}
