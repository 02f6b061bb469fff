package dev.rawops.testing;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Parallel;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A graph of one op on its inputs, built and run: {@code OneOp.of("Sum").input(x).input(axes)
 * .attr("T", DType.FLOAT).attr("Tidx", DType.INT32).attr("keep_dims", true).run()}.
 *
 * <p>The inputs are nodes x0, x1, … in the order given: by default Placeholders of unknown rank fed
 * with the given tensors, so the kernel (not the shape function) sees their shapes at run time;
 * Consts instead with {@link #constInputs()} or {@link #constInput}, for checks made at build time;
 * Placeholders of a declared shape with {@link #input(Tensor, PartialShape)} and {@link
 * #placeholder}. The op is node "out" unless {@link #named}. No attr is inferred (not even "T" from
 * the inputs): each is set as given.
 */
public final class OneOp {
  /** One input: a value (fed or Const) or none (a Placeholder nothing feeds). */
  private record Input(Tensor value, DataType dtype, PartialShape shape, boolean constant) {}

  private final String op;
  private final List<Input> inputs = new ArrayList<>();
  private final List<Consumer<GraphDefBuilder>> attrs = new ArrayList<>();
  private String name = "out";
  private boolean allConst;

  private OneOp(String op) {
    this.op = op;
  }

  /** A node of op type {@code op}, no inputs or attrs yet. */
  public static OneOp of(String op) {
    return new OneOp(op);
  }

  /** Names the op's node {@code name} instead of "out" (where a test expects that name). */
  public OneOp named(String name) {
    this.name = name;
    return this;
  }

  /** The next input: a Placeholder of unknown rank fed with {@code value}. */
  public OneOp input(Tensor value) {
    return input(value, PartialShape.unknownRank());
  }

  /** The next input: a Placeholder of static shape {@code shape} fed with {@code value}. */
  public OneOp input(Tensor value, PartialShape shape) {
    inputs.add(new Input(value, value.dtype().proto(), shape, false));
    return this;
  }

  /** The next inputs, each as {@link #input(Tensor)}. */
  public OneOp inputs(Tensor... values) {
    for (Tensor v : values) {
      input(v);
    }
    return this;
  }

  /** The next input: a Const holding {@code value}. */
  public OneOp constInput(Tensor value) {
    inputs.add(new Input(value, value.dtype().proto(), null, true));
    return this;
  }

  /** The next input: a Placeholder of {@code shape} that nothing feeds (for build-time checks). */
  public OneOp placeholder(DataType dtype, PartialShape shape) {
    inputs.add(new Input(null, dtype, shape, false));
    return this;
  }

  public OneOp placeholder(DType dtype, PartialShape shape) {
    return placeholder(dtype.proto(), shape);
  }

  /** Every input given a value becomes a Const (before or after this call), none is fed. */
  public OneOp constInputs() {
    allConst = true;
    return this;
  }

  public OneOp attr(String attr, DataType v) {
    return with(b -> b.attr(attr, v));
  }

  public OneOp attr(String attr, DType v) {
    return with(b -> b.attr(attr, v));
  }

  public OneOp attr(String attr, boolean v) {
    return with(b -> b.attr(attr, v));
  }

  public OneOp attr(String attr, long v) {
    return with(b -> b.attr(attr, v));
  }

  public OneOp attr(String attr, float v) {
    return attr(attr, AttrValue.newBuilder().setF(v).build());
  }

  public OneOp attr(String attr, String v) {
    return with(b -> b.attr(attr, v));
  }

  /** A shape attr. */
  public OneOp attr(String attr, PartialShape v) {
    return attr(attr, AttrValue.newBuilder().setShape(v.toProto()).build());
  }

  public OneOp attr(String attr, AttrValue v) {
    return with(b -> b.attr(attr, v));
  }

  /** A list(int) attr, e.g. {@code attrInts("strides", 1, 1, 1, 1)}. */
  public OneOp attrInts(String attr, long... v) {
    AttrValue.ListValue.Builder list = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      list.addI(x);
    }
    return attr(attr, AttrValue.newBuilder().setList(list).build());
  }

  /** A list(type) attr. */
  public OneOp attrTypes(String attr, DataType... v) {
    return with(b -> b.attrTypes(attr, v));
  }

  /**
   * Each entry as the typed setter of its value's class: DataType, DType, Boolean, Long, Integer,
   * Float, String, PartialShape or AttrValue.
   */
  public OneOp attrs(Map<String, ?> attrs) {
    for (var e : attrs.entrySet()) {
      String k = e.getKey();
      switch (e.getValue()) {
        case DataType v -> attr(k, v);
        case DType v -> attr(k, v);
        case Boolean v -> attr(k, (boolean) v);
        case Long v -> attr(k, (long) v);
        case Integer v -> attr(k, (long) v);
        case Float v -> attr(k, (float) v);
        case String v -> attr(k, v);
        case PartialShape v -> attr(k, v);
        case AttrValue v -> attr(k, v);
        default -> throw new IllegalArgumentException("attr " + e);
      }
    }
    return this;
  }

  private OneOp with(Consumer<GraphDefBuilder> attr) {
    attrs.add(attr);
    return this;
  }

  private boolean fed(Input in) {
    return in.value() != null && !in.constant() && !allConst;
  }

  /** The GraphDef: the inputs x0, x1, …, then the op. */
  public GraphDef graph() {
    GraphDefBuilder b = new GraphDefBuilder();
    String[] names = new String[inputs.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = "x" + i;
      Input in = inputs.get(i);
      if (in.value() != null && !fed(in)) {
        b.constant(names[i], in.value());
      } else {
        b.placeholder(names[i], in.dtype(), in.shape());
      }
    }
    b.op(name, op, names);
    attrs.forEach(a -> a.accept(b));
    return b.build();
  }

  /** The feeds of a run: each fed input's node name and value. */
  public Map<String, Tensor> feeds() {
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (fed(inputs.get(i))) {
        feeds.put("x" + i, inputs.get(i).value());
      }
    }
    return feeds;
  }

  /** The graph built for the CPU (build-time errors are thrown here). */
  public Graph build() {
    return Graph.build(graph(), Device.CPU);
  }

  /** Builds and runs the graph; returns output 0. */
  public Tensor run() {
    return runAll(1).get(0);
  }

  /** Builds and runs the graph; returns outputs 0 to {@code n - 1}. */
  public List<Tensor> runAll(int n) {
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fetches.add(name + ":" + i);
    }
    return build().newSession().run(feeds(), fetches);
  }

  /** Runs on the CPU with every kernel seeing {@code parallel} ({@link SplitRuns#run}). */
  public Tensor run(Parallel parallel) {
    return SplitRuns.run(graph(), feeds(), name, parallel);
  }
}
