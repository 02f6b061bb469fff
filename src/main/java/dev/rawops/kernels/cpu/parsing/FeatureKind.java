package dev.rawops.kernels.cpu.parsing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;

/** TF's Feature::ParseDataType: a Feature's first byte names its list kind. */
final class FeatureKind {
  private FeatureKind() {}

  /** STRING, FLOAT or INT64; null for an empty Feature (TF's DT_INVALID, no kind set). */
  static DType of(NodeInfo node, byte[] b, int from, int len) {
    if (len == 0) {
      return null;
    }
    return switch (b[from] & 0xFF) {
      case 0x0A -> DType.STRING;
      case 0x12 -> DType.FLOAT;
      case 0x1A -> DType.INT64;
      default -> throw node.invalidArgument("Unsupported datatype.");
    };
  }
}
