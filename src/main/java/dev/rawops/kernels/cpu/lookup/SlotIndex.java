package dev.rawops.kernels.cpu.lookup;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The key → slot map of a hash table: open addressing with linear probing over primitive arrays, so
 * a lookup boxes nothing. Integer keys (int32 widened, int64) are longs; string keys are Latin-1
 * Strings, a lossless and compact image of their bytes. Slots index the table's {@link ValueRows};
 * a removed key's slot is reused by the next new key. Whole key tensors go in and out in one call,
 * so the per-key loop has no virtual call.
 */
final class SlotIndex {
  private final DType keyDtype;
  private long[] longKeys;
  private String[] stringKeys;
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
      stringKeys = new String[capacity];
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

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.ISO_8859_1);
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
        out[i] = findString(text(keys.getString(i)));
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

  private int findString(String k) {
    int p = mix(k.hashCode()) & mask;
    while (slots[p] != 0) {
      if (stringKeys[p].equals(k)) {
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
      String k = text(keys.getString(i));
      p = mix(k.hashCode()) & mask;
      while (slots[p] != 0) {
        if (stringKeys[p].equals(k)) {
          return slots[p] - 1;
        }
        p = (p + 1) & mask;
      }
      stringKeys[p] = k;
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
      String k = text(keys.getString(i));
      p = mix(k.hashCode()) & mask;
      while (slots[p] != 0 && !stringKeys[p].equals(k)) {
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
      int home =
          (keyDtype == DType.STRING ? mix(stringKeys[p].hashCode()) : mix(longKeys[p])) & mask;
      // The entry at p may fill the hole when its home is not in (hole, p] cyclically.
      boolean between = hole <= p ? (home > hole && home <= p) : (home > hole || home <= p);
      if (!between) {
        slots[hole] = slots[p];
        if (keyDtype == DType.STRING) {
          stringKeys[hole] = stringKeys[p];
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
    String[] oldStrings = stringKeys;
    allocate(oldSlots.length * 2);
    for (int q = 0; q < oldSlots.length; q++) {
      if (oldSlots[q] == 0) {
        continue;
      }
      int p;
      if (keyDtype == DType.STRING) {
        p = mix(oldStrings[q].hashCode()) & mask;
        while (slots[p] != 0) {
          p = (p + 1) & mask;
        }
        stringKeys[p] = oldStrings[q];
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

  String stringKeyAt(int position) {
    return stringKeys[position];
  }
}
