package dev.rawops.tfgen;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.TextFormat;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.DeviceSpec;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.op.io.FifoQueue;
import org.tensorflow.op.nn.Conv2d;
import org.tensorflow.op.ragged.RaggedGather;
import org.tensorflow.proto.GraphDef;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat16;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Makes TensorFlow 2.18 itself build and export real GraphDefs through TF Java's op API ({@code
 * Graph.toGraphDef()}, i.e. TF's {@code TF_GraphToGraphDef}), written to graphs/tf-exported as
 * binary ({@code <name>.pb}, TF's {@code toByteArray()}) and text ({@code <name>.pbtxt}, protobuf's
 * {@code TextFormat} printing TF's own {@code org.tensorflow.proto.GraphDef}). These files prove
 * that our protos read what TF writes with nothing dropped (TfExportedGraphsTest). The graph of the
 * ops rawops runs also gets a fixture with TF's results.
 *
 * <p>Run with {@code ./mvnw -Ptf -q test -Dtest=ExportGraphs}; rewriting changes no file.
 */
class ExportGraphs {
  private static final Path DIR = Path.of("graphs", "tf-exported");
  private static final String HEADER =
      "# Exported by TensorFlow 2.18 (dev.rawops.tfgen.ExportGraphs); do not edit by hand.\n"
          + "# Regenerate: ./mvnw -Ptf -q test -Dtest=ExportGraphs (see graphs/tf-exported/README.md).\n";

  @Test
  void export() {
    GraphDef ops = opsGraph();
    write("ops", ops);
    write("function_library", functionLibraryGraph());
    write("list_attrs", listAttrsGraph());
    writeFixture(ops);
  }

  /** The ops rawops supports, as TF Java writes them (every attr TF fills in, a device). */
  private static GraphDef opsGraph() {
    try (Graph g = new Graph()) {
      Ops tf = Ops.create(g);
      Placeholder<TString> params =
          tf.withName("params").placeholder(TString.class, Placeholder.shape(Shape.of(2, 2)));
      Placeholder<TInt32> indices =
          tf.withName("indices").placeholder(TInt32.class, Placeholder.shape(Shape.of(2, 2)));
      Placeholder<TFloat32> x =
          tf.withName("x").placeholder(TFloat32.class, Placeholder.shape(Shape.of(3, 4)));
      tf.withName("gather").gatherNd(params, indices);

      var words =
          tf.withName("words").constant(UTF_8, new String[] {"alpha", "beta", "gamma", "delta"});
      tf.withName("gather_words")
          .gatherNd(words, tf.withName("word_index").constant(new int[][] {{2}, {0}}));

      // half bit patterns 1, 2, -0, 65504, 0.5, inf
      byte[] halfBits = {
        0x00, 0x3c, 0x00, 0x40, 0x00, (byte) 0x80, (byte) 0xff, 0x7b, 0x00, 0x38, 0x00, 0x7c
      };
      var half =
          tf.withName("half").constant(TFloat16.class, Shape.of(2, 3), DataBuffers.of(halfBits));
      // half[:, newaxis, 1:3]
      tf.withName("slice_half")
          .stridedSlice(
              half,
              tf.withName("sh_begin").constant(new int[] {0, 0, 1}),
              tf.withName("sh_end").constant(new int[] {0, 0, 3}),
              tf.withName("sh_strides").constant(new int[] {1, 1, 1}),
              StridedSlice.beginMask(1L),
              StridedSlice.endMask(1L),
              StridedSlice.newAxisMask(2L));
      // x[1, ::-2]
      tf.withName("slice_x")
          .stridedSlice(
              x,
              tf.withName("sx_begin").constant(new long[] {1, 0}),
              tf.withName("sx_end").constant(new long[] {2, 0}),
              tf.withName("sx_strides").constant(new long[] {1, -2}),
              StridedSlice.beginMask(2L),
              StridedSlice.endMask(2L),
              StridedSlice.shrinkAxisMask(1L));
      var cube =
          tf.withName("cube")
              .constant(new double[][][] {{{1, 2}, {3, 4}, {5, 6}}, {{7, 8}, {9, 10}, {11, 12}}});
      // cube[..., 1]
      tf.withName("slice_cube")
          .stridedSlice(
              cube,
              tf.withName("sc_begin").constant(new int[] {0, 1}),
              tf.withName("sc_end").constant(new int[] {0, 2}),
              tf.withName("sc_strides").constant(new int[] {1, 1}),
              StridedSlice.ellipsisMask(1L),
              StridedSlice.shrinkAxisMask(2L));

      var table = tf.withName("table").constant(new long[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8}});
      var scatter =
          tf.withName("scatter")
              .tensorScatterNdUpdate(
                  table,
                  tf.withName("scatter_index").constant(new int[][] {{1}, {3}}),
                  tf.withName("scatter_updates").constant(new long[][] {{-3, -4}, {-7, -8}}));

      RaggedGather<TInt64, TFloat32> ragged =
          tf.withName("ragged")
              .ragged
              .raggedGather(
                  List.of(tf.withName("splits").constant(new long[] {0, 2, 3, 3, 5})),
                  tf.withName("values").constant(new float[] {1.5f, 2.5f, 3.5f, 4.5f, 5.5f}),
                  tf.withName("ragged_index").constant(new long[] {3, 0, 2, 0}),
                  1L);

      var flags = tf.withName("flags").constant(new boolean[] {true, false, true});
      var cpu =
          tf.withDevice(
              DeviceSpec.newBuilder().deviceType(DeviceSpec.DeviceType.CPU).deviceIndex(0).build());
      var ident = cpu.withName("ident").identity(flags);
      var done = tf.withControlDependencies(List.of(ident, scatter)).withName("done").noOp();
      tf.withControlDependencies(List.of(done))
          .withName("after_done")
          .identity(ragged.outputDenseValues());
      return g.toGraphDef();
    }
  }

  /** A graph calling a function: TF writes a FunctionDefLibrary and a call with a func attr. */
  private static GraphDef functionLibraryGraph() {
    ConcreteFunction timesTwo =
        ConcreteFunction.create(
            tf -> {
              Placeholder<TFloat32> in = tf.placeholder(TFloat32.class);
              Operand<TFloat32> out = tf.math.mul(in, tf.constant(2f));
              return Signature.builder().key("times_two").input("x", in).output("y", out).build();
            });
    try (timesTwo;
        Graph g = new Graph()) {
      Ops tf = Ops.create(g);
      Placeholder<TFloat32> x = tf.withName("x").placeholder(TFloat32.class);
      Operand<?> y = tf.call(timesTwo, x);
      tf.withName("y").identity(y);
      return g.toGraphDef();
    }
  }

  /** Attrs of every list kind TF Java reaches: list(int), list(float), list(type), list(shape). */
  private static GraphDef listAttrsGraph() {
    try (Graph g = new Graph()) {
      Ops tf = Ops.create(g);
      var image =
          tf.withName("image").placeholder(TFloat32.class, Placeholder.shape(Shape.of(1, 4, 4, 1)));
      var filter =
          tf.withName("filter").constant(new float[][][][] {{{{1f}}, {{2f}}}, {{{3f}}, {{4f}}}});
      tf.withName("conv")
          .nn
          .conv2d(
              image,
              filter,
              List.of(1L, 1L, 1L, 1L),
              "SAME",
              Conv2d.dilations(List.of(1L, 1L, 1L, 1L)));
      tf.withName("buckets")
          .bucketize(
              tf.withName("scores").constant(new float[] {0.1f, 0.5f, 2f}),
              List.of(0f, 0.25f, 1.5f));
      tf.withName("queue")
          .io
          .fifoQueue(
              List.of(TFloat64.class, TBool.class),
              FifoQueue.shapes(Shape.of(2), Shape.scalar()),
              FifoQueue.capacity(8L),
              FifoQueue.sharedName("exported_queue"));
      tf.withName("pair")
          .identityN(List.of(tf.withName("a").constant(1), tf.withName("b").constant("b")));
      return g.toGraphDef();
    }
  }

  private static void write(String name, GraphDef graph) {
    try {
      Files.createDirectories(DIR);
      Files.write(DIR.resolve(name + ".pb"), Fixtures.deterministicBytes(graph));
      Files.writeString(
          DIR.resolve(name + ".pbtxt"), HEADER + TextFormat.printer().printToString(graph));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** TF's results for the ops graph, in the fixture format, so `rawops conform` replays them. */
  private static void writeFixture(GraphDef exported) {
    dev.rawops.tfproto.GraphDef graph;
    try {
      graph = dev.rawops.tfproto.GraphDef.parseFrom(Fixtures.deterministicBytes(exported));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    feeds.put("params", strings(2, 2, "a", "b", "c", "d"));
    feeds.put(
        "indices",
        TensorProto.newBuilder()
            .setDtype(DataType.DT_INT32)
            .setTensorShape(shape(2, 2))
            .addAllIntVal(List.of(1, 0, 0, 1))
            .build());
    TensorProto.Builder x =
        TensorProto.newBuilder().setDtype(DataType.DT_FLOAT).setTensorShape(shape(3, 4));
    for (int i = 0; i < 12; i++) {
      x.addFloatVal(i * 0.25f - 1f);
    }
    feeds.put("x", x.build());
    List<String> fetches =
        new ArrayList<>(
            List.of(
                "gather",
                "gather_words",
                "slice_half",
                "slice_x",
                "slice_cube",
                "scatter",
                "ragged:0",
                "ragged:1",
                "ident",
                "after_done"));
    Case c =
        new Case(
            "tf_exported/0001",
            "graphs/tf-exported/ops.pb as TensorFlow 2.18 exported it (TF Java op API): Placeholder,"
                + " Const of string/half/int32/int64/float/double/bool, GatherNd, StridedSlice with"
                + " begin/end/new-axis/shrink/ellipsis masks, TensorScatterUpdate, RaggedGather,"
                + " Identity with a device, NoOp with control inputs",
            graph,
            feeds,
            fetches);
    Fixture f = Generate.fixture(c, Generate.optimizationIndependentOutcome(c));
    if (f.hasError()) {
      throw new IllegalStateException("TF failed on the exported graph: " + f.getError());
    }
    try {
      Path dir = Path.of("graphs", "conformance", "tf_exported");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("0001.fixture.pbtxt"), Generate.text(f));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static TensorProto strings(long rows, long cols, String... values) {
    TensorProto.Builder t =
        TensorProto.newBuilder().setDtype(DataType.DT_STRING).setTensorShape(shape(rows, cols));
    for (String v : values) {
      t.addStringVal(com.google.protobuf.ByteString.copyFromUtf8(v));
    }
    return t.build();
  }

  private static TensorShapeProto shape(long... dims) {
    TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
    for (long d : dims) {
      s.addDim(TensorShapeProto.Dim.newBuilder().setSize(d));
    }
    return s.build();
  }
}
