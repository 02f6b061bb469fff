package dev.rawops.kernels.cpu.dataflow;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The TensorArrayV3 family on CPU, as TF's tensor_array.h and tensor_array_ops.cc. A TensorArray is
 * made by its TensorArrayV3 node each time that node runs, so it lives in the run (TF's per-step
 * container) and a loop's iterations or two concurrent runs never share one. Its handle is a scalar
 * RESOURCE tensor holding the object; stored elements are read-only views, so no kernel ever writes
 * into them in place.
 */
public final class CpuTensorArray {
  private CpuTensorArray() {}

  // TF's TensorArray::tensor_array_counter: unique names "<tensor_array_name>_<n>".
  private static final AtomicLong COUNTER = new AtomicLong();

  static TensorArray array(KernelContext ctx) {
    Tensor h = ctx.input(0);
    if (h.dtype() != DType.RESOURCE || !(h.getObject(0) instanceof TensorArray ta)) {
      throw ctx.node().invalidArgument("input 0 is not a TensorArray handle");
    }
    return ta;
  }

  private static int scalarIndex(KernelContext ctx, int input) {
    Tensor t = ctx.input(input);
    if (t.shape().rank() != 0) {
      throw ctx.node()
          .invalidArgument("TensorArray index must be scalar, but had shape: " + t.shape());
    }
    return t.getInt(0);
  }

  static void checkReadType(KernelContext ctx, TensorArray ta, DType requested) {
    if (ta.dtype != requested) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray dtype is "
                  + ta.dtype.tfName()
                  + " but Op requested dtype "
                  + requested.tfName()
                  + ".");
    }
  }

  static void checkWriteType(KernelContext ctx, TensorArray ta, Tensor value) {
    if (value.dtype() != ta.dtype) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray dtype is "
                  + ta.dtype.tfName()
                  + " but Op is trying to write dtype "
                  + value.dtype().tfName()
                  + ".");
    }
  }

  public static List<KernelDef> defs() {
    DType[] all = DType.unquantized();
    DType[] gatherTypes = withVariant(DType.dataTypes());
    return List.of(
        KernelDef.builder("TensorArrayV3", Device.CPU).build(CpuTensorArray::create),
        KernelDef.builder("TensorArrayWriteV3", Device.CPU)
            .typeConstraint("T", all)
            .build(
                _ ->
                    ctx -> {
                      int index = scalarIndex(ctx, 1);
                      TensorArray ta = array(ctx);
                      checkWriteType(ctx, ta, ctx.input(2));
                      ta.write(ctx.node(), index, ctx.input(2));
                      ctx.setOutput(0, ctx.input(3));
                    }),
        KernelDef.builder("TensorArrayReadV3", Device.CPU)
            .typeConstraint("dtype", all)
            .build(
                node -> {
                  DType dtype = DType.fromProto(node.attrs().getType("dtype"));
                  return ctx -> {
                    int index = scalarIndex(ctx, 1);
                    TensorArray ta = array(ctx);
                    checkReadType(ctx, ta, dtype);
                    ctx.setOutput(0, ta.read(ctx.node(), index));
                  };
                }),
        KernelDef.builder("TensorArrayGatherV3", Device.CPU)
            .typeConstraint("dtype", gatherTypes)
            .build(TensorArrayBulkKernels::gather),
        KernelDef.builder("TensorArrayScatterV3", Device.CPU)
            .typeConstraint("T", all)
            .build(_ -> TensorArrayBulkKernels::scatter),
        KernelDef.builder("TensorArrayConcatV3", Device.CPU)
            .typeConstraint("dtype", DType.dataTypes())
            .build(TensorArrayBulkKernels::concat),
        KernelDef.builder("TensorArraySplitV3", Device.CPU)
            .typeConstraint("T", all)
            .build(_ -> TensorArrayBulkKernels::split),
        KernelDef.builder("TensorArraySizeV3", Device.CPU)
            .build(
                _ ->
                    ctx ->
                        ctx.setOutput(
                            0, Tensor.ofInts(Shape.scalar(), array(ctx).size(ctx.node())))),
        KernelDef.builder("TensorArrayCloseV3", Device.CPU).build(_ -> ctx -> array(ctx).close()));
  }

  private static DType[] withVariant(DType[] types) {
    DType[] out = java.util.Arrays.copyOf(types, types.length + 1);
    out[types.length] = DType.VARIANT;
    return out;
  }

  private static dev.rawops.kernels.Kernel create(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape elementShape = PartialShape.fromProto(node.attrs().getShape("element_shape"));
    boolean dynamic = node.attrs().getBool("dynamic_size");
    boolean clear = node.attrs().getBool("clear_after_read");
    boolean identical = node.attrs().getBool("identical_element_shapes");
    String given = node.attrs().getString("tensor_array_name");
    String base = given.isEmpty() ? node.name() : given;
    return ctx -> {
      Tensor size = ctx.input(0);
      if (size.shape().rank() != 0) {
        throw ctx.node()
            .invalidArgument("TensorArray size must be scalar, but had shape: " + size.shape());
      }
      int n = size.getInt(0);
      if (n < 0) {
        throw ctx.node().invalidArgument("Size should be >= 0.");
      }
      TensorArray ta =
          new TensorArray(
              dtype,
              base + "_" + COUNTER.getAndIncrement(),
              n,
              elementShape,
              identical,
              dynamic,
              clear);
      ctx.setOutput(0, Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), ta));
      ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), 0f));
    };
  }
}
