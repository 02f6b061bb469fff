package dev.rawops.ops.parsing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.List;

/**
 * The attrs of a tf.Example parsing op as TF's ParseExampleAttrs / ParseSingleExampleAttrs hold
 * them (example_proto_helper.cc): the dense shapes, which of them are variable-length (first
 * dimension -1) and how many values one stride of each holds, the sparse and ragged types. Built
 * from the node's attrs with TF's checks and words, at BUILD (the shape function) and again by the
 * kernel.
 *
 * @param version 1 for ParseExample, 2 for ParseExampleV2, 0 for ParseSingleExample
 */
public record ExampleSpec(
    int version,
    List<DType> denseTypes,
    List<PartialShape> denseShapes,
    List<Boolean> variableLengths,
    List<Long> strides,
    List<DType> sparseTypes,
    List<DType> raggedValueTypes,
    List<DType> raggedSplitTypes) {

  /** Whether dense feature {@code d}'s shape starts with -1 (padded per batch). */
  public boolean variableLength(int d) {
    return variableLengths.get(d);
  }

  /** Values in one stride of dense feature {@code d}: its shape's size without a -1 first dim. */
  public long elementsPerStride(int d) {
    return strides.get(d);
  }

  public int numDense() {
    return denseTypes.size();
  }

  public int numSparse() {
    return sparseTypes.size();
  }

  public int numRagged() {
    return raggedValueTypes.size();
  }

  /** The spec of {@code node}, an op of the parsing family that parses tf.Examples. */
  public static ExampleSpec of(NodeInfo node) {
    int version =
        switch (node.op()) {
          case "ParseExampleV2" -> 2;
          case "ParseExample" -> 1;
          default -> 0;
        };
    var a = node.attrs();
    List<DType> denseTypes = types(a.getTypeList("Tdense"));
    List<DType> sparseTypes = types(a.getTypeList("sparse_types"));
    List<PartialShape> shapes = new ArrayList<>();
    for (TensorShapeProto p : a.get("dense_shapes").getList().getShapeList()) {
      shapes.add(PartialShape.fromProto(p));
    }
    List<DType> raggedValues =
        version == 2 ? types(a.getTypeList("ragged_value_types")) : List.of();
    List<DType> raggedSplits =
        version == 2 ? types(a.getTypeList("ragged_split_types")) : List.of();
    long numSparse;
    long numDense;
    switch (version) {
      case 2 -> {
        numSparse = a.getInt("num_sparse");
        numDense = denseTypes.size();
      }
      case 1 -> {
        numSparse = a.getInt("Nsparse");
        numDense = a.getInt("Ndense");
      }
      default -> {
        numSparse = stringList(a.get("sparse_keys")).size();
        numDense = stringList(a.get("dense_keys")).size();
      }
    }
    if (version == 0 && (numSparse != a.getInt("num_sparse") || numSparse != sparseTypes.size())) {
      throw node.invalidArgument(
          "num_sparse ("
              + a.getInt("num_sparse")
              + ") must match the size of sparse_keys ("
              + numSparse
              + ") and sparse_types ("
              + sparseTypes.size()
              + ")");
    }
    if (numSparse != sparseTypes.size()) {
      throw node.invalidArgument("len(sparse_keys) != len(sparse_types)");
    }
    if (numDense != denseTypes.size()) {
      throw node.invalidArgument("len(dense_keys) != len(dense_types)");
    }
    if (numDense != shapes.size()) {
      throw node.invalidArgument("len(dense_keys) != len(dense_shapes)");
    }
    if (raggedValues.size() != raggedSplits.size()) {
      throw node.invalidArgument("len(ragged_keys) != len(ragged_split_types)");
    }
    for (DType t : raggedSplits) {
      if (t != DType.INT32 && t != DType.INT64) {
        throw node.invalidArgument("Invalid ragged_split_type: " + t.tfName());
      }
    }
    List<Boolean> varLen = new ArrayList<>();
    List<Long> stride = new ArrayList<>();
    for (int i = 0; i < shapes.size(); i++) {
      PartialShape s = shapes.get(i);
      boolean ok = s.hasRank();
      for (int d = 1; ok && d < s.rank(); d++) {
        ok = s.dim(d) != PartialShape.UNKNOWN;
      }
      if (!ok) {
        throw node.invalidArgument(
            "dense_shapes["
                + i
                + "] has unknown rank or unknown inner dimensions: "
                + debugString(s));
      }
      boolean v = s.rank() > 0 && s.dim(0) == PartialShape.UNKNOWN;
      long n = 1;
      for (int d = v ? 1 : 0; d < s.rank(); d++) {
        n *= s.dim(d);
      }
      varLen.add(v);
      stride.add(n);
    }
    return new ExampleSpec(
        version,
        denseTypes,
        shapes,
        List.copyOf(varLen),
        List.copyOf(stride),
        sparseTypes,
        raggedValues,
        raggedSplits);
  }

  /**
   * TF's PartialTensorShape::DebugString: {@code "[2,?]"}, or {@code "<unknown>"} without a rank.
   */
  public static String debugString(PartialShape s) {
    return s.hasRank() ? s.toString() : "<unknown>";
  }

  /** The strings of a list(string) attr, as UTF-8 bytes' text. */
  public static List<String> stringList(AttrValue v) {
    List<String> out = new ArrayList<>();
    v.getList().getSList().forEach(b -> out.add(b.toStringUtf8()));
    return out;
  }

  private static List<DType> types(List<DataType> ts) {
    List<DType> out = new ArrayList<>(ts.size());
    for (DataType t : ts) {
      out.add(DType.fromProto(t));
    }
    return out;
  }
}
