package dev.rawops.tfgen;

import static dev.rawops.tfgen.GraphCases.floats;
import static dev.rawops.tfgen.GraphCases.identity;
import static dev.rawops.tfproto.DataType.DT_FLOAT;
import static dev.rawops.tfproto.DataType.DT_INT32;
import static dev.rawops.tfproto.DataType.DT_UINT8;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Broken graphs: what TensorFlow's importer (BUILD) or session (RUN) says about each. */
final class GraphErrorCases {
  private GraphErrorCases() {}

  static void add(CaseList out, Random r) {
    Tensor c = floats(r, 2);
    GraphDefBuilder g = new GraphDefBuilder().constant("c", c);
    identity(g, "out", "missing", DT_FLOAT);
    broken(out, "an input names a node that does not exist", g);
    g = new GraphDefBuilder().constant("c", c);
    identity(g, "out", "c", DT_INT32);
    broken(out, "a float tensor into an Identity whose T is int32 (wrong dtype edge)", g);
    g = new GraphDefBuilder().constant("c", c).constant("c", floats(r, 3));
    identity(g, "out", "c", DT_FLOAT);
    broken(out, "two nodes named 'c'", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "NoSuchOp", "c").attr("T", DT_FLOAT);
    broken(out, "an op type TensorFlow does not know", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "Identity", "c");
    broken(out, "Identity without its required attr T", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("i", Tensor.ofIntegers(dev.rawops.tensor.DType.UINT8, Shape.of(1, 1), 0))
            .op("out", "GatherNd", "c", "i")
            .attr("Tparams", DT_FLOAT)
            .attr("Tindices", DT_UINT8);
    broken(out, "GatherNd with Tindices uint8, not among its allowed types", g);
    g = new GraphDefBuilder().constant("c", c);
    identity(g, "out", "c:2", DT_FLOAT);
    broken(out, "an input names output 2 of a node with one output", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("d", c)
            .op("out", "Identity", "^d", "c")
            .attr("T", DT_FLOAT);
    broken(out, "a control input listed before a data input", g);
    g = new GraphDefBuilder();
    identity(g, "a", "out", DT_FLOAT);
    identity(g, "out", "a", DT_FLOAT);
    broken(out, "a cycle of two Identities", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("d", c)
            .op("out", "Identity", "c", "d")
            .attr("T", DT_FLOAT);
    broken(out, "Identity with two data inputs", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "Identity", "c").attr("T", 7);
    broken(out, "attr T given as an int instead of a type", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .op("out", "Identity", "c")
            .attr("T", DT_FLOAT)
            .attr("colour", "blue");
    broken(out, "an attr the op does not have", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .op("out", "IdentityN", "c")
            .attrTypes("T", DT_FLOAT, DT_FLOAT);
    broken(out, "IdentityN whose T lists two types for one input", g);
    g = new GraphDefBuilder().constant("c", c);
    identity(g, "bad name!", "c", DT_FLOAT);
    identity(g, "out", "bad name!", DT_FLOAT);
    broken(out, "a node name with a space and '!'", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("i", Tensor.ofInts(Shape.of(1, 1), 1))
            .op("out", "GatherNd", "c", "i")
            .attr("Tparams", DT_FLOAT)
            .attr("Tindices", DT_INT32)
            .attr("axis", 0);
    broken(out, "GatherNd with an attr it does not have ('axis')", g);
    g = new GraphDefBuilder().constant("c", c);
    identity(g, "_hidden", "c", DT_FLOAT);
    identity(g, "out", "_hidden", DT_FLOAT);
    broken(out, "a node name starting with '_' (reserved for TF's internal ops)", g);
    g = new GraphDefBuilder().constant("scope/c-1.x", c);
    identity(g, "scope/a>b", "scope/c-1.x", DT_FLOAT);
    identity(g, "out", "scope/a>b", DT_FLOAT);
    broken(out, "valid node names with '/', '-', '.' and '>'", g);
    g = new GraphDefBuilder().constant("c", c);
    identity(g, "a>", "c", DT_FLOAT);
    identity(g, "out", "a>", DT_FLOAT);
    broken(out, "a node name ending in '>'", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "", "c");
    broken(out, "a node without an op type", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("i", Tensor.ofInts(Shape.of(1, 3), 0, 0, 0))
            .op("out", "GatherNd", "c", "i")
            .attr("Tparams", DT_FLOAT)
            .attr("Tindices", DT_INT32);
    broken(out, "GatherNd index depth 3 into a vector, both Consts (shape function error)", g);
  }

  private static void broken(CaseList out, String what, GraphDefBuilder g) {
    out.add(what, g.build(), Map.of(), List.of("out"));
  }
}
