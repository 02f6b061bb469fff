package dev.rawops.graph;

import com.google.protobuf.ByteString;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Builds GraphDefs in code: {@code new GraphDefBuilder().constant("p", t).op("out", "GatherNd",
 * "p", "i").attr("Tparams", DType.FLOAT)…}. For tests, generators and Java API users. Every method
 * taking the proto {@code DataType} has a {@link DType} twin.
 */
public final class GraphDefBuilder {
  private final GraphDef.Builder graph = GraphDef.newBuilder();
  private NodeDef.Builder last;

  public GraphDefBuilder() {
    graph.getVersionsBuilder().setProducer(1994);
  }

  /** A Const node holding {@code value}. */
  public GraphDefBuilder constant(String name, Tensor value) {
    return constant(name, TensorProtos.toProto(value));
  }

  public GraphDefBuilder constant(String name, TensorProto value) {
    return op(name, "Const")
        .attr("dtype", value.getDtype())
        .attr("value", AttrValue.newBuilder().setTensor(value).build());
  }

  /** A Placeholder with a static shape ({@link PartialShape#unknownRank()} for none). */
  public GraphDefBuilder placeholder(String name, DataType dtype, PartialShape shape) {
    return op(name, "Placeholder")
        .attr("dtype", dtype)
        .attr("shape", AttrValue.newBuilder().setShape(shape.toProto()).build());
  }

  /** A Placeholder with a static shape ({@link PartialShape#unknownRank()} for none). */
  public GraphDefBuilder placeholder(String name, DType dtype, PartialShape shape) {
    return placeholder(name, dtype.proto(), shape);
  }

  /** A node of op type {@code op} with these inputs ("x", "x:1", "^x"); attrs follow. */
  public GraphDefBuilder op(String name, String op, String... inputs) {
    last = graph.addNodeBuilder().setName(name).setOp(op).addAllInput(List.of(inputs));
    return this;
  }

  public GraphDefBuilder attr(String name, AttrValue v) {
    last.putAttr(name, v);
    return this;
  }

  public GraphDefBuilder attr(String name, DataType t) {
    return attr(name, AttrValue.newBuilder().setType(t).build());
  }

  /** A type attr, e.g. {@code attr("T", DType.FLOAT)}. */
  public GraphDefBuilder attr(String name, DType t) {
    return attr(name, t.proto());
  }

  public GraphDefBuilder attr(String name, long i) {
    return attr(name, AttrValue.newBuilder().setI(i).build());
  }

  public GraphDefBuilder attr(String name, String s) {
    return attr(
        name, AttrValue.newBuilder().setS(ByteString.copyFrom(s, StandardCharsets.UTF_8)).build());
  }

  public GraphDefBuilder attr(String name, boolean b) {
    return attr(name, AttrValue.newBuilder().setB(b).build());
  }

  public GraphDefBuilder attrTypes(String name, DataType... types) {
    return attr(
        name,
        AttrValue.newBuilder()
            .setList(AttrValue.ListValue.newBuilder().addAllType(List.of(types)))
            .build());
  }

  /** A non-empty list(type) attr (an empty one: {@code attrTypes(name)}). */
  public GraphDefBuilder attrTypes(String name, DType first, DType... more) {
    DataType[] protos = new DataType[1 + more.length];
    protos[0] = first.proto();
    for (int i = 0; i < more.length; i++) {
      protos[i + 1] = more[i].proto();
    }
    return attrTypes(name, protos);
  }

  public GraphDef build() {
    return graph.build();
  }
}
