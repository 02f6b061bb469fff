package dev.rawops.ops.sparse;

import dev.rawops.ops.NodeInfo;
import java.util.Locale;

/** The set ops' {@code set_operation} attr, read as TF's kernel reads it (any letter case). */
public final class SetOperationGeometry {
  private SetOperationGeometry() {}

  /** The four operations of set_kernels.cc. */
  public enum Operation {
    A_MINUS_B,
    B_MINUS_A,
    INTERSECTION,
    UNION
  }

  public static Operation operation(NodeInfo node) {
    String s = node.attrs().getString("set_operation").toLowerCase(Locale.ROOT);
    return switch (s) {
      case "a-b" -> Operation.A_MINUS_B;
      case "b-a" -> Operation.B_MINUS_A;
      case "intersection" -> Operation.INTERSECTION;
      case "union" -> Operation.UNION;
      default -> throw node.invalidArgument("Invalid set_operation " + s + ".");
    };
  }
}
