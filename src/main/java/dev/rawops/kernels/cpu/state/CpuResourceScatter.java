package dev.rawops.kernels.cpu.state;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.state.CpuState.Mode;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.ScatterNdGeometry;
import dev.rawops.ops.Shapes;
import dev.rawops.ops.indexing.StridedSliceAssign;
import dev.rawops.ops.state.VariableHandle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The resource-variable scatters (TF's ResourceScatterUpdateOp and, for the Nd forms,
 * ScatterNdUpdateOp on a resource): rows (or index-vector slices) of the variable's value combined
 * with updates. The variable's value is never written in place: each call copies it, writes the
 * copy and installs it under the variable's lock, so a tensor a reader already holds (a
 * ReadVariableOp's output, a fetch) never changes. As in TF, the rows before a bad index stay
 * written.
 */
final class CpuResourceScatter {
  private CpuResourceScatter() {}

  private static final String[] OPS = {"Update", "Add", "Sub", "Mul", "Div", "Min", "Max"};
  private static final Mode[] MODES = {
    Mode.UPDATE, Mode.ADD, Mode.SUB, Mode.MUL, Mode.DIV, Mode.MIN, Mode.MAX
  };

  static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    DType[] withVariant = withVariant();
    for (int i = 0; i < OPS.length; i++) {
      Mode mode = MODES[i];
      defs.add(
          KernelDef.builder("ResourceScatter" + OPS[i], Device.CPU)
              .tfCpuTypes("dtype", withVariant)
              .tfCpuTypes("Tindices")
              .build(_ -> ctx -> scatter(ctx, mode)));
      if (mode != Mode.MUL && mode != Mode.DIV) {
        defs.add(
            KernelDef.builder("ResourceScatterNd" + OPS[i], Device.CPU)
                .tfCpuTypes("T")
                .tfCpuTypes("Tindices")
                .build(n -> scatterNd(n, mode)));
      }
    }
    defs.add(
        KernelDef.builder("ResourceStridedSliceAssign", Device.CPU)
            .anyTypeOrHandle("T")
            .build(_ -> CpuResourceScatter::stridedSliceAssign));
    return defs;
  }

  /**
   * ResourceStridedSliceAssign: {@code variable[begin:end:strides] = value} with StridedSlice's
   * checks and TF's broadcasting of the value ({@link StridedSliceAssign}), on a copy installed
   * whole.
   */
  private static void stridedSliceAssign(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Variable v = lookup(ctx);
    Tensor value = ctx.input(4);
    v.update(
        old -> {
          if (old.dtype() != value.dtype()) {
            throw node.invalidArgument(
                "l-value dtype "
                    + old.dtype().tfName()
                    + " does not match r-value dtype "
                    + value.dtype().tfName());
          }
          StridedSliceAssign a =
              StridedSliceAssign.of(
                  node, old.shape(), ctx.input(1), ctx.input(2), ctx.input(3), value.shape());
          if (a.isEmpty()) {
            return old;
          }
          Object[] objects = objectsOf(old);
          if (objects != null) {
            a.forEach((t, s) -> objects[(int) t] = value.getObject(s));
            return Tensor.ofObjects(old.dtype(), old.shape(), objects);
          }
          TensorBuffer out = copyOf(old);
          if (old.dtype() == DType.STRING) {
            byte[][] strings = out.strings();
            a.forEach((t, s) -> strings[(int) t] = value.getString(s));
          } else {
            MemorySegment dst = out.segment();
            MemorySegment src = value.data();
            long size = old.dtype().byteSize();
            a.forEach((t, s) -> MemorySegment.copy(src, s * size, dst, t * size, size));
          }
          return out.freeze();
        });
  }

  private static DType[] withVariant() {
    List<DType> all = new ArrayList<>(List.of(DType.dataTypes()));
    all.add(DType.VARIANT);
    return all.toArray(new DType[0]);
  }

  /** The variable input 0 names; NOT_FOUND with TF's LookupResource text when it has no value. */
  static Variable lookup(KernelContext ctx) {
    VariableHandle h = CpuResourceVariables.handle(ctx, 0);
    Variable v = ctx.state().get(h.key(), Variable.class).orElse(null);
    if (v == null || v.value() == null) {
      throw ctx.node().error(Code.NOT_FOUND, CpuResourceVariables.missing(ctx, h));
    }
    return v;
  }

  /** ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max}: rows of the variable picked by indices. */
  private static void scatter(KernelContext ctx, Mode mode) {
    NodeInfo node = ctx.node();
    Variable v = lookup(ctx);
    Tensor indices = ctx.input(1);
    Tensor updates = ctx.input(2);
    RawOpsException[] late = new RawOpsException[1];
    v.update(
        params -> {
          if (params.dtype() != updates.dtype()) {
            throw node.invalidArgument("DType of scatter resource and updates does not match.");
          }
          Shape p = params.shape();
          Shape u = updates.shape();
          Shape ix = indices.shape();
          if (u.rank() != 0 && u.rank() != ix.rank() + p.rank() - 1) {
            throw shapeError(node, u, ix, p);
          }
          if (mode == Mode.DIV && containsZero(updates)) {
            throw node.invalidArgument("updates must not contain 0");
          }
          long n = indices.numElements();
          if (n == 0) {
            return params;
          }
          // TF views the value as [dim 0, the rest] (a scalar as [1, 1]).
          long rows = p.rank() == 0 ? 1 : p.dim(0);
          long slice = p.rank() == 0 ? 1 : p.numElementsFrom(1);
          boolean scalar = u.rank() == 0;
          if (!scalar) {
            if (!startsWith(u, ix)) {
              throw node.invalidArgument(
                  "The shape of indices ("
                      + ix
                      + ") must be a prefix of the shape of updates ("
                      + u
                      + ")");
            }
            if (u.numElements() != n * slice) {
              // TF copies rows of mismatched length here (undefined behaviour); rawops refuses.
              throw shapeError(node, u, ix, p);
            }
          }
          TensorBuffer out = copyOf(params);
          Object[] objects = objectsOf(params);
          for (long i = 0; i < n; i++) {
            long index = indices.getIndex(i);
            if (index < 0 || index >= rows) {
              late[0] =
                  node.invalidArgument(
                      "indices"
                          + Shapes.position(ix, i)
                          + " = "
                          + index
                          + " is not in [0, "
                          + rows
                          + ")");
              break;
            }
            for (long k = 0; k < slice; k++) {
              put(mode, out, objects, index * slice + k, updates, scalar ? 0 : i * slice + k);
            }
          }
          return freeze(params, out, objects);
        });
    if (late[0] != null) {
      throw late[0];
    }
  }

  private static RawOpsException shapeError(NodeInfo node, Shape u, Shape ix, Shape p) {
    return node.invalidArgument(
        "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], got"
            + " updates.shape "
            + u
            + ", indices.shape "
            + ix
            + ", params.shape "
            + p);
  }

  /** ResourceScatterNd{Update,Add,Sub,Min,Max}: slices picked by index vectors. */
  private static dev.rawops.kernels.Kernel scatterNd(NodeInfo n, Mode mode) {
    boolean ignoreBad = n.attrs().getString("bad_indices_policy").equals("IGNORE");
    return ctx -> {
      NodeInfo node = ctx.node();
      Variable v = lookup(ctx);
      Tensor indices = ctx.input(1);
      Tensor updates = ctx.input(2);
      RawOpsException[] late = new RawOpsException[1];
      v.update(
          params -> {
            if (params.dtype() != updates.dtype()) {
              throw node.invalidArgument("DType of scatter resource and updates does not match.");
            }
            Shape p = params.shape();
            ScatterNdGeometry.checkVariable(node, p, indices.shape(), updates.shape());
            Shape ix = indices.shape();
            int depth = ix.rank() > 1 ? (int) ix.dim(ix.rank() - 1) : 1;
            long slice = p.numElementsFrom(depth);
            // TF walks indices as [rows, depth] (flat_inner_dims): a vector of indices is one row,
            // so only its first index is applied.
            long count =
                depth == 0 || indices.numElements() == 0
                    ? 0
                    : ix.rank() > 1 ? indices.numElements() / depth : 1;
            if (count == 0) {
              return params;
            }
            TensorBuffer out = copyOf(params);
            for (long i = 0; i < count; i++) {
              long offset = 0;
              boolean bad = false;
              for (int d = 0; d < depth; d++) {
                long index = indices.getIndex(i * depth + d);
                if (index < 0 || index >= p.dim(d)) {
                  bad = true;
                  break;
                }
                offset = offset * p.dim(d) + index;
              }
              if (bad) {
                if (ignoreBad) {
                  continue;
                }
                late[0] = node.invalidArgument(badIndex(indices, i, depth, p));
                break;
              }
              for (long k = 0; k < slice; k++) {
                CpuState.combine(mode, out, offset * slice + k, updates, i * slice + k);
              }
            }
            return out.freeze();
          });
      if (late[0] != null) {
        throw late[0];
      }
    };
  }

  /** TF's "indices[i] = [a, b] does not index into shape [..]". */
  private static String badIndex(Tensor indices, long row, int depth, Shape p) {
    Shape ix = indices.shape();
    Shape outer = ix.rank() > 1 ? ix.sub(0, ix.rank() - 1) : ix;
    StringBuilder at = new StringBuilder("indices").append(Shapes.position(outer, row));
    at.append(" = [");
    for (int d = 0; d < depth; d++) {
      at.append(d > 0 ? ", " : "").append(indices.getIndex(row * depth + d));
    }
    return at.append("] does not index into shape ").append(p).toString();
  }

  private static boolean startsWith(Shape shape, Shape prefix) {
    if (prefix.rank() > shape.rank()) {
      return false;
    }
    for (int d = 0; d < prefix.rank(); d++) {
      if (shape.dim(d) != prefix.dim(d)) {
        return false;
      }
    }
    return true;
  }

  /** TF compares every update with T{} (0, 0.0 or -0.0, 0+0i). */
  private static boolean containsZero(Tensor updates) {
    DType d = updates.dtype();
    long n = updates.numElements();
    for (long i = 0; i < n; i++) {
      boolean zero =
          switch (d) {
            case COMPLEX64, COMPLEX128 ->
                Numbers.get(d, updates.data(), 2 * i) == 0
                    && Numbers.get(d, updates.data(), 2 * i + 1) == 0;
            case HALF -> Numbers.get(updates, i) == 0;
            // Denormals-are-zero on TF's CPU threads: a subnormal divisor compares equal to 0.
            case FLOAT, DOUBLE, BFLOAT16 -> CpuState.flush(d, Numbers.get(updates, i)) == 0;
            default -> Numbers.getLong(updates, i) == 0;
          };
      if (zero) {
        return true;
      }
    }
    return false;
  }

  /** A private, unowned copy of {@code t} (null for object dtypes, which copy their array). */
  static TensorBuffer copyOf(Tensor t) {
    if (t.dtype().isObject()) {
      return null;
    }
    TensorBuffer b = TensorBuffer.allocate(t.dtype(), t.shape());
    if (t.dtype() == DType.STRING) {
      byte[][] s = b.strings();
      for (int i = 0; i < s.length; i++) {
        s[i] = t.getString(i);
      }
    } else {
      MemorySegment.copy(t.data(), 0, b.segment(), 0, t.byteSize());
    }
    return b;
  }

  private static Object[] objectsOf(Tensor t) {
    if (!t.dtype().isObject()) {
      return null;
    }
    Object[] o = new Object[Math.toIntExact(t.numElements())];
    for (int i = 0; i < o.length; i++) {
      o[i] = t.getObject(i);
    }
    return o;
  }

  private static void put(
      Mode mode, TensorBuffer out, Object[] objects, long i, Tensor src, long j) {
    if (objects != null) {
      objects[(int) i] = src.getObject(j); // variant: ResourceScatterUpdate only
    } else {
      CpuState.combine(mode, out, i, src, j);
    }
  }

  private static Tensor freeze(Tensor like, TensorBuffer out, Object[] objects) {
    return objects != null ? Tensor.ofObjects(like.dtype(), like.shape(), objects) : out.freeze();
  }
}
