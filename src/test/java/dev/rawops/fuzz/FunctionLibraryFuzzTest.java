package dev.rawops.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.rawops.Limits;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.RunOptions;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.FunctionDefLibrary;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.OpDef;
import dev.rawops.tfproto.TensorProto;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * FunctionDefLibrary bytes → a graph calling each of its first four functions through
 * PartitionedCall on scalar zeros (an argument typed by an attr gets float) → build and run with a
 * 2 s deadline: results, or a status. Recursion, mutual recursion, endless loops and malformed
 * bodies all end in a status. Seeds (the libraries of the committed function and TensorList
 * fixtures) in {@code FunctionLibraryFuzzTestInputs/functionLibrary/}.
 */
class FunctionLibraryFuzzTest {
  @BeforeAll
  static void smallTensorLimit() {
    Limits.set(Limits.MAX_TENSOR_BYTES, 64L << 20);
  }

  @AfterAll
  static void defaultTensorLimit() {
    Limits.reset(Limits.MAX_TENSOR_BYTES);
  }

  @FuzzTest(maxDuration = "20s")
  void functionLibrary(byte[] data) {
    FunctionDefLibrary lib;
    try {
      lib = FunctionDefLibrary.parseFrom(data);
    } catch (InvalidProtocolBufferException e) {
      return; // not a library: the protobuf parser's business, fuzzed by GraphDefFuzzTest
    }
    if (lib.getFunctionCount() == 0) {
      return;
    }
    FuzzChecks.statusOrSuccess(() -> callEach(lib));
  }

  private static void callEach(FunctionDefLibrary lib) {
    GraphDef.Builder g = GraphDef.newBuilder().setLibrary(lib);
    List<String> fetches = new ArrayList<>();
    for (int f = 0; f < Math.min(4, lib.getFunctionCount()); f++) {
      FunctionDef fn = lib.getFunction(f);
      OpDef sig = fn.getSignature();
      NodeDef.Builder call = NodeDef.newBuilder().setName("call" + f).setOp("PartitionedCall");
      AttrValue.ListValue.Builder tin = AttrValue.ListValue.newBuilder();
      AttrValue.ListValue.Builder tout = AttrValue.ListValue.newBuilder();
      for (int i = 0; i < sig.getInputArgCount(); i++) {
        DataType t = typeOf(sig.getInputArg(i));
        String name = "arg" + f + "_" + i;
        g.addNode(
            NodeDef.newBuilder()
                .setName(name)
                .setOp("Const")
                .putAttr("dtype", AttrValue.newBuilder().setType(t).build())
                .putAttr(
                    "value",
                    AttrValue.newBuilder()
                        .setTensor(TensorProto.newBuilder().setDtype(t))
                        .build()));
        call.addInput(name);
        tin.addType(t);
      }
      for (int i = 0; i < sig.getOutputArgCount(); i++) {
        tout.addType(typeOf(sig.getOutputArg(i)));
      }
      call.putAttr("Tin", AttrValue.newBuilder().setList(tin).build())
          .putAttr("Tout", AttrValue.newBuilder().setList(tout).build())
          .putAttr(
              "f",
              AttrValue.newBuilder()
                  .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName(sig.getName()))
                  .build());
      g.addNode(call);
      for (int i = 0; i < sig.getOutputArgCount(); i++) {
        fetches.add("call" + f + ":" + i);
      }
    }
    Graph graph = Graph.build(g.build(), Device.CPU);
    graph
        .newSession()
        .run(RunOptions.none().timeout(Duration.ofSeconds(2)), Map.of(), fetches, List.of())
        .forEach(Tensor::close);
  }

  private static DataType typeOf(OpDef.ArgDef arg) {
    DataType t = arg.getType();
    return t == DataType.DT_INVALID || t == DataType.UNRECOGNIZED ? DataType.DT_FLOAT : t;
  }
}
