package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
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

  /**
   * Float AvgPool and LRN: TF's Eigen sums in float, in its packet order (over the whole padded
   * patch; LRN as a float band-matrix product, then {@code exp(log(x) * -beta)}), rawops in double
   * then rounds once, so the last bit or two can differ.
   */
  @Override
  public java.util.Optional<Tolerance> tolerance(Case c) {
    String d = c.description();
    if (d.startsWith("GEMM float")) {
      // Products and convolutions sum in a different order from oneDNN (and with FMA): as the
      // corpus fixtures, rtol 1e-5, and an atol for sums of ~200 terms that cancel near zero.
      return java.util.Optional.of(Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-5).build());
    }
    if (d.startsWith("BatchNorm float") && (d.contains("NDHWC") || d.contains("NCDHW"))) {
      // 5-D: TF's formula is neither of the two that give its 4-D bits (BatchNormFormula).
      return java.util.Optional.of(Tolerance.newBuilder().setRtol(1e-6).setAtol(1e-6).build());
    }
    return d.startsWith("AvgPool float") || d.startsWith("LRN float")
        ? java.util.Optional.of(Tolerance.newBuilder().setRtol(1e-6).setAtol(1e-7).build())
        : java.util.Optional.empty();
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
    dataFormats(out, new Random(31));
    hugeAttrs(out, new Random(37));
    gemmEdges(out, new Random(41));
    depthwiseEdges(out, new Random(43));
    simdEdges(out, new Random(47));
    batchNormInference(out, new Random(53));
    return out.cases();
  }

  /**
   * float BiasAdd and MaxPool at the SIMD paths' edges: BiasAdd over tensor memory (a bias block,
   * chunk-crossing rows, NCHW on the lane path) and MaxPool with channel counts that leave a masked
   * last vector; values with ±0, ±infinity, NaN and subnormals.
   */
  private static void simdEdges(CaseList out, Random r) {
    Shape[][] bias = {
      {Shape.of(2, 5, 7, 10), Shape.of(10)},
      {Shape.of(3, 1500), Shape.of(1500)},
      {Shape.of(2, 10, 3, 5), Shape.of(10)}
    };
    for (Shape[] bs : bias) {
      boolean nchw = bs[0].rank() == 4 && bs[0].dim(1) == bs[1].dim(0) && bs[0].dim(3) != 10;
      add(
          out,
          "SIMD BiasAdd float " + bs[0] + " + " + bs[1] + (nchw ? " NCHW" : " NHWC"),
          new GraphDefBuilder()
              .constant("x", specials(r, bs[0]))
              .constant("b", specials(r, bs[1]))
              .op("out", "BiasAdd", "x", "b")
              .attr("T", DataType.DT_FLOAT)
              .attr("data_format", nchw ? "NCHW" : "NHWC"),
          "out");
    }
    for (int c : new int[] {10, 37}) {
      for (String padding : List.of("SAME", "VALID")) {
        add(
            out,
            "SIMD MaxPool float [2,9,11," + c + "] 3x3 strides 2 " + padding,
            new GraphDefBuilder()
                .constant("x", specials(r, Shape.of(2, 9, 11, c)))
                .op("out", "MaxPool", "x")
                .attr("T", DataType.DT_FLOAT)
                .attr("ksize", ints(1, 3, 3, 1))
                .attr("strides", ints(1, 2, 2, 1))
                .attr("padding", padding),
            "out");
      }
    }
    int[][] convs = { // in h, w, c; window kh, kw; out channels; stride
      {7, 9, 3, 3, 3, 10, 1}, {7, 9, 3, 3, 3, 10, 2}, {6, 6, 3, 5, 5, 4, 1}, {5, 8, 2, 4, 3, 7, 3}
    };
    for (int[] cv : convs) {
      for (String padding : List.of("SAME", "VALID")) {
        add(
            out,
            "GEMM float Conv2D im2col rows [2,"
                + cv[0]
                + ","
                + cv[1]
                + ","
                + cv[2]
                + "]⊗["
                + cv[3]
                + ","
                + cv[4]
                + ","
                + cv[2]
                + ","
                + cv[5]
                + "] strides "
                + cv[6]
                + " "
                + padding,
            new GraphDefBuilder()
                .constant("x", floats(r, Shape.of(2, cv[0], cv[1], cv[2])))
                .constant("f", floats(r, Shape.of(cv[3], cv[4], cv[2], cv[5])))
                .op("out", "Conv2D", "x", "f")
                .attr("T", DataType.DT_FLOAT)
                .attr("strides", ints(1, cv[6], cv[6], 1))
                .attr("padding", padding),
            "out");
      }
    }
    add(
        out,
        "GEMM float Conv3D im2col rows [1,4,5,6,2]⊗[3,3,3,2,5] SAME",
        new GraphDefBuilder()
            .constant("x", floats(r, Shape.of(1, 4, 5, 6, 2)))
            .constant("f", floats(r, Shape.of(3, 3, 3, 2, 5)))
            .op("out", "Conv3D", "x", "f")
            .attr("T", DataType.DT_FLOAT)
            .attr("strides", ints(1, 1, 1, 1, 1))
            .attr("padding", "SAME"),
        "out");
  }

  /** Floats as {@link #floats}, one in eight a special value (±0, ±inf, NaN, subnormals). */
  private static Tensor specials(Random r, Shape s) {
    float[] special = {
      0f,
      -0f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.NaN,
      1e-40f,
      -3e-39f,
      Float.MIN_NORMAL,
      -Float.MAX_VALUE
    };
    float[] v = new float[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(8) == 0 ? special[r.nextInt(special.length)] : r.nextInt(2001) / 1000f - 1;
    }
    return Tensor.ofFloats(s, v);
  }

  /**
   * float products and convolutions at the SIMD GEMM's edges: rows not a multiple of its 6-row
   * micro-kernel, columns not a multiple of its vector panels, depths past one 160-deep k slice,
   * transposed operands, one-row products (the unpacked path), broadcast batches, pointwise and
   * strided/dilated convolutions.
   */
  private static void gemmEdges(CaseList out, Random r) {
    for (boolean ta : new boolean[] {false, true}) {
      for (boolean tb : new boolean[] {false, true}) {
        for (int m : new int[] {7, 1}) {
          add(
              out,
              "GEMM float MatMul [" + m + ",165]·[165,35] transpose_a=" + ta + " transpose_b=" + tb,
              new GraphDefBuilder()
                  .constant("a", floats(r, ta ? Shape.of(165, m) : Shape.of(m, 165)))
                  .constant("b", floats(r, tb ? Shape.of(35, 165) : Shape.of(165, 35)))
                  .op("out", "MatMul", "a", "b")
                  .attr("T", DataType.DT_FLOAT)
                  .attr("transpose_a", ta)
                  .attr("transpose_b", tb),
              "out");
        }
      }
    }
    add(
        out,
        "GEMM float BatchMatMulV2 [2,1,13,20]·[3,20,50] broadcast",
        new GraphDefBuilder()
            .constant("a", floats(r, Shape.of(2, 1, 13, 20)))
            .constant("b", floats(r, Shape.of(3, 20, 50)))
            .op("out", "BatchMatMulV2", "a", "b")
            .attr("T", DataType.DT_FLOAT),
        "out");
    add(
        out,
        "GEMM float BatchMatMulV2 [3,2,9]·[9,40] adj_x",
        new GraphDefBuilder()
            .constant("a", floats(r, Shape.of(3, 9, 2)))
            .constant("b", floats(r, Shape.of(9, 40)))
            .op("out", "BatchMatMulV2", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .attr("adj_x", true),
        "out");
    record Conv(String what, Shape x, Shape f, long[] strides, long[] dilations, String padding) {}
    for (Conv c :
        List.of(
            new Conv("3x3 SAME", Shape.of(2, 9, 11, 5), Shape.of(3, 3, 5, 37), null, null, "SAME"),
            new Conv("1x1", Shape.of(1, 7, 9, 20), Shape.of(1, 1, 20, 70), null, null, "VALID"),
            new Conv("1x1 SAME", Shape.of(2, 3, 5, 7), Shape.of(1, 1, 7, 33), null, null, "SAME"),
            new Conv(
                "1x1 stride 2",
                Shape.of(1, 7, 9, 20),
                Shape.of(1, 1, 20, 17),
                new long[] {1, 2, 2, 1},
                null,
                "VALID"),
            new Conv(
                "3x3 depth 180", Shape.of(1, 6, 6, 20), Shape.of(3, 3, 20, 8), null, null, "SAME"),
            new Conv(
                "3x3 stride 2",
                Shape.of(1, 9, 10, 6),
                Shape.of(3, 3, 6, 12),
                new long[] {1, 2, 2, 1},
                null,
                "VALID"),
            new Conv(
                "3x3 dilation 2",
                Shape.of(1, 9, 9, 4),
                Shape.of(3, 3, 4, 10),
                null,
                new long[] {1, 2, 2, 1},
                "SAME"))) {
      add(
          out,
          "GEMM float Conv2D " + c.what() + " " + c.x() + "⊗" + c.f(),
          new GraphDefBuilder()
              .constant("x", floats(r, c.x()))
              .constant("f", floats(r, c.f()))
              .op("out", "Conv2D", "x", "f")
              .attr("T", DataType.DT_FLOAT)
              .attr("strides", ints(c.strides() == null ? new long[] {1, 1, 1, 1} : c.strides()))
              .attr(
                  "dilations",
                  ints(c.dilations() == null ? new long[] {1, 1, 1, 1} : c.dilations()))
              .attr("padding", c.padding()),
          "out");
    }
  }

  /**
   * float DepthwiseConv2dNative at the SIMD path's edges: channel counts around its one- and
   * two-vector steps (1, 5, 16, 37, 48, 64), channel multipliers 1 to 3 (the plain loop), strides,
   * dilations, SAME and VALID padding, a 5×5 window.
   */
  private static void depthwiseEdges(CaseList out, Random r) {
    record Dw(Shape x, Shape f, long stride, long dilation, String padding) {}
    for (Dw c :
        List.of(
            new Dw(Shape.of(1, 6, 7, 1), Shape.of(3, 3, 1, 1), 1, 1, "SAME"),
            new Dw(Shape.of(2, 5, 6, 5), Shape.of(3, 3, 5, 1), 1, 1, "SAME"),
            new Dw(Shape.of(1, 7, 7, 16), Shape.of(3, 3, 16, 1), 2, 1, "SAME"),
            new Dw(Shape.of(1, 8, 9, 37), Shape.of(3, 3, 37, 1), 1, 1, "VALID"),
            new Dw(Shape.of(1, 9, 9, 48), Shape.of(3, 3, 48, 1), 1, 2, "SAME"),
            new Dw(Shape.of(2, 10, 8, 64), Shape.of(5, 5, 64, 1), 2, 1, "SAME"),
            new Dw(Shape.of(1, 6, 6, 64), Shape.of(3, 3, 64, 1), 1, 1, "VALID"),
            new Dw(Shape.of(1, 5, 6, 4), Shape.of(3, 3, 4, 2), 1, 1, "SAME"),
            new Dw(Shape.of(2, 7, 5, 3), Shape.of(3, 2, 3, 3), 2, 1, "VALID"),
            new Dw(Shape.of(1, 8, 8, 8), Shape.of(3, 3, 8, 2), 1, 2, "SAME"))) {
      add(
          out,
          "Depthwise float DepthwiseConv2dNative "
              + c.x()
              + "⊗"
              + c.f()
              + " stride "
              + c.stride()
              + " dilation "
              + c.dilation()
              + " "
              + c.padding(),
          new GraphDefBuilder()
              .constant("x", floats(r, c.x()))
              .constant("f", floats(r, c.f()))
              .op("out", "DepthwiseConv2dNative", "x", "f")
              .attr("T", DataType.DT_FLOAT)
              .attr("strides", ints(1, c.stride(), c.stride(), 1))
              .attr("dilations", ints(1, c.dilation(), c.dilation(), 1))
              .attr("padding", c.padding()),
          "out");
    }
  }

  /**
   * Window, stride, dilation and radius attrs past what fits: TF reads them into int32s and refuses
   * what does not fit; what fits but is larger than the input (a 2^31 - 1 window) TF computes. No
   * LRN radius within 3 of INT_MAX: TF's int arithmetic overflows there (its answer is not LRN's).
   */
  private static void hugeAttrs(CaseList out, Random r) {
    long[] big = {1L << 31, (1L << 32) + 2, 1L << 40, Integer.MAX_VALUE};
    for (String op : List.of("MaxPool", "AvgPool")) {
      for (long k : big) {
        for (String padding : List.of("SAME", "VALID")) {
          add(
              out,
              op + " float [1,4,5,2] ksize " + k + " " + padding,
              new GraphDefBuilder()
                  .constant("x", floats(r, Shape.of(1, 4, 5, 2)))
                  .op("out", op, "x")
                  .attr("T", DataType.DT_FLOAT)
                  .attr("ksize", ints(1, k, 2, 1))
                  .attr("strides", ints(1, 1, 1, 1))
                  .attr("padding", padding),
              "out");
        }
      }
      add(
          out,
          op + " float [1,4,5,2] stride 2^31 - 1 SAME",
          new GraphDefBuilder()
              .constant("x", floats(r, Shape.of(1, 4, 5, 2)))
              .op("out", op, "x")
              .attr("T", DataType.DT_FLOAT)
              .attr("ksize", ints(1, 2, 2, 1))
              .attr("strides", ints(1, Integer.MAX_VALUE, 1, 1))
              .attr("padding", "SAME"),
          "out");
    }
    for (String attr : List.of("strides", "dilations")) {
      for (long v : new long[] {1L << 62, 1L << 31}) {
        long[] a = {1, v, 1, 1};
        add(
            out,
            "Conv2D float " + attr + " " + v,
            new GraphDefBuilder()
                .constant("x", floats(r, Shape.of(1, 4, 4, 2)))
                .constant("f", floats(r, Shape.of(2, 2, 2, 3)))
                .op("out", "Conv2D", "x", "f")
                .attr("T", DataType.DT_FLOAT)
                .attr("strides", attr.equals("strides") ? ints(a) : ints(1, 1, 1, 1))
                .attr("dilations", attr.equals("dilations") ? ints(a) : ints(1, 1, 1, 1))
                .attr("padding", "SAME"),
            "out");
      }
    }
    for (long radius : new long[] {(1L << 32) + 1, -1, Integer.MAX_VALUE, 1L << 30}) {
      add(
          out,
          "LRN float [1,2,2,3] depth_radius " + radius,
          new GraphDefBuilder()
              .constant("x", floats(r, Shape.of(1, 2, 2, 3)))
              .op("out", "LRN", "x")
              .attr("T", DataType.DT_FLOAT)
              .attr("depth_radius", radius),
          "out");
    }
    for (long d : new long[] {1L << 30, Integer.MAX_VALUE}) {
      add(
          out,
          "Conv2D float [1,4,4,2] 2x2 filter dilation " + d + " SAME",
          new GraphDefBuilder()
              .constant("x", floats(r, Shape.of(1, 4, 4, 2)))
              .constant("f", floats(r, Shape.of(2, 2, 2, 3)))
              .op("out", "Conv2D", "x", "f")
              .attr("T", DataType.DT_FLOAT)
              .attr("strides", ints(1, 1, 1, 1))
              .attr("dilations", ints(1, d, d, 1))
              .attr("padding", "SAME"),
          "out");
    }
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

  /**
   * DataFormatVecPermute and DataFormatDimMap: both dtypes, 4- and 5-letter formats, the
   * spatial-only (leading 2) form, dims out of [-n, n), and TF's errors (attrs when the kernel is
   * made, input shapes when it runs).
   */
  private static void dataFormats(CaseList out, Random r) {
    String[][] formats = {{"NHWC", "NCHW"}, {"NCHW", "NHWC"}, {"HWNC", "NHWC"}, {"NDHWC", "NCDHW"}};
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      for (String[] f : formats) {
        int n = f[0].length();
        for (Shape s : List.of(Shape.of(n), Shape.of(2), Shape.of(n, 2), Shape.of(2, 2))) {
          if (s.rank() == 2 && n == 5 && s.dim(0) == 5) {
            continue;
          }
          vecPermute(out, f[0], f[1], randomInts(r, t, s, 1000));
        }
        long[] dims = new long[2 * n + 4];
        for (int i = 0; i < dims.length; i++) {
          dims[i] = i < 2 * n ? i - n : r.nextInt(41) - 20;
        }
        dimMap(out, f[0], f[1], Tensor.ofIntegers(t, Shape.of(2, n + 2), dims));
      }
    }
    dimMap(out, "NHWC", "NCHW", Tensor.ofInts(Shape.scalar(), -1));
    dimMap(out, "NHWC", "NHWC", Tensor.ofInts(Shape.of(0), new int[0]));
    dimMap(
        out, "NHWC", "NCHW", Tensor.ofInts(Shape.of(3), Integer.MAX_VALUE, Integer.MIN_VALUE, -5));
    Tensor v4 = Tensor.ofInts(Shape.of(4), 7, 4, 9, 3);
    vecPermute(out, "NHWC", "NCHW", Tensor.ofInts(Shape.scalar(), 1));
    vecPermute(out, "NHWC", "NCHW", Tensor.ofInts(Shape.of(3), 1, 2, 3));
    vecPermute(out, "NHWC", "NCHW", Tensor.ofInts(Shape.of(3, 2), 1, 2, 3, 4, 5, 6));
    vecPermute(out, "NHWC", "NCHW", Tensor.ofInts(Shape.of(4, 3), new int[12]));
    vecPermute(out, "NHWC", "NCHW", Tensor.ofInts(Shape.of(2, 2, 1), 1, 2, 3, 4));
    vecPermute(out, "NDWC", "NCDW", Tensor.ofInts(Shape.of(2), 1, 2));
    for (String[] bad :
        new String[][] {{"NHW", "NHW"}, {"NHWC", "NHWCDE"}, {"NHWC", "NHWW"}, {"NHHC", "NHHC"}}) {
      vecPermute(out, bad[0], bad[1], v4);
      dimMap(out, bad[0], bad[1], v4);
    }
  }

  private static Tensor randomInts(Random r, DType t, Shape s, int bound) {
    long[] v = new long[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(2 * bound + 1) - bound;
    }
    return Tensor.ofIntegers(t, s, v);
  }

  private static void vecPermute(CaseList out, String src, String dst, Tensor x) {
    dataFormat(out, "DataFormatVecPermute", src, dst, x);
  }

  private static void dimMap(CaseList out, String src, String dst, Tensor x) {
    dataFormat(out, "DataFormatDimMap", src, dst, x);
  }

  private static void dataFormat(CaseList out, String op, String src, String dst, Tensor x) {
    NodeCase c = new NodeCase().fed(x);
    c.op(op).attr("T", x.dtype()).attr("src_format", src).attr("dst_format", dst);
    c.addTo(out, op + " " + src + " -> " + dst, 1);
  }

  /**
   * FusedBatchNorm (V1, V2, V3) in inference mode on float32: NHWC with channel counts that fill
   * whole vectors, leave a masked last vector or exceed a chunk; NCHW; 5-D NDHWC and NCDHW; values
   * with the special floats, a zero variance and a tiny epsilon.
   */
  private static void batchNormInference(CaseList out, Random r) {
    Object[][] shapes = { // x shape, data format
      {Shape.of(2, 5, 7, 16), "NHWC"},
      {Shape.of(1, 9, 11, 37), "NHWC"},
      {Shape.of(1, 3, 3, 1500), "NHWC"},
      {Shape.of(2, 10, 6, 5), "NCHW"},
      {Shape.of(1, 3, 4, 5, 12), "NDHWC"},
      {Shape.of(1, 12, 3, 4, 5), "NCDHW"}
    };
    String[] versions = {"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"};
    List<Object[]> cases = new java.util.ArrayList<>();
    int k = 0;
    for (Object[] sf : shapes) {
      cases.add(
          new Object[] {
            sf[0], sf[1], ((Shape) sf[0]).rank() == 5 ? "FusedBatchNormV3" : versions[k++ % 3]
          });
    }
    // each version over the same layouts: a whole vector of channels, a masked tail, NCHW
    for (String v : versions) {
      cases.add(new Object[] {Shape.of(1, 4, 5, 16), "NHWC", v});
      cases.add(new Object[] {Shape.of(1, 4, 5, 37), "NHWC", v});
      cases.add(new Object[] {Shape.of(1, 16, 4, 5), "NCHW", v});
    }
    // channel counts around the vector widths: which of the two formulas TF takes
    for (int depth : new int[] {1, 2, 3, 4, 6, 8, 12, 20, 24, 32, 36, 38, 40, 48, 64, 100}) {
      cases.add(new Object[] {Shape.of(1, 3, 5, depth), "NHWC", "FusedBatchNormV3"});
    }
    for (Object[] sf : cases) {
      Shape xs = (Shape) sf[0];
      String format = (String) sf[1];
      int depth = (int) xs.dim(format.indexOf('C'));
      String op = (String) sf[2];
      float[] var = new float[depth];
      float[] mean = new float[depth];
      float[] scale = new float[depth];
      float[] offset = new float[depth];
      for (int j = 0; j < depth; j++) {
        var[j] = j == 0 ? 0f : r.nextFloat() * 3;
        mean[j] = r.nextFloat() * 2 - 1;
        scale[j] = r.nextFloat() * 4 - 2;
        offset[j] = r.nextFloat() * 2 - 1;
      }
      float eps = xs.rank() == 5 ? 1e-7f : 0.001f;
      NodeCase c =
          new NodeCase()
              .fed(specials(r, xs))
              .fed(Tensor.ofFloats(Shape.of(depth), scale))
              .fed(Tensor.ofFloats(Shape.of(depth), offset))
              .fed(Tensor.ofFloats(Shape.of(depth), mean))
              .fed(Tensor.ofFloats(Shape.of(depth), var));
      GraphDefBuilder g =
          c.op(op)
              .attr("T", DataType.DT_FLOAT)
              .attr("epsilon", AttrValue.newBuilder().setF(eps).build())
              .attr("is_training", false)
              .attr("data_format", format);
      if (!op.equals("FusedBatchNorm")) {
        g.attr("U", DataType.DT_FLOAT);
      }
      c.addTo(out, "BatchNorm float " + op + " inference " + xs + " " + format, 1);
    }
  }
}
