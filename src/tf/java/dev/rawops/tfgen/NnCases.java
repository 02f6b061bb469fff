package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Nn family where TF's answer is exact: integer MatMul/BatchMatMulV2/Einsum/BiasAdd/Conv2D,
 * MaxPool and MaxPoolWithArgmax (a copy of an input element), float BiasAdd (one add), and the CPU
 * kernels' run-time errors. (Float convolutions and products differ from oneDNN in the last bits;
 * the corpus fixtures in graphs/conformance/nn_corpus hold them to rtol 1e-5.)
 */
public final class NnCases implements CaseFamily {
  @Override
  public String directory() {
    return "nn";
  }

  private static AttrValue ints(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  private static Tensor ints(Random r, Shape s, int bound) {
    int[] v = new int[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(2 * bound + 1) - bound;
    }
    return Tensor.ofInts(s, v);
  }

  private static Tensor floats(Random r, Shape s) {
    float[] v = new float[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(2001) / 1000f - 1;
    }
    return Tensor.ofFloats(s, v);
  }

  /** Floats from {-2, ..., 2}: windows with tied maxima. */
  private static Tensor ties(Random r, Shape s) {
    float[] v = new float[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(5) - 2;
    }
    return Tensor.ofFloats(s, v);
  }

  private static void add(CaseList out, String what, GraphDefBuilder g, String... fetch) {
    out.add(what, g.build(), Map.<String, TensorProto>of(), List.of(fetch));
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (boolean ta : new boolean[] {false, true}) {
      for (boolean tb : new boolean[] {false, true}) {
        Tensor a = ints(r, ta ? Shape.of(4, 3) : Shape.of(3, 4), 50);
        Tensor b = ints(r, tb ? Shape.of(5, 4) : Shape.of(4, 5), 50);
        add(
            out,
            "MatMul int32 transpose_a=" + ta + " transpose_b=" + tb,
            new GraphDefBuilder()
                .constant("a", a)
                .constant("b", b)
                .op("out", "MatMul", "a", "b")
                .attr("T", DataType.DT_INT32)
                .attr("transpose_a", ta)
                .attr("transpose_b", tb),
            "out");
      }
    }
    add(
        out,
        "BatchMatMulV2 int32 [2,1,3,4]·[3,4,2] broadcast, adj_y=false",
        new GraphDefBuilder()
            .constant("a", ints(r, Shape.of(2, 1, 3, 4), 9))
            .constant("b", ints(r, Shape.of(3, 4, 2), 9))
            .op("out", "BatchMatMulV2", "a", "b")
            .attr("T", DataType.DT_INT32),
        "out");
    for (String eq :
        List.of("ij,jk->ik", "bij,bjk->bik", "ij->ji", "ii->i", "ij->", "...ij,j->...i")) {
      Tensor a =
          ints(
              r,
              eq.startsWith("b")
                  ? Shape.of(2, 3, 3)
                  : eq.startsWith("...") ? Shape.of(2, 3, 3) : Shape.of(3, 3),
              9);
      boolean two = eq.contains(",");
      GraphDefBuilder g = new GraphDefBuilder().constant("a", a);
      if (two) {
        Shape bs =
            eq.startsWith("b")
                ? Shape.of(2, 3, 4)
                : eq.startsWith("...") ? Shape.of(3) : Shape.of(3, 4);
        g.constant("b", ints(r, bs, 9));
        g.op("out", "Einsum", "a", "b").attr("N", 2);
      } else {
        g.op("out", "Einsum", "a").attr("N", 1);
      }
      g.attr("T", DataType.DT_INT32).attr("equation", eq);
      add(out, "Einsum int32 '" + eq + "'", g, "out");
    }
    for (String fmt : List.of("NHWC", "NCHW")) {
      add(
          out,
          "BiasAdd float [2,3,4,5] " + fmt,
          new GraphDefBuilder()
              .constant("x", floats(r, Shape.of(2, 3, 4, 5)))
              .constant("b", floats(r, Shape.of(fmt.equals("NHWC") ? 5 : 3)))
              .op("out", "BiasAdd", "x", "b")
              .attr("T", DataType.DT_FLOAT)
              .attr("data_format", fmt),
          "out");
    }
    add(
        out,
        "BiasAdd int32 [3,4]",
        new GraphDefBuilder()
            .constant("x", ints(r, Shape.of(3, 4), 100))
            .constant("b", ints(r, Shape.of(4), 100))
            .op("out", "BiasAdd", "x", "b")
            .attr("T", DataType.DT_INT32),
        "out");
    for (String padding : List.of("SAME", "VALID")) {
      add(
          out,
          "Conv2D int32 [2,5,5,3]⊗[3,3,3,2] strides 2 " + padding,
          new GraphDefBuilder()
              .constant("x", ints(r, Shape.of(2, 5, 5, 3), 5))
              .constant("f", ints(r, Shape.of(3, 3, 3, 2), 5))
              .op("out", "Conv2D", "x", "f")
              .attr("T", DataType.DT_INT32)
              .attr("strides", ints(1, 2, 2, 1))
              .attr("padding", padding),
          "out");
      add(
          out,
          "MaxPool int32 [1,5,6,2] 3x2 window strides 2 " + padding,
          new GraphDefBuilder()
              .constant("x", ints(r, Shape.of(1, 5, 6, 2), 3))
              .op("out", "MaxPool", "x")
              .attr("T", DataType.DT_INT32)
              .attr("ksize", ints(1, 3, 2, 1))
              .attr("strides", ints(1, 2, 2, 1))
              .attr("padding", padding),
          "out");
      for (boolean batch : new boolean[] {false, true}) {
        add(
            out,
            "MaxPoolWithArgmax float [2,4,5,3] (ties) 2x2 strides 1 "
                + padding
                + " include_batch_in_index="
                + batch,
            new GraphDefBuilder()
                .constant("x", ties(r, Shape.of(2, 4, 5, 3)))
                .op("out", "MaxPoolWithArgmax", "x")
                .attr("T", DataType.DT_FLOAT)
                .attr("Targmax", DataType.DT_INT64)
                .attr("ksize", ints(1, 2, 2, 1))
                .attr("strides", ints(1, 1, 1, 1))
                .attr("padding", padding)
                .attr("include_batch_in_index", batch),
            "out:0",
            "out:1");
      }
    }
    errors(out, r);
    return out.cases();
  }

  /**
   * Run-time errors. No data_format cases: TF Java's TF 2.18 runs Conv2D, DepthwiseConv2dNative,
   * Conv3D, MaxPool (2D and 3D) and AvgPool3D in NCHW/NCDHW and Conv3D with dilations on the CPU
   * (its oneDNN rewrites), while the TF 2.18 that answered the DL4J corpus rejects MaxPool,
   * AvgPool, Conv2DBackpropInput and Conv3DBackpropInputV2 in channels-first layouts; rawops
   * follows the corpus (TF's plain CPU kernels).
   */
  private static void errors(CaseList out, Random r) {
    add(
        out,
        "SparseSoftmaxCrossEntropyWithLogits with a label out of range",
        new GraphDefBuilder()
            .constant("logits", floats(r, Shape.of(2, 3)))
            .constant("labels", Tensor.ofInts(Shape.of(2), 0, 3))
            .op("out", "SparseSoftmaxCrossEntropyWithLogits", "logits", "labels")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tlabels", DataType.DT_INT32),
        "out:0");
    add(
        out,
        "MatMul [2,3]·[4,5]",
        new GraphDefBuilder()
            .constant("a", floats(r, Shape.of(2, 3)))
            .constant("b", floats(r, Shape.of(4, 5)))
            .op("out", "MatMul", "a", "b")
            .attr("T", DataType.DT_FLOAT),
        "out");
  }
}
