package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;
import static dev.rawops.kernels.cpu.array.CpuArray.insert;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.array.ArrayShapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Array ops that read, restate or copy a shape: Shape, ShapeN, Size, Rank,
 * Reshape, ExpandDims, Squeeze, DeepCopy, EnsureShape and Empty.
 */
final class CpuReshape {
  private CpuReshape() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Shape", CpuReshape::shape));
    d.add(def("ShapeN", CpuReshape::shape));
    d.add(def("Size", CpuReshape::size));
    d.add(def("Rank", n -> CpuReshape::rank));
    d.add(def("Reshape", n -> CpuReshape::reshape));
    d.add(def("ExpandDims", n -> CpuReshape::expandDims));
    d.add(def("Squeeze", CpuReshape::squeeze));
    d.add(def("DeepCopy", n -> CpuReshape::deepCopy));
    d.add(def("EnsureShape", CpuReshape::ensureShape));
    d.add(def("Empty", CpuReshape::empty));
    return d;
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

  private static Tensor ints(DType t, long... v) {
    return Tensor.ofIntegers(t, Shape.of(v.length), v);
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
