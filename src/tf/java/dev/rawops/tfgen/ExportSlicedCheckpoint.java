package dev.rawops.tfgen;

import com.google.protobuf.TextFormat;
import dev.rawops.conform.Oracle;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tf.TfOracle;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TensorFlow 2.18 writes a checkpoint of partitioned tensors (graphs/checkpoints/sliced/ckpt: one
 * SaveV2 naming each tensor once per slice with a {@code shape_and_slices} spec, as TF's saver
 * saves partitioned variables) and reads it back with RestoreV2, whole and in sub-slices that cross
 * the stored slices' borders; {@code expected.fixture.pbtxt} beside it is that RestoreV2 graph with
 * TF's answers (its {@code prefix} feed is relative to the repository root). Run: {@code ./mvnw
 * -Ptf -q test -Dtest=ExportSlicedCheckpoint}.
 */
class ExportSlicedCheckpoint {
  private static final Path DIR = Path.of("graphs", "checkpoints", "sliced");
  private static final String PREFIX = DIR.resolve("ckpt").toString();

  private static Tensor floats(long rows, long cols) {
    float[] v = new float[(int) (rows * cols)];
    for (int i = 0; i < v.length; i++) {
      v[i] = i * 0.5f - 3;
    }
    return Tensor.ofFloats(Shape.of(rows, cols), v);
  }

  @Test
  void export() throws IOException {
    Files.createDirectories(DIR);
    try (var files = Files.list(DIR)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    // part: float[5,3] in two row slices; ids: int64[6] in three; cols: int32[2,4] in two
    // column slices; whole: an ordinary entry beside them.
    Tensor part = floats(5, 3);
    List<String> names = new ArrayList<>();
    List<String> specs = new ArrayList<>();
    List<Tensor> values = new ArrayList<>();
    names.add("part");
    specs.add("5 3 0,2:-");
    values.add(slice(part, 0, 2));
    names.add("part");
    specs.add("5 3 2,3:-");
    values.add(slice(part, 2, 5));
    for (int k = 0; k < 3; k++) {
      names.add("ids");
      specs.add("6 " + (2 * k) + ",2");
      values.add(Tensor.ofLongs(Shape.of(2), 100L * k, 100L * k + 1));
    }
    names.add("cols");
    specs.add("2 4 -:0,1");
    values.add(Tensor.ofInts(Shape.of(2, 1), 1, 5));
    names.add("cols");
    specs.add("2 4 -:1,3");
    values.add(Tensor.ofInts(Shape.of(2, 3), 2, 3, 4, 6, 7, 8));
    names.add("whole");
    specs.add("");
    values.add(Tensor.ofInts(Shape.of(3), 7, 8, 9));
    GraphDefBuilder save = new GraphDefBuilder();
    save.constant("prefix", Tensor.ofStrings(Shape.scalar(), PREFIX));
    save.constant("names", Tensor.ofStrings(Shape.of(names.size()), names.toArray(String[]::new)));
    save.constant("specs", Tensor.ofStrings(Shape.of(specs.size()), specs.toArray(String[]::new)));
    List<String> inputs = new ArrayList<>(List.of("prefix", "names", "specs"));
    DataType[] types = new DataType[values.size()];
    for (int i = 0; i < values.size(); i++) {
      save.constant("v" + i, values.get(i));
      inputs.add("v" + i);
      types[i] = values.get(i).dtype().proto();
    }
    save.op("save", "SaveV2", inputs.toArray(String[]::new)).attrTypes("dtypes", types);
    save.constant("one", Tensor.ofInts(Shape.scalar(), 1));
    save.op("done", "Identity", "one", "^save").attr("T", DType.INT32);
    Oracle.Outcome saved =
        TfOracle.run(save.build(), Map.of(), List.of("done"), TfOracle.Optimizations.NONE);
    if (saved.failed()) {
      throw new IllegalStateException("TF could not save: " + saved.error());
    }
    // RestoreV2 reads: whole tensors, then sub-slices across the stored slices' borders.
    List<Read> reads =
        List.of(
            new Read("part", "", DType.FLOAT),
            new Read("ids", "", DType.INT64),
            new Read("cols", "", DType.INT32),
            new Read("whole", "", DType.INT32),
            new Read("part", "5 3 1,3:1,2", DType.FLOAT),
            new Read("ids", "6 1,4", DType.INT64),
            new Read("cols", "2 4 1,1:0,3", DType.INT32),
            new Read("part", "5 3 2,3:-", DType.FLOAT),
            new Read("whole", "3 1,2", DType.INT32));
    GraphDefBuilder restore = new GraphDefBuilder();
    restore.placeholder("prefix", DType.STRING, PartialShape.of());
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < reads.size(); i++) {
      Read r = reads.get(i);
      restore.constant("n" + i, Tensor.ofStrings(Shape.of(1), r.name()));
      restore.constant("s" + i, Tensor.ofStrings(Shape.of(1), r.spec()));
      restore
          .op("restore" + i, "RestoreV2", "prefix", "n" + i, "s" + i)
          .attrTypes("dtypes", r.type().proto());
      fetches.add("restore" + i);
    }
    GraphDef g = restore.build();
    Map<String, TensorProto> feeds =
        Map.of("prefix", TensorProtos.toProto(Tensor.ofStrings(Shape.scalar(), PREFIX)));
    Oracle.Outcome got = TfOracle.run(g, feeds, fetches, TfOracle.Optimizations.NONE);
    if (got.failed()) {
      throw new IllegalStateException("TF could not restore: " + got.error());
    }
    Fixture f =
        Fixture.newBuilder()
            .setName("checkpoints/sliced")
            .setDescription(
                "RestoreV2 of partitioned tensors TF saved in slices (float row slices, int64"
                    + " 1-D slices, int32 column slices) and an unsliced one: whole, and in"
                    + " sub-slices across the stored slices' borders")
            .setSource("tensorflow 2.18.0 cpu")
            .setGraph(g)
            .putAllFeed(feeds)
            .addAllFetch(fetches)
            .addAllExpected(got.outputs())
            .build();
    Files.writeString(
        DIR.resolve("expected.fixture.pbtxt"),
        "# Written by TensorFlow 2.18 (dev.rawops.tfgen.ExportSlicedCheckpoint); do not edit.\n"
            + TextFormat.printer().printToString(f));
  }

  private record Read(String name, String spec, DType type) {}

  private static Tensor slice(Tensor t, int from, int to) {
    long cols = t.shape().dim(1);
    float[] v = new float[(int) ((to - from) * cols)];
    for (int i = 0; i < v.length; i++) {
      v[i] = (from * cols + i) * 0.5f - 3;
    }
    return Tensor.ofFloats(Shape.of(to - from, cols), v);
  }
}
