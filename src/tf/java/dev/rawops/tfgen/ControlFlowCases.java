package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.ops.controlflow.ControlFlowTest;
import dev.rawops.ops.dataflow.TensorArrayTest;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * TF 1 control flow, TensorArrays and Assert on graphs of core ops only (loops count through
 * GatherNd lookup tables, see ControlFlowTest), so TensorFlow's executor is the oracle for dead
 * tensors, Merge, frames, nested loops, loop invariants and the TensorArray rules.
 */
public final class ControlFlowCases implements CaseFamily {
  @Override
  public String directory() {
    return "control_flow";
  }

  private static Map<String, TensorProto> pred(boolean p) {
    return Map.of("pred", TensorProtos.toProto(Tensor.ofBooleans(Shape.scalar(), p)));
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (boolean p : new boolean[] {true, false}) {
      out.add(
          "cond: Merge of the live branch and value_index, pred " + p,
          ControlFlowTest.cond().graphDef(),
          pred(p),
          List.of("m", "m:1"));
      out.add(
          "a dead branch's node does not run (its GatherNd is out of range), pred " + p,
          ControlFlowTest.cond().graphDef(),
          pred(p),
          List.of("m2"));
      out.add(
          "a node with a dead control input is dead, pred " + p,
          ControlFlowTest.deadControl().graphDef(),
          pred(p),
          List.of("follower"));
      out.add(
          "loop on a cond branch, pred " + p,
          ControlFlowTest.loopInCond().graphDef(),
          pred(p),
          List.of("m", "m:1"));
    }
    out.add(
        "fetching the dead output of a Switch",
        ControlFlowTest.cond().graphDef(),
        pred(false),
        List.of("t"));
    out.add(
        "ControlTrigger runs with a dead input",
        ControlFlowTest.cond().graphDef(),
        pred(false),
        List.of("afterTrigger"));
    for (int k : new int[] {0, 1, 5}) {
      for (int par : new int[] {1, 10}) {
        GraphDefBuilder b = ControlFlowTest.tables(new GraphDefBuilder(), k);
        b.constant("zero", ControlFlowTest.vec(0));
        List<String> exits = ControlFlowTest.countingLoop(b, "loop", "zero", k, par);
        b.op("out", "Identity", exits.get(0)).attr("T", DataType.DT_INT32);
        out.add(
            "while loop of " + k + " iterations, parallel_iterations " + par,
            b.build(),
            Map.of(),
            List.of("out"));
      }
    }
    GraphDefBuilder inLoop = ControlFlowTest.tables(new GraphDefBuilder(), 3);
    inLoop.constant("zero", ControlFlowTest.vec(0));
    ControlFlowTest.countingLoop(inLoop, "loop", "zero", 3, 10);
    out.add("fetching a tensor inside a loop", inLoop.build(), Map.of(), List.of("loop/next"));
    out.add(
        "nested loops 2 x 3",
        ControlFlowTest.nested(2, 3, 10).graphDef(),
        Map.of(),
        List.of("i", "c"));
    out.add(
        "nested loops 3 x 0, parallel_iterations 1",
        ControlFlowTest.nested(3, 0, 1).graphDef(),
        Map.of(),
        List.of("c"));
    out.add(
        "a cond inside a while loop",
        ControlFlowTest.condInLoop().build(),
        Map.of(),
        List.of("out"));
    out.add(
        "a TensorArray written in a while loop (handle entered as a loop invariant), gathered after",
        TensorArrayTest.loopWritingAnArray().build(),
        Map.of(),
        List.of("g"));
    tensorArrays(out);
    asserts(out);
    return out.cases();
  }

  private static void tensorArrays(CaseList out) {
    GraphDefBuilder b = TensorArrayTest.written(true, PartialShape.unknownRank());
    TensorArrayTest.read(b, "r", "ta", 1, "w1");
    b.op("size", "TensorArraySizeV3", "ta", "w1");
    out.add("TensorArray write, read, size", b.build(), Map.of(), List.of("r", "size"));
    b = TensorArrayTest.written(true, PartialShape.of(2));
    TensorArrayTest.read(b, "r", "ta", 2, "w1");
    out.add(
        "TensorArray read of an unwritten index, element shape [2]",
        b.build(),
        Map.of(),
        List.of("r"));
    b = TensorArrayTest.written(true, PartialShape.unknownRank());
    TensorArrayTest.read(b, "r", "ta", 2, "w1");
    out.add(
        "TensorArray read of an unwritten index, unknown element shape",
        b.build(),
        Map.of(),
        List.of("r"));
    b = TensorArrayTest.written(true, PartialShape.unknownRank());
    TensorArrayTest.read(b, "r1", "ta", 0, "w1");
    b.op("after", "Identity", "w1", "^r1").attr("T", DataType.DT_FLOAT);
    TensorArrayTest.read(b, "r2", "ta", 0, "after");
    out.add("TensorArray read twice with clear_after_read", b.build(), Map.of(), List.of("r2"));
    b = TensorArrayTest.written(true, PartialShape.unknownRank());
    TensorArrayTest.write(b, "again", "ta", 1, "a", "w1");
    out.add("TensorArray written twice", b.build(), Map.of(), List.of("again"));
    b = TensorArrayTest.written(true, PartialShape.unknownRank());
    TensorArrayTest.write(b, "far", "ta", 3, "a", "w1");
    out.add("TensorArray write past its size", b.build(), Map.of(), List.of("far"));
    b = TensorArrayTest.written(false, PartialShape.unknownRank());
    b.constant("idx", Tensor.ofInts(Shape.of(2), 1, 0));
    b.op("g", "TensorArrayGatherV3", "ta", "idx", "w1")
        .attr("dtype", DataType.DT_FLOAT)
        .attr(
            "element_shape",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    b.op("cat", "TensorArrayConcatV3", "ta", "w1")
        .attr("dtype", DataType.DT_FLOAT)
        .attr(
            "element_shape_except0",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    out.add("TensorArray gather (2 of 3 written)", b.build(), Map.of(), List.of("g"));
    out.add(
        "TensorArray concat with an unwritten index", b.build(), Map.of(), List.of("cat", "cat:1"));
    b = new GraphDefBuilder();
    TensorArrayTest.array(b, "ta", 0, PartialShape.unknownRank(), false, true);
    b.constant("idx", Tensor.ofInts(Shape.of(0)));
    b.op("g", "TensorArrayGatherV3", "ta", "idx", "ta:1")
        .attr("dtype", DataType.DT_FLOAT)
        .attr(
            "element_shape",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    out.add(
        "TensorArray gather of nothing, unknown element shape", b.build(), Map.of(), List.of("g"));
  }

  private static void asserts(CaseList out) {
    for (boolean ok : new boolean[] {true, false}) {
      GraphDefBuilder b = new GraphDefBuilder();
      b.constant("ok", Tensor.ofBooleans(Shape.scalar(), ok));
      b.constant("msg", Tensor.ofStrings(Shape.of(), "x must be positive:"));
      b.constant("x", Tensor.ofFloats(Shape.of(2, 2), 1.5f, -2f, 1e-7f, 3e10f));
      b.op("check", "Assert", "ok", "msg", "x")
          .attrTypes("T", DataType.DT_STRING, DataType.DT_FLOAT)
          .attr("summarize", 3);
      b.op("out", "Identity", "x", "^check").attr("T", DataType.DT_FLOAT);
      out.add("Assert " + ok + ", summarize 3", b.build(), Map.of(), List.of("out"));
    }
  }
}
