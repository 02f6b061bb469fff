package dev.rawops.kernels.cpu.ragged;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * RaggedTensorToVariant and RaggedTensorFromVariant on CPU (ragged_tensor_to_variant_op.cc,
 * ragged_tensor_from_variant_op.cc). The encoded form is a DT_VARIANT tensor of {@link
 * RaggedVariant}s: a scalar holding the whole ragged tensor, or, with {@code batched_input}, a
 * vector holding each row of dimension 0 as a ragged tensor of one ragged rank less (its splits
 * rebased to 0). Decoding checks every element's ragged rank and dtypes and stacks the elements
 * back along new outer dimensions.
 */
public final class CpuRaggedVariants {
  private CpuRaggedVariants() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedTensorToVariant", Device.CPU)
              .tfCpuTypes("Tvalues")
              .tfCpuTypes("Tsplits")
              .build(ToVariant::new),
          KernelDef.builder("RaggedTensorFromVariant", Device.CPU)
              .tfCpuTypes("Tvalues")
              .tfCpuTypes("Tsplits")
              .build(FromVariant::new));

  private record ToVariant(NodeInfo node, int raggedRank, boolean batched) implements Kernel {
    ToVariant(NodeInfo node) {
      this(
          node,
          Math.toIntExact(node.attrs().getInt("RAGGED_RANK")),
          node.attrs().getBool("batched_input"));
    }

    @Override
    public void compute(KernelContext ctx) {
      List<Tensor> splits = CpuRaggedConversions.inputs(ctx, raggedRank);
      Tensor values = ctx.input(raggedRank);
      if (!batched) {
        ctx.setOutput(
            0, Tensor.ofObjects(DType.VARIANT, Shape.scalar(), new RaggedVariant(splits, values)));
        return;
      }
      if (raggedRank == 0) {
        throw node.invalidArgument("ragged_rank must be >= 1 when batched_input is true");
      }
      long[][] s = new long[raggedRank][];
      for (int i = 0; i < raggedRank; i++) {
        s[i] = IndexChunks.readAll(splits.get(i));
        long rows = i + 1 < raggedRank ? splits.get(i + 1).numElements() - 1 : dim0(values);
        RaggedSplits.verify(node, s[i], rows);
      }
      int n = s[0].length - 1;
      Object[] parts = new Object[Math.max(n, 0)];
      for (int c = 0; c < n; c++) {
        int from = (int) s[0][c];
        int to = (int) s[0][c + 1];
        List<Tensor> own = new ArrayList<>(raggedRank - 1);
        for (int level = 1; level < raggedRank; level++) {
          own.add(RaggedVariant.rebased(s[level], from, to, splits.get(level)));
          int nextFrom = (int) s[level][from];
          to = (int) s[level][to];
          from = nextFrom;
        }
        parts[c] = new RaggedVariant(own, RaggedVariant.rows(values, from, to));
      }
      ctx.setOutput(0, Tensor.ofObjects(DType.VARIANT, Shape.of(parts.length), parts));
    }

    private static long dim0(Tensor values) {
      return values.shape().rank() == 0 ? 1 : values.shape().dim(0);
    }
  }

  private record FromVariant(
      NodeInfo node, long inputRaggedRank, int outputRaggedRank, DType values, DType splits)
      implements Kernel {
    FromVariant(NodeInfo node) {
      this(
          node,
          node.attrs().getInt("input_ragged_rank"),
          Math.toIntExact(node.attrs().getInt("output_ragged_rank")),
          DType.fromProto(node.attrs().getType("Tvalues")),
          DType.fromProto(node.attrs().getType("Tsplits")));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor encoded = ctx.input(0);
      int dims = encoded.shape().rank();
      long in = inputRaggedRank;
      if (in == -1) {
        in = (long) outputRaggedRank - dims;
        if (outputRaggedRank == 0 && in < 0) {
          in = 0;
        }
        if (in < 0) {
          throw node.invalidArgument(
              "Inferred input_ragged_rank (output_ragged_rank - encoded_variant.dims()) must be"
                  + " >= 0, found output_ragged_rank: "
                  + outputRaggedRank
                  + ", encoded_variant.dims(): "
                  + dims
                  + ", inferred input_ragged_rank: "
                  + in);
        }
      }
      if (!(outputRaggedRank == 0 && in == 0) && outputRaggedRank != dims + in) {
        throw node.invalidArgument(
            "output_ragged_rank must be equal to input_ragged_rank + encoded_ragged.dims();"
                + " output_ragged_rank: "
                + outputRaggedRank
                + ", input_ragged_rank: "
                + in
                + ", encoded_variant.dims(): "
                + dims
                + ".");
      }
      List<RaggedVariant> parts = decode(encoded, (int) in);
      RaggedVariant result = dims == 0 ? parts.get(0) : stack(parts, encoded.shape(), (int) in);
      for (int i = 0; i < result.raggedRank(); i++) {
        ctx.setOutput(i, result.splits().get(i));
      }
      ctx.setOutput(result.raggedRank(), result.values());
    }

    private List<RaggedVariant> decode(Tensor encoded, int raggedRank) {
      long n = encoded.numElements();
      List<RaggedVariant> parts = new ArrayList<>((int) n);
      for (long i = 0; i < n; i++) {
        Object o = encoded.getObject(i);
        if (!(o instanceof RaggedVariant v)) {
          throw node.invalidArgument(
              "Input Variant element at index " + i + " doesn't hold a RaggedTensorVariant: " + o);
        }
        if (v.raggedRank() != raggedRank) {
          throw node.invalidArgument(
              "Encoded input RaggedTensorVariant has ragged_rank="
                  + v.raggedRank()
                  + ".  Expected ragged_rank="
                  + raggedRank
                  + ".");
        }
        if (v.values().dtype() != values) {
          throw node.invalidArgument(
              "Expected values Tensor dtype: "
                  + values.tfName()
                  + ", found: "
                  + v.values().dtype().tfName());
        }
        if (v.values().shape().rank() < 1 && outputRaggedRank != 0) {
          throw node.invalidArgument(
              "Ragged values must have rank >= 1; encoded scalar element at index "
                  + i
                  + " has values Tensor: "
                  + debug(v.values()));
        }
        for (Tensor s : v.splits()) {
          if (s.dtype() != splits) {
            throw node.invalidArgument(
                "Expected row_splits Tensor dtype: "
                    + splits.tfName()
                    + ", found: "
                    + s.dtype().tfName());
          }
          if (s.shape().rank() != 1) {
            throw node.invalidArgument(
                "Ragged splits must have rank 1; encoded scalar element at index "
                    + i
                    + " has splits Tensor "
                    + debug(s));
          }
        }
        parts.add(v);
      }
      return parts;
    }

    /** TF's NestedStackRaggedTensors: the parts as rows of new outer dimensions {@code outer}. */
    private RaggedVariant stack(List<RaggedVariant> parts, Shape outer, int in) {
      if (outputRaggedRank == 0) {
        if (in > 0) {
          throw node.invalidArgument(
              "Expected input_ragged_rank=0 if output_ragged_rank==0.  Got input_ragged_rank="
                  + in);
        }
        return new RaggedVariant(List.of(), stackDense(parts));
      }
      List<Tensor> out = new ArrayList<>();
      int dims = outer.rank();
      for (int i = 0; i < dims - 1; i++) {
        long size = outer.dim(i) + 1;
        long step = outer.dim(i + 1);
        TensorBuffer b = TensorBuffer.allocate(splits, Shape.of(size));
        for (long j = 0; j < size; j++) {
          b.setIndex(j, j * step);
        }
        out.add(b.freeze());
      }
      TensorBuffer top = TensorBuffer.allocate(splits, Shape.of(parts.size() + 1L));
      long acc = 0;
      for (int i = 0; i < parts.size(); i++) {
        RaggedVariant p = parts.get(i);
        long rows =
            in != 0 && p.raggedRank() > 0
                ? p.splits().get(0).numElements() - 1
                : p.values().shape().dim(0);
        acc += rows;
        top.setIndex(i + 1, acc);
      }
      out.add(top.freeze());
      for (int level = 0; level < in; level++) {
        long size = 1;
        for (RaggedVariant p : parts) {
          size += p.splits().get(level).numElements() - 1;
        }
        TensorBuffer b = TensorBuffer.allocate(splits, Shape.of(size));
        long last = 0;
        long at = 1;
        for (RaggedVariant p : parts) {
          Tensor s = p.splits().get(level);
          long written = last;
          for (long k = 1; k < s.numElements(); k++) {
            written = s.getIndex(k) + last;
            b.setIndex(at++, written);
          }
          last = written;
        }
        out.add(b.freeze());
      }
      return new RaggedVariant(out, concatValues(parts));
    }

    /** TF's StackNonRaggedTensors: equal-shaped values stacked along a new dimension 0. */
    private Tensor stackDense(List<RaggedVariant> parts) {
      if (parts.isEmpty()) {
        return TensorBuffer.allocate(values, Shape.of(0)).freeze();
      }
      Shape first = parts.get(0).values().shape();
      TensorBuffer b = TensorBuffer.allocate(values, Shape.of(parts.size()).concat(first));
      long n = first.numElements();
      for (int i = 0; i < parts.size(); i++) {
        Tensor v = parts.get(i).values();
        if (!v.shape().equals(first)) {
          throw node.invalidArgument(
              "All flat_values must have compatible shapes.  Shape at index 0: "
                  + first
                  + ".  Shape at index "
                  + i
                  + ": "
                  + v.shape());
        }
        if (n > 0) {
          SliceCopier.of(v, b, n).copy(0, i * n);
        }
      }
      return b.freeze();
    }

    private Tensor concatValues(List<RaggedVariant> parts) {
      Shape first = parts.isEmpty() ? Shape.of(0) : parts.get(0).values().shape();
      long rows = first.dim(0);
      for (int i = 1; i < parts.size(); i++) {
        Shape s = parts.get(i).values().shape();
        if (s.rank() != first.rank()) {
          throw node.invalidArgument(
              "Rank of values must match for all components; values shape at index 0: "
                  + first
                  + ", values shape at index "
                  + i
                  + ": "
                  + s);
        }
        rows += s.dim(0);
      }
      Shape innerShape = first.sub(1, first.rank());
      for (int i = 0; i < parts.size(); i++) {
        Shape s = parts.get(i).values().shape();
        Shape inner = s.sub(1, s.rank());
        if (!inner.equals(innerShape)) {
          throw node.invalidArgument(
              "All flat_values must have compatible shapes.  Shape at index 0: "
                  + innerShape
                  + ".  Shape at index "
                  + i
                  + ": "
                  + inner
                  + ".  If you are using tf.map_fn, then you may need to specify an explicit"
                  + " fn_output_signature with appropriate ragged_rank, and/or convert output"
                  + " tensors to RaggedTensors.");
        }
      }
      Shape shape = Shape.of(rows).concat(innerShape);
      TensorBuffer b = TensorBuffer.allocate(values, shape);
      long inner = shape.numElementsFrom(1);
      long at = 0;
      for (RaggedVariant p : parts) {
        long n = p.values().shape().dim(0) * inner;
        if (n > 0) {
          SliceCopier.of(p.values(), b, n).copy(0, at);
        }
        at += n;
      }
      return b.freeze();
    }

    private static String debug(Tensor t) {
      return "Tensor<type: " + t.dtype().tfName() + " shape: " + t.shape() + ">";
    }
  }
}
