package dev.rawops.ops.elementwise;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The elementwise op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): each op is one
 * entry naming its shape function; the OpDefs come from TF's registry and the kernels from {@code
 * kernels.cpu.elementwise.CpuElementwise}.
 */
public final class ElementwiseOps implements OpFamily {

  /** Ops whose output has the shape of input 0 (TF's UnchangedShape). */
  public static final List<String> UNCHANGED =
      List.of(
          "Abs",
          "Neg",
          "Sign",
          "Square",
          "Sqrt",
          "Rsqrt",
          "Reciprocal",
          "Inv",
          "Exp",
          "Expm1",
          "Log",
          "Log1p",
          "Sin",
          "Cos",
          "Tan",
          "Asin",
          "Acos",
          "Atan",
          "Sinh",
          "Cosh",
          "Tanh",
          "Asinh",
          "Acosh",
          "Atanh",
          "Floor",
          "Ceil",
          "Round",
          "Rint",
          "Erf",
          "Erfc",
          "Erfinv",
          "Ndtri",
          "Lgamma",
          "Digamma",
          "BesselI0",
          "BesselI0e",
          "BesselI1",
          "BesselI1e",
          "BesselK0",
          "BesselK0e",
          "BesselK1",
          "BesselK1e",
          "BesselJ0",
          "BesselJ1",
          "BesselY0",
          "BesselY1",
          "Dawsn",
          "Expint",
          "FresnelCos",
          "FresnelSin",
          "Spence",
          "PopulationCount",
          "Sigmoid",
          "Softplus",
          "Softsign",
          "Relu",
          "Relu6",
          "Elu",
          "Selu",
          "LeakyRelu",
          "IsNan",
          "IsInf",
          "IsFinite",
          "LogicalNot",
          "Invert",
          "Real",
          "Imag",
          "Angle",
          "Conj",
          "ComplexAbs",
          "CheckNumerics",
          "StopGradient",
          "PreventGradient",
          "ZerosLike",
          "OnesLike",
          "Cast",
          "ClipByValue",
          "Bucketize");

  /** Binary ops with TF's broadcasting. */
  public static final List<String> BROADCASTING =
      List.of(
          "Add",
          "AddV2",
          "Sub",
          "Mul",
          "Div",
          "RealDiv",
          "DivNoNan",
          "MulNoNan",
          "Xlogy",
          "Xdivy",
          "Xlog1py",
          "FloorDiv",
          "FloorMod",
          "TruncateDiv",
          "TruncateMod",
          "Mod",
          "Pow",
          "Maximum",
          "Minimum",
          "SquaredDifference",
          "Atan2",
          "Igamma",
          "Igammac",
          "Zeta",
          "NextAfter",
          "Polygamma",
          "ApproximateEqual",
          "Less",
          "LessEqual",
          "Greater",
          "GreaterEqual",
          "LogicalAnd",
          "LogicalOr",
          "BitwiseAnd",
          "BitwiseOr",
          "BitwiseXor",
          "LeftShift",
          "RightShift");

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    for (String name : UNCHANGED) {
      ops.add(DefinedOp.of(name, ShapeFns.sameAsInput(0)));
    }
    for (String name : BROADCASTING) {
      ops.add(DefinedOp.of(name, ElementwiseOps::broadcast));
    }
    ops.add(DefinedOp.of("Equal", ElementwiseOps::equality));
    ops.add(DefinedOp.of("NotEqual", ElementwiseOps::equality));
    ops.add(DefinedOp.of("SelectV2", ElementwiseOps::broadcast));
    ops.add(DefinedOp.of("Select", ElementwiseOps::select));
    ops.add(DefinedOp.of("Betainc", ElementwiseOps::betainc));
    ops.add(DefinedOp.of("AddN", ElementwiseOps::mergeAll));
    ops.add(DefinedOp.of("AccumulateNV2", ElementwiseOps::mergeAll));
    ops.add(DefinedOp.of("Fill", ElementwiseOps::fill));
    ops.add(DefinedOp.of("Bitcast", ElementwiseOps::bitcast));
    return ops;
  }

  private static List<PartialShape> broadcast(NodeInfo node) {
    PartialShape[] in = new PartialShape[node.numInputs()];
    for (int i = 0; i < in.length; i++) {
      in[i] = node.inputShape(i);
    }
    return List.of(Broadcast.staticShape(node, in));
  }

  private static List<PartialShape> equality(NodeInfo node) {
    if (node.attrs().getBool("incompatible_shape_error")) {
      return broadcast(node);
    }
    PartialShape r = Broadcast.staticShapeOrNull(node.inputShape(0), node.inputShape(1));
    // Shapes that cannot broadcast give a scalar at run time; partly known ones may still.
    if (r == null) {
      return List.of(PartialShape.of());
    }
    boolean known = node.inputShape(0).isFullyDefined() && node.inputShape(1).isFullyDefined();
    return List.of(known ? r : PartialShape.unknownRank());
  }

  private static List<PartialShape> select(NodeInfo node) {
    PartialShape data = merge(node, node.inputShape(1), node.inputShape(2));
    PartialShape cond = node.inputShape(0);
    if (cond.hasRank() && data.hasRank() && cond.rank() != 0) {
      if (cond.rank() == 1 && data.rank() != 1) {
        if (data.rank() == 0) {
          throw node.invalidArgument("Shape must be at least rank 1 but is rank 0");
        }
        merge(node, cond, data.sub(0, 1));
      } else {
        merge(node, cond, data);
      }
    }
    return List.of(data);
  }

  private static List<PartialShape> betainc(NodeInfo node) {
    PartialShape output = PartialShape.unknownRank();
    PartialShape someNonScalar = PartialShape.unknownRank();
    int scalars = 0;
    for (int i = 0; i < 3; i++) {
      PartialShape in = node.inputShape(i);
      if (!in.hasRank()) {
        someNonScalar = in;
      } else if (in.rank() == 0) {
        scalars++;
      } else {
        output = merge(node, output, in);
        someNonScalar = output;
      }
    }
    if (scalars == 2) {
      output = someNonScalar;
    } else if (scalars == 3) {
      output = node.inputShape(0);
    }
    return List.of(output);
  }

  private static List<PartialShape> mergeAll(NodeInfo node) {
    PartialShape out = PartialShape.unknownRank();
    for (int i = 0; i < node.numInputs(); i++) {
      out = merge(node, out, node.inputShape(i));
    }
    if (node.op().equals("AccumulateNV2")) {
      PartialShape declared = PartialShape.fromProto(node.attrs().getShape("shape"));
      out = merge(node, out, declared);
    }
    return List.of(out);
  }

  /** TF's Merge: the more specific of two compatible shapes, or its error. */
  static PartialShape merge(NodeInfo node, PartialShape a, PartialShape b) {
    String err = ShapeMerge.mergeError(a, b);
    if (err != null) {
      throw node.invalidArgument(err);
    }
    if (!a.hasRank()) {
      return b;
    }
    if (!b.hasRank()) {
      return a;
    }
    long[] d = new long[a.rank()];
    for (int i = 0; i < d.length; i++) {
      d[i] = a.dim(i) >= 0 ? a.dim(i) : b.dim(i);
    }
    return PartialShape.of(d);
  }

  private static List<PartialShape> fill(NodeInfo node) {
    Shapes.requireRank(node, 0, 1);
    Shapes.requireRank(node, 1, 0);
    Optional<Tensor> dims = node.constantInput(0);
    if (dims.isPresent()) {
      long[] d = dims.get().toLongArray();
      for (long v : d) {
        if (v < 0) {
          throw node.invalidArgument("Dimension " + v + " must be >= 0");
        }
      }
      return List.of(PartialShape.of(d));
    }
    PartialShape ds = node.inputShape(0);
    if (ds.hasRank() && ds.rank() == 1 && ds.dim(0) >= 0) {
      return List.of(PartialShape.unknownDims((int) ds.dim(0)));
    }
    return List.of(PartialShape.unknownRank());
  }

  private static List<PartialShape> bitcast(NodeInfo node) {
    DType from = DType.fromProto(node.attrs().getType("T"));
    DType to = DType.fromProto(node.attrs().getType("type"));
    PartialShape in = node.inputShape(0);
    int fs = from.byteSize();
    int ts = to.byteSize();
    if (fs == ts) {
      return List.of(in);
    }
    if (fs > ts) {
      return List.of(in.concat(PartialShape.of(fs / ts)));
    }
    Shapes.requireRankAtLeast(node, 0, 1);
    if (!in.hasRank()) {
      return List.of(in);
    }
    long last = in.dim(in.rank() - 1);
    if (last >= 0 && last != ts / fs) {
      throw node.invalidArgument(
          "Cannot bitcast due to shape. " + last + " does not match " + ts / fs);
    }
    return List.of(in.sub(0, in.rank() - 1));
  }
}
