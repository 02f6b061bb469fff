package dev.rawops.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import dev.rawops.Limits;
import dev.rawops.kernels.Device;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpRegistry;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.OpDef;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Random small graphs of every op rawops implements (stateless ones): one node of the op, its
 * inputs tiny Consts of random dtypes, shapes and values (small integers, so indices are both in
 * and out of range), its attrs random within their OpDef's allowed values; then build and run.
 * TF-valid or a status, never another exception.
 */
class OpFuzzTest {
  private static final List<OpDef> OPS = new ArrayList<>();

  static {
    for (Op op : OpRegistry.builtIn().all()) {
      OpDef d = op.schema().def();
      if (!d.getIsStateful() && d.getInputArgCount() > 0) {
        OPS.add(d);
      }
    }
    OPS.sort((a, b) -> a.getName().compareTo(b.getName()));
  }

  /**
   * Tiny graphs can still ask for legitimately huge outputs (e.g. a float Range from -3.4e38 to 1
   * in steps of 1.8e30 is 186M elements, 744 MB, in TF too): that is work, not a finding, and it
   * held a campaign input past libFuzzer's timeout. Under a 64 MiB tensor limit such a node is
   * RESOURCE_EXHAUSTED at once, and the fuzzer's time goes to inputs that test something.
   */
  @BeforeAll
  static void smallTensorLimit() {
    Limits.set(Limits.MAX_TENSOR_BYTES, 64L << 20);
  }

  @AfterAll
  static void defaultTensorLimit() {
    Limits.reset(Limits.MAX_TENSOR_BYTES);
  }

  /**
   * One thread: a run's coverage does not depend on scheduling, so a fixed libFuzzer seed and run
   * count give the same inputs every time (CI's fuzz step).
   */
  private static final Session.Options SERIAL =
      new Session.Options().interOpThreads(1).intraOpThreads(1);

  private static final DataType[] TYPES = {
    DataType.DT_FLOAT,
    DataType.DT_DOUBLE,
    DataType.DT_INT32,
    DataType.DT_INT64,
    DataType.DT_BOOL,
    DataType.DT_STRING,
    DataType.DT_INT8,
    DataType.DT_UINT8,
    DataType.DT_HALF,
    DataType.DT_COMPLEX64
  };

  @FuzzTest(maxDuration = "20s")
  void randomOpGraph(FuzzedDataProvider in) {
    OpDef op = OPS.get(in.consumeInt(0, OPS.size() - 1));
    GraphDef def = graph(op, in);
    try {
      run(def);
    } catch (RuntimeException | Error e) {
      throw new AssertionError("op " + op.getName() + ": " + e, e);
    }
  }

  private static void run(GraphDef def) {
    FuzzChecks.statusOrSuccess(
        () -> {
          Graph g = Graph.build(def, Device.CPU);
          List<String> fetches = new ArrayList<>();
          for (int i = 0; i < g.node("n").orElseThrow().outputTypes().size(); i++) {
            fetches.add("n:" + i);
          }
          g.newSession(SERIAL).run(Map.of(), fetches, fetches.isEmpty() ? List.of("n") : List.of());
        });
  }

  static GraphDef graph(OpDef op, FuzzedDataProvider in) {
    GraphDef.Builder g = GraphDef.newBuilder();
    NodeDef.Builder n = NodeDef.newBuilder().setName("n").setOp(op.getName());
    Map<String, AttrValue> attrs = new HashMap<>();
    for (OpDef.AttrDef a : op.getAttrList()) {
      AttrValue v = attr(a, in);
      if (v != null) {
        attrs.put(a.getName(), v);
      }
    }
    for (OpDef.AttrDef a : op.getAttrList()) {
      if (!attrs.containsKey(a.getName()) && a.hasDefaultValue()) {
        attrs.put(a.getName(), a.getDefaultValue());
      }
    }
    int k = 0;
    for (OpDef.ArgDef arg : op.getInputArgList()) {
      List<DataType> types = new ArrayList<>();
      if (!arg.getTypeListAttr().isEmpty()) {
        types.addAll(
            attrs
                .getOrDefault(arg.getTypeListAttr(), AttrValue.getDefaultInstance())
                .getList()
                .getTypeList());
      } else {
        DataType t =
            arg.getType() != DataType.DT_INVALID
                ? arg.getType()
                : attrs.getOrDefault(arg.getTypeAttr(), AttrValue.getDefaultInstance()).getType();
        long count =
            arg.getNumberAttr().isEmpty()
                ? 1
                : attrs.getOrDefault(arg.getNumberAttr(), AttrValue.getDefaultInstance()).getI();
        for (int i = 0; i < Math.min(count, 4); i++) {
          types.add(t);
        }
      }
      for (DataType t : types) {
        String name = "c" + k++;
        g.addNode(
            NodeDef.newBuilder()
                .setName(name)
                .setOp("Const")
                .putAttr("dtype", AttrValue.newBuilder().setType(t).build())
                .putAttr("value", AttrValue.newBuilder().setTensor(tensor(t, in)).build()));
        n.addInput(name);
      }
    }
    n.putAllAttr(attrs);
    return g.addNode(n).build();
  }

  private static AttrValue attr(OpDef.AttrDef a, FuzzedDataProvider in) {
    if (a.hasDefaultValue() && in.consumeBoolean()) {
      return null; // the default
    }
    List<DataType> allowed =
        a.getAllowedValues().getList().getTypeCount() > 0
            ? a.getAllowedValues().getList().getTypeList()
            : List.of(TYPES);
    AttrValue.Builder v = AttrValue.newBuilder();
    switch (a.getType()) {
      case "type" -> v.setType(allowed.get(in.consumeInt(0, allowed.size() - 1)));
      case "list(type)" -> {
        int n = in.consumeInt((int) Math.max(0, a.getMinimum()), 3);
        for (int i = 0; i < n; i++) {
          v.getListBuilder().addType(allowed.get(in.consumeInt(0, allowed.size() - 1)));
        }
      }
      case "int" -> v.setI(in.consumeInt((int) Math.min(a.getMinimum(), -2), 4));
      case "list(int)" -> {
        int n = in.consumeInt(0, 4);
        for (int i = 0; i < n; i++) {
          v.getListBuilder().addI(in.consumeInt(-2, 4));
        }
      }
      case "float" -> v.setF(in.consumeFloat());
      case "bool" -> v.setB(in.consumeBoolean());
      case "string" -> {
        List<ByteString> s = a.getAllowedValues().getList().getSList();
        v.setS(
            s.isEmpty()
                ? ByteString.copyFromUtf8(in.consumeString(8))
                : s.get(in.consumeInt(0, s.size() - 1)));
      }
      case "shape" -> v.setShape(shape(in, true));
      case "tensor" -> v.setTensor(tensor(TYPES[in.consumeInt(0, 4)], in));
      default -> {
        return null;
      }
    }
    if (a.getType().equals("int") && a.getName().equals("N")) {
      v.setI(in.consumeInt((int) Math.max(1, a.getMinimum()), 3));
    }
    return v.build();
  }

  private static TensorShapeProto shape(FuzzedDataProvider in, boolean partial) {
    TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
    int rank = in.consumeInt(0, 3);
    for (int i = 0; i < rank; i++) {
      s.addDimBuilder().setSize(in.consumeInt(partial ? -1 : 0, 3));
    }
    return s.build();
  }

  private static TensorProto tensor(DataType t, FuzzedDataProvider in) {
    TensorShapeProto shape = shape(in, false);
    long n = 1;
    for (TensorShapeProto.Dim d : shape.getDimList()) {
      n *= d.getSize();
    }
    TensorProto.Builder p = TensorProto.newBuilder().setDtype(t).setTensorShape(shape);
    DType dtype = DType.fromProtoOrNull(t);
    for (int i = 0; i < n && dtype != null; i++) {
      int v = in.consumeInt(-3, 5);
      switch (dtype) {
        case FLOAT -> p.addFloatVal(in.consumeBoolean() ? v : in.consumeFloat());
        case DOUBLE -> p.addDoubleVal(v);
        case INT64 -> p.addInt64Val(v);
        case BOOL -> p.addBoolVal(v > 0);
        case STRING -> p.addStringVal(ByteString.copyFromUtf8(Integer.toString(v)));
        case HALF, BFLOAT16 -> p.addHalfVal(v & 0xffff);
        case COMPLEX64 -> p.addScomplexVal(v).addScomplexVal(-v);
        case COMPLEX128 -> p.addDcomplexVal(v).addDcomplexVal(-v);
        case UINT64 -> p.addUint64Val(v);
        case UINT32 -> p.addUint32Val(v);
        default -> p.addIntVal(v);
      }
    }
    return p.build();
  }
}
