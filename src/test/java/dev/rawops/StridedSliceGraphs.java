package dev.rawops;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: one StridedSlice node named "out" over an "input", with constant or fed vectors. */
public final class StridedSliceGraphs {
  private final Tensor input;
  private final long[] begin;
  private final long[] end;
  private final long[] strides;
  private DType index = DType.INT32;
  private final int[] masks = new int[5];
  private boolean fedInput;
  private boolean fedVectors;
  private boolean vectorShapesKnown;
  private PartialShape inputShape = PartialShape.unknownRank();

  private StridedSliceGraphs(Tensor input, long[] begin, long[] end, long[] strides) {
    this.input = input;
    this.begin = begin;
    this.end = end;
    this.strides = strides;
  }

  public static StridedSliceGraphs slice(Tensor input, long[] begin, long[] end, long[] strides) {
    return new StridedSliceGraphs(input, begin, end, strides);
  }

  /** begin, end, ellipsis, new-axis, shrink masks. */
  public StridedSliceGraphs masks(int b, int e, int ellipsis, int newAxis, int shrink) {
    masks[0] = b;
    masks[1] = e;
    masks[2] = ellipsis;
    masks[3] = newAxis;
    masks[4] = shrink;
    return this;
  }

  public StridedSliceGraphs index(DType t) {
    index = t;
    return this;
  }

  /** Input as a Placeholder of unknown shape, fed at run time. */
  public StridedSliceGraphs feedInput() {
    fedInput = true;
    return this;
  }

  /** Input as a Placeholder with this static shape, fed at run time. */
  public StridedSliceGraphs feedInput(PartialShape shape) {
    fedInput = true;
    inputShape = shape;
    return this;
  }

  /** begin/end/strides as Placeholders whose static shape [n] is known but not their values. */
  public StridedSliceGraphs feedVectorsOfKnownLength() {
    fedVectors = true;
    vectorShapesKnown = true;
    return this;
  }

  /** begin/end/strides as Placeholders of unknown shape, fed at run time (not known at build). */
  public StridedSliceGraphs feedVectors() {
    fedVectors = true;
    return this;
  }

  public GraphDef graph() {
    GraphDefBuilder g = new GraphDefBuilder();
    if (fedInput) {
      g.placeholder("input", input.dtype().proto(), inputShape);
    } else {
      g.constant("input", input);
    }
    for (var v : vectors().entrySet()) {
      if (fedVectors) {
        g.placeholder(
            v.getKey(),
            index.proto(),
            vectorShapesKnown ? v.getValue().shape().toPartial() : PartialShape.unknownRank());
      } else {
        g.constant(v.getKey(), v.getValue());
      }
    }
    g.op("out", "StridedSlice", "input", "begin", "end", "strides")
        .attr("T", input.dtype().proto())
        .attr("Index", index.proto())
        .attr("begin_mask", masks[0])
        .attr("end_mask", masks[1])
        .attr("ellipsis_mask", masks[2])
        .attr("new_axis_mask", masks[3])
        .attr("shrink_axis_mask", masks[4]);
    return g.build();
  }

  private Map<String, Tensor> vectors() {
    Map<String, Tensor> m = new LinkedHashMap<>();
    m.put("begin", vector(begin));
    m.put("end", vector(end));
    m.put("strides", vector(strides));
    return m;
  }

  private Tensor vector(long[] v) {
    return Tensor.ofIntegers(index, Shape.of(v.length), v);
  }

  public Graph build() {
    return Graph.build(graph(), Device.CPU);
  }

  /** Builds and runs, fetching "out". */
  public Tensor run() {
    return build().newSession().run(feeds(), List.of("out")).get(0);
  }

  public Map<String, Tensor> feeds() {
    Map<String, Tensor> feeds = new HashMap<>();
    if (fedInput) {
      feeds.put("input", input);
    }
    if (fedVectors) {
      feeds.putAll(vectors());
    }
    return feeds;
  }
}
