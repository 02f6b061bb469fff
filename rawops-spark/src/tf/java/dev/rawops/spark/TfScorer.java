package dev.rawops.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.types.TFloat32;

/**
 * The TF Java side of the throughput comparison: the same kind of Spark job as RawOpsModel's (one
 * SavedModelBundle per executor JVM shared by its tasks, batches of rows stacked into one float
 * tensor along axis 0, one session run per batch, the output split back into rows), TF's session
 * with one intra-op and one inter-op thread as rawops' (Spark's tasks are the parallelism). Float
 * input and output only: what the measured models need.
 */
final class TfScorer implements MapPartitionsFunction<Row, Row> {
  private static final long serialVersionUID = 1L;

  record Plan(
      String modelDir, int column, long[] rowDims, String input, String output, int batchSize)
      implements Serializable {}

  private static final Map<String, SavedModelBundle> MODELS = new ConcurrentHashMap<>();

  private final Plan plan;

  TfScorer(Plan plan) {
    this.plan = plan;
  }

  private static SavedModelBundle model(String dir) {
    return MODELS.computeIfAbsent(
        dir,
        d ->
            SavedModelBundle.loader(d)
                .withTags("serve")
                .withConfigProto(
                    ConfigProto.newBuilder()
                        .setIntraOpParallelismThreads(1)
                        .setInterOpParallelismThreads(1)
                        .build())
                .load());
  }

  @Override
  public Iterator<Row> call(Iterator<Row> in) {
    SavedModelBundle m = model(plan.modelDir());
    Columns.Feed feed =
        new Columns.Feed(
            plan.input(), "", plan.column(), dev.rawops.tensor.DType.FLOAT, plan.rowDims());
    List<Row> out = new ArrayList<>();
    List<Row> batch = new ArrayList<>(plan.batchSize());
    while (in.hasNext()) {
      batch.clear();
      while (batch.size() < plan.batchSize() && in.hasNext()) {
        batch.add(in.next());
      }
      int per = 1;
      for (long d : plan.rowDims()) {
        per *= (int) d;
      }
      float[] all = new float[batch.size() * per];
      for (int r = 0; r < batch.size(); r++) {
        try {
          float[] v = (float[]) RowValue.of(batch.get(r).get(plan.column()), feed).data;
          System.arraycopy(v, 0, all, r * per, per);
        } catch (RowValue.BadRow e) {
          throw new IllegalArgumentException(e.getMessage(), e);
        }
      }
      long[] dims = new long[plan.rowDims().length + 1];
      dims[0] = batch.size();
      System.arraycopy(plan.rowDims(), 0, dims, 1, plan.rowDims().length);
      try (TFloat32 x = TFloat32.tensorOf(Shape.of(dims), DataBuffers.of(all, true, false));
          Result res = m.session().runner().feed(plan.input(), x).fetch(plan.output()).run()) {
        TFloat32 y = (TFloat32) res.get(0);
        float[] flat = new float[(int) y.size()];
        y.asRawTensor().data().asFloats().read(flat);
        int outPer = flat.length / batch.size();
        for (int r = 0; r < batch.size(); r++) {
          Object[] boxed = new Object[outPer];
          for (int k = 0; k < outPer; k++) {
            boxed[k] = flat[r * outPer + k];
          }
          Row row = batch.get(r);
          Object[] v = new Object[row.length() + 1];
          for (int i = 0; i < row.length(); i++) {
            v[i] = row.get(i);
          }
          v[row.length()] = scala.collection.immutable.ArraySeq.unsafeWrapArray(boxed);
          out.add(RowFactory.create(v));
        }
      }
    }
    return out.iterator();
  }
}
