package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;
import static dev.rawops.ops.array.ArrayShapes.dims;
import static dev.rawops.ops.array.ArrayShapes.ints;
import static dev.rawops.ops.array.ArrayShapes.scalar;
import static dev.rawops.ops.array.ArrayShapes.str;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** The Array op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
public final class ArrayOps implements OpFamily {

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    ops.add(DefinedOp.of("Shape", ArrayOps::shapeShape).constant(ArrayOps::shapeValue));
    ops.add(DefinedOp.of("ShapeN", ArrayOps::shapeShape).constant(ArrayOps::shapeValue));
    ops.add(DefinedOp.of("Size", ShapeFns.scalar()).constant(ArrayOps::sizeValue));
    ops.add(DefinedOp.of("Rank", ShapeFns.scalar()).constant(ArrayOps::rankValue));
    ops.add(DefinedOp.of("Reshape", ArrayOps::reshape));
    ops.add(DefinedOp.of("ExpandDims", ArrayOps::expandDims));
    ops.add(DefinedOp.of("Squeeze", ArrayOps::squeeze));
    ops.add(DefinedOp.of("Pack", ArrayOps::pack));
    ops.add(DefinedOp.of("Unpack", ArrayOps::unpack));
    ops.add(DefinedOp.of("ConcatV2", n -> concat(n, n.numInputs() - 1, 0, n.numInputs() - 1)));
    ops.add(DefinedOp.of("Concat", n -> concat(n, 0, 1, n.numInputs())));
    ops.add(DefinedOp.of("ParallelConcat", ArrayOps::parallelConcat));
    ops.add(DefinedOp.of("Split", n -> split(n, 1, 0)));
    ops.add(DefinedOp.of("SplitV", n -> split(n, 0, 2)));
    ops.add(DefinedOp.of("Slice", ArrayOps::slice));
    ops.add(DefinedOp.of("Transpose", ArrayOps::transpose));
    ops.add(DefinedOp.of("ConjugateTranspose", ArrayOps::transpose));
    ops.add(DefinedOp.of("Tile", ArrayOps::tile));
    ops.add(DefinedOp.of("Pad", ArrayOps::pad));
    ops.add(DefinedOp.of("PadV2", ArrayOps::pad));
    ops.add(DefinedOp.of("MirrorPad", ArrayOps::pad));
    ops.add(DefinedOp.of("ReverseV2", ArrayOps::reverse));
    ops.add(DefinedOp.of("ReverseSequence", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Roll", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("BroadcastTo", ArrayOps::broadcastTo));
    ops.add(DefinedOp.of("BroadcastArgs", ArrayOps::broadcastArgs));
    ops.add(
        DefinedOp.of(
            "BroadcastGradientArgs",
            n -> List.of(PartialShape.unknownDims(1), PartialShape.unknownDims(1))));
    ops.add(DefinedOp.of("Range", ArrayOps::range));
    ops.add(DefinedOp.of("LinSpace", ArrayOps::linSpace));
    ops.add(DefinedOp.of("OneHot", ArrayOps::oneHot));
    ops.add(DefinedOp.of("DeepCopy", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("EnsureShape", ArrayOps::ensureShape));
    ops.add(DefinedOp.of("Empty", n -> List.of(ArrayShapes.shapeFromTensor(n, 0))));
    ops.add(DefinedOp.of("SpaceToBatchND", n -> unknownOfInputRank(n)));
    ops.add(DefinedOp.of("BatchToSpaceND", n -> unknownOfInputRank(n)));
    ops.add(DefinedOp.of("SpaceToDepth", n -> depthSpace(n, true)));
    ops.add(DefinedOp.of("DepthToSpace", n -> depthSpace(n, false)));
    ops.add(DefinedOp.of("ExtractImagePatches", n -> List.of(PartialShape.unknownDims(4))));
    for (String op : List.of("MatrixDiag", "MatrixDiagV2", "MatrixDiagV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.unknown()));
    }
    for (String op : List.of("MatrixDiagPart", "MatrixDiagPartV2", "MatrixDiagPartV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.unknown()));
    }
    for (String op : List.of("MatrixSetDiag", "MatrixSetDiagV2", "MatrixSetDiagV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
    }
    ops.add(DefinedOp.of("MatrixBandPart", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Diag", ArrayOps::diag));
    ops.add(DefinedOp.of("DiagPart", ArrayOps::diagPart));
    ops.add(DefinedOp.of("InvertPermutation", ArrayOps::invertPermutation));
    return ops;
  }

  /** TF's shape function: a vector in, the same vector out ("?" gives "[?]"). */
  private static List<PartialShape> invertPermutation(NodeInfo n) {
    Shapes.requireRank(n, 0, 1);
    PartialShape x = n.inputShape(0);
    return List.of(x.hasRank() ? x : PartialShape.unknownDims(1));
  }

  private static List<PartialShape> unknownOfInputRank(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    return List.of(in.hasRank() ? PartialShape.unknownDims(in.rank()) : in);
  }

  // ---- Shape, ShapeN, Size, Rank

  private static List<PartialShape> shapeShape(NodeInfo n) {
    List<PartialShape> out = new ArrayList<>();
    for (int i = 0; i < n.numOutputs(); i++) {
      PartialShape s = n.inputShape(i);
      out.add(s.hasRank() ? PartialShape.of(s.rank()) : PartialShape.unknownDims(1));
    }
    return out;
  }

  private static Tensor integers(DType t, Shape shape, long... v) {
    TensorBuffer b = TensorBuffer.allocate(t, shape);
    for (int i = 0; i < v.length; i++) {
      b.setIndex(i, v[i]);
    }
    return b.freeze();
  }

  private static Optional<Tensor> shapeValue(NodeInfo n, int output) {
    PartialShape s = n.inputShape(output);
    if (!s.isFullyDefined()) {
      return Optional.empty();
    }
    long[] d = dims(s);
    return Optional.of(integers(n.outputDType(output), Shape.of(d.length), d));
  }

  private static Optional<Tensor> sizeValue(NodeInfo n, int output) {
    return n.inputShape(0)
        .toShape()
        .map(s -> integers(n.outputDType(0), Shape.scalar(), s.numElements()));
  }

  private static Optional<Tensor> rankValue(NodeInfo n, int output) {
    PartialShape s = n.inputShape(0);
    return s.hasRank()
        ? Optional.of(integers(DType.INT32, Shape.scalar(), s.rank()))
        : Optional.empty();
  }

  // ---- Reshape, ExpandDims, Squeeze

  private static List<PartialShape> reshape(NodeInfo n) {
    Shapes.requireRankAtMost(n, 1, 1);
    PartialShape target = ArrayShapes.shapeFromTensor(n, 1);
    Optional<long[]> sizes = ints(n, 1).filter(v -> n.constantInput(1).get().shape().rank() == 1);
    PartialShape in = n.inputShape(0);
    if (sizes.isEmpty()) {
      return List.of(target);
    }
    long[] s = sizes.get();
    long known = 1;
    int unknown = -1;
    for (int i = 0; i < s.length; i++) {
      if (s[i] == -1) {
        if (unknown >= 0) {
          throw n.invalidArgument("Cannot infer multiple unknown dimensions in shape " + str(s));
        }
        unknown = i;
      } else if (s[i] < 0) {
        throw n.invalidArgument("Dimension " + i + " must be >= -1, but was " + s[i]);
      } else {
        known *= s[i];
      }
    }
    Optional<Shape> full = in.toShape();
    if (full.isPresent()) {
      long elems = full.get().numElements();
      if (unknown < 0 && elems != known) {
        throw n.invalidArgument(
            "Cannot reshape a tensor with "
                + elems
                + " elements to shape "
                + str(s)
                + " ("
                + known
                + " elements)");
      }
      if (unknown >= 0 && known > 0) {
        if (elems % known != 0) {
          throw n.invalidArgument(
              "Cannot reshape a tensor with "
                  + elems
                  + " elements to shape "
                  + str(s)
                  + " ("
                  + known
                  + " elements)");
        }
        long[] out = s.clone();
        out[unknown] = elems / known;
        return List.of(PartialShape.of(out));
      }
    }
    return List.of(PartialShape.of(s));
  }

  private static List<PartialShape> expandDims(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> dim = ints(n, 1);
    if (dim.isPresent() && dim.get().length != 1) {
      throw n.invalidArgument("'dim' input must be a tensor with a single value");
    }
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (dim.isEmpty()) {
      return List.of(PartialShape.unknownDims(in.rank() + 1));
    }
    long d = dim.get()[0];
    int rank = in.rank();
    if (d < -1 - rank || d > rank) {
      throw n.invalidArgument(
          "Tried to expand dim index " + d + " for tensor with " + rank + " dimensions.");
    }
    int at = (int) (d < 0 ? d + rank + 1 : d);
    long[] out = new long[rank + 1];
    long[] src = dims(in);
    for (int i = 0, j = 0; i <= rank; i++) {
      out[i] = i == at ? 1 : src[j++];
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> squeeze(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    List<Long> sq = n.attrs().get("squeeze_dims").getList().getIList();
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    boolean[] drop = new boolean[rank];
    for (long d : sq) {
      if (d < -rank || d >= rank) {
        throw n.invalidArgument(
            "Tried to squeeze dim index " + d + " for tensor with " + rank + " dimensions.");
      }
      drop[(int) (d < 0 ? d + rank : d)] = true;
    }
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      long d = in.dim(i);
      if (sq.isEmpty()) {
        if (d == U) {
          return List.of(PartialShape.unknownRank());
        }
        if (d != 1) {
          out.add(d);
        }
      } else if (drop[i]) {
        if (d != U && d != 1) {
          throw n.invalidArgument(
              "Can not squeeze dim[" + i + "], expected a dimension of 1, got " + d);
        }
      } else {
        out.add(d);
      }
    }
    return List.of(PartialShape.of(out.stream().mapToLong(Long::longValue).toArray()));
  }

  // ---- Pack, Unpack, Concat, Split

  /** Merges the shapes of inputs [from, to), or throws TF's Pack message. */
  private static PartialShape mergeAll(NodeInfo n, int from, int to, String what) {
    PartialShape merged = PartialShape.unknownRank();
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      Optional<PartialShape> m = merge(merged, s);
      if (m.isEmpty()) {
        throw n.invalidArgument(
            what
                + ": values[0].shape = "
                + n.inputShape(from)
                + " != values["
                + (i - from)
                + "].shape = "
                + s);
      }
      merged = m.get();
    }
    return merged;
  }

  static Optional<PartialShape> merge(PartialShape a, PartialShape b) {
    if (!a.hasRank()) {
      return Optional.of(b);
    }
    if (!b.hasRank()) {
      return Optional.of(a);
    }
    if (a.rank() != b.rank()) {
      return Optional.empty();
    }
    long[] out = new long[a.rank()];
    for (int i = 0; i < out.length; i++) {
      long x = a.dim(i);
      long y = b.dim(i);
      if (x >= 0 && y >= 0 && x != y) {
        return Optional.empty();
      }
      out[i] = x >= 0 ? x : y;
    }
    return Optional.of(PartialShape.of(out));
  }

  private static List<PartialShape> pack(NodeInfo n) {
    int count = n.numInputs();
    PartialShape merged = mergeAll(n, 0, count, "Shapes of all inputs must match");
    long axis = n.attrs().getInt("axis");
    if (!merged.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = merged.rank() + 1;
    int at = ArrayShapes.axis(n, axis, rank);
    long[] src = dims(merged);
    long[] out = new long[rank];
    for (int i = 0, j = 0; i < rank; i++) {
      out[i] = i == at ? count : src[j++];
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> unpack(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    long num = n.attrs().getInt("num");
    if (!in.hasRank()) {
      return Collections.nCopies(n.numOutputs(), PartialShape.unknownRank());
    }
    int at = ArrayShapes.axis(n, n.attrs().getInt("axis"), in.rank());
    long d = in.dim(at);
    if (d >= 0 && d != num) {
      throw n.invalidArgument("Dimension must be " + num + " but is " + d);
    }
    long[] src = dims(in);
    long[] out = new long[src.length - 1];
    for (int i = 0, j = 0; i < src.length; i++) {
      if (i != at) {
        out[j++] = src[i];
      }
    }
    return Collections.nCopies(n.numOutputs(), PartialShape.of(out));
  }

  private static List<PartialShape> concat(NodeInfo n, int axisInput, int from, int to) {
    Shapes.requireRank(n, axisInput, 0);
    Optional<Long> axisValue = scalar(n, axisInput);
    int rank = -1;
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      if (s.hasRank()) {
        if (rank >= 0 && s.rank() != rank) {
          throw n.invalidArgument(
              "Shape must be rank " + rank + " but is rank " + s.rank() + " for input " + i);
        }
        rank = s.rank();
      }
    }
    if (rank < 0) {
      return List.of(PartialShape.unknownRank());
    }
    if (rank == 0) {
      throw n.invalidArgument("Can't concatenate scalars (use tf.stack instead)");
    }
    if (axisValue.isEmpty()) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long a = axisValue.get();
    if (a < -rank || a >= rank) {
      throw n.invalidArgument(
          "Expected concatenating dimensions in the range ["
              + -rank
              + ", "
              + rank
              + "), but got "
              + a);
    }
    int at = (int) (a < 0 ? a + rank : a);
    long[] out = new long[rank];
    java.util.Arrays.fill(out, U);
    long sum = 0;
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      if (!s.hasRank()) {
        sum = U;
        continue;
      }
      for (int d = 0; d < rank; d++) {
        if (d == at) {
          sum = sum < 0 || s.dim(d) < 0 ? U : sum + s.dim(d);
        } else if (s.dim(d) >= 0) {
          if (out[d] >= 0 && out[d] != s.dim(d)) {
            throw n.invalidArgument(
                "Dimension "
                    + d
                    + " in both shapes must be equal, but are "
                    + out[d]
                    + " and "
                    + s.dim(d)
                    + ".");
          }
          out[d] = s.dim(d);
        }
      }
    }
    out[at] = sum;
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> parallelConcat(NodeInfo n) {
    for (int i = 0; i < n.numInputs(); i++) {
      if (!n.inputShape(i).isFullyDefined()) {
        throw n.invalidArgument("All input shapes must be fully defined.");
      }
    }
    PartialShape s = PartialShape.fromProto(n.attrs().getShape("shape"));
    return List.of(s);
  }

  private static List<PartialShape> split(NodeInfo n, int valueInput, int axisInput) {
    int outs = n.numOutputs();
    PartialShape in = n.inputShape(valueInput);
    Optional<Long> axis = scalar(n, axisInput);
    if (!in.hasRank()) {
      return Collections.nCopies(outs, PartialShape.unknownRank());
    }
    int rank = in.rank();
    if (axis.isEmpty()) {
      return Collections.nCopies(outs, PartialShape.unknownDims(rank));
    }
    long a = axis.get();
    if (a < -rank || a >= rank) {
      throw n.invalidArgument(
          "-input rank(-" + rank + ") <= split_dim < input rank (" + rank + "), but got " + a);
    }
    int at = (int) (a < 0 ? a + rank : a);
    long[] base = dims(in);
    List<PartialShape> out = new ArrayList<>();
    if (n.op().equals("Split")) {
      long d = base[at];
      if (d >= 0 && d % outs != 0) {
        throw n.invalidArgument(
            "Number of ways to split should evenly divide the split dimension, but got split_dim "
                + a
                + " (size = "
                + d
                + ") and num_split "
                + outs);
      }
      base[at] = d < 0 ? U : d / outs;
      return Collections.nCopies(outs, PartialShape.of(base));
    }
    Optional<long[]> sizes = ints(n, 1);
    if (sizes.isPresent() && base[at] >= 0) {
      long[] sz = sizes.get();
      long total = 0;
      int unknown = 0;
      for (long v : sz) {
        if (v == -1) {
          unknown++;
        } else {
          total += v;
        }
      }
      if ((unknown == 0 && total != base[at]) || (unknown == 1 && total > base[at])) {
        StringBuilder sb = new StringBuilder();
        for (long v : sz) {
          sb.append(sb.isEmpty() ? "" : ",").append(v);
        }
        throw n.invalidArgument(
            "can't split axis of size " + base[at] + " into pieces of size [" + sb + "]");
      }
    }
    for (int i = 0; i < outs; i++) {
      long[] d = base.clone();
      d[at] = U;
      if (sizes.isPresent() && sizes.get().length == outs) {
        long[] s = sizes.get();
        long v = s[i];
        if (v == -1 && base[at] >= 0) {
          long rest = base[at];
          for (int j = 0; j < outs; j++) {
            rest -= j == i ? 0 : s[j];
          }
          v = rest;
        }
        d[at] = v;
      }
      out.add(PartialShape.of(d));
    }
    return out;
  }

  // ---- Slice, Transpose, Tile, Pad

  private static List<PartialShape> slice(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> begin = ints(n, 1);
    Optional<long[]> size = ints(n, 2);
    if (!in.hasRank()) {
      PartialShape s = n.inputShape(2);
      if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
        return List.of(PartialShape.unknownDims((int) s.dim(0)));
      }
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    long[] out = new long[rank];
    java.util.Arrays.fill(out, U);
    if (size.isPresent()) {
      long[] s = size.get();
      if (s.length != rank) {
        throw n.invalidArgument(
            "Expected begin and size arguments to be 1-D tensors of size "
                + rank
                + ", but got shapes "
                + n.inputShape(1)
                + " and "
                + n.inputShape(2)
                + " instead.");
      }
      for (int i = 0; i < rank; i++) {
        if (s[i] >= 0) {
          out[i] = s[i];
        } else if (s[i] == -1 && begin.isPresent() && in.dim(i) >= 0) {
          out[i] = in.dim(i) - begin.get()[i];
        }
      }
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> transpose(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> perm = ints(n, 1);
    PartialShape permShape = n.inputShape(1);
    int rank =
        in.hasRank()
            ? in.rank()
            : permShape.hasRank() && permShape.rank() == 1 && permShape.dim(0) >= 0
                ? (int) permShape.dim(0)
                : -1;
    if (rank < 0) {
      return List.of(PartialShape.unknownRank());
    }
    if (perm.isEmpty() || !in.hasRank()) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long[] p = perm.get();
    if (p.length != rank) {
      throw n.invalidArgument(
          "transpose expects a vector of size "
              + rank
              + ". But input(1) is a vector of size "
              + p.length);
    }
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      if (p[i] < 0 || p[i] >= rank) {
        throw n.invalidArgument(p[i] + " is out of range [0 .. " + rank + ")");
      }
      out[i] = in.dim((int) p[i]);
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> tile(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> mult = ints(n, 1);
    if (!in.hasRank()) {
      return List.of(
          mult.map(m -> PartialShape.unknownDims(m.length)).orElse(PartialShape.unknownRank()));
    }
    if (mult.isEmpty()) {
      return List.of(PartialShape.unknownDims(in.rank()));
    }
    long[] m = mult.get();
    if (m.length != in.rank()) {
      throw n.invalidArgument(
          "Expected multiples argument to be a vector of length "
              + in.rank()
              + " but got length "
              + m.length);
    }
    long[] out = new long[m.length];
    for (int i = 0; i < m.length; i++) {
      out[i] = in.dim(i) < 0 ? U : in.dim(i) * m[i];
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> pad(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> pads = ints(n, 1);
    if (pads.isPresent()) {
      long[] p = pads.get();
      for (int i = 0; i + 1 < p.length; i += 2) {
        if (p[i] < 0 || p[i + 1] < 0) {
          throw n.invalidArgument("Paddings must be non-negative");
        }
      }
    }
    if (!in.hasRank()) {
      PartialShape p = n.inputShape(1);
      return List.of(
          p.hasRank() && p.rank() == 2 && p.dim(0) >= 0
              ? PartialShape.unknownDims((int) p.dim(0))
              : PartialShape.unknownRank());
    }
    int rank = in.rank();
    if (pads.isEmpty() || pads.get().length != 2L * rank) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long[] p = pads.get();
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      if (p[2 * i] < 0 || p[2 * i + 1] < 0) {
        throw n.invalidArgument("Paddings must be non-negative: " + p[2 * i] + " " + p[2 * i + 1]);
      }
      out[i] = in.dim(i) < 0 ? U : in.dim(i) + p[2 * i] + p[2 * i + 1];
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> reverse(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> axes = ints(n, 1);
    if (in.hasRank() && axes.isPresent()) {
      int rank = in.rank();
      boolean[] seen = new boolean[rank];
      long[] a = axes.get();
      for (int i = 0; i < a.length; i++) {
        long ax = a[i] < 0 ? a[i] + rank : a[i];
        if (ax < 0 || ax >= rank) {
          throw n.invalidArgument(
              "'axis'[" + i + "] = " + a[i] + " is out of valid range [0, " + (rank - 1));
        }
        if (seen[(int) ax]) {
          throw n.invalidArgument("axis " + ax + " specified more than once.");
        }
        seen[(int) ax] = true;
      }
    }
    return List.of(in);
  }

  // ---- Broadcasting

  private static List<PartialShape> broadcastTo(NodeInfo n) {
    PartialShape target = ArrayShapes.shapeFromTensor(n, 1);
    PartialShape in = n.inputShape(0);
    if (target.hasRank() && in.hasRank()) {
      if (in.rank() > target.rank()) {
        throw n.invalidArgument(
            "Rank of input ("
                + in.rank()
                + ") must be no greater than rank of output shape ("
                + target.rank()
                + ").");
      }
      for (int i = 0; i < in.rank(); i++) {
        long x = in.dim(in.rank() - 1 - i);
        long y = target.dim(target.rank() - 1 - i);
        if (x >= 0 && y >= 0 && x != 1 && x != y) {
          throw n.invalidArgument("Dimensions must be equal, but are " + x + " and " + y + ".");
        }
      }
    }
    return List.of(target);
  }

  private static List<PartialShape> broadcastArgs(NodeInfo n) {
    Optional<long[]> a = ints(n, 0);
    Optional<long[]> b = ints(n, 1);
    if (a.isPresent() && b.isPresent()) {
      return List.of(PartialShape.of(ArrayShapes.broadcast(n, a.get(), b.get()).length));
    }
    PartialShape x = n.inputShape(0);
    PartialShape y = n.inputShape(1);
    if (x.hasRank()
        && y.hasRank()
        && x.rank() == 1
        && y.rank() == 1
        && x.dim(0) >= 0
        && y.dim(0) >= 0) {
      return List.of(PartialShape.of(Math.max(x.dim(0), y.dim(0))));
    }
    return List.of(PartialShape.unknownDims(1));
  }

  // ---- Range, LinSpace, OneHot

  private static List<PartialShape> range(NodeInfo n) {
    for (int i = 0; i < 3; i++) {
      Shapes.requireRank(n, i, 0);
    }
    Optional<Tensor> s = n.constantInput(0);
    Optional<Tensor> l = n.constantInput(1);
    Optional<Tensor> d = n.constantInput(2);
    if (s.isPresent() && l.isPresent() && d.isPresent()) {
      DType t = n.outputDType(0);
      if (s.get().numElements() != 1 || l.get().numElements() != 1 || d.get().numElements() != 1) {
        return List.of(PartialShape.unknownDims(1));
      }
      long size =
          t.isInteger()
              ? ArrayShapes.rangeSize(
                  n, s.get().getIndex(0), l.get().getIndex(0), d.get().getIndex(0))
              : ArrayShapes.rangeSize(
                  n, t, Numbers.get(s.get(), 0), Numbers.get(l.get(), 0), Numbers.get(d.get(), 0));
      return List.of(PartialShape.of(size));
    }
    return List.of(PartialShape.unknownDims(1));
  }

  private static List<PartialShape> linSpace(NodeInfo n) {
    Shapes.requireRank(n, 0, 0);
    Shapes.requireRank(n, 1, 0);
    Shapes.requireRank(n, 2, 0);
    Optional<Long> num = scalar(n, 2);
    if (num.isPresent() && num.get() <= 0) {
      throw n.invalidArgument("Requires num > 0: " + num.get());
    }
    return List.of(PartialShape.of(num.orElse(U)));
  }

  private static List<PartialShape> oneHot(NodeInfo n) {
    long axis = n.attrs().getInt("axis");
    if (axis < -1) {
      throw n.invalidArgument("axis must be >= -1");
    }
    Optional<Long> depth = scalar(n, 1);
    if (depth.isPresent() && depth.get() < 0) {
      throw n.invalidArgument("depth must be non-negative, got: " + depth.get());
    }
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    int at = axis == -1 ? rank : (int) axis;
    if (at > rank) {
      throw n.invalidArgument(
          "Expected axis to be -1 or between [0, " + (rank + 1) + ").  But received: " + axis);
    }
    long[] src = dims(in);
    long[] out = new long[rank + 1];
    for (int i = 0, j = 0; i <= rank; i++) {
      out[i] = i == at ? depth.orElse(U) : src[j++];
    }
    return List.of(PartialShape.of(out));
  }

  private static List<PartialShape> ensureShape(NodeInfo n) {
    PartialShape want = PartialShape.fromProto(n.attrs().getShape("shape"));
    PartialShape in = n.inputShape(0);
    Optional<PartialShape> m = merge(in, want);
    if (m.isEmpty()) {
      throw n.invalidArgument(
          "Shape of tensor "
              + n.name()
              + " "
              + in
              + " is not compatible with expected shape "
              + want
              + ".");
    }
    return List.of(m.get());
  }

  private static List<PartialShape> depthSpace(NodeInfo n, boolean toDepth) {
    long b = n.attrs().getInt("block_size");
    if (b < 2) {
      throw n.invalidArgument("Block size should be > 1, but was: " + b);
    }
    Shapes.requireRank(n, 0, 4);
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownDims(4));
    }
    if (!n.attrs().getString("data_format").equals("NHWC")) {
      return List.of(PartialShape.unknownDims(4));
    }
    long h = in.dim(1);
    long w = in.dim(2);
    long c = in.dim(3);
    if (toDepth) {
      for (long d : new long[] {h, w}) {
        if (d >= 0 && d % b != 0) {
          throw n.invalidArgument(
              "Dimension size must be evenly divisible by " + b + " but is " + d);
        }
      }
      return List.of(
          PartialShape.of(in.dim(0), h < 0 ? U : h / b, w < 0 ? U : w / b, c < 0 ? U : c * b * b));
    }
    if (c >= 0 && c % (b * b) != 0) {
      throw n.invalidArgument(
          "Dimension size must be evenly divisible by " + (b * b) + " but is " + c);
    }
    return List.of(
        PartialShape.of(in.dim(0), h < 0 ? U : h * b, w < 0 ? U : w * b, c < 0 ? U : c / b / b));
  }

  private static List<PartialShape> diag(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    return List.of(in.concat(in));
  }

  private static List<PartialShape> diagPart(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (in.rank() % 2 != 0) {
      throw n.invalidArgument("Input must have even rank <= 6, input rank is " + in.rank());
    }
    int half = in.rank() / 2;
    long[] out = new long[half];
    for (int i = 0; i < half; i++) {
      long x = in.dim(i);
      long y = in.dim(i + half);
      if (x >= 0 && y >= 0 && x != y) {
        throw n.invalidArgument("Dimensions must be equal, but are " + x + " and " + y + ".");
      }
      out[i] = x >= 0 ? x : y;
    }
    return List.of(PartialShape.of(out));
  }
}
