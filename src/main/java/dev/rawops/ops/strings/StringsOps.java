package dev.rawops.ops.strings;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Strings op family: hashing, formatting, joining, splitting, slicing and regular expressions
 * over DT_STRING tensors (byte strings, as TF's), with the shape functions of TF's string_ops.cc.
 */
public final class StringsOps implements OpFamily {
  @Override
  public List<Op> ops() {
    DefinedOp.ShapeFn same = ShapeFns.sameAsInput(0);
    return List.of(
        DefinedOp.of("StringToHashBucketFast", same),
        DefinedOp.of("StringToHashBucketStrong", same),
        DefinedOp.of("StringToHashBucket", same),
        DefinedOp.of("Fingerprint", StringsOps::fingerprintShape),
        DefinedOp.of("AsString", same),
        DefinedOp.of("StringJoin", StringsOps::joinShape),
        DefinedOp.of("StringSplit", StringsOps::splitShape),
        DefinedOp.of("StringSplitV2", StringsOps::splitShape),
        DefinedOp.of("StringLength", same),
        DefinedOp.of("Substr", StringsOps::substrShape),
        DefinedOp.of("StringLower", same),
        DefinedOp.of("StringUpper", same),
        DefinedOp.of("StringStrip", same),
        DefinedOp.of("StringToNumber", same),
        DefinedOp.of("ReduceJoin", StringsOps::reduceJoinShape),
        DefinedOp.of("StringNGrams", StringsOps::ngramsShape),
        DefinedOp.of("RegexReplace", StringsOps::regexReplaceShape),
        DefinedOp.of("StaticRegexReplace", same),
        DefinedOp.of("RegexFullMatch", StringsOps::regexFullMatchShape),
        DefinedOp.of("StaticRegexFullMatch", same),
        DefinedOp.of("EncodeBase64", same),
        DefinedOp.of("DecodeBase64", same),
        DefinedOp.of("UnicodeDecode", StringsOps::unicodeDecodeShape),
        DefinedOp.of("UnicodeDecodeWithOffsets", StringsOps::unicodeDecodeShape),
        DefinedOp.of("UnicodeEncode", StringsOps::unicodeEncodeShape),
        DefinedOp.of("UnicodeTranscode", same),
        DefinedOp.of("UnicodeScript", same),
        DefinedOp.of("StringFormat", StringsOps::stringFormatShape));
  }

  /**
   * A scalar, once the template holds one placeholder per input (counted as TF's shape fn does).
   */
  private static List<PartialShape> stringFormatShape(NodeInfo node) {
    long n = StringFormatTemplate.count(node);
    if (n != node.numInputs()) {
      throw node.invalidArgument(
          "num placeholders in template and num inputs must match: "
              + n
              + " vs. "
              + node.numInputs());
    }
    return List.of(PartialShape.of());
  }

  private static List<PartialShape> fingerprintShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRank(node, 1, 0);
    long size = PartialShape.UNKNOWN;
    Optional<Tensor> method = node.constantInput(1);
    if (method.isPresent()) {
      String m = new String(method.get().getString(0), java.nio.charset.StandardCharsets.UTF_8);
      if (!m.equals("farmhash64")) {
        throw node.invalidArgument("Unsupported method: " + m);
      }
      size = Long.BYTES;
    }
    return List.of(PartialShape.of(Shapes.dimOr(node.inputShape(0), 0), size));
  }

  /** A scalar when every input is; else the non-scalar inputs of known rank merged. */
  private static List<PartialShape> joinShape(NodeInfo node) {
    boolean allScalar = true;
    for (int i = 0; i < node.numInputs(); i++) {
      PartialShape s = node.inputShape(i);
      allScalar &= s.hasRank() && s.rank() == 0;
    }
    if (allScalar) {
      return List.of(PartialShape.of());
    }
    PartialShape out = PartialShape.unknownRank();
    for (int i = 0; i < node.numInputs(); i++) {
      PartialShape s = node.inputShape(i);
      if (s.hasRank() && s.rank() != 0) {
        out = merge(node, out, s);
      }
    }
    return List.of(out);
  }

  private static PartialShape merge(NodeInfo node, PartialShape a, PartialShape b) {
    if (!a.hasRank()) {
      return b;
    }
    String error = ShapeMerge.mergeError(a, b);
    if (error != null) {
      throw node.invalidArgument(error);
    }
    long[] d = new long[a.rank()];
    for (int i = 0; i < d.length; i++) {
      d[i] = a.dim(i) >= 0 ? a.dim(i) : b.dim(i);
    }
    return PartialShape.of(d);
  }

  private static List<PartialShape> splitShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 1);
    Shapes.requireRank(node, 1, 0);
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN, 2),
        PartialShape.of(PartialShape.UNKNOWN),
        PartialShape.of(2));
  }

  /** pos and len of one shape, broadcast against the input (TF's BroadcastBinaryOpShapeFn). */
  private static List<PartialShape> substrShape(NodeInfo node) {
    PartialShape pos = node.inputShape(1);
    PartialShape len = node.inputShape(2);
    if (len.hasRank()) {
      Shapes.requireRank(node, 1, len.rank());
    }
    if (pos.hasRank() && len.hasRank()) {
      for (int i = 0; i < pos.rank(); i++) {
        if (pos.dim(i) != len.dim(i)) {
          throw node.invalidArgument("pos and len shapes must match: " + pos + " vs. " + len);
        }
      }
    }
    return List.of(StringBroadcast.staticShape(node, node.inputShape(0), pos));
  }

  /** TF's ReductionShape. */
  private static List<PartialShape> reduceJoinShape(NodeInfo node) {
    if (node.graphProducer() >= 21) {
      Shapes.requireRankAtMost(node, 1, 1);
    }
    PartialShape in = node.inputShape(0);
    boolean keepDims = node.attrs().getBool("keep_dims");
    Optional<Tensor> axes = node.constantInput(1);
    if (axes.isEmpty() || !in.hasRank()) {
      return List.of(
          keepDims && in.hasRank()
              ? PartialShape.unknownDims(in.rank())
              : PartialShape.unknownRank());
    }
    int rank = in.rank();
    boolean[] reduced = new boolean[rank];
    for (long a : axes.get().toLongArray()) {
      if (a < -rank || a >= rank) {
        throw node.invalidArgument(
            "Invalid reduction dimension " + a + " for input with " + rank + " dimensions.");
      }
      reduced[(int) (a < 0 ? a + rank : a)] = true;
    }
    List<Long> dims = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      if (!reduced[i]) {
        dims.add(in.dim(i));
      } else if (keepDims) {
        dims.add(1L);
      }
    }
    return List.of(PartialShape.of(dims.stream().mapToLong(Long::longValue).toArray()));
  }

  private static List<PartialShape> ngramsShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 1);
    Shapes.requireRank(node, 1, 1);
    PartialShape splits = node.inputShape(1);
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN),
        splits.hasRank() ? splits : PartialShape.unknownDims(1));
  }

  /** row_splits [elements + 1], then the code points (and their offsets) of unknown count. */
  private static List<PartialShape> unicodeDecodeShape(NodeInfo node) {
    long n = ShapeMerge.numElements(node.inputShape(0));
    List<PartialShape> out = new ArrayList<>();
    out.add(PartialShape.of(n < 0 ? PartialShape.UNKNOWN : n + 1));
    for (int i = 1; i < node.numOutputs(); i++) {
      out.add(PartialShape.of(PartialShape.UNKNOWN));
    }
    return out;
  }

  private static List<PartialShape> unicodeEncodeShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 1);
    Shapes.requireRank(node, 1, 1);
    long splits = Shapes.dimOr(node.inputShape(1), 0);
    if (splits == 0) {
      throw node.invalidArgument(
          "Negative dimension size caused by subtracting 1 from 0"); // TF's Subtract(dim, 1)
    }
    return List.of(PartialShape.of(splits < 0 ? PartialShape.UNKNOWN : splits - 1));
  }

  private static List<PartialShape> regexReplaceShape(NodeInfo node) {
    Shapes.requireRank(node, 1, 0);
    Shapes.requireRank(node, 2, 0);
    return List.of(node.inputShape(0));
  }

  private static List<PartialShape> regexFullMatchShape(NodeInfo node) {
    Shapes.requireRank(node, 1, 0);
    return List.of(node.inputShape(0));
  }
}
