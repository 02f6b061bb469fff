package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Builds TensorScatterUpdate cases: random tensors, index vectors, and the one-node graph. */
final class ScatterCaseKit {
  private ScatterCaseKit() {}

  /**
   * How an input reaches the node: a Const, a fed Placeholder with its static shape, or one of
   * unknown shape.
   */
  enum Via {
    CONST("Const"),
    FED("Placeholder(static shape), fed"),
    FED_UNKNOWN("Placeholder(unknown shape), fed");

    final String text;

    Via(String text) {
      this.text = text;
    }
  }

  /** A graph tensor, indices, updates → out = TensorScatterUpdate, plus its feeds. */
  record Built(GraphDef graph, Map<String, TensorProto> feeds, String inputs) {}

  static Built build(Tensor tensor, Tensor indices, Tensor updates, Via via, String policy) {
    return build(tensor, via, indices, via, updates, via, policy);
  }

  static Built build(
      Tensor tensor, Via tv, Tensor indices, Via iv, Tensor updates, Via uv, String policy) {
    GraphDefBuilder b = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    StringBuilder text = new StringBuilder();
    input(b, feeds, text, "tensor", tensor, tv);
    input(b, feeds, text, "indices", indices, iv);
    input(b, feeds, text, "updates", updates, uv);
    b.op("out", "TensorScatterUpdate", "tensor", "indices", "updates")
        .attr("T", tensor.dtype().proto())
        .attr("Tindices", indices.dtype().proto());
    if (policy != null) {
      b.attr("bad_indices_policy", policy);
      text.append("; bad_indices_policy=\"").append(policy).append('"');
    }
    return new Built(b.build(), feeds, text.toString());
  }

  private static void input(
      GraphDefBuilder b,
      Map<String, TensorProto> feeds,
      StringBuilder text,
      String name,
      Tensor value,
      Via via) {
    switch (via) {
      case CONST -> b.constant(name, value);
      case FED -> b.placeholder(name, value.dtype().proto(), value.shape().toPartial());
      case FED_UNKNOWN -> b.placeholder(name, value.dtype().proto(), PartialShape.unknownRank());
    }
    if (via != Via.CONST) {
      feeds.put(name, TensorProtos.toProto(value));
    }
    text.append(text.isEmpty() ? "" : "; ").append(name).append('=').append(via.text);
  }

  /** "float[2,3]". */
  static String describe(Tensor t) {
    return t.dtype().tfName() + t.shape();
  }

  /**
   * Random elements: any bit pattern for numbers (bit-exact copies are what is tested), 0/1 for
   * bool.
   */
  static Tensor random(DType dtype, Shape shape, Random r) {
    int n = Math.toIntExact(shape.numElements());
    if (dtype == DType.STRING) {
      String[] s = new String[n];
      for (int i = 0; i < n; i++) {
        StringBuilder sb = new StringBuilder();
        for (int k = r.nextInt(4); k > 0; k--) {
          sb.append((char) ('a' + r.nextInt(26)));
        }
        s[i] = sb.toString();
      }
      return Tensor.ofStrings(shape, s);
    }
    byte[] bytes = new byte[n * dtype.byteSize()];
    r.nextBytes(bytes);
    if (dtype == DType.BOOL) {
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] &= 1;
      }
    }
    return Tensor.fromBytes(dtype, shape, MemorySegment.ofArray(bytes));
  }

  /**
   * {@code count} index vectors of depth {@code depth} into {@code shape}, distinct unless {@code
   * count} exceeds the number of positions, laid out as {@code batch + [depth]}.
   */
  static Tensor indices(DType indexType, Shape shape, int depth, Shape batch, Random r) {
    long positions = shape.sub(0, depth).numElements();
    int count = Math.toIntExact(batch.numElements());
    List<Long> order = new ArrayList<>();
    for (long p = 0; p < positions; p++) {
      order.add(p);
    }
    Collections.shuffle(order, r);
    long[] v = new long[count * depth];
    for (int i = 0; i < count; i++) {
      long p = order.isEmpty() ? 0 : order.get(i % order.size());
      for (int d = depth - 1; d >= 0; d--) {
        v[i * depth + d] = p % shape.dim(d);
        p /= shape.dim(d);
      }
    }
    return Tensor.ofIntegers(indexType, batch.concat(Shape.of(depth)), v);
  }

  /** Random updates matching {@code indices} into {@code tensor}: batch + tensor.shape[depth:]. */
  static Tensor updatesFor(Tensor tensor, Tensor indices, Random r) {
    Shape is = indices.shape();
    int depth = (int) is.dim(is.rank() - 1);
    Shape shape = is.sub(0, is.rank() - 1).concat(tensor.shape().sub(depth, tensor.shape().rank()));
    return random(tensor.dtype(), shape, r);
  }

  static Shape shape(long... dims) {
    return Shape.of(dims);
  }
}
