package dev.rawops.kernels.cpu;

import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;

/**
 * Reads an integer index tensor a chunk at a time into a {@code long[]}, converting with one bulk
 * copy or one typed loop per chunk, so kernels' per-index loops see plain array reads instead of a
 * dtype switch per element.
 */
final class IndexChunks {
  /** Elements per chunk: big enough to amortise the switch, small enough to stay in L1/L2. */
  static final int CHUNK = 4096;

  private final Tensor indices;
  private final MemorySegment data;
  private final long[] buffer;

  IndexChunks(Tensor indices, int chunkElements) {
    this.indices = indices;
    this.data = indices.data();
    this.buffer = new long[chunkElements];
  }

  /** Elements [from, from + n) widened to long, in a buffer reused by the next call. */
  long[] read(long from, int n) {
    switch (indices.dtype()) {
      case INT64, UINT64 -> MemorySegment.copy(data, Layouts.I64, from * 8, buffer, 0, n);
      case INT32 -> {
        for (int k = 0; k < n; k++) {
          buffer[k] = data.getAtIndex(Layouts.I32, from + k);
        }
      }
      case INT16 -> {
        for (int k = 0; k < n; k++) {
          buffer[k] = data.getAtIndex(Layouts.I16, from + k);
        }
      }
      default -> {
        for (int k = 0; k < n; k++) {
          buffer[k] = indices.getIndex(from + k);
        }
      }
    }
    return buffer;
  }
}
