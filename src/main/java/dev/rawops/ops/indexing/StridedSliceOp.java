package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * StridedSlice: what every {@code tensor[...]} in TensorFlow Python becomes. The spec's meaning
 * lives in {@link StridedSliceSpec}; this class holds the schema and TF's shape function.
 */
public final class StridedSliceOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "StridedSlice"
      input_arg { name: "input" type_attr: "T" }
      input_arg { name: "begin" type_attr: "Index" }
      input_arg { name: "end" type_attr: "Index" }
      input_arg { name: "strides" type_attr: "Index" }
      output_arg { name: "output" type_attr: "T" }
      attr { name: "T" type: "type" }
      attr {
        name: "Index" type: "type"
        allowed_values { list { type: DT_INT16 type: DT_INT32 type: DT_INT64 } }
      }
      attr { name: "begin_mask" type: "int" default_value { i: 0 } }
      attr { name: "end_mask" type: "int" default_value { i: 0 } }
      attr { name: "ellipsis_mask" type: "int" default_value { i: 0 } }
      attr { name: "new_axis_mask" type: "int" default_value { i: 0 } }
      attr { name: "shrink_axis_mask" type: "int" default_value { i: 0 } }
      """);

  static final int INPUT = 0;
  static final int BEGIN = 1;
  static final int END = 2;
  static final int STRIDES = 3;

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    StridedSliceMasks.check(node);
  }

  /**
   * TF's shape function: begin, end and strides must be vectors of one length; with constant
   * strides and an input of known rank the spec is canonicalised (and may fail) exactly as the
   * kernel will. Beyond TF, non-constant strides still give the output's rank and the dimensions an
   * ellipsis covers.
   */
  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    Shapes.requireRank(node, BEGIN, 1);
    Shapes.requireRank(node, END, 1);
    Shapes.requireRank(node, STRIDES, 1);
    long entries = mergedLength(node);
    PartialShape input = node.inputShape(INPUT);
    Optional<Tensor> strides = node.constantInput(STRIDES);
    if (!input.hasRank() || entries < 0) {
      return List.of(PartialShape.unknownRank());
    }
    StridedSliceMasks masks = StridedSliceMasks.of(node);
    if (strides.isEmpty()) {
      return List.of(
          entries >= Integer.SIZE
              ? PartialShape.unknownRank()
              : StridedSliceSpec.outputRank(masks, (int) entries, input)
                  .orElse(PartialShape.unknownRank()));
    }
    Optional<Tensor> begin = node.constantInput(BEGIN);
    Optional<Tensor> end = node.constantInput(END);
    StridedSliceSpec.checkVectors(
        node,
        begin.map(Tensor::shape).orElse(null),
        end.map(Tensor::shape).orElse(null),
        strides.get().shape());
    StridedSliceSpec spec =
        StridedSliceSpec.of(
            node,
            masks,
            input,
            begin.map(Tensor::toLongArray).orElse(null),
            end.map(Tensor::toLongArray).orElse(null),
            strides.get().toLongArray());
    return List.of(spec.finalShape());
  }

  /** TF's Merge of the three vectors' lengths: -1 when unknown, an error when two known differ. */
  private static long mergedLength(NodeInfo node) {
    long merged = length(node.inputShape(BEGIN));
    for (int input : new int[] {END, STRIDES}) {
      long n = length(node.inputShape(input));
      if (merged >= 0 && n >= 0 && merged != n) {
        throw node.invalidArgument(
            "Dimension 0 in both shapes must be equal, but are "
                + merged
                + " and "
                + n
                + ". Shapes are ["
                + merged
                + "] and ["
                + n
                + "]. (begin, end and strides must have one length; '"
                + node.signature().inputArgs().get(input)
                + "' has "
                + n
                + " entries)");
      }
      merged = merged >= 0 ? merged : n;
    }
    return merged;
  }

  private static long length(PartialShape vector) {
    return vector.hasRank() ? vector.dim(0) : PartialShape.UNKNOWN;
  }

  /** The spec a run uses: the masks of {@code node} on these concrete tensors. */
  public static StridedSliceSpec runSpec(
      NodeInfo node, Shape input, Tensor begin, Tensor end, Tensor strides) {
    return StridedSliceSpec.forRun(node, StridedSliceMasks.of(node), input, begin, end, strides);
  }
}
