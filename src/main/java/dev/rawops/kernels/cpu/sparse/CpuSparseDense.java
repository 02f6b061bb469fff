package dev.rawops.kernels.cpu.sparse;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.BulkCopy;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.ScatterCombine;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** Sparse-into-dense ops on CPU: SparseTensorDenseAdd and SparseToDense. */
public final class CpuSparseDense {
  private CpuSparseDense() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseTensorDenseAdd", Device.CPU)
              .tfCpuTypes("T")
              .typeConstraint("Tindices", INT32, INT64)
              .build(DenseAdd::new),
          KernelDef.builder("SparseToDense", Device.CPU)
              .tfCpuTypes("T")
              .typeConstraint("Tindices", INT32, INT64)
              .build(ToDense::new));

  private static String bracketed(long[] v, String sep) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      sb.append(i > 0 ? sep : "").append(v[i]);
    }
    return sb.append(']').toString();
  }

  /** SparseTensorDenseAdd: {@code b} plus the sparse values, added in index order. */
  private record DenseAdd(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor indices = ctx.input(0);
      Tensor values = ctx.input(1);
      Tensor shapeT = ctx.input(2);
      Tensor b = ctx.input(3);
      if (indices.shape().rank() != 2) {
        throw node.invalidArgument(
            "Input a_indices should be a matrix but of shape: " + indices.shape());
      }
      if (values.shape().rank() != 1 || shapeT.shape().rank() != 1) {
        throw node.invalidArgument(
            "Inputs a_values and a_shape should be vectors but received shapes: "
                + values.shape()
                + " and "
                + shapeT.shape());
      }
      long nnz = indices.shape().dim(0);
      int ndims = (int) indices.shape().dim(1);
      if (values.shape().dim(0) != nnz) {
        throw node.invalidArgument(
            "Dimensions " + nnz + " and " + values.shape().dim(0) + " are not compatible");
      }
      if (shapeT.shape().dim(0) != ndims) {
        throw node.invalidArgument(
            "Dimensions " + ndims + " and " + shapeT.shape().dim(0) + " are not compatible");
      }
      long[] shape = shapeT.toLongArray();
      if (shape.length != b.shape().rank()) {
        throw node.invalidArgument(
            "Two operands have different ranks; received: "
                + shape.length
                + " and "
                + b.shape().rank());
      }
      for (int i = 0; i < shape.length; i++) {
        if (shape[i] != b.shape().dim(i)) {
          throw node.invalidArgument(
              "Dimension "
                  + i
                  + " does not equal (no broadcasting is supported): sparse side "
                  + shape[i]
                  + " vs dense side "
                  + b.shape().dim(i));
        }
      }
      long[] ix = IndexChunks.readAll(indices);
      for (int z = 0; z < nnz; z++) {
        for (int d = 0; d < ndims; d++) {
          long v = ix[z * ndims + d];
          if (v < 0 || v >= shape[d]) {
            throw node.invalidArgument(
                "Sparse tensor has an invalid index on dimension "
                    + d
                    + ": a_indices("
                    + z
                    + ","
                    + d
                    + ") = "
                    + v
                    + ", dense tensor shape: "
                    + bracketed(shape, " ").substring(1).replace("]", ""));
          }
        }
      }
      if (ndims < 1 || ndims > 5) {
        throw node.error(
            dev.rawops.Code.UNIMPLEMENTED,
            "Only tensors with ranks between 1 and 5 are currently supported.  Tensor rank: "
                + ndims);
      }
      TensorBuffer out = ctx.forwardInput(3).orElseGet(() -> BulkCopy.copyOf(ctx, b));
      DType t = b.dtype();
      MemorySegment src = values.data();
      MemorySegment dst = out.segment();
      for (int z = 0; z < nnz; z++) {
        long offset = 0;
        for (int d = 0; d < ndims; d++) {
          offset = offset * shape[d] + ix[z * ndims + d];
        }
        ScatterCombine.ADD.apply(t, src, z, dst, offset, 1);
      }
      ctx.setOutput(0, out.freeze());
    }
  }

  /** SparseToDense: default_value everywhere, then each sparse value at its index. */
  private record ToDense(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor indices = ctx.input(0);
      Tensor shapeT = ctx.input(1);
      Tensor values = ctx.input(2);
      Tensor dflt = ctx.input(3);
      if (indices.shape().rank() > 2) {
        throw node.invalidArgument(
            "sparse_indices should be a scalar, vector, or matrix, got shape " + indices.shape());
      }
      long numElems = indices.shape().rank() > 0 ? indices.shape().dim(0) : 1;
      int numDims = indices.shape().rank() > 1 ? (int) indices.shape().dim(1) : 1;
      if (shapeT.shape().rank() > 1
          || (shapeT.shape().rank() == 1 ? false : shapeT.numElements() != 1)) {
        throw node.invalidArgument("output_shape should be a vector, got shape " + shapeT.shape());
      }
      if (shapeT.numElements() != numDims) {
        throw node.invalidArgument(
            "output_shape has incorrect number of elements: "
                + shapeT.numElements()
                + " should be: "
                + numDims);
      }
      long numValues = values.numElements();
      if (!(values.shape().rank() == 0 || (values.shape().rank() == 1 && numValues == numElems))) {
        throw node.invalidArgument(
            "sparse_values has incorrect shape "
                + values.shape()
                + ", should be [] or ["
                + numElems
                + "]");
      }
      if (dflt.shape().rank() != 0) {
        throw node.invalidArgument("default_value should be a scalar.");
      }
      long[] dims = shapeT.toLongArray();
      for (long d : dims) {
        if (d < 0) {
          throw node.invalidArgument("Dimension " + d + " must be >= 0");
        }
      }
      Shape outShape = Shape.of(dims);
      long[] ix = IndexChunks.readAll(indices);
      if (node.attrs().getBool("validate_indices")) {
        validate(ix, (int) numElems, numDims, dims);
      }
      TensorBuffer out = ctx.allocate(values.dtype(), outShape);
      long total = outShape.numElements();
      boolean strings = values.dtype() == DType.STRING;
      if (strings) {
        java.util.Arrays.fill(out.strings(), KernelAccess.strings(dflt)[0]);
      } else {
        long esz = values.dtype().byteSize();
        MemorySegment seg = out.segment();
        for (long i = 0; i < total; i++) {
          MemorySegment.copy(dflt.data(), 0, seg, i * esz, esz);
        }
      }
      SliceCopier copier = SliceCopier.of(values, out, 1);
      boolean scalarValue = values.shape().rank() == 0;
      for (int z = 0; z < numElems; z++) {
        long offset = 0;
        for (int d = 0; d < numDims; d++) {
          long v = ix[z * numDims + d];
          if (v < 0 || v >= dims[d]) {
            throw node.invalidArgument(
                "Indices are not valid (out of bounds).  Shape: " + outShape);
          }
          offset = offset * dims[d] + v;
        }
        copier.copy(scalarValue ? 0 : z, offset);
      }
      ctx.setOutput(0, out.freeze());
    }

    /** TF's SparseTensor::IndicesValid: in bounds, strictly increasing in row-major order. */
    private void validate(long[] ix, int n, int nd, long[] dims) {
      for (int z = 0; z < n; z++) {
        long[] cur = java.util.Arrays.copyOfRange(ix, z * nd, (z + 1) * nd);
        for (int d = 0; d < nd; d++) {
          if (cur[d] < 0 || cur[d] >= dims[d]) {
            throw node.invalidArgument(
                "indices["
                    + z
                    + "] = "
                    + bracketed(cur, ",")
                    + " is out of bounds: need 0 <= index < "
                    + bracketed(dims, ","));
          }
        }
        if (z > 0) {
          int c =
              java.util.Arrays.compare(java.util.Arrays.copyOfRange(ix, (z - 1) * nd, z * nd), cur);
          if (c > 0) {
            throw node.invalidArgument(
                "indices["
                    + z
                    + "] = "
                    + bracketed(cur, ",")
                    + " is out of order. Many sparse ops require sorted indices.\n"
                    + "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n");
          }
          if (c == 0) {
            throw node.invalidArgument(
                "indices[" + z + "] = " + bracketed(cur, ",") + " is repeated");
          }
        }
      }
    }
  }
}
