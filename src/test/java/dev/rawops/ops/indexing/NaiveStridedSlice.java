package dev.rawops.ops.indexing;

import java.util.ArrayList;
import java.util.List;

/**
 * An independent, deliberately naive reading of StridedSlice for tests: Python/NumPy indexing
 * written straight from the seed page (entries are an ellipsis, a new axis, a single index or a
 * range; ranges follow Python's slice.indices), producing for every output element the flat index
 * of the input element it copies. Shares no code with the runtime.
 */
final class NaiveStridedSlice {
  /** The output's shape and, per output element in row-major order, the input's flat index. */
  // Tests compare the arrays with assertArrayEquals, never the records themselves.
  @SuppressWarnings("ArrayRecordComponent")
  record Result(long[] shape, long[] sources) {}

  /** The spec is invalid (the runtime must raise INVALID_ARGUMENT). */
  static final class Invalid extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Invalid(String why) {
      super(why);
    }
  }

  private NaiveStridedSlice() {}

  static Result apply(long[] shape, long[] b, long[] e, long[] s, int[] masks) {
    int n = s.length;
    int real = 0;
    boolean hasEllipsis = false;
    for (int i = 0; i < n; i++) {
      hasEllipsis |= kind(masks, i) == 'E';
      real += kind(masks, i) == 'S' || kind(masks, i) == 'R' ? 1 : 0;
    }
    if (real > shape.length) {
      throw new Invalid("more indexed dims than the input has");
    }
    List<long[]> picks = new ArrayList<>(); // per input dim: the indices taken
    List<Long> outShape = new ArrayList<>();
    int dim = 0;
    for (int i = 0; i < n + (hasEllipsis ? 0 : 1); i++) {
      char k = i == n ? 'E' : kind(masks, i);
      if (k == 'E') {
        for (int c = 0; c < shape.length - real; c++, dim++) {
          picks.add(range(shape[dim], 0, 0, 1, true, true));
          outShape.add(shape[dim]);
        }
      } else if (k == 'N') {
        outShape.add(1L);
      } else if (k == 'S') {
        picks.add(new long[] {single(shape[dim], b[i], s[i])});
        dim++;
      } else {
        if (s[i] == 0) {
          throw new Invalid("zero stride");
        }
        long[] r = range(shape[dim], b[i], e[i], s[i], bit(masks[0], i), bit(masks[1], i));
        picks.add(r);
        outShape.add((long) r.length);
        dim++;
      }
    }
    return new Result(
        outShape.stream().mapToLong(Long::longValue).toArray(), product(shape, picks));
  }

  private static char kind(int[] masks, int i) {
    if (bit(masks[2], i)) {
      return 'E';
    }
    if (bit(masks[3], i)) {
      return 'N';
    }
    return bit(masks[4], i) ? 'S' : 'R';
  }

  private static boolean bit(int mask, int i) {
    return ((mask >> i) & 1) == 1;
  }

  private static long single(long size, long index, long stride) {
    if (stride == 0) {
      throw new Invalid("zero stride");
    }
    if (stride < 0) {
      throw new Invalid("single index with a negative stride");
    }
    long i = index < 0 ? index + size : index;
    if (i < 0 || i >= size) {
      throw new Invalid("index out of range");
    }
    return i;
  }

  /** Python's slice(b, e, s).indices(size), then the indices themselves. */
  private static long[] range(long size, long b, long e, long s, boolean noBegin, boolean noEnd) {
    long start;
    long stop;
    if (s > 0) {
      start = noBegin ? 0 : b < 0 ? Math.max(b + size, 0) : Math.min(b, size);
      stop = noEnd ? size : e < 0 ? Math.max(e + size, 0) : Math.min(e, size);
    } else {
      start = noBegin ? size - 1 : b < 0 ? Math.max(b + size, -1) : Math.min(b, size - 1);
      stop = noEnd ? -1 : e < 0 ? Math.max(e + size, -1) : Math.min(e, size - 1);
    }
    List<Long> out = new ArrayList<>();
    for (long i = start; s > 0 ? i < stop : i > stop; i += s) {
      out.add(i);
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** Row-major flat input indices of every combination of picks. */
  private static long[] product(long[] shape, List<long[]> picks) {
    long count = 1;
    for (long[] p : picks) {
      count *= p.length;
    }
    long[] out = new long[Math.toIntExact(count)];
    int[] at = new int[picks.size()];
    for (int k = 0; k < out.length; k++) {
      long flat = 0;
      for (int d = 0; d < shape.length; d++) {
        flat = flat * shape[d] + picks.get(d)[at[d]];
      }
      out[k] = flat;
      for (int d = picks.size() - 1; d >= 0 && ++at[d] == picks.get(d).length; d--) {
        at[d] = 0;
      }
    }
    return out;
  }
}
