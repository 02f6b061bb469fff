package dev.rawops.kernels.cpu.ragged;

import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * TF's RaggedTensorVariant (ragged_tensor_variant.h): the value each element of a DT_VARIANT tensor
 * made by RaggedTensorToVariant holds, the row splits from the outermost level in and the flat
 * values, as given (TF checks them when it decodes). Immutable; shares its tensors, so it passes
 * through Identity, function calls and control flow as any other tensor element does.
 */
record RaggedVariant(List<Tensor> splits, Tensor values) {
  RaggedVariant {
    splits = List.copyOf(splits);
  }

  int raggedRank() {
    return splits.size();
  }

  @Override
  public String toString() {
    return "RaggedTensorVariant(dtype="
        + values.dtype().tfName()
        + ", ragged_rank="
        + raggedRank()
        + ", splits_dtype="
        + (splits.isEmpty() ? "int64" : splits.get(0).dtype().tfName())
        + ")";
  }

  /** Rows [from, to) of {@code t} along dimension 0, copied. */
  static Tensor rows(Tensor t, long from, long to) {
    long inner = t.shape().numElementsFrom(1);
    Shape s = Shape.of(to - from).concat(t.shape().sub(1, t.shape().rank()));
    TensorBuffer out = TensorBuffer.allocate(t.dtype(), s);
    long n = (to - from) * inner;
    if (n > 0) {
      SliceCopier.of(t, out, n).copy(from * inner, 0);
    }
    return out.freeze();
  }

  /** {@code v[from..to] - v[from]} as a tensor of {@code like}'s dtype. */
  static Tensor rebased(long[] v, int from, int to, Tensor like) {
    TensorBuffer out = TensorBuffer.allocate(like.dtype(), Shape.of(to - from + 1L));
    for (int k = from; k <= to; k++) {
      out.setIndex(k - from, v[k] - v[from]);
    }
    return out.freeze();
  }
}
