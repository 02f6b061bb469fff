package dev.rawops.tfgen;

import static dev.rawops.tfgen.TensorListKit.counting;
import static dev.rawops.tfgen.TensorListKit.fromTensor;
import static dev.rawops.tfgen.TensorListKit.reserve;
import static dev.rawops.tfgen.TensorListKit.scalar;
import static dev.rawops.tfgen.TensorListKit.shape;
import static dev.rawops.tfgen.TensorListKit.stack;
import static dev.rawops.tfgen.TensorListKit.withLibrary;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;

/**
 * Lists carried through loops the way TF 2 exports them: a functional While whose body writes
 * element i of a reserved list (tf.while_loop over a TensorArray in TF 2), an LSTM-like loop
 * (GetItem of x[t] from TensorListFromTensor, MatMul, Tanh, SetItem, Stack after), and the same
 * write loop in TF 1 control flow (Enter, Merge, Switch, NextIteration, Exit carrying a variant).
 */
final class TensorListLoops {
  private TensorListLoops() {}

  private static String constInt(String name, int v) {
    return """
        node_def { name: "%s" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { } int_val: %d } } } }
        """
        .formatted(name, v);
  }

  private static String shapeConst(String name, int... dims) {
    StringBuilder v = new StringBuilder();
    for (int d : dims) {
      v.append(" int_val: ").append(d);
    }
    return """
        node_def { name: "%s" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: %d } }%s } } } }
        """
        .formatted(name, dims.length, v);
  }

  private static String less(String limit) {
    return """
        node_def { name: "lt" op: "Less" input: "i" input: "%s:output:0"
          attr { key: "T" value { type: DT_INT32 } } }
        ret { key: "c" value: "lt:z:0" }
        """
        .formatted(limit);
  }

  private static String increment() {
    return constInt("one", 1)
        + """
        node_def { name: "next" op: "AddV2" input: "i" input: "one:output:0"
          attr { key: "T" value { type: DT_INT32 } } }
        """;
  }

  /** cond(i, l, x): i < n; body(i, l, x): l[i] = 2 * x[i], i + 1. */
  private static String writeLibrary(int n) {
    String args =
        """
        input_arg { name: "i" type: DT_INT32 } input_arg { name: "l" type: DT_VARIANT }
        input_arg { name: "x" type: DT_FLOAT }
        """;
    return """
        function {
          signature { name: "more" %s output_arg { name: "c" type: DT_BOOL } }
          %s %s
        }
        function {
          signature { name: "write" %s
            output_arg { name: "i2" type: DT_INT32 } output_arg { name: "l2" type: DT_VARIANT }
            output_arg { name: "x2" type: DT_FLOAT } }
          %s
          node_def { name: "row" op: "GatherV2" input: "x" input: "i" input: "axis:output:0"
            attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } }
            attr { key: "Taxis" value { type: DT_INT32 } } attr { key: "batch_dims" value { i: 0 } } }
          node_def { name: "two" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
            attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { } float_val: 2 } } } }
          node_def { name: "twice" op: "Mul" input: "row:output:0" input: "two:output:0"
            attr { key: "T" value { type: DT_FLOAT } } }
          node_def { name: "set" op: "TensorListSetItem" input: "l" input: "i" input: "twice:z:0"
            attr { key: "element_dtype" value { type: DT_FLOAT } } }
          %s
          ret { key: "i2" value: "next:z:0" }
          ret { key: "l2" value: "set:output_handle:0" }
          ret { key: "x2" value: "x" }
        }
        """
        .formatted(args, constInt("n", n), less("n"), args, constInt("axis", 0), increment());
  }

  /** cond(i, h, in, out, w, u): i < t; body: h = tanh(in[i] w + h u), out[i] = h, i + 1. */
  private static String lstmLibrary(int t, int batch, int features) {
    String args =
        """
        input_arg { name: "i" type: DT_INT32 } input_arg { name: "h" type: DT_FLOAT }
        input_arg { name: "xs" type: DT_VARIANT } input_arg { name: "hs" type: DT_VARIANT }
        input_arg { name: "w" type: DT_FLOAT } input_arg { name: "u" type: DT_FLOAT }
        """;
    return """
        function {
          signature { name: "steps_left" %s output_arg { name: "c" type: DT_BOOL } }
          %s %s
        }
        function {
          signature { name: "step" %s
            output_arg { name: "i2" type: DT_INT32 } output_arg { name: "h2" type: DT_FLOAT }
            output_arg { name: "xs2" type: DT_VARIANT } output_arg { name: "hs2" type: DT_VARIANT }
            output_arg { name: "w2" type: DT_FLOAT } output_arg { name: "u2" type: DT_FLOAT } }
          %s
          node_def { name: "xt" op: "TensorListGetItem" input: "xs" input: "i" input: "es:output:0"
            attr { key: "element_dtype" value { type: DT_FLOAT } } }
          node_def { name: "xw" op: "MatMul" input: "xt:item:0" input: "w"
            attr { key: "T" value { type: DT_FLOAT } } }
          node_def { name: "hu" op: "MatMul" input: "h" input: "u"
            attr { key: "T" value { type: DT_FLOAT } } }
          node_def { name: "z" op: "AddV2" input: "xw:product:0" input: "hu:product:0"
            attr { key: "T" value { type: DT_FLOAT } } }
          node_def { name: "act" op: "Tanh" input: "z:z:0" attr { key: "T" value { type: DT_FLOAT } } }
          node_def { name: "set" op: "TensorListSetItem" input: "hs" input: "i" input: "act:y:0"
            attr { key: "element_dtype" value { type: DT_FLOAT } } }
          %s
          ret { key: "i2" value: "next:z:0" }
          ret { key: "h2" value: "act:y:0" }
          ret { key: "xs2" value: "xs" }
          ret { key: "hs2" value: "set:output_handle:0" }
          ret { key: "w2" value: "w" }
          ret { key: "u2" value: "u" }
        }
        """
        .formatted(
            args,
            constInt("t", t),
            less("t"),
            args,
            shapeConst("es", batch, features),
            increment());
  }

  private static GraphDefBuilder whileOp(
      GraphDefBuilder b, String name, String cond, String body, DataType[] types, String... in) {
    return b.op(name, "While", in)
        .attrTypes("T", types)
        .attr("cond", func(cond))
        .attr("body", func(body))
        .attr("parallel_iterations", 10);
  }

  private static dev.rawops.tfproto.AttrValue func(String name) {
    return dev.rawops.tfproto.AttrValue.newBuilder()
        .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName(name))
        .build();
  }

  static void cases(CaseList out) {
    for (int n : new int[] {4, 0}) {
      GraphDefBuilder b = new GraphDefBuilder();
      b.constant("x", counting(Shape.of(4, 3), 1));
      shape(b, "es", 3);
      scalar(b, "n", n);
      reserve(b, "r", "es", "n");
      scalar(b, "i0", 0);
      whileOp(
          b,
          "loop",
          "more",
          "write",
          new DataType[] {DataType.DT_INT32, DataType.DT_VARIANT, DataType.DT_FLOAT},
          "i0",
          "r",
          "x");
      stack(b, "s", "loop:1", "es");
      out.add(
          "functional While writing element i of a reserved list of " + n + ", Stack after",
          withLibrary(b, writeLibrary(n)),
          Map.of(),
          List.of("s", "loop:0"));
    }

    int t = 5;
    int batch = 2;
    int features = 3;
    int hidden = 4;
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(t, batch, features), 0.05f));
    shape(b, "esIn", batch, features);
    shape(b, "esOut", batch, hidden);
    fromTensor(b, "xs", "x", "esIn");
    scalar(b, "steps", t);
    reserve(b, "hs", "esOut", "steps");
    b.constant("h0", Tensor.ofFloats(Shape.of(batch, hidden), new float[batch * hidden]));
    b.constant("w", counting(Shape.of(features, hidden), 0.03125f));
    b.constant("u", counting(Shape.of(hidden, hidden), -0.015625f));
    scalar(b, "i0", 0);
    whileOp(
        b,
        "rnn",
        "steps_left",
        "step",
        new DataType[] {
          DataType.DT_INT32,
          DataType.DT_FLOAT,
          DataType.DT_VARIANT,
          DataType.DT_VARIANT,
          DataType.DT_FLOAT,
          DataType.DT_FLOAT
        },
        "i0",
        "h0",
        "xs",
        "hs",
        "w",
        "u");
    stack(b, "outputs", "rnn:3", "esOut");
    out.add(
        "LSTM-like While over FromTensor(x[5,2,3]): GetItem, MatMul, Tanh, SetItem; Stack after",
        withLibrary(b, lstmLibrary(t, batch, features)),
        Map.of(),
        List.of("outputs", "rnn:1"));

    out.add(
        "TF 1 while loop carrying a list through Enter/Merge/Switch/NextIteration/Exit",
        tf1Loop(3).build(),
        Map.of(),
        List.of("s"));
  }

  /** i = 0; l = Reserve(n); while i < n: l[i] = x[i]; i += 1, in TF 1 control flow. */
  private static GraphDefBuilder tf1Loop(int n) {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(n, 2), 1));
    shape(b, "es", 2);
    scalar(b, "n", n);
    reserve(b, "r", "es", "n");
    scalar(b, "i0", 0);
    enter(b, "enter_i", "i0", DType.INT32, false);
    enter(b, "enter_l", "r", DType.VARIANT, false);
    enter(b, "enter_x", "x", DType.FLOAT, true);
    enter(b, "enter_n", "n", DType.INT32, true);
    b.op("merge_i", "Merge", "enter_i", "next_i").attr("T", DType.INT32).attr("N", 2);
    b.op("merge_l", "Merge", "enter_l", "next_l").attr("T", DType.VARIANT).attr("N", 2);
    b.op("lt", "Less", "merge_i", "enter_n").attr("T", DType.INT32);
    b.op("cond", "LoopCond", "lt");
    b.op("switch_i", "Switch", "merge_i", "cond").attr("T", DType.INT32);
    b.op("switch_l", "Switch", "merge_l", "cond").attr("T", DType.VARIANT);
    b.op("i", "Identity", "switch_i:1").attr("T", DType.INT32);
    b.op("l", "Identity", "switch_l:1").attr("T", DType.VARIANT);
    b.op("axis", "Const", "^i")
        .attr("dtype", DType.INT32)
        .attr(
            "value",
            dev.rawops.tfproto.AttrValue.newBuilder()
                .setTensor(dev.rawops.tensor.TensorProtos.toProto(Tensor.ofInts(Shape.scalar(), 0)))
                .build());
    b.op("row", "GatherV2", "enter_x", "i", "axis")
        .attr("Tparams", DType.FLOAT)
        .attr("Tindices", DType.INT32)
        .attr("Taxis", DType.INT32)
        .attr("batch_dims", 0);
    b.op("set", "TensorListSetItem", "l", "i", "row").attr("element_dtype", DType.FLOAT);
    b.op("one", "Const", "^i")
        .attr("dtype", DType.INT32)
        .attr(
            "value",
            dev.rawops.tfproto.AttrValue.newBuilder()
                .setTensor(dev.rawops.tensor.TensorProtos.toProto(Tensor.ofInts(Shape.scalar(), 1)))
                .build());
    b.op("add", "AddV2", "i", "one").attr("T", DType.INT32);
    b.op("next_i", "NextIteration", "add").attr("T", DType.INT32);
    b.op("next_l", "NextIteration", "set").attr("T", DType.VARIANT);
    b.op("exit_l", "Exit", "switch_l:0").attr("T", DType.VARIANT);
    stack(b, "s", "exit_l", "es");
    return b;
  }

  private static void enter(GraphDefBuilder b, String name, String in, DType t, boolean constant) {
    b.op(name, "Enter", in)
        .attr("T", t)
        .attr("frame_name", "loop")
        .attr("is_constant", constant)
        .attr("parallel_iterations", 10);
  }
}
