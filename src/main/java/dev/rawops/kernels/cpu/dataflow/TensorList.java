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
 * <p>Immutable: every op that "modifies" a list makes a new one through an {@link Editor}, so a
 * list that is also read elsewhere never sees the change (TF gets the same by copying when the
 * list's reference count is above one). The elements sit in chunks of {@value #CHUNK} that lists
 * share and an edit copies only the chunks it writes, so a SetItem per step of a loop over a list
 * of n costs n / 64 + 64 references, not n (a While of 4,000 steps each writing a [32,64] element:
 * 184 ms with one array per list, 100 ms chunked). A chunk of only uninitialized elements is null.
 * Elements are read-only views, so no kernel ever writes into one in place.
 */
final class TensorList {
  static final int CHUNK = 64;
  private static final int SHIFT = 6;

  final DType elementDtype;
  final PartialShape elementShape;
  final int maxNumElements;
  private final Tensor[][] chunks;
  private final int size;

  private TensorList(
      DType elementDtype,
      PartialShape elementShape,
      int maxNumElements,
      Tensor[][] chunks,
      int size) {
    this.elementDtype = elementDtype;
    this.elementShape = elementShape;
    this.maxNumElements = maxNumElements;
    this.chunks = chunks;
    this.size = size;
  }

  /** A list of {@code elements} (null: uninitialized). */
  TensorList(DType elementDtype, PartialShape elementShape, int maxNumElements, Tensor[] elements) {
    this(elementDtype, elementShape, maxNumElements, chunked(elements), elements.length);
  }

  /** TensorListReserve's list: {@code n} uninitialized elements. */
  static TensorList reserved(DType elementDtype, PartialShape elementShape, long n) {
    int size = checkSlots(n);
    return new TensorList(elementDtype, elementShape, -1, new Tensor[chunksFor(size)][], size);
  }

  private static Tensor[][] chunked(Tensor[] elements) {
    Tensor[][] c = new Tensor[chunksFor(checkSlots(elements.length))][];
    for (int k = 0; k < c.length; k++) {
      c[k] = new Tensor[CHUNK];
      int from = k * CHUNK;
      System.arraycopy(elements, from, c[k], 0, Math.min(CHUNK, elements.length - from));
    }
    return c;
  }

  private static int chunksFor(int size) {
    return (int) ((size + (long) CHUNK - 1) >>> SHIFT);
  }

  int size() {
    return size;
  }

  /** Element i, or null when uninitialized. */
  Tensor get(int i) {
    Tensor[] c = chunks[i >>> SHIFT];
    return c == null ? null : c[i & (CHUNK - 1)];
  }

  Editor edit() {
    return new Editor(this);
  }

  /**
   * A new list made from this one: resizes and element writes, each chunk copied once, on its first
   * write. Slots past the size are kept null, so growing a list again shows them uninitialized.
   */
  static final class Editor {
    private final TensorList base;
    private Tensor[][] chunks;
    private boolean[] own;
    private int size;

    private Editor(TensorList base) {
      this.base = base;
      this.chunks = base.chunks.clone();
      this.own = new boolean[chunks.length];
      this.size = base.size;
    }

    Editor resize(long n) {
      int m = checkSlots(n);
      int need = chunksFor(m);
      for (int i = m; i < Math.min(size, need * CHUNK); i++) {
        if (chunks[i >>> SHIFT] != null) {
          writable(i >>> SHIFT)[i & (CHUNK - 1)] = null;
        }
      }
      if (need != chunks.length) {
        chunks = Arrays.copyOf(chunks, need);
        own = Arrays.copyOf(own, need);
      }
      size = m;
      return this;
    }

    /** Sets element {@code i} (below the size) to {@code t}, stored as a read-only view. */
    Editor set(int i, Tensor t) {
      writable(i >>> SHIFT)[i & (CHUNK - 1)] = t;
      return this;
    }

    private Tensor[] writable(int c) {
      if (!own[c]) {
        chunks[c] = chunks[c] == null ? new Tensor[CHUNK] : chunks[c].clone();
        own[c] = true;
      }
      return chunks[c];
    }

    TensorList build() {
      return new TensorList(
          base.elementDtype, base.elementShape, base.maxNumElements, chunks, size);
    }
  }

  /**
   * {@code n}, when a list may have that many slots: each is a Java reference, as a string tensor's
   * element is, so the string-element limit bounds them (RESOURCE_EXHAUSTED beyond it).
   */
  static int checkSlots(long n) {
    return checkSlots("a TensorList", n);
  }

  /** {@link #checkSlots(long)} for any list of slots, {@code what} naming it ("a TensorArray"). */
  static int checkSlots(String what, long n) {
    long limit = Math.min(Limits.maxStringElements(), Integer.MAX_VALUE - 8);
    if (n > limit) {
      throw Limits.exceeded(what + " of " + n + " elements", "maxStringElements", limit);
    }
    return (int) n;
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
