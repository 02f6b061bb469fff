package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.ArrayCopy.FILL;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelFactory;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.array.ArrayShapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/** CPU kernels of the Array op family. */
public final class CpuArray {
  private CpuArray() {}

  public static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Shape", CpuArray::shape));
    d.add(def("ShapeN", CpuArray::shape));
    d.add(def("Size", CpuArray::size));
    d.add(def("Rank", n -> CpuArray::rank));
    d.add(def("Reshape", n -> CpuArray::reshape));
    d.add(def("ExpandDims", n -> CpuArray::expandDims));
    d.add(def("Squeeze", CpuArray::squeeze));
    d.add(def("Pack", CpuArray::pack));
    d.add(def("Unpack", CpuArray::unpack));
    d.add(def("ConcatV2", n -> ctx -> concat(ctx, n.numInputs() - 1, 0, n.numInputs() - 1)));
    d.add(def("Concat", n -> ctx -> concat(ctx, 0, 1, n.numInputs())));
    d.add(def("ParallelConcat", CpuArray::parallelConcat));
    d.add(def("Split", n -> ctx -> split(ctx, 1, 0)));
    d.add(def("SplitV", n -> ctx -> split(ctx, 0, 2)));
    d.add(def("Slice", n -> CpuArray::slice));
    d.add(def("Transpose", n -> ctx -> transpose(ctx, false)));
    d.add(def("ConjugateTranspose", n -> ctx -> transpose(ctx, true)));
    d.add(def("Tile", n -> CpuArray::tile));
    d.add(def("Pad", CpuArray::pad));
    d.add(def("PadV2", CpuArray::pad));
    d.add(def("MirrorPad", CpuArray::pad));
    d.add(def("ReverseV2", n -> CpuArray::reverse));
    d.add(def("ReverseSequence", CpuArray::reverseSequence));
    d.add(def("Roll", n -> CpuArray::roll));
    d.add(def("BroadcastTo", n -> CpuArray::broadcastTo));
    d.add(def("DeepCopy", n -> CpuArray::deepCopy));
    d.add(def("EnsureShape", CpuArray::ensureShape));
    d.add(def("Empty", CpuArray::empty));
    return d;
  }

  /** {@code op}'s kernel, for TF's CPU dtypes of every type attr TF constrains. */
  static KernelDef def(String op, KernelFactory f) {
    if (!TfCpuRegistrations.registers(op)) {
      throw new IllegalStateException("TF registers no CPU kernel for " + op);
    }
    KernelDef.Builder b = KernelDef.builder(op, Device.CPU);
    for (String attr : TfCpuRegistrations.typeAttrs(op)) {
      b.tfCpuTypes(attr);
    }
    return b.build(f);
  }

  // ---- helpers

  static long[] vector(KernelContext ctx, int i, String what) {
    Tensor t = ctx.input(i);
    if (t.shape().rank() != 1) {
      throw ctx.node().invalidArgument(what + " must be a vector, not " + t.shape());
    }
    return t.toLongArray();
  }

  static long scalarValue(KernelContext ctx, int i, String what) {
    Tensor t = ctx.input(i);
    if (t.numElements() != 1) {
      throw ctx.node().invalidArgument(what + " must be a scalar, but got shape " + t.shape());
    }
    return t.getIndex(0);
  }

  private static Tensor ints(DType t, long... v) {
    return Tensor.ofIntegers(t, Shape.of(v.length), v);
  }

  static long[] remove(long[] dims, int at) {
    long[] out = new long[dims.length - 1];
    for (int i = 0, j = 0; i < dims.length; i++) {
      if (i != at) {
        out[j++] = dims[i];
      }
    }
    return out;
  }

  static long[] insert(long[] dims, int at, long v) {
    long[] out = new long[dims.length + 1];
    for (int i = 0, j = 0; i < out.length; i++) {
      out[i] = i == at ? v : dims[j++];
    }
    return out;
  }

  private static long product(long[] dims, int from, int to) {
    long p = 1;
    for (int i = from; i < to; i++) {
      p *= dims[i];
    }
    return p;
  }

  // ---- Shape, Size, Rank

  private static Kernel shape(NodeInfo node) {
    return ctx -> {
      for (int i = 0; i < node.numOutputs(); i++) {
        long[] dims = ctx.input(i).shape().dims();
        DType t = node.outputDType(i);
        if (t == DType.INT32) {
          for (long d : dims) {
            if (d > Integer.MAX_VALUE) {
              throw node.invalidArgument("Shape output type is 32-bit  but dim " + d + " is " + d);
            }
          }
        }
        ctx.setOutput(i, ints(t, dims));
      }
    };
  }

  private static Kernel size(NodeInfo node) {
    return ctx -> {
      long n = ctx.input(0).numElements();
      DType t = node.outputDType(0);
      if (t == DType.INT32 && n > Integer.MAX_VALUE) {
        throw node.invalidArgument(
            "Number of elements was larger than representable by 32-bit output type");
      }
      ctx.setOutput(0, Tensor.ofIntegers(t, Shape.scalar(), n));
    };
  }

  private static void rank(KernelContext ctx) {
    ctx.setOutput(0, Tensor.ofInts(Shape.scalar(), ctx.input(0).shape().rank()));
  }

  // ---- Reshape, ExpandDims, Squeeze

  private static void reshape(KernelContext ctx) {
    Tensor sizes = ctx.input(1);
    if (sizes.shape().rank() > 1) {
      throw ctx.node().invalidArgument("sizes input must be 1-D, not " + sizes.shape());
    }
    Tensor in = ctx.input(0);
    Shape target = ArrayShapes.reshapeTarget(ctx.node(), in.shape(), sizes.toLongArray());
    ctx.setOutput(0, Tensor.reshape(in, target));
  }

  private static void expandDims(KernelContext ctx) {
    Tensor dimT = ctx.input(1);
    if (dimT.numElements() != 1) {
      throw ctx.node().invalidArgument("'dim' must be a tensor with a single value");
    }
    long dim = dimT.getIndex(0);
    Tensor in = ctx.input(0);
    int rank = in.shape().rank();
    if (dim < -1 - rank || dim > rank) {
      throw ctx.node()
          .invalidArgument(
              "Tried to expand dim index " + dim + " for tensor with " + rank + " dimensions.");
    }
    int at = (int) (dim < 0 ? dim + rank + 1 : dim);
    ctx.setOutput(0, Tensor.reshape(in, Shape.of(insert(in.shape().dims(), at, 1))));
  }

  private static Kernel squeeze(NodeInfo node) {
    List<Long> sq = node.attrs().get("squeeze_dims").getList().getIList();
    return ctx -> {
      Tensor in = ctx.input(0);
      long[] dims = in.shape().dims();
      int rank = dims.length;
      boolean[] drop = new boolean[rank];
      for (long d : sq) {
        if (d < -rank || d >= rank) {
          throw node.invalidArgument(
              "Tried to squeeze dim index " + d + " for tensor with " + rank + " dimensions.");
        }
        drop[(int) (d < 0 ? d + rank : d)] = true;
      }
      List<Long> out = new ArrayList<>();
      for (int i = 0; i < rank; i++) {
        if (sq.isEmpty() ? dims[i] == 1 : drop[i]) {
          if (dims[i] != 1) {
            throw node.invalidArgument(
                "Can not squeeze dim[" + i + "], expected a dimension of 1, got " + dims[i]);
          }
        } else {
          out.add(dims[i]);
        }
      }
      ctx.setOutput(
          0, Tensor.reshape(in, Shape.of(out.stream().mapToLong(Long::longValue).toArray())));
    };
  }

  // ---- Pack, Unpack, Concat, Split

  private static Kernel pack(NodeInfo node) {
    long axisAttr = node.attrs().getInt("axis");
    return ctx -> {
      int count = node.numInputs();
      Shape first = ctx.input(0).shape();
      for (int i = 1; i < count; i++) {
        if (!ctx.input(i).shape().equals(first)) {
          throw node.invalidArgument(
              "Shapes of all inputs must match: values[0].shape = "
                  + first
                  + " != values["
                  + i
                  + "].shape = "
                  + ctx.input(i).shape());
        }
      }
      int rank = first.rank() + 1;
      if (axisAttr < -rank || axisAttr >= rank) {
        throw node.invalidArgument("axis = " + axisAttr + " not in [" + -rank + ", " + rank + ")");
      }
      int at = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
      long[] dims = first.dims();
      TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(insert(dims, at, count)));
      long outer = product(dims, 0, at);
      long chunk = product(dims, at, dims.length);
      if (chunk > 0 && outer > 0) {
        for (int i = 0; i < count; i++) {
          ArrayCopy.Mover m = ArrayCopy.Mover.of(ctx.input(i), out);
          for (long r = 0; r < outer; r++) {
            m.move(r * chunk, (r * count + i) * chunk, chunk);
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static Kernel unpack(NodeInfo node) {
    long axisAttr = node.attrs().getInt("axis");
    return ctx -> {
      Tensor in = ctx.input(0);
      long[] dims = in.shape().dims();
      int rank = dims.length;
      if (axisAttr < -rank || axisAttr >= rank) {
        throw node.invalidArgument("axis = " + axisAttr + " not in [" + -rank + ", " + rank + ")");
      }
      int at = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
      int num = node.numOutputs();
      if (dims[at] != num) {
        throw node.invalidArgument(
            "Input shape axis " + at + " must equal " + num + ", got shape " + in.shape());
      }
      Shape outShape = Shape.of(remove(dims, at));
      long outer = product(dims, 0, at);
      long chunk = product(dims, at + 1, rank);
      for (int i = 0; i < num; i++) {
        TensorBuffer out = ctx.allocate(in.dtype(), outShape);
        if (chunk > 0) {
          ArrayCopy.Mover m = ArrayCopy.Mover.of(in, out);
          for (long r = 0; r < outer; r++) {
            m.move((r * num + i) * chunk, r * chunk, chunk);
          }
        }
        ctx.setOutput(i, out.freeze());
      }
    };
  }

  private static void concat(KernelContext ctx, int axisInput, int from, int to) {
    NodeInfo node = ctx.node();
    Tensor axisT = ctx.input(axisInput);
    if (axisT.shape().rank() != 0) {
      throw node.invalidArgument(
          "Concat dim tensor should be a scalar, but got shape " + axisT.shape());
    }
    long axis = axisT.getIndex(0);
    Shape first = ctx.input(from).shape();
    int rank = first.rank();
    if (axis < -rank || axis >= rank) {
      throw node.invalidArgument(
          "ConcatOp : Expected concatenating dimensions in the range ["
              + -rank
              + ", "
              + rank
              + "), but got "
              + axis);
    }
    int at = (int) (axis < 0 ? axis + rank : axis);
    long total = 0;
    for (int i = from; i < to; i++) {
      Shape s = ctx.input(i).shape();
      if (s.rank() != rank) {
        throw node.invalidArgument(
            "ConcatOp : Ranks of all input tensors should match: shape[0] = "
                + first
                + " vs. shape["
                + (i - from)
                + "] = "
                + s);
      }
      for (int d = 0; d < rank; d++) {
        if (d != at && s.dim(d) != first.dim(d)) {
          throw node.invalidArgument(
              "ConcatOp : Dimension "
                  + d
                  + " in both shapes must be equal: shape[0] = "
                  + first
                  + " vs. shape["
                  + (i - from)
                  + "] = "
                  + s);
        }
      }
      total += s.dim(at);
    }
    long[] dims = first.dims();
    dims[at] = total;
    TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(dims));
    long outer = product(dims, 0, at);
    long inner = product(dims, at + 1, rank);
    long rowOut = total * inner;
    long offset = 0;
    for (int i = from; i < to; i++) {
      Tensor t = ctx.input(i);
      long chunk = t.shape().dim(at) * inner;
      if (chunk > 0) {
        ArrayCopy.Mover m = ArrayCopy.Mover.of(t, out);
        for (long r = 0; r < outer; r++) {
          m.move(r * chunk, r * rowOut + offset, chunk);
        }
      }
      offset += chunk;
    }
    ctx.setOutput(0, out.freeze());
  }

  private static Kernel parallelConcat(NodeInfo node) {
    return ctx -> {
      int count = node.numInputs();
      Shape first = ctx.input(0).shape();
      if (first.rank() == 0 || first.dim(0) != 1) {
        throw node.invalidArgument(
            "ParallelConcat input 0 must have a first dimension of 1, got " + first);
      }
      long[] dims = first.dims();
      dims[0] = count;
      TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(dims));
      long chunk = first.numElements();
      for (int i = 0; i < count; i++) {
        Tensor t = ctx.input(i);
        if (!t.shape().equals(first)) {
          throw node.invalidArgument(
              "Shapes of all inputs must match: values[0].shape = "
                  + first
                  + " != values["
                  + i
                  + "].shape = "
                  + t.shape());
        }
        if (chunk > 0) {
          ArrayCopy.Mover.of(t, out).move(0, i * chunk, chunk);
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static void split(KernelContext ctx, int valueInput, int axisInput) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(valueInput);
    Tensor axisT = ctx.input(axisInput);
    if (axisT.numElements() != 1) {
      throw node.invalidArgument("split_dim must be a scalar but has rank " + axisT.shape().rank());
    }
    long axis = axisT.getIndex(0);
    int rank = in.shape().rank();
    int num = node.numOutputs();
    if (axis < -rank || axis >= rank) {
      throw node.invalidArgument(
          "-input rank(-" + rank + ") <= split_dim < input rank (" + rank + "), but got " + axis);
    }
    int at = (int) (axis < 0 ? axis + rank : axis);
    long[] dims = in.shape().dims();
    long[] sizes = new long[num];
    if (node.op().equals("Split")) {
      if (dims[at] % num != 0) {
        throw node.invalidArgument(
            "Number of ways to split should evenly divide the split dimension, but got split_dim "
                + axis
                + " (size = "
                + dims[at]
                + ") and num_split "
                + num);
      }
      java.util.Arrays.fill(sizes, dims[at] / num);
    } else {
      Tensor st = ctx.input(1);
      long[] given = st.toLongArray();
      if (st.shape().rank() != 1 || given.length != num) {
        throw node.invalidArgument(
            "Length of size_splits should be equal to the value of num_split, but got size_splits"
                + " of length "
                + given.length
                + " and num_split "
                + num);
      }
      int neg = -1;
      long sum = 0;
      for (int i = 0; i < num; i++) {
        if (given[i] == -1) {
          if (neg >= 0) {
            throw node.invalidArgument("There can only be one -1 in the input.");
          }
          neg = i;
        } else if (given[i] < 0) {
          throw node.invalidArgument(
              "Split size at index " + i + " must be >= 0. Got: " + given[i]);
        } else {
          sum += given[i];
        }
      }
      if ((neg < 0 && sum != dims[at]) || (neg >= 0 && sum > dims[at])) {
        throw node.invalidArgument(
            "Determined shape must either match input shape along split_dim exactly if fully"
                + " specified, or be less than the size of the input along split_dim if not fully"
                + " specified.  Got: "
                + sum);
      }
      if (neg >= 0) {
        given[neg] = dims[at] - sum;
      }
      sizes = given;
    }
    long outer = product(dims, 0, at);
    long inner = product(dims, at + 1, rank);
    long rowIn = dims[at] * inner;
    long offset = 0;
    for (int i = 0; i < num; i++) {
      long[] od = dims.clone();
      od[at] = sizes[i];
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
      long chunk = sizes[i] * inner;
      if (chunk > 0) {
        ArrayCopy.Mover m = ArrayCopy.Mover.of(in, out);
        for (long r = 0; r < outer; r++) {
          m.move(r * rowIn + offset, r * chunk, chunk);
        }
      }
      offset += chunk;
      ctx.setOutput(i, out.freeze());
    }
  }

  // ---- Slice, Transpose, Tile, Pad, Reverse, Roll, BroadcastTo

  private static void slice(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor bt = ctx.input(1);
    Tensor st = ctx.input(2);
    int rank = in.shape().rank();
    if (bt.shape().rank() != 1
        || st.shape().rank() != 1
        || bt.numElements() != rank
        || st.numElements() != rank) {
      throw node.invalidArgument(
          "Expected begin and size arguments to be 1-D tensors of size "
              + rank
              + ", but got shapes "
              + bt.shape()
              + " and "
              + st.shape()
              + " instead.");
    }
    long[] begin = bt.toLongArray();
    long[] size = st.toLongArray();
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      long b = begin[i];
      long s = size[i] == -1 ? dims[i] - b : size[i];
      if (b < 0 || b > dims[i]) {
        throw node.invalidArgument(
            "Expected begin[" + i + "] in [0, " + dims[i] + "], but got " + b);
      }
      if (s < 0 || b + s > dims[i]) {
        throw node.invalidArgument(
            "Expected size[" + i + "] in [0, " + (dims[i] - b) + "], but got " + s);
      }
      maps[i] = ArrayCopy.linear(s, b, 1, strides[i]);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static Tensor gathered(KernelContext ctx, Tensor in, long[][] maps) {
    long[] od = new long[maps.length];
    for (int i = 0; i < od.length; i++) {
      od[i] = maps[i].length;
    }
    TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
    ArrayCopy.gather(in, out, maps);
    return out.freeze();
  }

  private static void transpose(KernelContext ctx, boolean conjugate) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor pt = ctx.input(1);
    if (pt.shape().rank() != 1) {
      throw node.invalidArgument("perm must be a vector, not " + pt.shape());
    }
    long[] perm = pt.toLongArray();
    int rank = in.shape().rank();
    if (perm.length != rank) {
      throw node.invalidArgument(
          "transpose expects a vector of size "
              + rank
              + ". But input(1) is a vector of size "
              + perm.length);
    }
    boolean[] seen = new boolean[rank];
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      long p = perm[i];
      if (p < 0 || p >= rank) {
        throw node.invalidArgument(p + " is out of range [0 .. " + rank + ")");
      }
      if (seen[(int) p]) {
        throw node.invalidArgument(p + " is duplicated in the input.");
      }
      seen[(int) p] = true;
      maps[i] = ArrayCopy.linear(dims[(int) p], 0, 1, strides[(int) p]);
    }
    Tensor out = gathered(ctx, in, maps);
    if (conjugate && (in.dtype() == DType.COMPLEX64 || in.dtype() == DType.COMPLEX128)) {
      TensorBuffer b = ctx.allocate(in.dtype(), out.shape());
      ArrayCopy.Mover.of(out, b).move(0, 0, out.numElements());
      long n = out.numElements();
      for (long i = 0; i < n; i++) {
        if (in.dtype() == DType.COMPLEX64) {
          long at = i * 2 + 1;
          b.segment()
              .setAtIndex(
                  dev.rawops.tensor.Layouts.F32,
                  at,
                  -b.segment().getAtIndex(dev.rawops.tensor.Layouts.F32, at));
        } else {
          long at = i * 2 + 1;
          b.segment()
              .setAtIndex(
                  dev.rawops.tensor.Layouts.F64,
                  at,
                  -b.segment().getAtIndex(dev.rawops.tensor.Layouts.F64, at));
        }
      }
      out = b.freeze();
    }
    ctx.setOutput(0, out);
  }

  private static void tile(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor mt = ctx.input(1);
    int rank = in.shape().rank();
    if (mt.shape().rank() != 1 || mt.numElements() != rank) {
      throw node.invalidArgument(
          "Expected multiples argument to be a vector of length "
              + rank
              + " but got length "
              + (mt.shape().rank() == 0 ? 0 : mt.shape().dim(0)));
    }
    long[] mult = mt.toLongArray();
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      if (mult[i] < 0) {
        throw node.invalidArgument("Expected multiples[" + i + "] >= 0, but got " + mult[i]);
      }
      long n = dims[i] * mult[i];
      long[] m = new long[Math.toIntExact(n)];
      for (int j = 0; j < m.length; j++) {
        m[j] = (j % dims[i]) * strides[i];
      }
      maps[i] = m;
    }
    long outElements = 1;
    boolean same = true;
    for (int i = 0; i < rank; i++) {
      outElements *= maps[i].length;
      same &= mult[i] == 1;
    }
    if (same) {
      ctx.setOutput(0, in);
      return;
    }
    if (outElements > 0 && in.dtype() == DType.UINT16) {
      // TF's TileOp instantiates no functor for uint16.
      throw node.error(
          dev.rawops.Code.UNIMPLEMENTED,
          "TileOp : The input data type is not supported, DataType : "
              + in.dtype().tfName()
              + ", Dimension : "
              + rank);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static Kernel pad(NodeInfo node) {
    String op = node.op();
    boolean mirror = op.equals("MirrorPad");
    boolean reflect = mirror && node.attrs().getString("mode").equals("REFLECT");
    return ctx -> {
      Tensor in = ctx.input(0);
      Tensor pt = ctx.input(1);
      int rank = in.shape().rank();
      if (pt.shape().rank() != 2 || pt.shape().dim(1) != 2) {
        throw node.invalidArgument("paddings must be a matrix with 2 columns: " + pt.shape());
      }
      if (pt.shape().dim(0) != rank) {
        throw node.invalidArgument(
            "The first dimension of paddings must be the rank of inputs"
                + pt.shape()
                + " "
                + in.shape());
      }
      long[] p = pt.toLongArray();
      long[] dims = in.shape().dims();
      long[] strides = ArrayCopy.strides(dims);
      long[][] maps = new long[rank][];
      for (int i = 0; i < rank; i++) {
        long before = p[2 * i];
        long after = p[2 * i + 1];
        if (before < 0 || after < 0) {
          throw node.invalidArgument("Paddings must be non-negative: " + before + " " + after);
        }
        long n = dims[i];
        if (mirror) {
          long limit = reflect ? n - 1 : n;
          if (before > limit || after > limit) {
            throw node.invalidArgument(
                reflect
                    ? "paddings must be less than the dimension size: "
                        + before
                        + ", "
                        + after
                        + " not less than "
                        + n
                    : "paddings must be no greater than the dimension size: "
                        + before
                        + ", "
                        + after
                        + " greater than "
                        + n);
          }
        }
        long[] m = new long[Math.toIntExact(before + n + after)];
        for (int j = 0; j < m.length; j++) {
          long s = j - before;
          if (s < 0 || s >= n) {
            if (!mirror) {
              m[j] = FILL;
              continue;
            }
            s = s < 0 ? (reflect ? -s : -s - 1) : (reflect ? 2 * n - 2 - s : 2 * n - 1 - s);
          }
          m[j] = s * strides[i];
        }
        maps[i] = m;
      }
      long[] od = new long[rank];
      for (int i = 0; i < rank; i++) {
        od[i] = maps[i].length;
      }
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
      if (op.equals("PadV2")) {
        Tensor c = ctx.input(2);
        if (c.shape().rank() != 0) {
          throw node.invalidArgument("constant_values must be a scalar. Got: " + c.shape());
        }
        ArrayCopy.fill(out, c, 0);
      }
      ArrayCopy.gather(in, out, maps);
      ctx.setOutput(0, out.freeze());
    };
  }

  private static void reverse(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long[] axes = vector(ctx, 1, "'axis'");
    int rank = in.shape().rank();
    boolean[] rev = new boolean[rank];
    for (int i = 0; i < axes.length; i++) {
      long a = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (a < 0 || a >= rank) {
        throw node.invalidArgument(
            "'axis'[" + i + "] = " + axes[i] + " is out of valid range [0, " + (rank - 1));
      }
      if (rev[(int) a]) {
        throw node.invalidArgument("axis " + a + " specified more than once.");
      }
      rev[(int) a] = true;
    }
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      maps[i] =
          rev[i]
              ? ArrayCopy.linear(dims[i], dims[i] - 1, -1, strides[i])
              : ArrayCopy.linear(dims[i], 0, 1, strides[i]);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static Kernel reverseSequence(NodeInfo node) {
    long seqDim = node.attrs().getInt("seq_dim");
    long batchDim = node.attrs().getInt("batch_dim");
    return ctx -> {
      Tensor in = ctx.input(0);
      Tensor lt = ctx.input(1);
      int rank = in.shape().rank();
      long[] dims = in.shape().dims();
      if (batchDim >= rank || seqDim >= rank || batchDim < 0 || seqDim < 0) {
        throw node.invalidArgument(
            "Invalid batch_dim " + batchDim + " or seq_dim " + seqDim + " for rank " + rank);
      }
      if (batchDim == seqDim) {
        throw node.invalidArgument("batch_dim == seq_dim == " + seqDim);
      }
      if (lt.shape().rank() != 1) {
        throw node.invalidArgument("seq_lengths must be 1-dim, not " + lt.shape().rank());
      }
      long[] lens = lt.toLongArray();
      int b = (int) batchDim;
      int s = (int) seqDim;
      if (lens.length != dims[b]) {
        throw node.invalidArgument(
            "Length of seq_lengths != input.dims("
                + batchDim
                + "), ("
                + lens.length
                + " vs. "
                + dims[b]
                + ")");
      }
      for (int i = 0; i < lens.length; i++) {
        if (lens[i] < 0) {
          throw node.invalidArgument("seq_lengths(" + i + ") < 0");
        }
        if (lens[i] > dims[s]) {
          throw node.invalidArgument("seq_lengths(" + i + ") > input.dims(" + seqDim + ")");
        }
      }
      long[] strides = ArrayCopy.strides(dims);
      TensorBuffer out = ctx.allocate(in.dtype(), in.shape());
      for (int bi = 0; bi < lens.length; bi++) {
        long[][] maps = new long[rank][];
        for (int d = 0; d < rank; d++) {
          if (d == b) {
            maps[d] = new long[] {bi * strides[d]};
          } else if (d == s) {
            long[] m = new long[(int) dims[d]];
            for (int j = 0; j < m.length; j++) {
              m[j] = (j < lens[bi] ? lens[bi] - 1 - j : j) * strides[d];
            }
            maps[d] = m;
          } else {
            maps[d] = ArrayCopy.linear(dims[d], 0, 1, strides[d]);
          }
        }
        ArrayCopy.gather(in, out, bi * strides[b], maps, strides);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static void roll(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor st = ctx.input(1);
    Tensor at = ctx.input(2);
    if (st.shape().rank() > 1) {
      throw node.invalidArgument("shift must be a scalar or a 1-D vector. Found: " + st.shape());
    }
    if (at.shape().rank() > 1) {
      throw node.invalidArgument("axis must be a scalar or a 1-D vector. Found: " + at.shape());
    }
    if (!st.shape().equals(at.shape())) {
      throw node.invalidArgument(
          "shift and axis must have the same size. Found shift: "
              + st.shape()
              + " and axis: "
              + at.shape());
    }
    long[] shifts = st.toLongArray();
    long[] axes = at.toLongArray();
    int rank = in.shape().rank();
    long[] dims = in.shape().dims();
    long[] total = new long[rank];
    for (int i = 0; i < axes.length; i++) {
      long a = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (a < 0 || a >= rank) {
        throw node.invalidArgument("axis " + axes[i] + " is out of range");
      }
      total[(int) a] += shifts[i];
    }
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int d = 0; d < rank; d++) {
      long n = dims[d];
      long[] m = new long[(int) n];
      long sh = n == 0 ? 0 : Math.floorMod(total[d], n);
      for (int j = 0; j < n; j++) {
        m[j] = Math.floorMod(j - sh, n) * strides[d];
      }
      maps[d] = m;
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static void broadcastTo(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long[] target = vector(ctx, 1, "shape");
    long[] dims = in.shape().dims();
    if (dims.length > target.length) {
      throw node.invalidArgument(
          "Rank of input ("
              + dims.length
              + ") must be no greater than rank of output shape ("
              + target.length
              + ").");
    }
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[target.length][];
    int off = target.length - dims.length;
    for (int d = 0; d < target.length; d++) {
      if (target[d] < 0) {
        throw node.invalidArgument("Dimension " + target[d] + " must be >= 0");
      }
      int j = d - off;
      long n = j >= 0 ? dims[j] : 1;
      if (n != target[d] && n != 1) {
        throw node.invalidArgument(
            "Incompatible shapes: " + ArrayShapes.str(dims) + " vs. " + ArrayShapes.str(target));
      }
      maps[d] =
          n == 1 ? new long[Math.toIntExact(target[d])] : ArrayCopy.linear(n, 0, 1, strides[j]);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  // ---- DeepCopy, EnsureShape, Empty

  private static void deepCopy(KernelContext ctx) {
    Tensor in = ctx.input(0);
    ctx.setOutput(0, ArrayCopy.copyOf(ctx, in, in.shape()).freeze());
  }

  private static Kernel ensureShape(NodeInfo node) {
    dev.rawops.tensor.PartialShape want =
        dev.rawops.tensor.PartialShape.fromProto(node.attrs().getShape("shape"));
    return ctx -> {
      Tensor in = ctx.input(0);
      if (!want.isCompatibleWith(in.shape())) {
        throw node.invalidArgument(
            "Shape of tensor "
                + node.name()
                + " "
                + in.shape()
                + " is not compatible with expected shape "
                + want
                + ".");
      }
      ctx.setOutput(0, in);
    };
  }

  private static Kernel empty(NodeInfo node) {
    return ctx -> {
      Tensor st = ctx.input(0);
      if (st.shape().rank() != 1) {
        throw node.invalidArgument("shape must be a vector of int32, got shape " + st.shape());
      }
      long[] dims = st.toLongArray();
      for (long d : dims) {
        if (d < 0) {
          throw node.invalidArgument("Dimension " + d + " must be >= 0");
        }
      }
      ctx.setOutput(0, ctx.allocate(node.outputDType(0), Shape.of(dims)).freeze());
    };
  }
}
