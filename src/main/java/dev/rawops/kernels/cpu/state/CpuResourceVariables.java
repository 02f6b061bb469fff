package dev.rawops.kernels.cpu.state;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.checkpoint.TensorBundle;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.GatherNdCopy;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.state.VariableHandle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfproto.DataType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of resource variables (TF's resource_variable_ops.cc: ResourceGatherNd is GatherNd's
 * copy over the variable's value) and RestoreV2 (checkpoint reads).
 */
public final class CpuResourceVariables {
  private CpuResourceVariables() {}

  private static final DType[] NUMBER_TYPES = {
    DType.FLOAT,
    DType.DOUBLE,
    DType.HALF,
    DType.BFLOAT16,
    DType.INT8,
    DType.INT16,
    DType.INT32,
    DType.INT64,
    DType.UINT8,
    DType.UINT16,
    DType.UINT32,
    DType.UINT64,
    DType.COMPLEX64,
    DType.COMPLEX128
  };

  public static List<KernelDef> defs() {
    DType[] storable = allTypes();
    return List.of(
        KernelDef.builder("VarHandleOp", Device.CPU).build(CpuResourceVariables::varHandle),
        KernelDef.builder("ReadVariableOp", Device.CPU).build(n -> CpuResourceVariables::read),
        KernelDef.builder("AssignVariableOp", Device.CPU)
            .typeConstraint("dtype", storable)
            .build(n -> CpuResourceVariables::assign),
        KernelDef.builder("AssignAddVariableOp", Device.CPU)
            .typeConstraint("dtype", NUMBER_TYPES)
            .build(n -> ctx -> update(ctx, false)),
        KernelDef.builder("AssignSubVariableOp", Device.CPU)
            .typeConstraint("dtype", NUMBER_TYPES)
            .build(n -> ctx -> update(ctx, true)),
        KernelDef.builder("VarIsInitializedOp", Device.CPU)
            .build(n -> CpuResourceVariables::isInitialized),
        KernelDef.builder("DestroyResourceOp", Device.CPU)
            .build(n -> CpuResourceVariables::destroy),
        KernelDef.builder("ResourceGather", Device.CPU)
            .typeConstraint("dtype", DType.dataTypes())
            .typeConstraint("Tindices", DType.INT32, DType.INT64)
            .build(n -> CpuResourceVariables::gather),
        KernelDef.builder("ResourceGatherNd", Device.CPU)
            .tfCpuTypes("dtype")
            .tfCpuTypes("Tindices")
            .build(n -> CpuResourceVariables::gatherNd),
        KernelDef.builder("RestoreV2", Device.CPU).build(n -> CpuResourceVariables::restore));
  }

  private static DType[] allTypes() {
    List<DType> all = new ArrayList<>(List.of(DType.dataTypes()));
    all.add(DType.RESOURCE);
    all.add(DType.VARIANT);
    return all.toArray(new DType[0]);
  }

  /** A function argument: the runtime always feeds it; running it unfed is a bug. */
  private static dev.rawops.kernels.Kernel varHandle(NodeInfo node) {
    VariableHandle h = VariableHandle.of(node);
    Tensor out = Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), h);
    return ctx -> ctx.setOutput(0, out);
  }

  /** The handle in a scalar RESOURCE input, or TF's error when it is not a variable's. */
  static VariableHandle handle(KernelContext ctx, int input) {
    Tensor t = ctx.input(input);
    if (t.numElements() != 1 || !(t.getObject(0) instanceof VariableHandle h)) {
      throw ctx.node()
          .invalidArgument(
              "Trying to access resource using the wrong type: input "
                  + input
                  + " is not a resource variable handle");
    }
    return h;
  }

  /** TF's LookupResource failure text for {@code h} in this session. */
  static String missing(KernelContext ctx, VariableHandle h) {
    return h.missing(ctx.state().hasKeyStartingWith(h.containerKeyPrefix()));
  }

  private static Variable existing(KernelContext ctx, VariableHandle h) {
    return ctx.state().get(h.key(), Variable.class).orElse(null);
  }

  private static void read(KernelContext ctx) {
    VariableHandle h = handle(ctx, 0);
    Variable v = existing(ctx, h);
    Tensor value = v == null ? null : v.value();
    if (value == null) {
      throw ctx.node()
          .error(
              Code.FAILED_PRECONDITION,
              "Could not find variable "
                  + h.name()
                  + ". This could mean that the variable has been deleted. In TF1, it can also"
                  + " mean the variable is uninitialized. Debug info: container="
                  + h.container()
                  + ", status error message="
                  + missing(ctx, h));
    }
    DType want = ctx.node().outputDType(0);
    if (value.dtype() != want) {
      throw ctx.node()
          .invalidArgument(
              "Trying to read variable with wrong dtype. Expected "
                  + want.tfName()
                  + " got "
                  + value.dtype().tfName());
    }
    ctx.setOutput(0, value);
  }

  private static void assign(KernelContext ctx) {
    VariableHandle h = handle(ctx, 0);
    Tensor value = ctx.input(1);
    DType dtype = ctx.node().inputDType(1);
    Variable v = ctx.state().getOrCreate(h.key(), Variable.class, k -> new Variable());
    boolean validateShape = ctx.node().attrs().getBool("validate_shape");
    // A view the run cannot take back for in-place writes: the variable's value must never change
    // under a later reader.
    Tensor stored = value.dtype().isObject() ? value : Tensor.reshape(value, value.shape());
    v.update(
        old -> {
          if (old != null && old.dtype() != dtype) {
            throw ctx.node()
                .invalidArgument(
                    "Trying to assign variable with wrong dtype. Expected "
                        + old.dtype().tfName()
                        + " got "
                        + dtype.tfName());
          }
          if (old != null && validateShape && !old.shape().equals(value.shape())) {
            throw ctx.node()
                .invalidArgument(
                    "Trying to assign to variable with tensor with wrong shape. Expected "
                        + old.shape()
                        + " got "
                        + value.shape());
          }
          return stored;
        });
  }

  private static void update(KernelContext ctx, boolean subtract) {
    VariableHandle h = handle(ctx, 0);
    Tensor delta = ctx.input(1);
    Variable v = existing(ctx, h);
    if (v == null) {
      throw ctx.node()
          .error(
              Code.FAILED_PRECONDITION,
              "Could not find variable "
                  + h.name()
                  + ". This could mean that the variable has been deleted. In TF1, it can also"
                  + " mean the variable is uninitialized. Debug info: container="
                  + h.container()
                  + ", status error message="
                  + missing(ctx, h));
    }
    v.update(
        old -> {
          if (old == null) {
            throw ctx.node()
                .error(Code.FAILED_PRECONDITION, "Read of uninitialized variable " + h.name());
          }
          if (old.dtype() != delta.dtype()) {
            throw ctx.node()
                .invalidArgument(
                    "Trying to update variable with wrong dtype. Expected "
                        + old.dtype().tfName()
                        + " got "
                        + delta.dtype().tfName());
          }
          if (!old.shape().equals(delta.shape())) {
            throw ctx.node()
                .invalidArgument(
                    "Cannot update variable with shape "
                        + old.shape()
                        + " using a Tensor with shape "
                        + delta.shape()
                        + ", shapes must be equal.");
          }
          return addOrSubtract(old, delta, subtract);
        });
  }

  private static Tensor addOrSubtract(Tensor a, Tensor b, boolean subtract) {
    DType d = a.dtype();
    TensorBuffer out = TensorBuffer.allocate(d, a.shape());
    MemorySegment s = out.segment();
    long n = a.numElements();
    switch (d) {
      case FLOAT, COMPLEX64 -> {
        long m = d == DType.COMPLEX64 ? 2 * n : n;
        MemorySegment x = a.data();
        MemorySegment y = b.data();
        for (long i = 0; i < m; i++) {
          float p = x.getAtIndex(Layouts.F32, i);
          float q = y.getAtIndex(Layouts.F32, i);
          s.setAtIndex(Layouts.F32, i, subtract ? p - q : p + q);
        }
      }
      case DOUBLE, COMPLEX128 -> {
        long m = d == DType.COMPLEX128 ? 2 * n : n;
        MemorySegment x = a.data();
        MemorySegment y = b.data();
        for (long i = 0; i < m; i++) {
          double p = x.getAtIndex(Layouts.F64, i);
          double q = y.getAtIndex(Layouts.F64, i);
          s.setAtIndex(Layouts.F64, i, subtract ? p - q : p + q);
        }
      }
      case HALF, BFLOAT16 -> {
        // Eigen computes in float and rounds back once: a double sum of two halves is exact,
        // so rounding it to float then to half gives the same bits.
        for (long i = 0; i < n; i++) {
          double p = Numbers.get(a, i);
          double q = Numbers.get(b, i);
          Numbers.set(out, i, (float) (subtract ? p - q : p + q));
        }
      }
      default -> {
        // Integers wrap around as C++'s do (setIndex truncates to the width).
        for (long i = 0; i < n; i++) {
          long p = a.getIndex(i);
          long q = b.getIndex(i);
          out.setIndex(i, subtract ? p - q : p + q);
        }
      }
    }
    return out.freeze();
  }

  private static void isInitialized(KernelContext ctx) {
    VariableHandle h = handle(ctx, 0);
    Variable v = existing(ctx, h);
    ctx.setOutput(0, Tensor.ofBooleans(Shape.scalar(), v != null && v.value() != null));
  }

  private static void destroy(KernelContext ctx) {
    Tensor t = ctx.input(0);
    boolean ignore = ctx.node().attrs().getBool("ignore_lookup_error");
    if (t.numElements() == 1 && t.getObject(0) instanceof VariableHandle h) {
      if (!ctx.state().remove(h.key()) && !ignore) {
        throw ctx.node().error(Code.NOT_FOUND, missing(ctx, h));
      }
    } else if (!ignore) {
      throw ctx.node()
          .error(Code.NOT_FOUND, "the input is not a handle of a resource rawops knows");
    }
  }

  /**
   * The value of the variable input 0 names, for a gather of the node's output dtype: TF's
   * FAILED_PRECONDITION when it has none, INVALID_ARGUMENT when its dtype differs.
   */
  static Tensor readForGather(KernelContext ctx) {
    VariableHandle h = handle(ctx, 0);
    Variable v = existing(ctx, h);
    Tensor params = v == null ? null : v.value();
    if (params == null) {
      throw ctx.node()
          .error(
              Code.FAILED_PRECONDITION,
              "Could not find variable "
                  + h.name()
                  + ". This could mean that the variable has been deleted. In TF1, it can also"
                  + " mean the variable is uninitialized. Debug info: container="
                  + h.container()
                  + ", status error message="
                  + missing(ctx, h));
    }
    DType dtype = ctx.node().outputDType(0);
    if (params.dtype() != dtype) {
      throw ctx.node()
          .invalidArgument(
              "Trying to read variable with wrong dtype. Expected "
                  + dtype.tfName()
                  + " got "
                  + params.dtype().tfName());
    }
    return params;
  }

  /**
   * ResourceGatherNd: GatherNd over the variable's value. TF looks the variable up without
   * ResourceGather's friendlier wrapper, so a missing one is NOT_FOUND with the lookup's message.
   */
  private static void gatherNd(KernelContext ctx) {
    VariableHandle h = handle(ctx, 0);
    Variable v = existing(ctx, h);
    if (v == null || v.value() == null) {
      throw ctx.node().error(Code.NOT_FOUND, missing(ctx, h));
    }
    Tensor params = readForGather(ctx);
    ctx.setOutput(0, GatherNdCopy.gather(ctx, ctx.node(), params, ctx.input(1), false));
  }

  private static void gather(KernelContext ctx) {
    Tensor params = readForGather(ctx);
    DType dtype = params.dtype();
    Tensor indices = ctx.input(1);
    if (params.shape().rank() < 1) {
      throw ctx.node().invalidArgument("params must be at least 1 dimensional");
    }
    long rows = params.shape().dim(0);
    Shape rowShape = params.shape().sub(1, params.shape().rank());
    Shape outShape = indices.shape().concat(rowShape);
    long n = indices.numElements();
    long rowElems = rowShape.numElements();
    for (long i = 0; i < n; i++) {
      long ix = indices.getIndex(i);
      if (ix < 0 || ix >= rows) {
        throw ctx.node()
            .invalidArgument(
                "indices"
                    + position(indices.shape(), i)
                    + " = "
                    + ix
                    + " is not in [0, "
                    + rows
                    + ")");
      }
    }
    TensorBuffer out = ctx.allocate(dtype, outShape);
    if (dtype == DType.STRING) {
      byte[][] dst = out.strings();
      for (long i = 0; i < n; i++) {
        long ix = indices.getIndex(i);
        for (long k = 0; k < rowElems; k++) {
          dst[(int) (i * rowElems + k)] = params.getString(ix * rowElems + k);
        }
      }
    } else {
      long rowBytes = rowElems * dtype.byteSize();
      for (long i = 0; i < n; i++) {
        MemorySegment.copy(
            params.data(), indices.getIndex(i) * rowBytes, out.segment(), i * rowBytes, rowBytes);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** TF's SliceDebugString: "" for a scalar, "[i,j]" for a position in a shape. */
  private static String position(Shape shape, long flat) {
    if (shape.rank() == 0) {
      return "";
    }
    long[] idx = new long[shape.rank()];
    for (int d = shape.rank() - 1; d >= 0; d--) {
      idx[d] = flat % shape.dim(d);
      flat /= shape.dim(d);
    }
    StringBuilder sb = new StringBuilder("[");
    for (int d = 0; d < idx.length; d++) {
      sb.append(d > 0 ? "," : "").append(idx[d]);
    }
    return sb.append(']').toString();
  }

  private static void restore(KernelContext ctx) {
    Tensor prefix = ctx.input(0);
    Tensor names = ctx.input(1);
    Tensor slices = ctx.input(2);
    NodeInfo node = ctx.node();
    if (prefix.numElements() != 1) {
      throw node.invalidArgument(
          "Input prefix should be a single string, got shape " + prefix.shape());
    }
    if (names.numElements() != node.numOutputs() || slices.numElements() != node.numOutputs()) {
      throw node.invalidArgument(
          "Input tensor_names and shape_and_slices should have "
              + node.numOutputs()
              + " elements (the number of dtypes), got "
              + names.numElements()
              + " and "
              + slices.numElements());
    }
    String p = new String(prefix.getString(0), StandardCharsets.UTF_8);
    TensorBundle bundle;
    try {
      bundle = TensorBundle.open(p);
    } catch (RawOpsException e) {
      throw node.error(e.code(), e.detail());
    }
    for (int i = 0; i < node.numOutputs(); i++) {
      String name = new String(names.getString(i), StandardCharsets.UTF_8);
      DataType want = node.outputType(i);
      if (bundle.contains(name) && bundle.entry(name).getDtype() != want) {
        throw node.invalidArgument(
            "tensor_name = "
                + name
                + "; expected dtype "
                + DType.tfName(want)
                + " does not equal original dtype "
                + DType.tfName(bundle.entry(name).getDtype()));
      }
      String spec = new String(slices.getString(i), StandardCharsets.UTF_8);
      try {
        ctx.setOutput(i, spec.isEmpty() ? bundle.read(name) : bundle.readSlice(name, spec));
      } catch (RawOpsException e) {
        throw node.error(e.code(), e.detail());
      }
    }
  }
}
