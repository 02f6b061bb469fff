package dev.rawops.kernels.cpu.state;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.TensorRef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.StridedSliceAssign;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the State family: TF 1 reference variables. A variable lives in the session
 * ({@code SessionState}, TF's ResourceMgr) under its container and shared_name (or node name), so
 * it keeps its value across runs; its ref output is a scalar RESOURCE tensor holding the {@link
 * RefVariable}, which the executor dereferences for value inputs. Every mutation happens under the
 * variable's lock and installs a new read-only tensor, so a run that read the old value keeps it
 * intact and concurrent runs are safe.
 */
public final class CpuState {
  private CpuState() {}

  /** A TF 1 ref variable's storage. */
  static final class RefVariable implements TensorRef {
    final String name;
    final DType dtype;
    final PartialShape declared;
    final Tensor handle;
    private volatile Tensor value;

    RefVariable(String name, DType dtype, PartialShape declared) {
      this.name = name;
      this.dtype = dtype;
      this.declared = declared;
      this.handle = Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), this);
    }

    @Override
    public Tensor value() {
      return value;
    }

    void set(Tensor t) {
      value = Tensor.reshape(t, t.shape()); // a view: nobody may write into it in place
    }
  }

  enum Mode {
    UPDATE,
    ADD,
    SUB,
    MUL,
    DIV,
    MIN,
    MAX
  }

  public static List<KernelDef> defs() {
    DType[] numeric = numeric(true);
    DType[] real = numeric(false);
    List<KernelDef> defs = new ArrayList<>();
    for (String op : List.of("VariableV2", "Variable")) {
      defs.add(KernelDef.builder(op, Device.CPU).build(CpuState::variable));
    }
    defs.add(
        KernelDef.builder("Assign", Device.CPU)
            .typeConstraint("T", DType.unquantized())
            .build(CpuState::assign));
    defs.add(
        KernelDef.builder("AssignAdd", Device.CPU)
            .typeConstraint("T", numeric)
            .build(_ -> ctx -> dense(ctx, Mode.ADD)));
    defs.add(
        KernelDef.builder("AssignSub", Device.CPU)
            .typeConstraint("T", numeric)
            .build(_ -> ctx -> dense(ctx, Mode.SUB)));
    defs.add(
        KernelDef.builder("IsVariableInitialized", Device.CPU)
            .build(
                _ ->
                    ctx ->
                        ctx.setOutput(
                            0, Tensor.ofBooleans(Shape.scalar(), ref(ctx).value() != null))));
    addScatter(defs, "ScatterUpdate", Mode.UPDATE, DType.unquantized());
    addScatter(defs, "ScatterAdd", Mode.ADD, numeric);
    addScatter(defs, "ScatterSub", Mode.SUB, numeric);
    addScatter(defs, "ScatterMul", Mode.MUL, numeric);
    addScatter(defs, "ScatterDiv", Mode.DIV, numeric);
    addScatter(defs, "ScatterMin", Mode.MIN, real);
    addScatter(defs, "ScatterMax", Mode.MAX, real);
    DType[] withBool = withBool(numeric);
    addScatterNd(defs, "ScatterNdUpdate", Mode.UPDATE, DType.dataTypes());
    addScatterNd(defs, "ScatterNdAdd", Mode.ADD, withBool);
    addScatterNd(defs, "ScatterNdSub", Mode.SUB, withBool);
    addScatterNd(defs, "ScatterNdMin", Mode.MIN, real);
    addScatterNd(defs, "ScatterNdMax", Mode.MAX, real);
    defs.add(
        KernelDef.builder("StridedSliceAssign", Device.CPU)
            .anyTypeOrHandle("T")
            .build(_ -> CpuState::stridedSliceAssign));
    return defs;
  }

  private static DType[] numeric(boolean complex) {
    List<DType> out = new ArrayList<>();
    for (DType d : DType.dataTypes()) {
      if (d == DType.BOOL || d == DType.STRING) {
        continue;
      }
      if (!complex && (d == DType.COMPLEX64 || d == DType.COMPLEX128)) {
        continue;
      }
      out.add(d);
    }
    return out.toArray(new DType[0]);
  }

  private static DType[] withBool(DType[] types) {
    DType[] out = java.util.Arrays.copyOf(types, types.length + 1);
    out[types.length] = DType.BOOL;
    return out;
  }

  private static void addScatter(List<KernelDef> defs, String op, Mode mode, DType[] types) {
    defs.add(
        KernelDef.builder(op, Device.CPU)
            .typeConstraint("T", types)
            .typeConstraint("Tindices", DType.INT32, DType.INT64)
            .build(_ -> ctx -> scatter(ctx, mode)));
  }

  private static void addScatterNd(List<KernelDef> defs, String op, Mode mode, DType[] types) {
    defs.add(
        KernelDef.builder(op, Device.CPU)
            .typeConstraint("T", types)
            .typeConstraint("Tindices", DType.INT32, DType.INT64)
            .build(_ -> ctx -> scatterNd(ctx, mode)));
  }

  private static dev.rawops.kernels.Kernel variable(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape shape = PartialShape.fromProto(node.attrs().getShape("shape"));
    String shared = node.attrs().getString("shared_name");
    String name = shared.isEmpty() ? node.name() : shared;
    String key = "refvar:" + node.attrs().getString("container") + "/" + name;
    return ctx -> {
      RefVariable v =
          ctx.state().getOrCreate(key, RefVariable.class, _ -> new RefVariable(name, dtype, shape));
      if (v.dtype != dtype) {
        throw ctx.node()
            .invalidArgument(
                "Trying to share variable "
                    + name
                    + ", but specified dtype "
                    + dtype.tfName()
                    + " and found dtype "
                    + v.dtype.tfName()
                    + ".");
      }
      ctx.setOutput(0, v.handle);
    };
  }

  static RefVariable ref(KernelContext ctx) {
    Tensor t = ctx.input(0);
    if (t.dtype() != DType.RESOURCE || !(t.getObject(0) instanceof RefVariable v)) {
      throw ctx.node().error(Code.INTERNAL, "input 0 is not a reference variable");
    }
    return v;
  }

  private static dev.rawops.kernels.Kernel assign(NodeInfo node) {
    boolean validate = node.attrs().getBool("validate_shape");
    return ctx -> {
      RefVariable v = ref(ctx);
      Tensor rhs = ctx.input(1);
      synchronized (v) {
        if (validate) {
          Tensor old = v.value();
          Shape lhs = old != null ? old.shape() : v.declared.toShape().orElse(null);
          if (lhs != null && !lhs.equals(rhs.shape())) {
            throw ctx.node()
                .invalidArgument(
                    "Assign requires shapes of both tensors to match. lhs shape= "
                        + lhs
                        + " rhs shape= "
                        + rhs.shape());
          }
        }
        v.set(rhs);
      }
      ctx.setOutput(0, ctx.input(0));
    };
  }

  /** AssignAdd / AssignSub: TF's DenseUpdateOp. */
  private static void dense(KernelContext ctx, Mode mode) {
    RefVariable v = ref(ctx);
    Tensor update = ctx.input(1);
    synchronized (v) {
      Tensor params = v.value();
      if (params == null) {
        throw ctx.node()
            .error(
                Code.FAILED_PRECONDITION, "Attempting to use uninitialized parameters: " + v.name);
      }
      if (!params.shape().equals(update.shape())) {
        throw ctx.node()
            .invalidArgument(
                "Parameters and update must be the same size: "
                    + params.shape()
                    + " vs "
                    + update.shape());
      }
      TensorBuffer out = copy(params);
      for (long i = 0; i < params.numElements(); i++) {
        combine(mode, out, i, update, i);
      }
      v.set(out.freeze());
    }
    ctx.setOutput(0, ctx.input(0));
  }

  /** Scatter{Update,Add,Sub,Mul,Div,Min,Max}: rows of params picked by indices. */
  private static void scatter(KernelContext ctx, Mode mode) {
    RefVariable v = ref(ctx);
    Tensor indices = ctx.input(1);
    Tensor updates = ctx.input(2);
    synchronized (v) {
      Tensor params = v.value();
      if (params == null) {
        throw ctx.node().error(Code.FAILED_PRECONDITION, "Null ref for params");
      }
      Shape p = params.shape();
      if (p.rank() < 1) {
        throw ctx.node().invalidArgument("params must be at least 1-D, got shape " + p);
      }
      Shape want = indices.shape().concat(p.sub(1, p.rank()));
      boolean scalarUpdate = updates.shape().rank() == 0;
      if (!scalarUpdate && !updates.shape().equals(want)) {
        throw ctx.node()
            .invalidArgument(
                "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape ="
                    + " [], got updates.shape "
                    + updates.shape()
                    + ", indices.shape "
                    + indices.shape()
                    + ", params.shape "
                    + p);
      }
      long rows = p.dim(0);
      long slice = p.numElementsFrom(1);
      TensorBuffer out = copy(params);
      long n = indices.numElements();
      for (long i = 0; i < n; i++) {
        long index = indices.getIndex(i);
        if (index < 0 || index >= rows) {
          v.set(out.freeze()); // TF updates in place: rows before the bad index stay written
          throw ctx.node()
              .invalidArgument("indices[" + i + "] = " + index + " is not in [0, " + rows + ")");
        }
        for (long k = 0; k < slice; k++) {
          combine(mode, out, index * slice + k, updates, scalarUpdate ? 0 : i * slice + k);
        }
      }
      v.set(out.freeze());
    }
    ctx.setOutput(0, ctx.input(0));
  }

  /** ScatterNd{Update,Add,Sub} on a ref variable. */
  private static void scatterNd(KernelContext ctx, Mode mode) {
    RefVariable v = ref(ctx);
    Tensor indices = ctx.input(1);
    Tensor updates = ctx.input(2);
    synchronized (v) {
      Tensor params = v.value();
      if (params == null) {
        throw ctx.node().error(Code.FAILED_PRECONDITION, "Null ref for params");
      }
      Shape p = params.shape();
      dev.rawops.ops.state.StateOps.checkScatterNd(ctx.node(), p, indices.shape(), updates.shape());
      int depth = (int) indices.shape().dim(indices.shape().rank() - 1);
      long slice = p.numElementsFrom(depth);
      long n = depth == 0 ? 0 : indices.numElements() / depth;
      TensorBuffer out = copy(params);
      for (long i = 0; i < n; i++) {
        long offset = 0;
        for (int d = 0; d < depth; d++) {
          long index = indices.getIndex(i * depth + d);
          if (index < 0 || index >= p.dim(d)) {
            throw ctx.node().invalidArgument(badIndex(indices, i, depth, p));
          }
          offset = offset * p.dim(d) + index;
        }
        for (long k = 0; k < slice; k++) {
          combine(mode, out, offset * slice + k, updates, i * slice + k);
        }
      }
      v.set(out.freeze());
    }
    ctx.setOutput(0, ctx.input(0));
  }

  /**
   * StridedSliceAssign on a ref variable: {@code ref[begin:end:strides] = value} with
   * TensorStridedSliceUpdate's rules ({@link StridedSliceAssign}), on a copy installed whole.
   */
  private static void stridedSliceAssign(KernelContext ctx) {
    RefVariable v = ref(ctx);
    Tensor value = ctx.input(4);
    synchronized (v) {
      Tensor old = v.value();
      if (old == null) {
        throw ctx.node()
            .error(Code.FAILED_PRECONDITION, "Attempting to use uninitialized value " + v.name);
      }
      StridedSliceAssign a =
          StridedSliceAssign.of(
              ctx.node(), old.shape(), ctx.input(1), ctx.input(2), ctx.input(3), value.shape());
      if (!a.isEmpty()) {
        if (old.dtype().isObject()) {
          Object[] o = new Object[Math.toIntExact(old.numElements())];
          for (int i = 0; i < o.length; i++) {
            o[i] = old.getObject(i);
          }
          a.forEach((t, s) -> o[(int) t] = value.getObject(s));
          v.set(Tensor.ofObjects(old.dtype(), old.shape(), o));
        } else {
          TensorBuffer out = copy(old);
          if (old.dtype() == DType.STRING) {
            byte[][] strings = out.strings();
            a.forEach((t, s) -> strings[(int) t] = value.getString(s));
          } else {
            MemorySegment dst = out.segment();
            MemorySegment src = value.data();
            long size = old.dtype().byteSize();
            a.forEach((t, s) -> MemorySegment.copy(src, s * size, dst, t * size, size));
          }
          v.set(out.freeze());
        }
      }
    }
    ctx.setOutput(0, ctx.input(0));
  }

  private static String badIndex(Tensor indices, long row, int depth, Shape p) {
    Shape outer = indices.shape().sub(0, indices.shape().rank() - 1);
    long[] pos = new long[outer.rank()];
    long r = row;
    for (int d = outer.rank() - 1; d >= 0; d--) {
      pos[d] = r % outer.dim(d);
      r /= outer.dim(d);
    }
    StringBuilder at = new StringBuilder("indices[");
    for (int d = 0; d < pos.length; d++) {
      at.append(d > 0 ? "," : "").append(pos[d]);
    }
    at.append("] = [");
    for (int d = 0; d < depth; d++) {
      at.append(d > 0 ? ", " : "").append(indices.getIndex(row * depth + d));
    }
    return at.append("] does not index into shape ").append(p).toString();
  }

  /**
   * A copy of {@code t} for a variable's next value: unowned memory, since the value outlives the
   * run (memory from the run's allocator goes back to its pool when the run ends).
   */
  private static TensorBuffer copy(Tensor t) {
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

  /** out[i] = mode(out[i], src[j]) with TF's (C++) semantics for the dtype. */
  static void combine(Mode mode, TensorBuffer out, long i, Tensor src, long j) {
    DType d = out.dtype();
    if (mode == Mode.UPDATE && d != DType.STRING) {
      long size = d.byteSize(); // a copy of the bits: subnormals and NaN payloads stay
      MemorySegment.copy(src.data(), j * size, out.segment(), i * size, size);
      return;
    }
    switch (d) {
      case STRING -> out.strings()[(int) i] = src.getString(j);
      case FLOAT, DOUBLE, HALF, BFLOAT16 -> {
        MemorySegment s = out.segment();
        double a = flush(d, Numbers.get(d, s, i));
        double b = flush(d, Numbers.get(src, j));
        Numbers.set(d, s, i, flush(d, real(mode, a, b)));
      }
      case COMPLEX64, COMPLEX128 -> complex(mode, out, i, src, j);
      default -> {
        MemorySegment s = out.segment();
        long a = readLong(d, s, i);
        long b = Numbers.getLong(src, j);
        long r = integer(mode, d, a, b);
        out.setIndex(i, d == DType.BOOL ? (r != 0 ? 1 : 0) : r);
      }
    }
  }

  /**
   * {@code x} as TF's CPU threads see it in {@code d}'s arithmetic: denormals-are-zero and
   * flush-to-zero turn a float or double subnormal into a zero of its sign (bfloat16 computes in
   * float; half's subnormals widen to normal floats and are kept).
   */
  static double flush(DType d, double x) {
    double min =
        switch (d) {
          case FLOAT, BFLOAT16, COMPLEX64 -> Float.MIN_NORMAL;
          case DOUBLE, COMPLEX128 -> Double.MIN_NORMAL;
          default -> 0;
        };
    return Math.abs(x) < min ? Math.copySign(0.0, x) : x;
  }

  private static double real(Mode mode, double a, double b) {
    return switch (mode) {
      case UPDATE -> b;
      case ADD -> a + b;
      case SUB -> a - b;
      case MUL -> a * b;
      case DIV -> a / b;
      case MIN -> b < a ? b : a;
      case MAX -> a < b ? b : a;
    };
  }

  private static boolean unsigned(DType d) {
    return d == DType.UINT8 || d == DType.UINT16 || d == DType.UINT32 || d == DType.UINT64;
  }

  private static long integer(Mode mode, DType d, long a, long b) {
    boolean u = unsigned(d);
    return switch (mode) {
      case UPDATE -> b;
      case ADD -> a + b;
      case SUB -> a - b;
      case MUL -> a * b;
      case DIV -> {
        if (b == 0) {
          throw dev.rawops.RawOpsException.invalidArgument("integer division by zero");
        }
        yield u ? Long.divideUnsigned(a, b) : a / b;
      }
      case MIN -> (u ? Long.compareUnsigned(b, a) < 0 : b < a) ? b : a;
      case MAX -> (u ? Long.compareUnsigned(a, b) < 0 : a < b) ? b : a;
    };
  }

  private static long readLong(DType d, MemorySegment s, long i) {
    return switch (d) {
      case BOOL, UINT8 -> s.get(ValueLayout.JAVA_BYTE, i) & 0xffL;
      case INT8 -> s.get(ValueLayout.JAVA_BYTE, i);
      case INT16 -> s.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i);
      case UINT16 -> s.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) & 0xffffL;
      case INT32 -> s.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
      case UINT32 -> s.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) & 0xffffffffL;
      default -> s.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
    };
  }

  private static void complex(Mode mode, TensorBuffer out, long i, Tensor src, long j) {
    DType d = out.dtype();
    MemorySegment s = out.segment();
    MemorySegment in = src.data();
    double ar = flush(d, Numbers.get(d, s, 2 * i));
    double ai = flush(d, Numbers.get(d, s, 2 * i + 1));
    double br = flush(d, Numbers.get(d, in, 2 * j));
    double bi = flush(d, Numbers.get(d, in, 2 * j + 1));
    double r;
    double m;
    switch (mode) {
      case UPDATE -> {
        r = br;
        m = bi;
      }
      case ADD -> {
        r = ar + br;
        m = ai + bi;
      }
      case SUB -> {
        r = ar - br;
        m = ai - bi;
      }
      case MUL -> {
        r = ar * br - ai * bi;
        m = ar * bi + ai * br;
      }
      case DIV -> {
        double den = br * br + bi * bi;
        r = (ar * br + ai * bi) / den;
        m = (ai * br - ar * bi) / den;
      }
      default -> throw new IllegalStateException(mode + " on complex");
    }
    Numbers.set(d, s, 2 * i, flush(d, r));
    Numbers.set(d, s, 2 * i + 1, flush(d, m));
  }
}
