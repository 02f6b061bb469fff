package dev.rawops.ops.lookup;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * The run-time checks every device's table kernels share, in TF's order and words (TF's
 * OpKernelContext::MatchSignature and LookupInterface's Check* methods).
 */
public final class LookupChecks {
  private LookupChecks() {}

  /**
   * TF's MatchSignature of a table op: input 0 a resource, then the table's key (and value) dtype
   * for the inputs after it; {@code outputs} the table dtypes the op's outputs must have.
   */
  public static void matchSignature(
      NodeInfo node, List<DType> expectedInputs, List<DType> expectedOutputs) {
    List<DType> have = new ArrayList<>();
    for (int i = 0; i < node.numInputs(); i++) {
      have.add(node.inputDType(i));
    }
    List<DType> out = new ArrayList<>();
    for (int i = 0; i < node.numOutputs(); i++) {
      out.add(node.outputDType(i));
    }
    if (!have.equals(expectedInputs) || !out.equals(expectedOutputs)) {
      throw node.invalidArgument(
          "Signature mismatch, have: "
              + names(have)
              + "->"
              + names(out)
              + " expected: "
              + names(expectedInputs)
              + "->"
              + names(expectedOutputs));
    }
  }

  private static String names(List<DType> types) {
    return String.join(", ", types.stream().map(DType::tfName).toList());
  }

  /** CheckKeyShape: the keys' shape must end with the table's key shape. */
  public static void keyShape(NodeInfo node, Shape keys, Shape tableKey) {
    int k = tableKey.rank();
    boolean ends = keys.rank() >= k;
    for (int d = 0; ends && d < k; d++) {
      ends = keys.dim(keys.rank() - k + d) == tableKey.dim(d);
    }
    if (!ends) {
      throw node.invalidArgument(
          "Input key shape " + keys + " must end with the table's key shape " + tableKey);
    }
  }

  /** The keys' shape with the table's key dims dropped and the value shape appended. */
  public static Shape valueShapeFor(Shape keys, int keyRank, Shape tableValue) {
    return keys.sub(0, keys.rank() - keyRank).concat(tableValue);
  }

  /** CheckKeyAndValueTensorsForInsert (and, but for the dense table, ForImport). */
  public static void insert(
      NodeInfo node, Shape keys, Shape values, Shape tableKey, Shape tableValue) {
    keyShape(node, keys, tableKey);
    Shape want = valueShapeFor(keys, tableKey.rank(), tableValue);
    if (!values.equals(want)) {
      throw node.invalidArgument("Expected shape " + want + " for value, got " + values);
    }
  }

  /** CheckFindArguments: the default is one value, or one per key. */
  public static void find(
      NodeInfo node, Shape keys, Shape defaults, Shape tableKey, Shape tableValue) {
    keyShape(node, keys, tableKey);
    Shape full = valueShapeFor(keys, tableKey.rank(), tableValue);
    if (!defaults.equals(tableValue) && !defaults.equals(full)) {
      throw node.invalidArgument(
          "Expected shape " + tableValue + " or " + full + " for default value, got " + defaults);
    }
  }
}
