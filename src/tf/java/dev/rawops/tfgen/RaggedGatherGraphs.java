package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Builds RaggedGather cases ("splits_0"…, "values", "indices" → "out", fetching every output) and
 * the random ragged params they gather from.
 */
final class RaggedGatherGraphs {
  private RaggedGatherGraphs() {}

  /** Ragged params: {@code PARAMS_RAGGED_RANK} splits tensors and the flat values. */
  record Params(List<Tensor> splits, Tensor values) {
    long rows() {
      return splits.get(0).numElements() - 1;
    }
  }

  /**
   * Random params with {@code rows} outer rows, each row of each level 0..{@code maxLength} long
   * (so empty rows occur), values of {@code dtype} with inner dimensions {@code inner}.
   */
  static Params params(
      Random r,
      int raggedRank,
      long rows,
      int maxLength,
      DType splitsType,
      DType dtype,
      Shape inner,
      boolean textSafe) {
    List<Tensor> splits = new ArrayList<>();
    long n = rows;
    for (int d = 0; d < raggedRank; d++) {
      long[] s = new long[Math.toIntExact(n + 1)];
      for (int i = 1; i < s.length; i++) {
        s[i] = s[i - 1] + r.nextInt(maxLength + 1);
      }
      splits.add(Tensor.ofIntegers(splitsType, Shape.of(s.length), s));
      n = s[s.length - 1];
    }
    return new Params(splits, RandomTensors.of(r, dtype, Shape.of(n).concat(inner), textSafe));
  }

  /** Random indices in [0, rows) of the given shape. */
  static Tensor indices(Random r, DType type, Shape shape, long rows) {
    long[] v = new long[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(Math.toIntExact(rows));
    }
    return Tensor.ofIntegers(type, shape, v);
  }

  /** A case with {@code OUTPUT_RAGGED_RANK = rank(indices) + PARAMS_RAGGED_RANK - 1}. */
  static void add(CaseList out, String what, List<Input> splits, Input values, Input indices) {
    add(
        out,
        what,
        splits,
        values,
        indices,
        indices.value().shape().rank() + splits.size() - 1L,
        g -> {});
  }

  /**
   * A case with the given {@code OUTPUT_RAGGED_RANK}; {@code extra} may overwrite attrs of "out"
   * (called right after the node's own attrs are set).
   */
  static void add(
      CaseList out,
      String what,
      List<Input> splits,
      Input values,
      Input indices,
      long outputRaggedRank,
      Consumer<GraphDefBuilder> extra) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    List<String> inputs = new ArrayList<>();
    StringBuilder desc = new StringBuilder();
    for (int d = 0; d < splits.size(); d++) {
      splits.get(d).addTo(g, "splits_" + d, feeds);
      inputs.add("splits_" + d);
      desc.append("splits_")
          .append(d)
          .append('=')
          .append(splits.get(d).describe("splits_" + d))
          .append("; ");
    }
    values.addTo(g, "values", feeds);
    indices.addTo(g, "indices", feeds);
    inputs.add("values");
    inputs.add("indices");
    DataType splitsType =
        splits.isEmpty() ? DataType.DT_INT64 : splits.get(0).value().dtype().proto();
    g.op("out", "RaggedGather", inputs.toArray(new String[0]))
        .attr("OUTPUT_RAGGED_RANK", outputRaggedRank)
        .attr("PARAMS_RAGGED_RANK", splits.size())
        .attr("Tindices", indices.value().dtype().proto())
        .attr("Tsplits", splitsType)
        .attr("Tvalues", values.value().dtype().proto());
    extra.accept(g);
    List<String> fetches = new ArrayList<>();
    for (long k = 0; k <= Math.max(0, outputRaggedRank); k++) {
      fetches.add("out:" + k);
    }
    desc.append("values=")
        .append(values.describe("values"))
        .append("; indices=")
        .append(indices.describe("indices"));
    out.add(
        header(splits, values.value(), indices.value(), outputRaggedRank)
            + "; "
            + what
            + ". "
            + desc,
        g.build(),
        feeds,
        fetches);
  }

  private static String header(
      List<Input> splits, Tensor values, Tensor indices, long outputRaggedRank) {
    StringBuilder sb =
        new StringBuilder("RaggedGather PARAMS_RAGGED_RANK=")
            .append(splits.size())
            .append(" params");
    for (Input s : splits) {
      sb.append(" splits").append(list(s.value()));
    }
    sb.append(" values ").append(values.dtype().tfName()).append(values.shape());
    if (!splits.isEmpty()) {
      sb.append(" (Tsplits ").append(splits.get(0).value().dtype().tfName()).append(')');
    }
    return sb.append(", indices ")
        .append(indices.dtype().tfName())
        .append(indices.shape())
        .append(" = ")
        .append(list(indices))
        .append(", OUTPUT_RAGGED_RANK=")
        .append(outputRaggedRank)
        .toString();
  }

  /** An integer tensor's elements, the first 12 of them. */
  private static String list(Tensor t) {
    long[] v = t.toLongArray();
    String s = Arrays.toString(Arrays.copyOf(v, Math.min(v.length, 12))).replace(" ", "");
    return v.length > 12 ? s.substring(0, s.length() - 1) + ",…]" : s;
  }
}
