package dev.rawops.kernels.cpu.parsing;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.parsing.ExampleSpec;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * ParseExampleV2, ParseExample and ParseSingleExample on CPU (example_parsing_ops.cc): TF's input
 * checks in its order and words, then the batch parser for a vector of Examples or the single one
 * for a scalar.
 */
final class CpuParseExample {
  private CpuParseExample() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("ParseExampleV2", Device.CPU).build(CpuParseExample::kernel),
          KernelDef.builder("ParseExample", Device.CPU).build(CpuParseExample::kernel),
          KernelDef.builder("ParseSingleExample", Device.CPU).build(CpuParseExample::kernel));

  private static dev.rawops.kernels.Kernel kernel(NodeInfo node) {
    ExampleSpec spec = ExampleSpec.of(node);
    return ctx -> compute(node, spec, ctx);
  }

  private static void compute(NodeInfo node, ExampleSpec spec, KernelContext ctx) {
    Tensor serialized = ctx.input(0);
    int nd = spec.numDense();
    byte[][] denseKeys;
    byte[][] sparseKeys;
    byte[][] raggedKeys = new byte[0][];
    Tensor names = null;
    int defaultsAt;
    switch (spec.version()) {
      case 2 -> {
        names = ctx.input(1);
        sparseKeys = ExampleConfig.keys(ctx.input(2));
        denseKeys = ExampleConfig.keys(ctx.input(3));
        raggedKeys = ExampleConfig.keys(ctx.input(4));
        defaultsAt = 5;
      }
      case 1 -> {
        names = ctx.input(1);
        int ns = spec.numSparse();
        sparseKeys = new byte[ns][];
        for (int i = 0; i < ns; i++) {
          sparseKeys[i] = ctx.input(2 + i).getString(0);
        }
        denseKeys = new byte[nd][];
        for (int i = 0; i < nd; i++) {
          denseKeys[i] = ctx.input(2 + ns + i).getString(0);
        }
        defaultsAt = 2 + ns + nd;
      }
      default -> {
        sparseKeys = utf8(ExampleSpec.stringList(node.attrs().get("sparse_keys")));
        denseKeys = utf8(ExampleSpec.stringList(node.attrs().get("dense_keys")));
        defaultsAt = 1;
      }
    }
    Tensor[] defaults = new Tensor[nd];
    for (int d = 0; d < nd; d++) {
      defaults[d] = ctx.input(defaultsAt + d);
    }
    checkInputs(node, spec, serialized, names, denseKeys, sparseKeys, raggedKeys, defaults);
    ExampleConfig config = new ExampleConfig(spec, denseKeys, sparseKeys, raggedKeys, defaults);
    byte[][] examples = KernelAccess.strings(serialized);
    List<Out> outs;
    if (serialized.shape().rank() == 1) {
      byte[][] nameList = names == null ? new byte[0][] : KernelAccess.strings(names);
      outs = new ExampleBatchParser(node, config, examples.length, nameList).parse(examples);
    } else {
      outs = ExampleSingleParser.parse(node, config, examples[0]);
    }
    for (int i = 0; i < outs.size(); i++) {
      ctx.setOutput(i, tensor(ctx, outs.get(i)));
    }
  }

  private static byte[][] utf8(List<String> keys) {
    byte[][] out = new byte[keys.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = keys.get(i).getBytes(StandardCharsets.UTF_8);
    }
    return out;
  }

  /** TF's CheckInputShapes (and ParseSingleExampleOp's own checks), in its order. */
  private static void checkInputs(
      NodeInfo node,
      ExampleSpec spec,
      Tensor serialized,
      Tensor names,
      byte[][] denseKeys,
      byte[][] sparseKeys,
      byte[][] raggedKeys,
      Tensor[] defaults) {
    int rank = serialized.shape().rank();
    switch (spec.version()) {
      case 2 -> {
        if (rank > 1) {
          throw node.invalidArgument(
              "Expected serialized to be a scalar or vector, got shape: " + serialized.shape());
        }
      }
      case 1 -> {
        if (rank != 1) {
          throw node.invalidArgument(
              "Expected serialized to be a vector, got shape: " + serialized.shape());
        }
      }
      default -> {
        if (rank != 0) {
          throw node.invalidArgument(
              "Expected serialized to be a scalar, got shape: " + serialized.shape());
        }
      }
    }
    if (names != null && names.numElements() > 0 && !names.shape().equals(serialized.shape())) {
      throw node.invalidArgument(
          "Expected names have the same shape as serialized: name.shape="
              + names.shape()
              + ", serialized.shape="
              + serialized.shape());
    }
    if (spec.version() == 2) {
      if (denseKeys.length != spec.numDense()) {
        throw node.invalidArgument(
            "Expected len(dense_keys) == len(dense_types) but got: "
                + denseKeys.length
                + " vs. "
                + spec.numDense());
      }
      if (sparseKeys.length != spec.numSparse()) {
        throw node.invalidArgument(
            "Expected len(sparse_keys) == num_sparse but got: "
                + sparseKeys.length
                + " vs. "
                + spec.numSparse());
      }
      if (raggedKeys.length != spec.numRagged()) {
        throw node.invalidArgument(
            "Expected len(ragged_keys) == len(ragged_value_types) but got: "
                + raggedKeys.length
                + " vs. "
                + spec.numRagged());
      }
    }
    for (int d = 0; d < defaults.length; d++) {
      Tensor def = defaults[d];
      PartialShape want = spec.denseShapes().get(d);
      if (spec.variableLength(d)) {
        if (def.numElements() != 1) {
          throw node.invalidArgument(
              "dense_shape["
                  + d
                  + "] is a variable length shape: "
                  + ExampleSpec.debugString(want)
                  + ", therefore def_value["
                  + d
                  + "] must contain a single element (the padding element).  But its shape is: "
                  + def.shape());
        }
      } else if (def.numElements() > 0 && !want.isCompatibleWith(def.shape())) {
        throw node.invalidArgument(
            "def_value["
                + d
                + "].shape() == "
                + def.shape()
                + " is not compatible with dense_shapes_["
                + d
                + "] == "
                + ExampleSpec.debugString(want));
      }
    }
  }

  private static Tensor tensor(KernelContext ctx, Out o) {
    Shape shape = o.shape();
    int n = Math.toIntExact(shape.numElements());
    if (o.dtype() == DType.STRING) {
      byte[][] src = (byte[][]) o.data();
      byte[][] dst = new byte[n][];
      System.arraycopy(src, 0, dst, 0, n);
      return KernelAccess.wrapStrings(shape, dst);
    }
    TensorBuffer buf = ctx.allocateUninitialized(o.dtype(), shape);
    MemorySegment seg = buf.segment();
    switch (o.data()) {
      case float[] f -> MemorySegment.copy(f, 0, seg, Layouts.F32, 0, n);
      case long[] l -> MemorySegment.copy(l, 0, seg, Layouts.I64, 0, n);
      case int[] i -> MemorySegment.copy(i, 0, seg, Layouts.I32, 0, n);
      default -> throw new IllegalStateException("no values for " + o);
    }
    return buf.freeze();
  }
}
