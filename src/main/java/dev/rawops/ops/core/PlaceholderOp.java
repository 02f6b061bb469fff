package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** Placeholder: a value the caller must feed; running it unfed is INVALID_ARGUMENT. */
public final class PlaceholderOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "Placeholder"
      output_arg { name: "output" type_attr: "dtype" }
      attr { name: "dtype" type: "type" }
      attr { name: "shape" type: "shape" default_value { shape { unknown_rank: true } } }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  /**
   * The last GraphDef producer version whose Placeholders cannot tell a scalar {@code shape} from
   * an unknown one (TF's Placeholder shape function, array_ops.cc: {@code graph_def_version() <=
   * 21}).
   */
  static final int LEGACY_SCALAR_SHAPE_PRODUCER = 21;

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    PartialShape shape = PartialShape.fromProto(node.attrs().getShape("shape"));
    if (node.graphProducer() <= LEGACY_SCALAR_SHAPE_PRODUCER
        && (!shape.hasRank() || shape.rank() == 0)) {
      return List.of(PartialShape.unknownRank()); // TF 1's graphs wrote shape {} for "unknown"
    }
    return List.of(shape);
  }
}
