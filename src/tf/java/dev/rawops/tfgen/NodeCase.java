package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A one-op case being built: inputs fed (no shape attr, so only the kernel sees them) or Consts (so
 * TF's shape function sees their values), then node "out" of the op, whose attrs the caller sets on
 * the returned builder, then {@link #addTo} with the outputs to fetch. The description lists each
 * input as "fed" or "const" with its dtype and shape.
 */
final class NodeCase {
  private final GraphDefBuilder g = new GraphDefBuilder();
  private final Map<String, TensorProto> feeds = new LinkedHashMap<>();
  private final List<String> inputs = new ArrayList<>();
  private final List<String> described = new ArrayList<>();

  NodeCase fed(Tensor t) {
    return input(Input.fedNoShape(t, Encoding.TYPED, false), "fed ");
  }

  NodeCase constant(Tensor t) {
    return input(Input.constant(t, Encoding.CONTENT), "const ");
  }

  /** Input i fed when {@code fed}, else a Const. */
  NodeCase input(boolean fed, Tensor t) {
    return fed ? fed(t) : constant(t);
  }

  private NodeCase input(Input in, String how) {
    String name = "in" + inputs.size();
    in.addTo(g, name, feeds);
    inputs.add(name);
    described.add(how + in.value().dtype().tfName() + in.value().shape());
    return this;
  }

  /** Node "out" of {@code op} over the inputs so far; set its attrs on the result. */
  GraphDefBuilder op(String op) {
    return g.op("out", op, inputs.toArray(String[]::new));
  }

  /** The case "op what (inputs…)", fetching out:0 … out:(outputs − 1). */
  void addTo(CaseList out, String what, int outputs) {
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < outputs; i++) {
      fetches.add("out:" + i);
    }
    out.add(what + " (" + String.join(", ", described) + ")", g.build(), feeds, fetches);
  }

  /** As {@link #addTo(CaseList, String, int)}, in a GraphDef of version {@code producer}. */
  void addTo(CaseList out, String what, int outputs, int producer) {
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < outputs; i++) {
      fetches.add("out:" + i);
    }
    var graph =
        g.build().toBuilder()
            .setVersions(dev.rawops.tfproto.VersionDef.newBuilder().setProducer(producer))
            .build();
    out.add(
        what + " (" + String.join(", ", described) + ") producer " + producer,
        graph,
        feeds,
        fetches);
  }

  /** A tensor of dtype {@code t} holding the small numbers {@code v} (exact in every dtype). */
  static Tensor numbers(dev.rawops.tensor.DType t, dev.rawops.tensor.Shape s, double... v) {
    return switch (t) {
      case FLOAT -> Tensor.ofFloats(s, floats(v));
      case HALF -> Tensor.ofHalfs(s, floats(v));
      case BFLOAT16 -> Tensor.ofBfloat16s(s, floats(v));
      case DOUBLE -> Tensor.ofDoubles(s, v);
      default ->
          Tensor.ofIntegers(t, s, java.util.Arrays.stream(v).mapToLong(d -> (long) d).toArray());
    };
  }

  private static float[] floats(double[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    return f;
  }
}
