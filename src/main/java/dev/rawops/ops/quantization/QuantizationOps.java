package dev.rawops.ops.quantization;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The Quantization op family: fake quantization (FakeQuantWithMinMaxArgs, FakeQuantWithMinMaxVars,
 * FakeQuantWithMinMaxVarsPerChannel) with TF's attr checks at build time; QuantizeV2, Dequantize,
 * QuantizeAndDequantizeV2, V3 and V4, Requantize, RequantizationRange and
 * QuantizeDownAndShrinkRange.
 */
public final class QuantizationOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("FakeQuantWithMinMaxArgs", ShapeFns.sameAsInput(0))
            .checking(QuantizationOps::checkFakeQuantArgs),
        DefinedOp.of("FakeQuantWithMinMaxVars", QuantizationOps::fakeQuantVarsShape)
            .checking(QuantizationOps::checkNumBits),
        DefinedOp.of("FakeQuantWithMinMaxVarsPerChannel", QuantizationOps::fakeQuantPerChannelShape)
            .checking(QuantizationOps::checkNumBits),
        DefinedOp.of("QuantizeV2", QuantizeShapes::quantizeV2),
        DefinedOp.of("Dequantize", QuantizeShapes::dequantize),
        DefinedOp.of("QuantizeAndDequantizeV2", QuantizeShapes::quantizeAndDequantize),
        DefinedOp.of("QuantizeAndDequantizeV3", QuantizeShapes::quantizeAndDequantize),
        DefinedOp.of("QuantizeAndDequantizeV4", QuantizeShapes::quantizeAndDequantize),
        DefinedOp.of("Requantize", QuantizeShapes::scalarRanges),
        DefinedOp.of("RequantizationRange", QuantizeShapes::scalarRanges),
        DefinedOp.of("QuantizeDownAndShrinkRange", QuantizeShapes::scalarRanges));
  }

  private static void checkNumBits(NodeInfo node) {
    long bits = node.attrs().getInt("num_bits");
    if (bits < 2 || bits > 16) {
      throw node.invalidArgument("num_bits must be between 2 and 16, inclusive");
    }
  }

  private static void checkFakeQuantArgs(NodeInfo node) {
    float min = node.attrs().get("min").getF();
    float max = node.attrs().get("max").getF();
    if (!(min < max)) {
      throw node.invalidArgument(
          "min has to be smaller than max, was: " + fmt(min) + " >= " + fmt(max));
    }
    checkNumBits(node);
  }

  private static String fmt(float f) {
    return f == (long) f ? Long.toString((long) f) : Float.toString(f);
  }

  private static List<PartialShape> fakeQuantVarsShape(NodeInfo node) {
    Shapes.requireRank(node, 1, 0);
    Shapes.requireRank(node, 2, 0);
    return List.of(node.inputShape(0));
  }

  private static List<PartialShape> fakeQuantPerChannelShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 1);
    return List.of(node.inputShape(0));
  }
}
