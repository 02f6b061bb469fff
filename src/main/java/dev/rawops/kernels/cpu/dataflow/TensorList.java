package dev.rawops.kernels.cpu.dataflow;

import dev.rawops.Limits;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;

/**
 * TF's TensorList (tensor_list.h): the value a DT_VARIANT scalar of the list ops holds. Element
 * dtype, a partial element shape, the max_num_elements of EmptyTensorList (-1: unbounded) and the
 * elements, null where TF has an uninitialized (DT_INVALID) tensor.
 *
 * <p>Immutable: every op that "modifies" a list makes a new one sharing the element tensors, so a
 * list that is also read elsewhere never sees the change (TF gets the same by copying when the
 * list's reference count is above one). Copying the array of references is what a SetItem costs
 * here, which a loop of a few thousand steps does not notice. Elements are read-only views, so no
 * kernel ever writes into one in place.
 */
final class TensorList {
  final DType elementDtype;
  final PartialShape elementShape;
  final int maxNumElements;
  private final Tensor[] tensors;

  TensorList(DType elementDtype, PartialShape elementShape, int maxNumElements, Tensor[] tensors) {
    this.elementDtype = elementDtype;
    this.elementShape = elementShape;
    this.maxNumElements = maxNumElements;
    this.tensors = tensors;
  }

  int size() {
    return tensors.length;
  }

  /** Element i, or null when uninitialized. */
  Tensor get(int i) {
    return tensors[i];
  }

  /** A copy of the elements, resized to {@code n} (new slots uninitialized). */
  Tensor[] copy(long n) {
    return Arrays.copyOf(tensors, checkSlots(n));
  }

  /**
   * {@code n}, when a list may have that many slots: each is a Java reference, as a string tensor's
   * element is, so the string-element limit bounds them (RESOURCE_EXHAUSTED beyond it).
   */
  static int checkSlots(long n) {
    long limit = Math.min(Limits.maxStringElements(), Integer.MAX_VALUE - 8);
    if (n > limit) {
      throw Limits.exceeded("a TensorList of " + n + " elements", "maxStringElements", limit);
    }
    return (int) n;
  }

  TensorList with(Tensor[] elements) {
    return new TensorList(elementDtype, elementShape, maxNumElements, elements);
  }

  /** The value stored for {@code t}: a view nobody can reclaim for in-place writes. */
  static Tensor stored(Tensor t) {
    return Tensor.reshape(t, t.shape());
  }

  /** TF's TensorList::DebugString, which "Saw: '…'" messages print. */
  @Override
  public String toString() {
    return "TensorList";
  }
}
