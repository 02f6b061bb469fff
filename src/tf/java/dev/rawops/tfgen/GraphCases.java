package dev.rawops.tfgen;

import static dev.rawops.tfproto.DataType.DT_FLOAT;
import static dev.rawops.tfproto.DataType.DT_INT32;
import static dev.rawops.tfproto.DataType.DT_INT64;
import static dev.rawops.tfproto.DataType.DT_STRING;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Graph-level behaviour: chains and DAGs of Identity, IdentityN, NoOp and PlaceholderWithDefault,
 * control dependencies, pruning (a failing node nobody needs must not run), feeding intermediate
 * tensors, and the graph errors TensorFlow's importer raises; see {@link GraphErrorCases}.
 */
public final class GraphCases implements CaseFamily {
  @Override
  public String directory() {
    return "graph";
  }

  @Override
  public List<Case> cases(Random random) {
    CaseList out = new CaseList(directory());
    chains(out, random);
    dags(out, random);
    control(out, random);
    feeds(out, random);
    GraphErrorCases.add(out, random);
    lazyKernelsAndVersions(out);
    foreignOps(out);
    return out.cases();
  }

  /**
   * Ops of libraries outside TF core, which TF 2.18 alone does not know either: a tensorflow_text
   * tokenizer and a TF Addons op (NOT_FOUND while importing the graph).
   */
  private static void foreignOps(CaseList out) {
    dev.rawops.tfproto.GraphDef text =
        new GraphDefBuilder()
            .constant("text", Tensor.ofStrings(Shape.of(2), "hello world", "unaffable"))
            .constant("vocab", Tensor.ofStrings(Shape.of(3), "un", "##aff", "##able"))
            .op("out", "WordpieceTokenizeWithOffsets", "text", "vocab")
            .attr("suffix_indicator", "##")
            .attr("max_bytes_per_word", 100L)
            .build();
    out.add("tensorflow_text's WordpieceTokenizeWithOffsets", text, Map.of(), List.of("out"));
    dev.rawops.tfproto.GraphDef addons =
        new GraphDefBuilder()
            .constant("step_ids", Tensor.ofInts(Shape.of(1, 1, 1), 1))
            .constant("parent_ids", Tensor.ofInts(Shape.of(1, 1, 1), 0))
            .constant("lengths", Tensor.ofInts(Shape.of(1), 1))
            .constant("end_token", Tensor.ofInts(Shape.of(), 2))
            .op("out", "Addons>GatherTree", "step_ids", "parent_ids", "lengths", "end_token")
            .attr("T", DT_INT32)
            .build();
    out.add("TF Addons' Addons>GatherTree", addons, Map.of(), List.of("out"));
  }

  /**
   * TF instantiates only the kernels a run needs: unused Placeholders of dtype resource and
   * variant, and an unused Snapshot of a string (no CPU kernel), beside a fetched Const. And a
   * GraphDef producer rule: for producers <= 21 a Placeholder's {@code shape {}} means "unknown",
   * so Mean over axis 0 of a fed vector runs; for a newer producer it is a scalar and the graph is
   * refused.
   */
  private static void lazyKernelsAndVersions(CaseList out) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder(
                "handle", dev.rawops.tfproto.DataType.DT_RESOURCE, PartialShape.unknownRank())
            .placeholder("list", dev.rawops.tfproto.DataType.DT_VARIANT, PartialShape.of())
            .constant("c", Tensor.ofFloats(Shape.of(2), 1.5f, -2f));
    identity(g, "handle_id", "handle", dev.rawops.tfproto.DataType.DT_RESOURCE);
    identity(g, "list_id", "list", dev.rawops.tfproto.DataType.DT_VARIANT);
    out.add(
        "unused resource and variant Placeholders and Identities beside a fetched Const",
        g.build(),
        Map.of(),
        List.of("c"));
    for (int producer : new int[] {0, 21, 22}) {
      GraphDefBuilder m =
          new GraphDefBuilder()
              .placeholder("x", DT_FLOAT, PartialShape.of())
              .constant("axis", Tensor.ofInts(Shape.scalar(), 0));
      m.op("mean", "Mean", "x", "axis").attr("T", DT_FLOAT).attr("Tidx", DT_INT32);
      out.add(
          "Placeholder shape {} at producer " + producer + ", Mean over axis 0 of a fed vector",
          m.build().toBuilder()
              .setVersions(dev.rawops.tfproto.VersionDef.newBuilder().setProducer(producer))
              .build(),
          Map.of("x", TensorProtos.toProto(Tensor.ofFloats(Shape.of(3), 1, 2, 4.5f))),
          List.of("mean"));
    }
  }

  static Tensor floats(Random r, long... dims) {
    return RandomTensors.of(r, DType.FLOAT, Shape.of(dims), false);
  }

  static GraphDefBuilder identity(
      GraphDefBuilder g, String name, String input, dev.rawops.tfproto.DataType t) {
    return g.op(name, "Identity", input).attr("T", t);
  }

  /** GatherNd of "p" with an out-of-bounds Const index: fails whenever it runs. */
  static GraphDefBuilder failingGather(GraphDefBuilder g, String name, String params) {
    return g.constant(name + "_indices", Tensor.ofInts(Shape.of(1, 1), 99))
        .op(name, "GatherNd", params, name + "_indices")
        .attr("Tparams", DT_FLOAT)
        .attr("Tindices", DT_INT32);
  }

  private static void chains(CaseList out, Random r) {
    int[] lengths = {1, 3, 10, 200};
    DType[] types = {DType.FLOAT, DType.STRING, DType.INT64, DType.COMPLEX128};
    for (int k = 0; k < lengths.length; k++) {
      GraphDefBuilder g =
          new GraphDefBuilder()
              .constant("n0", RandomTensors.of(r, types[k], Shape.of(2, 3), false));
      for (int i = 1; i <= lengths[k]; i++) {
        identity(g, "n" + i, "n" + (i - 1), types[k].proto());
      }
      out.add(
          "Identity chain of length "
              + lengths[k]
              + " on a "
              + types[k].tfName()
              + " Const, fetching its end",
          g.build(),
          Map.of(),
          List.of("n" + lengths[k]));
    }
    GraphDefBuilder g = new GraphDefBuilder().constant("c", floats(r, 3));
    identity(g, "a", "c", DT_FLOAT);
    identity(g, "b", "a", DT_FLOAT);
    out.add(
        "Identity chain fetching every link, the same tensor twice ('a' and 'a:0') and the Const itself",
        g.build(),
        Map.of(),
        List.of("b", "a", "a:0", "c"));
  }

  private static void dags(CaseList out, Random r) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .constant("f", floats(r, 2, 2))
            .constant("s", Tensor.ofStrings(Shape.of(3), "x", "", "z"))
            .constant("i", Tensor.ofLongs(Shape.of(), -5))
            .op("n", "IdentityN", "f", "s", "i")
            .attrTypes("T", DT_FLOAT, DT_STRING, DT_INT64);
    out.add(
        "IdentityN of float, string and int64 Consts, fetching all three outputs",
        g.build(),
        Map.of(),
        List.of("n:0", "n:1", "n:2"));
    out.add("IdentityN, fetching only its last output", g.build(), Map.of(), List.of("n:2"));
    out.add(
        "IdentityN, fetching its outputs out of order and twice",
        g.build(),
        Map.of(),
        List.of("n:1", "n:0", "n:1"));
    GraphDefBuilder d =
        new GraphDefBuilder()
            .placeholder("x", DT_FLOAT, PartialShape.of(-1, 3))
            .constant("idx", Tensor.ofInts(Shape.of(2, 1), 1, 0));
    identity(d, "a", "x", DT_FLOAT);
    identity(d, "b", "x", DT_FLOAT);
    d.op("pair", "IdentityN", "a", "b")
        .attrTypes("T", DT_FLOAT, DT_FLOAT)
        .op("g", "GatherNd", "pair:1", "idx")
        .attr("Tparams", DT_FLOAT)
        .attr("Tindices", DT_INT32)
        .op("h", "GatherNd", "a", "idx")
        .attr("Tparams", DT_FLOAT)
        .attr("Tindices", DT_INT32);
    out.add(
        "diamond: one fed Placeholder read by two Identities, joined by IdentityN, gathered twice; "
            + "fetching the gathers and the IdentityN",
        d.build(),
        Map.of("x", proto(floats(r, 2, 3))),
        List.of("g", "h", "pair:0"));
    out.add(
        "the same diamond, also fetching the fed Placeholder: TF refuses a tensor both fed and fetched",
        d.build(),
        Map.of("x", proto(floats(r, 2, 3))),
        List.of("g", "x"));
    GraphDefBuilder c =
        new GraphDefBuilder()
            .constant("p", floats(r, 4, 3, 2))
            .constant("i1", Tensor.ofInts(Shape.of(3, 1), 3, 0, 3))
            .constant("i2", Tensor.ofInts(Shape.of(2, 2), 2, 1, 0, 0))
            .op("g1", "GatherNd", "p", "i1")
            .attr("Tparams", DT_FLOAT)
            .attr("Tindices", DT_INT32)
            .op("g2", "GatherNd", "g1", "i2")
            .attr("Tparams", DT_FLOAT)
            .attr("Tindices", DT_INT32);
    identity(c, "g1_copy", "g1", DT_FLOAT);
    out.add(
        "GatherNd of a GatherNd, fetching both and an Identity of the first",
        c.build(),
        Map.of(),
        List.of("g2", "g1", "g1_copy"));
  }

  private static void control(CaseList out, Random r) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .constant("c", floats(r, 2))
            .constant("c2", floats(r, 1))
            .op("noop", "NoOp", "^c2");
    g.op("out", "Identity", "c", "^noop").attr("T", DT_FLOAT);
    out.add(
        "control dependencies: Identity waits for a NoOp that waits for a Const",
        g.build(),
        Map.of(),
        List.of("out"));
    // A failing node reached only through control edges is left out on purpose: TF's default
    // Grappler drops control dependencies on stateless nodes (the run succeeds) while TF without
    // optimizations runs them (the run fails); Generate refuses cases whose outcome depends on
    // that.
    GraphDefBuilder p = new GraphDefBuilder().constant("c", floats(r, 2));
    failingGather(p, "bad", "c");
    identity(p, "bad_user", "bad", DT_FLOAT);
    p.op("noop", "NoOp", "^bad_user");
    identity(p, "out", "c", DT_FLOAT);
    out.add(
        "a failing GatherNd (and its users) that nothing fetched needs: pruned, the run succeeds",
        p.build(),
        Map.of(),
        List.of("out"));
  }

  private static void feeds(CaseList out, Random r) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("x", DT_FLOAT, PartialShape.of(2))
            .placeholder("unused", DT_INT32, PartialShape.unknownRank());
    identity(g, "out", "x", DT_FLOAT);
    out.add(
        "an unfed Placeholder nothing needs is fine",
        g.build(),
        Map.of("x:0", proto(floats(r, 2))),
        List.of("out"));
    out.add("a needed Placeholder left unfed: the run fails", g.build(), Map.of(), List.of("out"));
    out.add(
        "a feed of the wrong dtype (int32 into a float Placeholder)",
        g.build(),
        Map.of("x", proto(Tensor.ofInts(Shape.of(2), 1, 2))),
        List.of("out"));
    out.add(
        "a feed whose shape [3] differs from the Placeholder's static shape [2]",
        g.build(),
        Map.of("x", proto(floats(r, 3))),
        List.of("out"));
    GraphDefBuilder d =
        new GraphDefBuilder()
            .constant("dflt", floats(r, 2, 2))
            .op("pwd", "PlaceholderWithDefault", "dflt")
            .attr("dtype", DT_FLOAT)
            .attr(
                "shape",
                dev.rawops.tfproto.AttrValue.newBuilder()
                    .setShape(PartialShape.of(-1, 2).toProto())
                    .build());
    identity(d, "out", "pwd", DT_FLOAT);
    out.add(
        "PlaceholderWithDefault [?,2] not fed: its default", d.build(), Map.of(), List.of("out"));
    out.add(
        "PlaceholderWithDefault [?,2] fed a [3,2] value",
        d.build(),
        Map.of("pwd", proto(floats(r, 3, 2))),
        List.of("out"));
    out.add(
        "PlaceholderWithDefault [?,2] fed a [1,5] value, incompatible with its shape attr",
        d.build(),
        Map.of("pwd", proto(floats(r, 1, 5))),
        List.of("out"));
    GraphDefBuilder e = new GraphDefBuilder().constant("c", floats(r, 2));
    failingGather(e, "bad", "c");
    e.op("pwd", "PlaceholderWithDefault", "bad")
        .attr("dtype", DT_FLOAT)
        .attr(
            "shape",
            dev.rawops.tfproto.AttrValue.newBuilder()
                .setShape(PartialShape.unknownRank().toProto())
                .build());
    identity(e, "out", "pwd", DT_FLOAT);
    out.add(
        "PlaceholderWithDefault whose default fails, fed: the default never runs",
        e.build(),
        Map.of("pwd:0", proto(floats(r, 4))),
        List.of("out"));
    out.add(
        "PlaceholderWithDefault whose default fails, not fed: the run fails",
        e.build(),
        Map.of(),
        List.of("out"));
    GraphDefBuilder m =
        new GraphDefBuilder()
            .placeholder("x", DT_FLOAT, PartialShape.of(2))
            .constant("k", floats(r, 3));
    identity(m, "a", "x", DT_FLOAT);
    identity(m, "b", "a", DT_FLOAT);
    identity(m, "kk", "k", DT_FLOAT);
    Map<String, TensorProto> mid = new LinkedHashMap<>();
    mid.put("a", proto(floats(r, 2)));
    mid.put("k:0", TypedProtos.typed(floats(r, 3)));
    out.add(
        "feeding an intermediate Identity (its unfed Placeholder input is not needed) and overriding a Const",
        m.build(),
        mid,
        List.of("b", "kk"));
  }

  static TensorProto proto(Tensor t) {
    return TensorProtos.toProto(t);
  }
}
