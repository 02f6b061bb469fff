package dev.rawops.kernels.cpu.support;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;

import dev.rawops.kernels.KernelContext;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/**
 * Moves tensor data of the Nn kernels in and out of Java arrays: float32/float64 in bulk, half and
 * bfloat16 widened to double (rounded back on the way out, as TF's Eigen kernels round each
 * result), integers as longs (wrapping as C++ does).
 */
public final class NnData {
  private NnData() {}

  public static double[] doubles(Tensor t) {
    int n = Math.toIntExact(t.numElements());
    double[] r = new double[n];
    MemorySegment s = t.data();
    switch (t.dtype()) {
      case DOUBLE -> MemorySegment.copy(s, F64, 0, r, 0, n);
      case FLOAT -> {
        float[] f = new float[n];
        MemorySegment.copy(s, F32, 0, f, 0, n);
        for (int i = 0; i < n; i++) {
          r[i] = f[i];
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          r[i] = Numbers.get(t, i);
        }
      }
    }
    return r;
  }

  public static float[] floats(Tensor t) {
    int n = Math.toIntExact(t.numElements());
    float[] f = new float[n];
    MemorySegment.copy(t.data(), F32, 0, f, 0, n);
    return f;
  }

  public static long[] longs(Tensor t) {
    int n = Math.toIntExact(t.numElements());
    long[] r = new long[n];
    for (int i = 0; i < n; i++) {
      r[i] = t.getIndex(i);
    }
    return r;
  }

  public static Tensor of(KernelContext ctx, DType dtype, Shape shape, double[] v) {
    TensorBuffer b = ctx.allocate(dtype, shape);
    MemorySegment s = b.segment();
    int n = Math.toIntExact(shape.numElements());
    switch (dtype) {
      case DOUBLE -> MemorySegment.copy(v, 0, s, F64, 0, n);
      case FLOAT -> {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (float) v[i];
        }
        MemorySegment.copy(f, 0, s, F32, 0, n);
      }
      default -> {
        for (int i = 0; i < n; i++) {
          Numbers.set(dtype, s, i, v[i]);
        }
      }
    }
    return b.freeze();
  }

  public static Tensor ofFloats(KernelContext ctx, Shape shape, float[] v) {
    TensorBuffer b = ctx.allocate(DType.FLOAT, shape);
    MemorySegment.copy(v, 0, b.segment(), F32, 0, Math.toIntExact(shape.numElements()));
    return b.freeze();
  }

  public static Tensor ofLongs(KernelContext ctx, DType dtype, Shape shape, long[] v) {
    TensorBuffer b = ctx.allocate(dtype, shape);
    for (int i = 0; i < v.length; i++) {
      b.setIndex(i, v[i]);
    }
    return b.freeze();
  }

  /** Rounds {@code v} in place to what {@code dtype} can hold (an intermediate TF stores as T). */
  public static void round(DType dtype, double[] v) {
    switch (dtype) {
      case FLOAT -> {
        for (int i = 0; i < v.length; i++) {
          v[i] = (float) v[i];
        }
      }
      case HALF -> {
        for (int i = 0; i < v.length; i++) {
          v[i] = Float.float16ToFloat(Float.floatToFloat16((float) v[i]));
        }
      }
      case BFLOAT16 -> {
        for (int i = 0; i < v.length; i++) {
          v[i] = Numbers.bfloat16ToFloat(Numbers.floatToBfloat16((float) v[i]));
        }
      }
      default -> {}
    }
  }
}
