package dev.rawops.bench;

import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;

/**
 * Whole real models of {@code ../shared/corpora/real-models} (override with {@code
 * -Drawops.realModels=DIR}), on their fixtures' inputs, rawops and TensorFlow side by side: the
 * GraphDef cases through {@link SideBySide} (outputs agree within rtol 1e-4 at setup), the
 * SavedModel case ({@code mlperf_tiny_kws_dscnn}) through rawops' {@link SavedModel} and TF Java's
 * {@link SavedModelBundle} on the same signature and inputs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class ModelBench {
  /** One real model ready to run on both sides. */
  @State(Scope.Benchmark)
  public static class Model {
    @Param({"kws_lstm_s_mfcc", "kws_cnn_s_mfcc", "mtcnn", "mlperf_tiny_kws_dscnn"})
    public String model;

    private SideBySide pair;
    private SavedModel ours;
    private SavedModelBundle theirs;
    private String signature;
    private Map<String, Tensor> inputs;
    private Session.Runner runner;
    private final List<TFloat32> tfInputs = new ArrayList<>();

    @Setup
    public void setUp() throws Exception {
      Path root = Path.of(System.getProperty("rawops.realModels", "../shared/corpora/real-models"));
      Path graphCase = root.resolve("fixtures/" + model + ".fixture.pbtxt");
      if (Files.exists(graphCase)) {
        Fixture f = Fixtures.read(graphCase);
        Map<String, Tensor> feeds = new LinkedHashMap<>();
        f.getFeedMap().forEach((k, v) -> feeds.put(k, TensorProtos.toTensor(v)));
        pair = new SideBySide(f.getGraph(), feeds, f.getFetchList(), 1e-4);
        return;
      }
      Fixture f =
          Fixtures.read(root.resolve("fixtures/savedmodels/" + model + ".savedmodel.pbtxt"));
      signature = f.getSource().substring("signature:".length());
      Path dir = savedModelDir(root, f.getDescription());
      ours = SavedModel.load(dir);
      theirs = SavedModelBundle.load(dir.toString(), SavedModel.SERVE);
      inputs = new LinkedHashMap<>();
      runner = theirs.session().runner();
      var sig = theirs.metaGraphDef().getSignatureDefMap().get(signature);
      for (Map.Entry<String, TensorProto> e : f.getFeedMap().entrySet()) {
        Tensor t = TensorProtos.toTensor(e.getValue());
        if (t.dtype() != DType.FLOAT) {
          throw new IllegalStateException("only float inputs: " + e.getKey());
        }
        inputs.put(e.getKey(), t);
        float[] v = new float[Math.toIntExact(t.numElements())];
        for (int i = 0; i < v.length; i++) {
          v[i] = t.getFloat(i);
        }
        TFloat32 tt =
            TFloat32.tensorOf(
                org.tensorflow.ndarray.Shape.of(t.shape().dims()),
                org.tensorflow.ndarray.buffer.DataBuffers.of(v, true, false));
        tfInputs.add(tt);
        runner.feed(sig.getInputsOrThrow(e.getKey()).getName(), tt);
      }
      for (String key : f.getFetchList()) {
        runner.fetch(sig.getOutputsOrThrow(key).getName());
      }
      check(f);
    }

    /** The model folder named in the fixture's description ("… (DIR, signature …"). */
    private static Path savedModelDir(Path root, String description) {
      int open = description.indexOf('(');
      int comma = description.indexOf(',', open);
      return root.resolve(description.substring(open + 1, comma).strip());
    }

    private void check(Fixture f) {
      Map<String, Tensor> got = ours.run(signature, inputs);
      try (Result r = runner.run()) {
        for (int i = 0; i < f.getFetchCount(); i++) {
          Tensor a = got.get(f.getFetch(i));
          TFloat32 b = (TFloat32) r.get(i);
          for (long j = 0; j < a.numElements(); j++) {
            float x = a.getFloat(j);
            float y = b.getFloat(0, j);
            if (!(Math.abs(x - y) <= 1e-4 * (1 + Math.abs(y)))) {
              throw new IllegalStateException(
                  "rawops and TensorFlow differ on "
                      + f.getFetch(i)
                      + "["
                      + j
                      + "]: "
                      + x
                      + " vs "
                      + y);
            }
          }
        }
      }
      got.values().forEach(Tensor::close);
    }

    void runRawops(Blackhole bh) {
      if (pair != null) {
        pair.runRawops(bh);
        return;
      }
      Map<String, Tensor> out = ours.run(signature, inputs);
      bh.consume(out);
      out.values().forEach(Tensor::close);
    }

    void runTf(Blackhole bh) {
      if (pair != null) {
        pair.runTf(bh);
        return;
      }
      try (Result r = runner.run()) {
        bh.consume(r);
      }
    }

    @TearDown
    public void tearDown() {
      if (pair != null) {
        pair.close();
      }
      if (theirs != null) {
        theirs.close();
        tfInputs.forEach(TFloat32::close);
      }
    }
  }

  @Benchmark
  public void rawops(Model m, Blackhole bh) {
    m.runRawops(bh);
  }

  @Benchmark
  public void tf(Model m, Blackhole bh) {
    m.runTf(bh);
  }
}
