package dev.rawops.kernels.cpu.lookup;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The key → slot map of a hash table: open addressing with linear probing over primitive arrays, so
 * a lookup boxes nothing. Integer keys (int32 widened, int64) are longs; string keys are their
 * bytes (the tensor's own arrays, never written), with their hashes kept beside them. Slots index
 * the table's {@link ValueRows}; a removed key's slot is reused by the next new key. Whole key
 * tensors go in and out in one call, so the per-key loop has no virtual call.
 */
final class SlotIndex {
  private final DType keyDtype;
  private long[] longKeys;
  private byte[][] stringKeys;
  private int[] stringHashes;
  private int[] slots; // slot + 1; 0 marks an empty position
  private int mask;
  private int size;
  private int nextSlot;
  private int[] free = new int[0];
  private int freeCount;

  SlotIndex(DType keyDtype) {
    this.keyDtype = keyDtype;
    allocate(16);
  }

  private void allocate(int capacity) {
    slots = new int[capacity];
    mask = capacity - 1;
    if (keyDtype == DType.STRING) {
      stringKeys = new byte[capacity][];
      stringHashes = new int[capacity];
    } else {
      longKeys = new long[capacity];
    }
  }

  int size() {
    return size;
  }

  /** One past the largest slot handed out: the rows a value store must hold. */
  int slotLimit() {
    return nextSlot;
  }

  void clear() {
    allocate(16);
    size = 0;
    nextSlot = 0;
    freeCount = 0;
  }

  private static int mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    return (int) k;
  }

  private static int hash(byte[] b) {
    int h = 1;
    for (byte x : b) {
      h = 31 * h + x;
    }
    return h;
  }

  private long longKey(MemorySegment data, long i) {
    return keyDtype == DType.INT32
        ? data.getAtIndex(Layouts.I32, i)
        : data.getAtIndex(Layouts.I64, i);
  }

  /** The slot of each key of {@code keys}, -1 where absent. */
  int[] find(Tensor keys) {
    int n = Math.toIntExact(keys.numElements());
    int[] out = new int[n];
    if (keyDtype == DType.STRING) {
      for (int i = 0; i < n; i++) {
        out[i] = findString(keys.getString(i));
      }
    } else {
      MemorySegment data = keys.data();
      for (int i = 0; i < n; i++) {
        out[i] = findLong(longKey(data, i));
      }
    }
    return out;
  }

  private int findLong(long k) {
    int p = mix(k) & mask;
    while (slots[p] != 0) {
      if (longKeys[p] == k) {
        return slots[p] - 1;
      }
      p = (p + 1) & mask;
    }
    return -1;
  }

  private int findString(byte[] k) {
    int h = hash(k);
    int p = mix(h) & mask;
    while (slots[p] != 0) {
      if (stringHashes[p] == h && Arrays.equals(stringKeys[p], k)) {
        return slots[p] - 1;
      }
      p = (p + 1) & mask;
    }
    return -1;
  }

  /**
   * The slot of key {@code i} of {@code keys}, made (with a fresh or reused slot) when absent;
   * {@code -slot - 1} when it was made.
   */
  int put(Tensor keys, long i) {
    if ((size + 1) * 2 > slots.length) {
      grow();
    }
    int p;
    if (keyDtype == DType.STRING) {
      byte[] k = keys.getString(i);
      int h = hash(k);
      p = mix(h) & mask;
      while (slots[p] != 0) {
        if (stringHashes[p] == h && Arrays.equals(stringKeys[p], k)) {
          return slots[p] - 1;
        }
        p = (p + 1) & mask;
      }
      stringKeys[p] = k;
      stringHashes[p] = h;
    } else {
      long k = longKey(keys.data(), i);
      p = mix(k) & mask;
      while (slots[p] != 0) {
        if (longKeys[p] == k) {
          return slots[p] - 1;
        }
        p = (p + 1) & mask;
      }
      longKeys[p] = k;
    }
    int slot = freeCount > 0 ? free[--freeCount] : nextSlot++;
    slots[p] = slot + 1;
    size++;
    return -slot - 1;
  }

  /** Removes key {@code i} of {@code keys} if present (its slot becomes free). */
  void remove(Tensor keys, long i) {
    int p;
    if (keyDtype == DType.STRING) {
      byte[] k = keys.getString(i);
      int h = hash(k);
      p = mix(h) & mask;
      while (slots[p] != 0 && !(stringHashes[p] == h && Arrays.equals(stringKeys[p], k))) {
        p = (p + 1) & mask;
      }
    } else {
      long k = longKey(keys.data(), i);
      p = mix(k) & mask;
      while (slots[p] != 0 && longKeys[p] != k) {
        p = (p + 1) & mask;
      }
    }
    if (slots[p] == 0) {
      return;
    }
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, Math.max(8, free.length * 2));
    }
    free[freeCount++] = slots[p] - 1;
    size--;
    deleteAt(p);
  }

  /** Backward-shift deletion: later keys of the probe run move up, so no tombstones remain. */
  private void deleteAt(int hole) {
    int p = hole;
    while (true) {
      p = (p + 1) & mask;
      if (slots[p] == 0) {
        break;
      }
      int home = (keyDtype == DType.STRING ? mix(stringHashes[p]) : mix(longKeys[p])) & mask;
      // The entry at p may fill the hole when its home is not in (hole, p] cyclically.
      boolean between = hole <= p ? (home > hole && home <= p) : (home > hole || home <= p);
      if (!between) {
        slots[hole] = slots[p];
        if (keyDtype == DType.STRING) {
          stringKeys[hole] = stringKeys[p];
          stringHashes[hole] = stringHashes[p];
        } else {
          longKeys[hole] = longKeys[p];
        }
        hole = p;
      }
    }
    slots[hole] = 0;
    if (keyDtype == DType.STRING) {
      stringKeys[hole] = null;
    }
  }

  private void grow() {
    int[] oldSlots = slots;
    long[] oldLongs = longKeys;
    byte[][] oldStrings = stringKeys;
    int[] oldHashes = stringHashes;
    allocate(oldSlots.length * 2);
    for (int q = 0; q < oldSlots.length; q++) {
      if (oldSlots[q] == 0) {
        continue;
      }
      int p;
      if (keyDtype == DType.STRING) {
        p = mix(oldHashes[q]) & mask;
        while (slots[p] != 0) {
          p = (p + 1) & mask;
        }
        stringKeys[p] = oldStrings[q];
        stringHashes[p] = oldHashes[q];
      } else {
        p = mix(oldLongs[q]) & mask;
        while (slots[p] != 0) {
          p = (p + 1) & mask;
        }
        longKeys[p] = oldLongs[q];
      }
      slots[p] = oldSlots[q];
    }
  }

  /** Visits every entry (key position, slot) in index order. */
  interface Visitor {
    void entry(int position, int slot);
  }

  void forEach(Visitor v) {
    for (int p = 0; p < slots.length; p++) {
      if (slots[p] != 0) {
        v.entry(p, slots[p] - 1);
      }
    }
  }

  long longKeyAt(int position) {
    return longKeys[position];
  }

  byte[] stringKeyAt(int position) {
    return stringKeys[position];
  }
}
