package dev.rawops.kernels.cpu.image;

import java.util.List;

/**
 * libstdc++'s {@code std::priority_queue} (push_heap/pop_heap) and {@code std::sort} (introsort:
 * median-of-three quicksort to runs of 16, heapsort past the depth limit, then insertion sort),
 * step for step: TF's CombinedNonMaxSuppression orders candidates with comparators that leave ties
 * open, so which of two equal scores comes first is whatever these algorithms do.
 */
final class LibstdcxxOrder {
  private LibstdcxxOrder() {}

  /** The strict weak order the C++ comparator gives: {@code less(a, b)}. */
  interface Less<T> {
    boolean less(T a, T b);
  }

  private static <T> void pushHeap(List<T> v, int hole, int top, T value, Less<T> less) {
    int parent = (hole - 1) / 2;
    while (hole > top && less.less(v.get(parent), value)) {
      v.set(hole, v.get(parent));
      hole = parent;
      parent = (hole - 1) / 2;
    }
    v.set(hole, value);
  }

  private static <T> void adjustHeap(List<T> v, int first, int hole, int len, T value, Less<T> l) {
    int top = hole;
    int second = hole;
    while (second < (len - 1) / 2) {
      second = 2 * (second + 1);
      if (l.less(v.get(first + second), v.get(first + second - 1))) {
        second--;
      }
      v.set(first + hole, v.get(first + second));
      hole = second;
    }
    if ((len & 1) == 0 && second == (len - 2) / 2) {
      second = 2 * (second + 1);
      v.set(first + hole, v.get(first + second - 1));
      hole = second - 1;
    }
    // __push_heap on the sub-range starting at first
    int parent = (hole - 1) / 2;
    while (hole > top && l.less(v.get(first + parent), value)) {
      v.set(first + hole, v.get(first + parent));
      hole = parent;
      parent = (hole - 1) / 2;
    }
    v.set(first + hole, value);
  }

  /** priority_queue::push. */
  static <T> void push(List<T> heap, T value, Less<T> less) {
    heap.add(value);
    pushHeap(heap, heap.size() - 1, 0, value, less);
  }

  /** priority_queue::top then pop. */
  static <T> T pop(List<T> heap, Less<T> less) {
    T top = heap.getFirst();
    int last = heap.size() - 1;
    if (last > 0) {
      T value = heap.get(last);
      heap.set(last, heap.getFirst());
      adjustHeap(heap, 0, 0, last, value, less);
    }
    heap.removeLast();
    return top;
  }

  /** std::sort over the whole list. */
  static <T> void sort(List<T> v, Less<T> less) {
    int n = v.size();
    if (n > 1) {
      introsort(v, 0, n, 2 * (31 - Integer.numberOfLeadingZeros(n)), less);
      finalInsertionSort(v, 0, n, less);
    }
  }

  private static <T> void swap(List<T> v, int i, int j) {
    T t = v.get(i);
    v.set(i, v.get(j));
    v.set(j, t);
  }

  private static <T> void introsort(List<T> v, int first, int last, int depth, Less<T> less) {
    while (last - first > 16) {
      if (depth == 0) {
        heapSort(v, first, last, less);
        return;
      }
      depth--;
      int mid = first + (last - first) / 2;
      medianToFirst(v, first, first + 1, mid, last - 1, less);
      int cut = partition(v, first + 1, last, first, less);
      introsort(v, cut, last, depth, less);
      last = cut;
    }
  }

  private static <T> void medianToFirst(List<T> v, int result, int a, int b, int c, Less<T> l) {
    if (l.less(v.get(a), v.get(b))) {
      if (l.less(v.get(b), v.get(c))) {
        swap(v, result, b);
      } else if (l.less(v.get(a), v.get(c))) {
        swap(v, result, c);
      } else {
        swap(v, result, a);
      }
    } else if (l.less(v.get(a), v.get(c))) {
      swap(v, result, a);
    } else if (l.less(v.get(b), v.get(c))) {
      swap(v, result, c);
    } else {
      swap(v, result, b);
    }
  }

  private static <T> int partition(List<T> v, int first, int last, int pivot, Less<T> less) {
    while (true) {
      while (less.less(v.get(first), v.get(pivot))) {
        first++;
      }
      last--;
      while (less.less(v.get(pivot), v.get(last))) {
        last--;
      }
      if (first >= last) {
        return first;
      }
      swap(v, first, last);
      first++;
    }
  }

  private static <T> void heapSort(List<T> v, int first, int last, Less<T> less) {
    int len = last - first;
    if (len >= 2) {
      for (int parent = (len - 2) / 2; ; parent--) {
        adjustHeap(v, first, parent, len, v.get(first + parent), less);
        if (parent == 0) {
          break;
        }
      }
    }
    while (last - first > 1) {
      last--;
      T value = v.get(last);
      v.set(last, v.get(first));
      adjustHeap(v, first, 0, last - first, value, less);
    }
  }

  private static <T> void finalInsertionSort(List<T> v, int first, int last, Less<T> less) {
    if (last - first > 16) {
      insertionSort(v, first, first + 16, less);
      for (int i = first + 16; i < last; i++) {
        linearInsert(v, i, less);
      }
    } else {
      insertionSort(v, first, last, less);
    }
  }

  private static <T> void insertionSort(List<T> v, int first, int last, Less<T> less) {
    if (first == last) {
      return;
    }
    for (int i = first + 1; i < last; i++) {
      if (less.less(v.get(i), v.get(first))) {
        T val = v.get(i);
        for (int k = i; k > first; k--) {
          v.set(k, v.get(k - 1));
        }
        v.set(first, val);
      } else {
        linearInsert(v, i, less);
      }
    }
  }

  private static <T> void linearInsert(List<T> v, int last, Less<T> less) {
    T val = v.get(last);
    int next = last - 1;
    while (less.less(val, v.get(next))) {
      v.set(last, v.get(next));
      last = next;
      next--;
    }
    v.set(last, val);
  }
}
