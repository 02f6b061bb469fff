package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.GatherNdGeometry;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * GatherNd's CPU copy, shared by GatherNd (indexing) and ResourceGatherNd (state): each index
 * vector is bounds-checked, then its slice is copied in one bulk copy, split over the intra-op
 * threads by ranges of slices into unzeroed output memory. A bad index is INVALID_ARGUMENT (the
 * first in row-major order, whichever thread finds it), or zeros under IGNORE.
 */
public final class GatherNdCopy {
  private GatherNdCopy() {}

  /** Rough cost of one slice in nanoseconds: the index work plus its bytes moved. */
  private static final long COST_PER_SLICE = 20;

  private static final long BYTES_PER_NS = 4;

  /**
   * {@code params} gathered by {@code indices} (TF's DoGatherNd): a bad index vector is
   * INVALID_ARGUMENT naming the first one, or a zero slice when {@code ignoreBadIndices}.
   */
  public static Tensor gather(
      KernelContext ctx, NodeInfo node, Tensor params, Tensor indices, boolean ignoreBadIndices) {
    GatherNdGeometry g =
        GatherNdGeometry.of(node, params.shape(), indices.shape(), indices.dtype());
    // Every output slice is written (copied, or zeroed for a bad index under IGNORE), so the
    // output needs no zero fill; strings start as empty arrays either way.
    TensorBuffer out =
        params.dtype() == DType.STRING
            ? ctx.allocate(params.dtype(), g.outputShape())
            : ctx.allocateUninitialized(params.dtype(), g.outputShape());
    long numSlices = g.numSlices();
    if (numSlices == 0) {
      return out.freeze();
    }
    long[] strides = sliceStrides(params.shape(), g.depth(), g.sliceSize());
    SliceCopier copier = SliceCopier.of(params, out, g.sliceSize());
    long sliceBytes = g.sliceSize() * Math.max(1, params.dtype().byteSize());
    // The first bad index vector (row-major), whichever range finds it.
    AtomicLong firstBad = new AtomicLong(Long.MAX_VALUE);
    ctx.parallel()
        .forRange(
            numSlices,
            COST_PER_SLICE + sliceBytes / BYTES_PER_NS,
            (from, to) -> {
              long bad =
                  gatherRange(
                      g,
                      indices,
                      params.shape().dims(),
                      strides,
                      copier,
                      out,
                      ignoreBadIndices,
                      from,
                      to);
              if (bad >= 0) {
                firstBad.accumulateAndGet(bad, Math::min);
              }
            });
    long bad = firstBad.get();
    if (bad != Long.MAX_VALUE) {
      long[] index = new long[g.depth()];
      for (int d = 0; d < index.length; d++) {
        index[d] = indices.getIndex(bad * g.depth() + d);
      }
      throw node.invalidArgument(g.badIndexMessage(node, bad, index, params.shape()));
    }
    return out.freeze();
  }

  /**
   * Copies slices [from, to); returns the first bad one (-1 if none). Under IGNORE a bad index's
   * slice is zeroed and the gather goes on; otherwise the range stops at its first bad index.
   *
   * <p>A chunk of index vectors is first turned into source offsets (-1 for a bad vector, {@link
   * IndexChunks#offsets}), then copied in a loop of its own ({@link SliceCopier#copyRuns}).
   */
  private static long gatherRange(
      GatherNdGeometry g,
      Tensor indices,
      long[] dims,
      long[] strides,
      SliceCopier copier,
      TensorBuffer out,
      boolean ignoreBadIndices,
      long from,
      long to) {
    int depth = g.depth();
    long sliceSize = g.sliceSize();
    // Index vectors are read a chunk at a time into a long[]; a vector never straddles chunks.
    int perChunk = Math.max(1, IndexChunks.CHUNK / Math.max(1, depth));
    int chunk = (int) Math.min(perChunk, to - from);
    IndexChunks chunks = new IndexChunks(indices, chunk * Math.max(1, depth));
    long[] offsets = new long[chunk];
    for (long first = from; first < to; first += perChunk) {
      int n = (int) Math.min(perChunk, to - first);
      IndexChunks.offsets(
          chunks.read(first * depth, n * depth), n, depth, dims, strides, offsets, 0);
      for (int k = copier.copyRuns(offsets, 0, n, first); k < n; ) {
        if (!ignoreBadIndices) {
          return first + k;
        }
        zero(out, (first + k) * sliceSize, sliceSize);
        k = copier.copyRuns(offsets, k + 1, n, first);
      }
    }
    return -1;
  }

  /** Zeroes output elements [at, at + n) (strings: already empty). */
  private static void zero(TensorBuffer out, long at, long n) {
    if (out.dtype() != DType.STRING) {
      long esz = out.dtype().byteSize();
      out.segment().asSlice(at * esz, n * esz).fill((byte) 0);
    }
  }

  /** Element stride of each indexed dimension: how far one step in params dim d moves. */
  private static long[] sliceStrides(Shape params, int depth, long sliceSize) {
    long[] strides = new long[depth];
    long s = sliceSize;
    for (int d = depth - 1; d >= 0; d--) {
      strides[d] = s;
      s *= params.dim(d);
    }
    return strides;
  }
}
