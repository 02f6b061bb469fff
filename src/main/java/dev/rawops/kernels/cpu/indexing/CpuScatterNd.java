package dev.rawops.kernels.cpu.indexing;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.cpu.support.BulkCopy;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.ScatterCombine;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.BadIndicesPolicy;
import dev.rawops.ops.indexing.TensorScatterUpdateGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The scatter-nd family on CPU, one kernel parameterised by how an update combines with the output
 * ({@link ScatterCombine}): TensorScatterUpdate/Add/Sub/Min/Max and ScatterNdNonAliasingAdd start
 * from the input tensor (its own buffer when the runtime can forward it: TF's forward_input;
 * otherwise one bulk copy); ScatterNd starts from zeros of the shape input and adds.
 *
 * <p>Updates are applied one after another in row-major order of {@code indices}, as TF's CPU
 * kernel loops: duplicates accumulate in that order (the last wins for an assignment).
 *
 * <p>Out-of-bounds index vectors are skipped while the others are applied; afterwards
 * INVALID_ARGUMENT names the last bad one (as TF's CPU kernel does), unless bad_indices_policy is
 * IGNORE.
 */
public final class CpuScatterNd implements Kernel {
  /** Where the output starts from. */
  enum Form {
    /** inputs (tensor, indices, updates): the output starts as a copy of tensor. */
    TENSOR,
    /** inputs (indices, updates, shape): the output starts as zeros of shape. */
    SHAPE
  }

  /** TensorScatterUpdate: registered for every dtype (see {@link CpuTensorScatterUpdate}). */
  static final KernelDef TENSOR_SCATTER_UPDATE =
      def(
          KernelDef.builder("TensorScatterUpdate", Device.CPU).anyType("T"),
          ScatterCombine.ASSIGN,
          Form.TENSOR);

  static final List<KernelDef> DEFS =
      List.of(
          def("TensorScatterAdd", ScatterCombine.ADD, Form.TENSOR),
          def("TensorScatterSub", ScatterCombine.SUB, Form.TENSOR),
          def("TensorScatterMin", ScatterCombine.MIN, Form.TENSOR),
          def("TensorScatterMax", ScatterCombine.MAX, Form.TENSOR),
          def("ScatterNdNonAliasingAdd", ScatterCombine.ADD, Form.TENSOR),
          def("ScatterNd", ScatterCombine.ADD, Form.SHAPE));

  private static KernelDef def(String op, ScatterCombine combine, Form form) {
    return def(KernelDef.builder(op, Device.CPU).tfCpuTypes("T"), combine, form);
  }

  // TF 2.18 registers CPU kernels for int32 and int64 indices only, although the OpDefs of the
  // tensor_scatter ops also allow int16 and uint16.
  private static KernelDef def(KernelDef.Builder b, ScatterCombine combine, Form form) {
    return b.typeConstraint("Tindices", INT32, INT64)
        .build(node -> new CpuScatterNd(node, combine, form));
  }

  private final NodeInfo node;
  private final ScatterCombine combine;
  private final Form form;
  private final boolean ignoreBadIndices;

  private CpuScatterNd(NodeInfo node, ScatterCombine combine, Form form) {
    this.node = node;
    this.combine = combine;
    this.form = form;
    this.ignoreBadIndices =
        node.attrs().has("bad_indices_policy")
            && BadIndicesPolicy.of(node) == BadIndicesPolicy.IGNORE;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor indices = ctx.input(form == Form.TENSOR ? 1 : 0);
    Tensor updates = ctx.input(form == Form.TENSOR ? 2 : 1);
    Tensor tensor = form == Form.TENSOR ? ctx.input(0) : null;
    Shape shape =
        form == Form.TENSOR ? tensor.shape() : outputShape(ctx.input(2), indices, updates);
    TensorScatterUpdateGeometry g =
        TensorScatterUpdateGeometry.of(
            node, shape, indices.shape(), updates.shape(), indices.dtype());
    if (g.nothingToWrite()) {
      ctx.setOutput(0, tensor != null ? tensor : ctx.allocate(updates.dtype(), shape).freeze());
      return;
    }
    // Every index vector is checked before anything is written (the input may be updated in place).
    long[] offsets = offsets(g, shape, indices);
    long bad = lastBad(offsets);
    if (bad >= 0 && !ignoreBadIndices) {
      throw node.invalidArgument(
          g.badIndexMessage(bad, indexVector(indices, bad, g.depth()), shape));
    }
    Parallel parallel = ctx.parallel();
    TensorBuffer out =
        tensor == null
            ? ctx.allocate(updates.dtype(), shape)
            : ctx.forwardInput(0).orElseGet(() -> BulkCopy.copyOf(ctx, tensor, parallel));
    apply(g, offsets, updates, out, parallel);
    ctx.setOutput(0, out.freeze());
  }

  /** ScatterNd's shape input, checked as TF's ScatterNdOp does. */
  private Shape outputShape(Tensor shapeInput, Tensor indices, Tensor updates) {
    if (shapeInput.shape().rank() != 1) {
      throw node.invalidArgument(
          "Shape must be a 1-D tensor. Got " + shapeInput.shape().rank() + "-D");
    }
    long[] dims = shapeInput.toLongArray();
    for (long d : dims) {
      if (d < 0) {
        throw node.invalidArgument("Dimension " + d + " must be >= 0");
      }
    }
    Shape shape = Shape.of(dims);
    boolean valid =
        (indices.numElements() == 0 && updates.numElements() == 0)
            || (shapeInput.numElements() != 0
                && indices.numElements() != 0
                && updates.numElements() != 0);
    if (!valid) {
      throw node.invalidArgument("Indices and updates specified for empty output shape");
    }
    return shape;
  }

  /**
   * The output element offset each update slice goes to, in row-major order of {@code indices} (-1
   * for an out-of-bounds index vector).
   */
  private long[] offsets(TensorScatterUpdateGeometry g, Shape shape, Tensor indices) {
    int depth = g.depth();
    long[] strides = g.sliceStrides();
    long[] dims = shape.dims();
    long[] offsets = new long[Math.toIntExact(g.numUpdates())];
    int perChunk = Math.max(1, IndexChunks.CHUNK / Math.max(1, depth));
    IndexChunks chunks =
        new IndexChunks(indices, Math.min(perChunk, offsets.length) * Math.max(1, depth));
    for (int first = 0; first < offsets.length; first += perChunk) {
      int n = Math.min(perChunk, offsets.length - first);
      IndexChunks.offsets(
          chunks.read((long) first * depth, n * depth), n, depth, dims, strides, offsets, first);
    }
    return offsets;
  }

  /** The last out-of-bounds update (row-major), or -1. */
  private static long lastBad(long[] offsets) {
    for (int i = offsets.length - 1; i >= 0; i--) {
      if (offsets[i] < 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Combines update slice i into {@code offsets[i]}, for i in row-major order. With several
   * threads, each owns a range of output slices and applies, in that same order, the updates that
   * land in it: duplicates combine in the sequential order, so the bytes never depend on the split.
   */
  private void apply(
      TensorScatterUpdateGeometry g,
      long[] offsets,
      Tensor updates,
      TensorBuffer out,
      Parallel parallel) {
    long sliceSize = g.sliceSize();
    if (sliceSize == 0) {
      return;
    }
    DType t = updates.dtype();
    boolean strings = t == DType.STRING;
    SliceCopier copier =
        combine == ScatterCombine.ASSIGN ? SliceCopier.of(updates, out, sliceSize) : null;
    MemorySegment src = strings ? null : updates.data();
    MemorySegment dst = strings ? null : out.segment();
    long slices = out.shape().numElements() / sliceSize;
    int parts = strings ? 1 : (int) Math.max(1, Math.min(parallel.threads(), slices));
    long perPart = (slices + parts - 1) / parts;
    long sliceBytes = sliceSize * Math.max(1, t.byteSize());
    long cost = offsets.length * (20 + sliceBytes / (copier != null ? 4 : 1)) / parts;
    // Each part scans every offset and applies the ones in its range. (Grouping the updates by
    // part first, in one counting pass on the calling thread, was measured slower: the pass cost
    // more than the scans it saved.)
    (strings ? Parallel.SEQUENTIAL : parallel)
        .forRange(
            parts,
            cost,
            (p0, p1) -> {
              long lo = p0 * perPart * sliceSize;
              long hi = Math.min(slices, p1 * perPart) * sliceSize;
              for (int i = 0; i < offsets.length; i++) {
                long offset = offsets[i];
                if (offset < lo || offset >= hi) {
                  continue; // out of bounds (-1), or another range's
                }
                long from = i * sliceSize;
                if (copier != null) {
                  copier.copy(from, offset);
                } else if (strings) {
                  concat(updates, from, out, offset, sliceSize);
                } else {
                  combine.apply(t, src, from, dst, offset, sliceSize);
                }
              }
            });
  }

  /** String "addition": concatenation, as tstring's +=. */
  private static void concat(Tensor updates, long s, TensorBuffer out, long d, long n) {
    byte[][] src = KernelAccess.strings(updates);
    byte[][] dst = out.strings();
    for (long k = 0; k < n; k++) {
      byte[] a = dst[(int) (d + k)];
      byte[] b = src[(int) (s + k)];
      byte[] r = new byte[a.length + b.length];
      System.arraycopy(a, 0, r, 0, a.length);
      System.arraycopy(b, 0, r, a.length, b.length);
      dst[(int) (d + k)] = r;
    }
  }

  private static long[] indexVector(Tensor indices, long update, int depth) {
    long[] v = new long[depth];
    for (int d = 0; d < depth; d++) {
      v[d] = indices.getIndex(update * depth + d);
    }
    return v;
  }
}
