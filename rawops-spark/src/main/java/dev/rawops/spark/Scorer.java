package dev.rawops.spark;

import dev.rawops.RawOpsException;
import dev.rawops.runtime.Session;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Scores one partition, batch by batch: up to {@code batchSize} rows are read, turned into one
 * tensor per input (rows of one shape stacked along axis 0; a batch whose rows differ in shape runs
 * as several), run through the signature for the fetched outputs only, and the outputs split back
 * into rows appended to the input rows, in order. The model comes from the broadcast bytes, loaded
 * once per executor JVM ({@link #MODELS}) and shared by its tasks (SavedModel runs are
 * thread-safe).
 */
final class Scorer implements MapPartitionsFunction<Row, Row> {
  private static final long serialVersionUID = 1L;

  /** What the driver decided: shipped with the task. */
  record Plan(
      String modelSha256,
      String signature,
      String[] tags,
      int intraOpThreads,
      int batchSize,
      String handleInvalid,
      List<Columns.Feed> feeds,
      List<Columns.Fetch> fetches)
      implements Serializable {
    String cacheKey() {
      return modelSha256 + "|" + String.join(",", tags) + "|" + intraOpThreads;
    }
  }

  /** The models loaded in this JVM, by model hash, tags and threads; closed when the JVM exits. */
  private static final Map<String, SavedModel> MODELS = new ConcurrentHashMap<>();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> MODELS.values().forEach(SavedModel::close), "rawops-model-cleanup"));
  }

  private final Plan plan;
  private final Broadcast<byte[]> model;

  Scorer(Plan plan, Broadcast<byte[]> model) {
    this.plan = plan;
    this.model = model;
  }

  /** The model for {@code plan}, loaded from {@code zip} the first time this JVM needs it. */
  static SavedModel model(Plan plan, java.util.function.Supplier<byte[]> zip) {
    return MODELS.computeIfAbsent(
        plan.cacheKey(),
        k ->
            SavedModel.load(
                zip.get(),
                new Session.Options().intraOpThreads(plan.intraOpThreads()),
                plan.tags()));
  }

  @Override
  public Iterator<Row> call(Iterator<Row> rows) {
    SavedModel m = model(plan, model::value);
    return new Batches(m, plan, rows, TaskContext.getPartitionId());
  }

  /** The scored rows of one partition, computed a batch at a time as they are pulled. */
  static final class Batches implements Iterator<Row> {
    private final SavedModel model;
    private final Plan plan;
    private final Iterator<Row> in;
    private final int partition;
    private final ArrayDeque<Row> out = new ArrayDeque<>();
    private final List<String> outputKeys;
    private long position;

    Batches(SavedModel model, Plan plan, Iterator<Row> in, int partition) {
      this.model = model;
      this.plan = plan;
      this.in = in;
      this.partition = partition;
      this.outputKeys = plan.fetches().stream().map(Columns.Fetch::outputKey).toList();
    }

    @Override
    public boolean hasNext() {
      while (out.isEmpty() && in.hasNext()) {
        nextBatch();
      }
      return !out.isEmpty();
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return out.poll();
    }

    private void nextBatch() {
      List<Row> rows = new ArrayList<>(plan.batchSize());
      List<RowValue[]> values = new ArrayList<>(plan.batchSize());
      List<Long> positions = new ArrayList<>(plan.batchSize());
      while (rows.size() < plan.batchSize() && in.hasNext()) {
        Row r = in.next();
        long at = position++;
        RowValue[] v = values(r, at);
        if (v == null && plan.handleInvalid().equals(RawOpsModel.SKIP)) {
          continue;
        }
        rows.add(r);
        values.add(v);
        positions.add(at);
      }
      Object[][] results = new Object[rows.size()][];
      boolean[] dropped = new boolean[rows.size()];
      int i = 0;
      while (i < rows.size()) {
        if (values.get(i) == null) {
          i++; // handleInvalid "null": its outputs stay null
          continue;
        }
        int end = i + 1;
        while (end < rows.size()
            && values.get(end) != null
            && sameShapes(values.get(i), values.get(end))) {
          end++;
        }
        scoreRun(values.subList(i, end), results, dropped, i, positions);
        i = end;
      }
      for (int r = 0; r < rows.size(); r++) {
        if (!dropped[r]) {
          out.add(append(rows.get(r), results[r]));
        }
      }
    }

    /**
     * Scores a run of rows of one shape in one model call. If the model rejects the batch (a
     * RawOpsException: an index out of range, a value its ops refuse), each row is scored alone,
     * and a row the model rejects by itself is a bad row under handleInvalid, named with the
     * model's message.
     */
    private void scoreRun(
        List<RowValue[]> run,
        Object[][] results,
        boolean[] dropped,
        int offset,
        List<Long> positions) {
      try {
        score(run, results, offset);
        return;
      } catch (RawOpsException e) {
        if (run.size() == 1) {
          badResult(e, offset, dropped, positions);
          return;
        }
      }
      for (int r = 0; r < run.size(); r++) {
        try {
          score(run.subList(r, r + 1), results, offset + r);
        } catch (RawOpsException e) {
          badResult(e, offset + r, dropped, positions);
        }
      }
    }

    private void badResult(RawOpsException e, int index, boolean[] dropped, List<Long> positions) {
      switch (plan.handleInvalid()) {
        case RawOpsModel.SKIP -> dropped[index] = true;
        case RawOpsModel.NULL -> {} // its outputs stay null
        default ->
            throw new IllegalArgumentException(
                "RawOpsModel: row "
                    + positions.get(index)
                    + " of partition "
                    + partition
                    + ": the model rejects it: "
                    + e.getMessage()
                    + ". Set handleInvalid to 'skip' to drop such rows or 'null' to give them"
                    + " null outputs.",
                e);
      }
    }

    /** The row's values, null for a bad row that handleInvalid lets through. */
    private RowValue[] values(Row r, long at) {
      RowValue[] v = new RowValue[plan.feeds().size()];
      for (int f = 0; f < v.length; f++) {
        Columns.Feed feed = plan.feeds().get(f);
        try {
          v[f] = RowValue.of(r.get(feed.columnIndex()), feed);
        } catch (RowValue.BadRow e) {
          if (plan.handleInvalid().equals(RawOpsModel.ERROR)) {
            throw new IllegalArgumentException(
                "RawOpsModel: row "
                    + at
                    + " of partition "
                    + partition
                    + ", column '"
                    + feed.column()
                    + "' (input '"
                    + feed.inputKey()
                    + "', one row "
                    + feed.dtype().tfName()
                    + rowShape(feed.rowDims())
                    + "): "
                    + e.getMessage()
                    + ". Set handleInvalid to 'skip' to drop such rows or 'null' to give them"
                    + " null outputs.");
          }
          return null;
        }
      }
      return v;
    }

    private void score(List<RowValue[]> run, Object[][] results, int offset) {
      int n = run.size();
      Map<String, Tensor> inputs = new LinkedHashMap<>();
      try {
        for (int f = 0; f < plan.feeds().size(); f++) {
          inputs.put(plan.feeds().get(f).inputKey(), stack(run, f, plan.feeds().get(f).dtype()));
        }
        Map<String, Tensor> outs = model.run(plan.signature(), inputs, outputKeys);
        Object[][] rows = new Object[n][plan.fetches().size()];
        try {
          for (int k = 0; k < plan.fetches().size(); k++) {
            split(outs.get(plan.fetches().get(k).outputKey()), plan.fetches().get(k), n, rows, k);
          }
        } finally {
          outs.values().forEach(Tensor::close);
        }
        System.arraycopy(rows, 0, results, offset, n);
      } finally {
        inputs.values().forEach(Tensor::close);
      }
    }

    private static Tensor stack(List<RowValue[]> run, int f, DType dt) {
      RowValue first = run.get(0)[f];
      long[] dims = new long[first.dims.length + 1];
      dims[0] = run.size();
      System.arraycopy(first.dims, 0, dims, 1, first.dims.length);
      Shape shape = Shape.of(dims);
      int per = first.size();
      Object all = RowValue.allocate(dt, Math.multiplyExact(per, run.size()));
      for (int r = 0; r < run.size(); r++) {
        System.arraycopy(run.get(r)[f].data, 0, all, r * per, per);
      }
      return switch (dt) {
        case FLOAT -> Tensor.ofFloats(shape, (float[]) all);
        case DOUBLE -> Tensor.ofDoubles(shape, (double[]) all);
        case INT32 -> Tensor.ofInts(shape, (int[]) all);
        case INT64 -> Tensor.ofLongs(shape, (long[]) all);
        case BOOL -> Tensor.ofBooleans(shape, (boolean[]) all);
        case INT8 -> {
          byte[] b = (byte[]) all;
          long[] w = new long[b.length];
          for (int i = 0; i < b.length; i++) {
            w[i] = b[i];
          }
          yield Tensor.ofIntegers(DType.INT8, shape, w);
        }
        case INT16 -> {
          short[] s = (short[]) all;
          long[] w = new long[s.length];
          for (int i = 0; i < s.length; i++) {
            w[i] = s[i];
          }
          yield Tensor.ofIntegers(DType.INT16, shape, w);
        }
        case STRING -> Tensor.ofByteStrings(shape, (byte[][]) all);
        default -> throw new IllegalStateException("no column type for " + dt.tfName());
      };
    }

    private static void split(Tensor t, Columns.Fetch fetch, int n, Object[][] rows, int k) {
      Shape s = t.shape();
      if (s.rank() != fetch.depth() + 1 || s.dim(0) != n) {
        throw new IllegalStateException(
            "RawOpsModel: output '"
                + fetch.outputKey()
                + "' came back "
                + t.dtype().tfName()
                + s
                + " for a batch of "
                + n
                + " rows: it is not one row per input row along axis 0 (leave it out of the"
                + " fetch dict)");
      }
      long[] rowDims = new long[fetch.depth()];
      for (int i = 0; i < rowDims.length; i++) {
        rowDims[i] = s.dim(i + 1);
      }
      Object[] flat = boxed(t);
      int per = n == 0 ? 0 : flat.length / n;
      for (int r = 0; r < n; r++) {
        rows[r][k] = nest(flat, r * per, rowDims, 0);
      }
    }

    /** Elements of {@code flat} from {@code at} as nested Scala sequences of {@code dims}. */
    private static Object nest(Object[] flat, int at, long[] dims, int level) {
      if (level == dims.length) {
        return flat[at];
      }
      int len = (int) dims[level];
      int stride = 1;
      for (int i = level + 1; i < dims.length; i++) {
        stride *= (int) dims[i];
      }
      Object[] items = new Object[len];
      for (int i = 0; i < len; i++) {
        items[i] = nest(flat, at + i * stride, dims, level + 1);
      }
      return scala.collection.immutable.ArraySeq.unsafeWrapArray(items);
    }

    private static Object[] boxed(Tensor t) {
      switch (t.dtype()) {
        case FLOAT, HALF, BFLOAT16 -> {
          float[] v = t.toFloatArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] = v[i];
          }
          return o;
        }
        case DOUBLE -> {
          double[] v = t.toDoubleArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] = v[i];
          }
          return o;
        }
        case INT8, INT16, INT32 -> {
          int[] v = t.toIntArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] =
                t.dtype() == DType.INT8
                    ? (Object) (byte) v[i]
                    : t.dtype() == DType.INT16 ? (Object) (short) v[i] : (Object) v[i];
          }
          return o;
        }
        case INT64 -> {
          long[] v = t.toLongArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] = v[i];
          }
          return o;
        }
        case BOOL -> {
          boolean[] v = t.toBooleanArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] = v[i];
          }
          return o;
        }
        case STRING -> {
          byte[][] v = t.toBytesArray();
          Object[] o = new Object[v.length];
          for (int i = 0; i < v.length; i++) {
            o[i] = new String(v[i], StandardCharsets.UTF_8);
          }
          return o;
        }
        default -> throw new IllegalStateException("no column type for " + t.dtype().tfName());
      }
    }

    private static boolean sameShapes(RowValue[] a, RowValue[] b) {
      for (int i = 0; i < a.length; i++) {
        if (!a[i].sameDims(b[i])) {
          return false;
        }
      }
      return true;
    }

    private Row append(Row r, Object[] results) {
      Object[] v = new Object[r.length() + plan.fetches().size()];
      for (int i = 0; i < r.length(); i++) {
        v[i] = r.get(i);
      }
      if (results != null) {
        System.arraycopy(results, 0, v, r.length(), results.length);
      }
      return RowFactory.create(v);
    }
  }

  private static String rowShape(long[] dims) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < dims.length; i++) {
      b.append(i > 0 ? "," : "").append(dims[i] < 0 ? "?" : Long.toString(dims[i]));
    }
    return b.append(']').toString();
  }
}
