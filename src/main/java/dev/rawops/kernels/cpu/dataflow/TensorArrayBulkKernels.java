package dev.rawops.kernels.cpu.dataflow;

import static dev.rawops.kernels.cpu.dataflow.CpuTensorArray.array;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorArray.checkReadType;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorArray.checkWriteType;
import static dev.rawops.kernels.cpu.dataflow.TensorArray.debug;

import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The TensorArrayV3 kernels that move many elements at once: Gather and Concat (read and join
 * elements), Scatter and Split (cut a tensor into elements and write them).
 */
final class TensorArrayBulkKernels {
  private TensorArrayBulkKernels() {}

  static dev.rawops.kernels.Kernel gather(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape attrShape = PartialShape.fromProto(node.attrs().getShape("element_shape"));
    return ctx -> {
      TensorArray ta = array(ctx);
      Tensor indices = ctx.input(1);
      if (indices.shape().rank() != 1) {
        throw ctx.node()
            .invalidArgument(
                "Expected indices to be a vector, but received shape: " + indices.shape());
      }
      checkReadType(ctx, ta, dtype);
      int n = (int) indices.numElements();
      if (n == 0) {
        PartialShape es = attrShape.hasRank() ? attrShape : ta.elementShape;
        if (!es.isFullyDefined()) {
          throw ctx.node()
              .error(
                  dev.rawops.Code.UNIMPLEMENTED,
                  "TensorArray has size zero, but element shape "
                      + debug(es)
                      + " is not fully defined. Currently only static shapes are supported"
                      + " when packing zero-size TensorArrays.");
        }
        ctx.setOutput(0, empty(ctx, dtype, Shape.of(0).concat(es.toShape().orElseThrow())));
        return;
      }
      List<Tensor> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        values.add(ta.read(ctx.node(), indices.getInt(i)));
      }
      Shape first = values.get(0).shape();
      if (!attrShape.isCompatibleWith(first)) {
        throw ctx.node()
            .invalidArgument(
                "TensorArray was passed element_shape "
                    + debug(attrShape)
                    + " which does not match the Tensor at index 0: "
                    + first);
      }
      for (int i = 1; i < n; i++) {
        if (!values.get(i).shape().equals(first)) {
          throw ctx.node()
              .invalidArgument(
                  "TensorArray has inconsistent shapes.  Index 0 has shape: "
                      + first
                      + " but index "
                      + i
                      + " has shape: "
                      + values.get(i).shape());
        }
      }
      ctx.setOutput(0, concat(ctx, dtype, Shape.of(n).concat(first), values));
    };
  }

  static dev.rawops.kernels.Kernel concat(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape except0 = PartialShape.fromProto(node.attrs().getShape("element_shape_except0"));
    return ctx -> {
      TensorArray ta = array(ctx);
      checkReadType(ctx, ta, dtype);
      int n = ta.size(ctx.node());
      if (n == 0) {
        if (!except0.isFullyDefined()) {
          throw ctx.node()
              .error(
                  dev.rawops.Code.UNIMPLEMENTED,
                  "TensorArray has size zero, but element_shape_except0 "
                      + debug(except0)
                      + " is not fully defined. Currently only static shapes are supported"
                      + " when concatenating zero-size TensorArrays.");
        }
        ctx.setOutput(0, empty(ctx, dtype, Shape.of(0).concat(except0.toShape().orElseThrow())));
        ctx.setOutput(1, TensorBuffer.allocate(DType.INT64, Shape.of(0)).freeze());
        return;
      }
      List<Tensor> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        values.add(ta.read(ctx.node(), i));
      }
      long[] lengths = new long[n];
      Shape rest = null;
      long total = 0;
      for (int i = 0; i < n; i++) {
        Shape s = values.get(i).shape();
        if (s.rank() < 1) {
          throw ctx.node()
              .invalidArgument(
                  "Concat saw a scalar shape at index "
                      + i
                      + " but requires at least vectors.  Did you mean to call pack?");
        }
        lengths[i] = s.dim(0);
        Shape r = s.sub(1, s.rank());
        if (i == 0) {
          rest = r;
          if (!except0.isCompatibleWith(r)) {
            throw ctx.node()
                .invalidArgument(
                    "TensorArray was passed element_shape_except0 "
                        + debug(except0)
                        + " but index 0 has (excepting dimension 0) shape: "
                        + r
                        + " which does not match.");
          }
        } else if (!r.equals(rest)) {
          throw ctx.node()
              .invalidArgument(
                  "TensorArray has inconsistent shapes.  Index 0 has (excepting dimension 0)"
                      + " shape: "
                      + rest
                      + " but index "
                      + i
                      + " has (excepting dimension 0) shape: "
                      + r);
        }
        total += lengths[i];
      }
      ctx.setOutput(0, concat(ctx, dtype, Shape.of(total).concat(rest), values));
      ctx.setOutput(1, Tensor.ofLongs(Shape.of(n), lengths));
    };
  }

  static void scatter(KernelContext ctx) {
    TensorArray ta = array(ctx);
    Tensor indices = ctx.input(1);
    Tensor value = ctx.input(2);
    if (indices.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected indices to be a vector, but received shape: " + indices.shape());
    }
    checkWriteType(ctx, ta, value);
    if (value.shape().rank() < 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected value to be at least a vector, but received shape: " + value.shape());
    }
    long n = indices.numElements();
    if (n != value.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Expected len(indices) == values.shape[0], but saw: "
                  + n
                  + " vs. "
                  + value.shape().dim(0));
    }
    if (!ta.dynamicSize) {
      long max = -1;
      for (long i = 0; i < n; i++) {
        max = Math.max(max, indices.getInt(i));
      }
      int size = ta.size(ctx.node());
      if (max >= size) {
        throw ctx.node()
            .invalidArgument(
                "Max scatter index must be < array size (" + max + " vs. " + size + ")");
      }
    }
    Shape element = value.shape().sub(1, value.shape().rank());
    for (long i = 0; i < n; i++) {
      ta.write(ctx.node(), indices.getInt(i), slice(value, i, 1, element));
    }
    ctx.setOutput(0, ctx.input(3));
  }

  static void split(KernelContext ctx) {
    TensorArray ta = array(ctx);
    Tensor value = ctx.input(1);
    Tensor lengths = ctx.input(2);
    if (lengths.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument("Expected lengths to be a vector, received shape: " + lengths.shape());
    }
    checkWriteType(ctx, ta, value);
    int n = (int) lengths.numElements();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += lengths.getLong(i);
    }
    if (value.shape().rank() < 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected value to be at least a vector, but received shape: " + value.shape());
    }
    if (total != value.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Expected sum of lengths to be equal to values.shape[0], but sum of lengths is "
                  + total
                  + " and value's shape is: "
                  + value.shape());
    }
    int size = ta.size(ctx.node());
    if (!ta.dynamicSize && size < n) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray's size is not equal to the size of lengths ("
                  + size
                  + " vs. "
                  + n
                  + "), and the TensorArray is not marked as dynamically resizeable");
    }
    Shape rest = value.shape().sub(1, value.shape().rank());
    long row = 0;
    for (int i = 0; i < n; i++) {
      long len = lengths.getLong(i);
      ta.write(ctx.node(), i, slice(value, row, len, Shape.of(len).concat(rest)));
      row += len;
    }
    ctx.setOutput(0, ctx.input(3));
  }

  /** Rows [row, row + count) of {@code t} along dimension 0, shaped {@code shape}. */
  private static Tensor slice(Tensor t, long row, long count, Shape shape) {
    long rowElements = t.shape().numElementsFrom(1);
    long start = row * rowElements;
    long n = count * rowElements;
    DType d = t.dtype();
    if (d.isFixedWidth()) {
      return Tensor.view(t, shape, start * d.byteSize());
    }
    Object[] objects = new Object[(int) n];
    if (d == DType.STRING) {
      byte[][] s = new byte[(int) n][];
      for (int i = 0; i < n; i++) {
        s[i] = t.getString(start + i);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    for (int i = 0; i < n; i++) {
      objects[i] = t.getObject(start + i);
    }
    return Tensor.ofObjects(d, shape, objects);
  }

  private static Tensor empty(KernelContext ctx, DType dtype, Shape shape) {
    if (dtype.isObject()) {
      return Tensor.ofObjects(dtype, shape);
    }
    return ctx.allocate(dtype, shape).freeze();
  }

  /** The parts' elements one after another (a concatenation along dimension 0). */
  private static Tensor concat(KernelContext ctx, DType dtype, Shape shape, List<Tensor> parts) {
    if (dtype.isObject()) {
      List<Object> all = new ArrayList<>();
      for (Tensor p : parts) {
        for (long i = 0; i < p.numElements(); i++) {
          all.add(p.getObject(i));
        }
      }
      return Tensor.ofObjects(dtype, shape, all.toArray());
    }
    TensorBuffer b = ctx.allocate(dtype, shape);
    if (dtype == DType.STRING) {
      byte[][] s = b.strings();
      int k = 0;
      for (Tensor p : parts) {
        for (long i = 0; i < p.numElements(); i++) {
          s[k++] = p.getString(i);
        }
      }
      return b.freeze();
    }
    MemorySegment out = b.segment();
    long offset = 0;
    for (Tensor p : parts) {
      MemorySegment.copy(p.data(), 0, out, offset, p.byteSize());
      offset += p.byteSize();
    }
    return b.freeze();
  }
}
