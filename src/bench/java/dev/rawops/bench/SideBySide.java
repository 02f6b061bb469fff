package dev.rawops.bench;

import static org.tensorflow.internal.c_api.global.tensorflow.TF_Dim;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NumDims;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorByteSize;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorData;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorType;

import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tf.TfOracle;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.Blackhole;
import org.tensorflow.internal.c_api.TF_Tensor;

/**
 * One GraphDef, fed the same inputs, ready to run in rawops and in TensorFlow (its session kept
 * open). Opening it runs both once and fails unless their outputs have the same dtype, shape and
 * bytes, so each benchmark pair measures the same computation.
 */
final class SideBySide implements AutoCloseable {
  private final Session rawops;
  private final Map<String, Tensor> feeds;
  private final List<String> fetches;
  private final TfOracle.OpenSession tf;
  private final double rtol;

  SideBySide(GraphDef graph, Map<String, Tensor> feeds, List<String> fetches) {
    this(graph, feeds, fetches, 0);
  }

  /**
   * As above, but float32 outputs need only agree within {@code |a - b| <= rtol * (1 + |b|)} (ops
   * whose accumulation order differs from oneDNN's, e.g. MatMul, Conv2D).
   */
  SideBySide(GraphDef graph, Map<String, Tensor> feeds, List<String> fetches, double rtol) {
    this.rtol = rtol;
    this.rawops = Graph.build(graph, Device.CPU).newSession();
    this.feeds = Map.copyOf(feeds);
    this.fetches = List.copyOf(fetches);
    Map<String, TensorProto> protos = new LinkedHashMap<>();
    feeds.forEach((name, t) -> protos.put(name, TensorProtos.toProto(t)));
    this.tf = TfOracle.open(graph, protos, fetches, TfOracle.Optimizations.DEFAULT);
    try {
      check();
    } catch (RuntimeException e) {
      tf.close();
      throw e;
    }
  }

  /** rawops: one {@code Session.run}, its fetched tensors consumed, then closed (as TF's freed). */
  void runRawops(Blackhole bh) {
    List<Tensor> out = rawops.run(feeds, fetches);
    bh.consume(out);
    out.forEach(Tensor::close);
  }

  /** TensorFlow: one {@code TF_SessionRun}, its fetched tensors consumed, then freed. */
  void runTf(Blackhole bh) {
    List<TF_Tensor> out = tf.run();
    bh.consume(out);
    TfOracle.OpenSession.free(out);
  }

  private void check() {
    List<Tensor> ours = rawops.run(feeds, fetches);
    List<TF_Tensor> theirs = tf.run();
    try {
      for (int i = 0; i < ours.size(); i++) {
        String mismatch = mismatch(ours.get(i), theirs.get(i), rtol);
        if (mismatch != null) {
          throw new IllegalStateException(
              "rawops and TensorFlow differ on " + fetches.get(i) + ": " + mismatch);
        }
      }
    } finally {
      TfOracle.OpenSession.free(theirs);
    }
  }

  // reinterpret is restricted: it trusts the size given. TF_TensorByteSize is TF's own size of the
  // buffer TF_TensorData points at.
  @SuppressWarnings("restricted")
  private static String mismatch(Tensor ours, TF_Tensor theirs, double rtol) {
    if (ours.dtype().proto().getNumber() != TF_TensorType(theirs)) {
      return "dtype " + ours.dtype().tfName() + " vs TF type " + TF_TensorType(theirs);
    }
    long[] dims = new long[TF_NumDims(theirs)];
    for (int d = 0; d < dims.length; d++) {
      dims[d] = TF_Dim(theirs, d);
    }
    if (!ours.shape().equals(Shape.of(dims))) {
      return "shape " + ours.shape() + " vs " + Arrays.toString(dims);
    }
    long size = TF_TensorByteSize(theirs);
    MemorySegment tfData =
        size == 0
            ? MemorySegment.NULL
            : MemorySegment.ofAddress(TF_TensorData(theirs).address()).reinterpret(size);
    if (rtol > 0 && ours.dtype() == dev.rawops.tensor.DType.FLOAT) {
      for (long i = 0; i < ours.numElements(); i++) {
        float a = ours.getFloat(i);
        float b = tfData.getAtIndex(dev.rawops.tensor.Layouts.F32, i);
        if (!(Math.abs(a - b) <= rtol * (1 + Math.abs(b)))) {
          return "element " + i + ": " + a + " vs " + b;
        }
      }
      return null;
    }
    long at = ours.data().mismatch(tfData);
    return at < 0 ? null : "bytes differ at byte " + at + " of " + ours.byteSize();
  }

  @Override
  public void close() {
    tf.close();
  }
}
