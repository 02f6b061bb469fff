package dev.rawops.kernels.cpu.sparse;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SetOperationGeometry;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The set ops on CPU (set_kernels.cc): DenseToDenseSetOperation, DenseToSparseSetOperation,
 * SparseToSparseSetOperation and SetSize. A set is the values sharing the first n-1 coordinates;
 * sparse inputs are read in their given order, in runs of equal group coordinates, as TF's group
 * iterator reads them (validate_indices checks row-major order first). Result sets are sorted
 * (integers by value, strings bytewise) and listed group by group in row-major order.
 */
final class CpuSetOperations {
  private CpuSetOperations() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DenseToDenseSetOperation", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> new SetKernel(n, 0)::compute),
          KernelDef.builder("DenseToSparseSetOperation", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> new SetKernel(n, 1)::compute),
          KernelDef.builder("SparseToSparseSetOperation", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> new SetKernel(n, 2)::compute),
          KernelDef.builder("SetSize", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> setSize(n, ctx)));

  /** A string element, ordered bytewise (unsigned) as TF's tstring compares. */
  private static final class Bytes implements Comparable<Bytes> {
    private final byte[] b;

    Bytes(byte[] b) {
      this.b = b;
    }

    byte[] b() {
      return b;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes other && Arrays.equals(b, other.b);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(b);
    }

    @Override
    public int compareTo(Bytes o) {
      return Arrays.compareUnsigned(b, o.b);
    }

    @Override
    public String toString() {
      return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  /** A tensor's elements as comparable keys: Long for integers, Bytes for strings. */
  private static Comparable<?>[] keys(Tensor t) {
    if (t.dtype() == DType.STRING) {
      byte[][] s = KernelAccess.strings(t);
      Comparable<?>[] out = new Comparable<?>[s.length];
      for (int i = 0; i < s.length; i++) {
        out[i] = new Bytes(s[i]);
      }
      return out;
    }
    long[] v = NumericArrays.longs(t);
    Comparable<?>[] out = new Comparable<?>[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }

  /** A sparse input read as TF's SparseTensorFromContext: checked, in runs of equal groups. */
  private static final class SparseSet {
    private final long[] shape;
    private final long[] ix;
    private final int n;
    private final int rank;
    private final Comparable<?>[] values;

    SparseSet(long[] shape, long[] ix, int n, int rank, Comparable<?>[] values) {
      this.shape = shape;
      this.ix = ix;
      this.n = n;
      this.rank = rank;
      this.values = values;
    }

    long[] shape() {
      return shape;
    }

    long[] ix() {
      return ix;
    }

    int rank() {
      return rank;
    }

    Comparable<?>[] values() {
      return values;
    }

    /** The runs: [start, end) of consecutive entries with equal first rank-1 coordinates. */
    List<int[]> runs() {
      List<int[]> out = new ArrayList<>();
      int start = 0;
      for (int i = 1; i <= n; i++) {
        if (i == n || !sameGroup(i - 1, i)) {
          out.add(new int[] {start, i});
          start = i;
        }
      }
      return n == 0 ? List.of() : out;
    }

    private boolean sameGroup(int a, int b) {
      for (int d = 0; d < rank - 1; d++) {
        if (ix[a * rank + d] != ix[b * rank + d]) {
          return false;
        }
      }
      return true;
    }

    long[] group(int[] run) {
      return Arrays.copyOfRange(ix, run[0] * rank, run[0] * rank + rank - 1);
    }
  }

  private static SparseSet sparse(NodeInfo node, KernelContext ctx, int base, boolean validate) {
    Tensor indices = ctx.input(base);
    Tensor values = ctx.input(base + 1);
    Tensor shapeT = ctx.input(base + 2);
    if (shapeT.shape().rank() != 1) {
      throw node.invalidArgument("Shape must be a 1D tensor.");
    }
    long[] shape = SparseTensorChecks.buildShape(node, shapeT);
    if (shape.length < 2) {
      throw node.invalidArgument("Invalid rank " + shape.length + ".");
    }
    SparseTensorChecks.create(node, indices.shape(), values.shape(), shape.length);
    int n = (int) indices.shape().dim(0);
    int rank = shape.length;
    long[] ix = IndexChunks.readAll(indices);
    if (validate) {
      SparseTensorChecks.indicesValid(node, ix, n, rank, shape);
    }
    return new SparseSet(shape, ix, n, rank, keys(values));
  }

  /** TF's CheckGroup: every index of the run inside the shape (INTERNAL otherwise). */
  private static void checkGroup(NodeInfo node, SparseSet s, int[] run) {
    for (int j = 0; j < s.rank(); j++) {
      long size = s.shape()[j];
      if (size <= 0) {
        throw node.error(Code.INTERNAL, "Invalid dim_size[" + j + "] = " + size + ".");
      }
      for (int i = run[0]; i < run[1]; i++) {
        long index = s.ix()[i * s.rank() + j];
        if (size <= index) {
          throw node.error(
              Code.INTERNAL,
              "indices["
                  + (i - run[0])
                  + ", "
                  + j
                  + "] expected < "
                  + size
                  + ", got "
                  + index
                  + ".");
        }
      }
    }
  }

  private static Set<Object> sparseGroup(NodeInfo node, SparseSet s, int[] run) {
    checkGroup(node, s, run);
    Set<Object> out = new HashSet<>();
    for (int i = run[0]; i < run[1]; i++) {
      out.add(s.values()[i]);
    }
    return out;
  }

  private static Set<Object> denseGroup(Comparable<?>[] values, long flatGroup, long width) {
    Set<Object> out = new HashSet<>();
    for (long i = flatGroup * width; i < (flatGroup + 1) * width; i++) {
      out.add(values[(int) i]);
    }
    return out;
  }

  /** One output group: its coordinates and its sorted set. */
  private static final class Result {
    private final long[] group;
    private final Set<Object> set;

    Result(long[] group, Set<Object> set) {
      this.group = group;
      this.set = set;
    }

    long[] group() {
      return group;
    }

    Set<Object> set() {
      return set;
    }
  }

  private record SetKernel(NodeInfo node, int inputs, SetOperationGeometry.Operation operation) {
    SetKernel(NodeInfo node, int inputs) {
      this(node, inputs, SetOperationGeometry.operation(node));
    }

    void compute(KernelContext ctx) {
      boolean validate = node.attrs().getBool("validate_indices");
      List<Result> results = new ArrayList<>();
      long[] groupShape;
      if (inputs == 0) {
        Tensor a = ctx.input(0);
        Tensor b = ctx.input(1);
        groupShape = groupShape(node, a.shape().dims(), b.shape().dims());
        Comparable<?>[] av = keys(a);
        Comparable<?>[] bv = keys(b);
        long groups = Shape.of(groupShape).numElements();
        long aw = a.shape().dim(a.shape().rank() - 1);
        long bw = b.shape().dim(b.shape().rank() - 1);
        for (long g = 0; g < groups; g++) {
          add(results, unflatten(g, groupShape), denseGroup(av, g, aw), denseGroup(bv, g, bw));
        }
      } else if (inputs == 1) {
        Tensor a = ctx.input(0);
        SparseSet b = sparse(node, ctx, 1, validate);
        groupShape = groupShape(node, a.shape().dims(), b.shape());
        Comparable<?>[] av = keys(a);
        long groups = Shape.of(groupShape).numElements();
        long aw = a.shape().dim(a.shape().rank() - 1);
        List<int[]> runs = b.runs();
        int next = 0;
        for (long g = 0; g < groups; g++) {
          long[] coords = unflatten(g, groupShape);
          Set<Object> bs = new HashSet<>();
          if (next < runs.size() && Arrays.equals(b.group(runs.get(next)), coords)) {
            bs = sparseGroup(node, b, runs.get(next++));
          }
          add(results, coords, denseGroup(av, g, aw), bs);
        }
      } else {
        SparseSet a = sparse(node, ctx, 0, validate);
        SparseSet b = sparse(node, ctx, 3, validate);
        groupShape = groupShape(node, a.shape(), b.shape());
        List<int[]> ar = a.runs();
        List<int[]> br = b.runs();
        int i = 0;
        int j = 0;
        while (i < ar.size() || j < br.size()) {
          long c;
          if (i >= ar.size()) {
            c = 1;
          } else if (j >= br.size()) {
            c = -1;
          } else {
            c = firstDifference(a.group(ar.get(i)), b.group(br.get(j)));
          }
          long[] coords = null;
          Set<Object> as = new HashSet<>();
          Set<Object> bs = new HashSet<>();
          if (c <= 0) {
            coords = a.group(ar.get(i));
            as = sparseGroup(node, a, ar.get(i++));
          }
          if (c >= 0) {
            coords = b.group(br.get(j));
            bs = sparseGroup(node, b, br.get(j++));
          }
          add(results, coords, as, bs);
        }
      }
      output(ctx, groupShape, results);
    }

    private void add(List<Result> results, long[] group, Set<Object> a, Set<Object> b) {
      TreeSet<Object> out = new TreeSet<>();
      switch (operation) {
        case A_MINUS_B -> a.stream().filter(v -> !b.contains(v)).forEach(out::add);
        case B_MINUS_A -> b.stream().filter(v -> !a.contains(v)).forEach(out::add);
        case INTERSECTION -> a.stream().filter(b::contains).forEach(out::add);
        case UNION -> {
          out.addAll(a);
          out.addAll(b);
        }
      }
      if (!out.isEmpty()) {
        results.add(new Result(group, out));
      }
    }
  }

  /**
   * TF's CompareGroups: the first nonzero coordinate difference (as TF, a difference, not a sign).
   */
  private static long firstDifference(long[] a, long[] b) {
    for (int k = 0; k < a.length; k++) {
      long d = a[k] - b[k];
      if (d != 0) {
        return d;
      }
    }
    return 0;
  }

  private static long[] groupShape(NodeInfo node, long[] a, long[] b) {
    long[] ga = groupOf(node, a);
    long[] gb = groupOf(node, b);
    if (!Arrays.equals(ga, gb)) {
      throw node.invalidArgument(
          "Mismatched shapes "
              + SparseTensorChecks.joined(ga)
              + " vs "
              + SparseTensorChecks.joined(gb));
    }
    return ga;
  }

  private static long[] groupOf(NodeInfo node, long[] shape) {
    if (shape.length < 2) {
      throw node.invalidArgument(
          "Shape " + SparseTensorChecks.joined(shape) + " has rank " + shape.length + " < 2");
    }
    return Arrays.copyOf(shape, shape.length - 1);
  }

  private static long[] unflatten(long flat, long[] shape) {
    long[] out = new long[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      out[d] = flat % shape[d];
      flat /= shape[d];
    }
    return out;
  }

  private static void output(KernelContext ctx, long[] groupShape, List<Result> results) {
    int rank = groupShape.length + 1;
    long max = 0;
    int total = 0;
    for (Result r : results) {
      max = Math.max(max, r.set().size());
      total += r.set().size();
    }
    long[] ix = new long[total * rank];
    Object[] vals = new Object[total];
    int k = 0;
    for (Result r : results) {
      int pos = 0;
      for (Object v : r.set()) {
        System.arraycopy(r.group(), 0, ix, k * rank, rank - 1);
        ix[k * rank + rank - 1] = pos++;
        vals[k++] = v;
      }
    }
    long[] shape = Arrays.copyOf(groupShape, rank);
    shape[rank - 1] = max;
    ctx.setOutput(0, SparseEntries.indices(ctx, ix, total, rank));
    ctx.setOutput(1, valuesTensor(ctx, vals));
    ctx.setOutput(2, SparseEntries.longs(ctx, Shape.of(rank), shape));
  }

  private static Tensor valuesTensor(KernelContext ctx, Object[] vals) {
    DType t = ctx.node().outputDType(1);
    TensorBuffer b = ctx.allocate(t, Shape.of(vals.length));
    if (t == DType.STRING) {
      byte[][] s = b.strings();
      for (int i = 0; i < vals.length; i++) {
        s[i] = ((Bytes) vals[i]).b();
      }
      return b.freeze();
    }
    long[] l = new long[vals.length];
    for (int i = 0; i < vals.length; i++) {
      l[i] = (Long) vals[i];
    }
    NumericArrays.store(b, l);
    return b.freeze();
  }

  private static void setSize(NodeInfo node, KernelContext ctx) {
    SparseSet s = sparse(node, ctx, 0, node.attrs().getBool("validate_indices"));
    long[] outShape = groupOf(node, s.shape());
    long[] strides = new long[outShape.length];
    long stride = 1;
    for (int d = outShape.length - 1; d >= 0; d--) {
      strides[d] = stride;
      stride *= outShape[d];
    }
    Shape shape = Shape.of(outShape);
    long size = shape.numElements();
    TensorBuffer b = ctx.allocateUninitialized(DType.INT32, shape);
    int[] out = new int[Math.toIntExact(size)];
    for (int[] run : s.runs()) {
      Set<Object> set = sparseGroup(node, s, run);
      long[] g = s.group(run);
      long at = 0;
      for (int d = 0; d < g.length; d++) {
        at += g[d] * strides[d];
      }
      if (at < 0 || at >= size) {
        throw node.invalidArgument("Index out of range, " + g[0] + " vs " + shape);
      }
      out[(int) at] = set.size();
    }
    java.lang.foreign.MemorySegment.copy(
        out, 0, b.segment(), dev.rawops.tensor.Layouts.I32, 0, out.length);
    ctx.setOutput(0, b.freeze());
  }
}
