package dev.rawops.kernels.cpu.linalg;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.kernels.cpu.support.Gemm;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.kernels.cpu.support.VectorGemm;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.memory.MemoryShortage;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;

/**
 * MatMul and BatchMatMul (V1: equal batch dims; V2/V3: broadcast batch dims) on CPU: operands are
 * brought to row-major [M,K]·[K,N] form, then {@link Gemm} runs per batch (float32: B packed for
 * the micro-kernel, transposed operands read in place). float32 accumulates in float,
 * half/bfloat16/float64 in double (rounded once at the end), integers in 64-bit wrapping
 * arithmetic.
 */
public final class CpuMatMul implements Kernel {
  private static final DType[] TYPES = {BFLOAT16, HALF, FLOAT, DOUBLE, INT16, INT32, INT64};

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("MatMul", Device.CPU)
              .typeConstraint("T", TYPES)
              .build(n -> new CpuMatMul(n, "transpose_a", "transpose_b", 0)),
          KernelDef.builder("BatchMatMul", Device.CPU)
              .typeConstraint("T", TYPES)
              .build(n -> new CpuMatMul(n, "adj_x", "adj_y", 1)),
          KernelDef.builder("BatchMatMulV2", Device.CPU)
              .typeConstraint("T", TYPES)
              .build(n -> new CpuMatMul(n, "adj_x", "adj_y", 2)),
          KernelDef.builder("BatchMatMulV3", Device.CPU)
              .typeConstraint("Ta", BFLOAT16, FLOAT, DOUBLE, INT16, INT32, INT64)
              .typeConstraint("Tb", BFLOAT16, FLOAT, DOUBLE, INT16, INT32, INT64)
              .typeConstraint("Tout", BFLOAT16, FLOAT, DOUBLE, INT16, INT32, INT64)
              .build(n -> new CpuMatMul(n, "adj_x", "adj_y", 2)));

  private final NodeInfo node;
  private final boolean ta;
  private final boolean tb;
  private final int mode; // 0 MatMul, 1 BatchMatMul, 2 broadcasting

  private CpuMatMul(NodeInfo node, String ta, String tb, int mode) {
    this.node = node;
    this.ta = node.attrs().getBool(ta);
    this.tb = node.attrs().getBool(tb);
    this.mode = mode;
    // BatchMatMulV3: TF registers some combinations of Ta, Tb and Tout only (among the types
    // registered here, Ta = Tb = Tout).
    if (node.numInputs() == 2
        && node.attrs().has("Ta")
        && !TfCpuRegistrations.registers(
            "BatchMatMulV3",
            Map.of(
                "Ta",
                attrType(node, "Ta"),
                "Tb",
                attrType(node, "Tb"),
                "Tout",
                attrType(node, "Tout")))) {
      throw node.invalidArgument(
          "No OpKernel was registered to support Op 'BatchMatMulV3' with these attrs "
              + node.attrs());
    }
  }

  private static DType attrType(NodeInfo node, String attr) {
    return DType.fromProto(node.attrs().getType(attr));
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor a = ctx.input(0);
    Tensor b = ctx.input(1);
    Shape sa = a.shape();
    Shape sb = b.shape();
    if (mode == 0) {
      if (sa.rank() != 2) {
        throw node.invalidArgument("In[0] is not a matrix. Instead it has shape " + sa);
      }
      if (sb.rank() != 2) {
        throw node.invalidArgument("In[1] is not a matrix. Instead it has shape " + sb);
      }
    } else {
      if (sa.rank() < 2) {
        throw node.invalidArgument("In[0] ndims must be >= 2: " + sa.rank());
      }
      if (sb.rank() < 2) {
        throw node.invalidArgument("In[1] ndims must be >= 2: " + sb.rank());
      }
    }
    int ra = sa.rank();
    int rb = sb.rank();
    if (sa.dim(ta ? ra - 2 : ra - 1) != sb.dim(tb ? rb - 1 : rb - 2)) {
      throw node.invalidArgument("Matrix size-incompatible: In[0]: " + sa + ", In[1]: " + sb);
    }
    // The kernels work in Java arrays: every operand and the product must fit one.
    MemoryShortage.arrayLength("In[0] " + sa, sa.numElements());
    MemoryShortage.arrayLength("In[1] " + sb, sb.numElements());
    int m = MemoryShortage.arrayLength("In[0] " + sa, sa.dim(ta ? ra - 1 : ra - 2));
    int k = MemoryShortage.arrayLength("In[0] " + sa, sa.dim(ta ? ra - 2 : ra - 1));
    int n = MemoryShortage.arrayLength("In[1] " + sb, sb.dim(tb ? rb - 2 : rb - 1));
    // Batch dims: output shape and, per output batch, the batch index of a and b.
    Shape ba = sa.sub(0, ra - 2);
    Shape bb = sb.sub(0, rb - 2);
    int r = Math.max(ba.rank(), bb.rank());
    if (mode == 1 && ra != rb) {
      throw node.invalidArgument("In[0] and In[1] has different ndims: " + sa + " vs. " + sb);
    }
    long[] outBatch = new long[r];
    for (int i = 0; i < r; i++) {
      int ia = i - (r - ba.rank());
      int ib = i - (r - bb.rank());
      long x = ia >= 0 ? ba.dim(ia) : 1;
      long y = ib >= 0 ? bb.dim(ib) : 1;
      if (x != y && (mode == 1 || (x != 1 && y != 1))) {
        throw node.invalidArgument(
            mode == 1
                ? "In[0].dim("
                    + i
                    + ") and In[1].dim("
                    + i
                    + ") must be the same: "
                    + sa
                    + " vs "
                    + sb
                : "In[0] and In[1] must have compatible batch dimensions: " + sa + " vs. " + sb);
      }
      outBatch[i] = x == 1 ? y : x;
    }
    Shape batchShape = Shape.of(outBatch);
    long outElements;
    try {
      outElements = Math.multiplyExact(batchShape.numElements(), (long) m * n);
    } catch (ArithmeticException e) {
      throw node.invalidArgument("the output " + batchShape + " x [" + m + "," + n + "] overflows");
    }
    MemoryShortage.arrayLength("the output " + batchShape.concat(Shape.of(m, n)), outElements);
    int nb = MemoryShortage.arrayLength("the batch " + batchShape, batchShape.numElements());
    int[] offA = new int[nb];
    int[] offB = new int[nb];
    long[] idx = new long[r];
    for (int t = 0; t < nb; t++) {
      long rem = t;
      for (int i = r - 1; i >= 0; i--) {
        idx[i] = rem % outBatch[i];
        rem /= outBatch[i];
      }
      offA[t] = (int) flat(idx, ba, r) * m * k;
      offB[t] = (int) flat(idx, bb, r) * k * n;
    }
    Shape outShape = batchShape.concat(Shape.of(m, n));
    DType dt = a.dtype();
    int batchA = (int) ba.numElements();
    int batchB = (int) bb.numElements();
    if (dt == FLOAT) {
      float[] x = NnData.floats(a);
      float[] c = new float[nb * m * n];
      if (VectorSupport.ENABLED) {
        // B is read in place (packed or streamed), never copied.
        vectorProducts(ctx, x, offA, ta, b.data(), offB, tb, c, batchA, batchB, m, k, n);
        ctx.setOutput(0, NnData.ofFloats(ctx, outShape, c));
        return;
      }
      float[] y = NnData.floats(b);
      if (Gemm.packedPays(m, k, n)) {
        // Transposed operands are read in place: A by stride, B while packing. A B shared by
        // every batch (broadcast) is packed once.
        Gemm.Packed shared = batchB == 1 ? Gemm.pack(ctx.parallel(), y, 0, k, n, tb) : null;
        for (int t = 0; t < nb; t++) {
          Gemm.Packed p = shared != null ? shared : Gemm.pack(ctx.parallel(), y, offB[t], k, n, tb);
          Gemm.gemm(ctx.parallel(), x, offA[t], ta, p, c, t * m * n, m);
        }
      } else {
        if (ta) {
          x = Gemm.transpose(x, batchA, k, m);
        }
        if (tb) {
          y = Gemm.transpose(y, batchB, n, k);
        }
        for (int t = 0; t < nb; t++) {
          Gemm.gemm(ctx.parallel(), x, offA[t], y, offB[t], c, t * m * n, m, k, n);
        }
      }
      ctx.setOutput(0, NnData.ofFloats(ctx, outShape, c));
    } else if (dt.isInteger()) {
      long[] x = NnData.longs(a);
      long[] y = NnData.longs(b);
      if (ta) {
        x = Gemm.transpose(x, batchA, k, m);
      }
      if (tb) {
        y = Gemm.transpose(y, batchB, n, k);
      }
      long[] c = new long[nb * m * n];
      for (int t = 0; t < nb; t++) {
        Gemm.gemm(ctx.parallel(), x, offA[t], y, offB[t], c, t * m * n, m, k, n);
      }
      ctx.setOutput(0, NnData.ofLongs(ctx, dt, outShape, c));
    } else {
      double[] x = NnData.doubles(a);
      double[] y = NnData.doubles(b);
      if (ta) {
        x = Gemm.transpose(x, batchA, k, m);
      }
      if (tb) {
        y = Gemm.transpose(y, batchB, n, k);
      }
      double[] c = new double[nb * m * n];
      for (int t = 0; t < nb; t++) {
        Gemm.gemm(ctx.parallel(), x, offA[t], y, offB[t], c, t * m * n, m, k, n);
      }
      ctx.setOutput(0, NnData.of(ctx, dt, outShape, c));
    }
  }

  /**
   * The SIMD products ({@link VectorGemm}): a few rows of A against B read in place, else every
   * distinct B packed once and the tiles of all batches split over the threads together.
   */
  private static void vectorProducts(
      KernelContext ctx,
      float[] x,
      int[] offA,
      boolean ta,
      MemorySegment y,
      int[] offB,
      boolean tb,
      float[] c,
      int batchA,
      int batchB,
      int m,
      int k,
      int n) {
    int nb = offA.length;
    if (m == 0 || n == 0 || k == 0) {
      return;
    }
    if (m < VectorGemm.SMALL_M) {
      float[] a = ta ? Gemm.transpose(x, batchA, k, m) : x;
      for (int t = 0; t < nb; t++) {
        VectorGemm.fewRows(ctx.parallel(), a, offA[t], m, k, y, offB[t], tb, c, t * m * n, n);
      }
      return;
    }
    VectorGemm.PackedB[] distinct = new VectorGemm.PackedB[batchB];
    VectorGemm.PackedB[] bs = new VectorGemm.PackedB[nb];
    for (int t = 0; t < nb; t++) {
      int bi = offB[t] / (k * n);
      if (distinct[bi] == null) {
        distinct[bi] = VectorGemm.pack(ctx.parallel(), y, offB[t], k, n, tb);
      }
      bs[t] = distinct[bi];
    }
    VectorGemm.multiplyBatched(ctx.parallel(), x, offA, ta ? 1 : k, ta ? m : 1, m, bs, c);
  }

  /** Flat batch index into {@code s} (right-aligned to rank r) of broadcast index idx. */
  private static long flat(long[] idx, Shape s, int r) {
    long f = 0;
    int off = r - s.rank();
    for (int i = 0; i < s.rank(); i++) {
      long d = s.dim(i);
      f = f * d + (d == 1 ? 0 : idx[i + off]);
    }
    return f;
  }
}
