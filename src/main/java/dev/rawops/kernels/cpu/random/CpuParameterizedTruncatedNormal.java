package dev.rawops.kernels.cpu.random;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.random.CpuRandom.Generator;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.random.RandomGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * ParameterizedTruncatedNormal and StatelessParameterizedTruncatedNormal on CPU
 * (parameterized_truncated_normal_op.cc). Per batch of samples sharing (mean, stddev, minval,
 * maxval), TF picks one of three rejection samplers from the normalized bounds: normal draws kept
 * inside the bounds, uniform proposals on [normMin, normMax], or exponential proposals past
 * normMin; every step is computed in the dtype itself (half as float rounded to half after each
 * operation), as TF's templated code does, and draws left in a Philox call when a batch ends are
 * dropped.
 *
 * <p>TF shares one generator among the batches of a shard of its thread pool, so its values depend
 * on how it shards: rawops draws every batch from one stream, which is TF's result whenever TF runs
 * the op as one shard (small outputs: hundreds of elements); for larger outputs the values are
 * still a truncated normal sample, but not TF's bits.
 */
final class CpuParameterizedTruncatedNormal {
  private CpuParameterizedTruncatedNormal() {}

  private static final int MAX_ITERATIONS = 1000;
  private static final int DESIRED_BATCH = 100;

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("ParameterizedTruncatedNormal", Device.CPU)
              .tfCpuTypes("dtype")
              .build(Stateful::new),
          KernelDef.builder("StatelessParameterizedTruncatedNormal", Device.CPU)
              .tfCpuTypes("dtype")
              .build(Stateless::new));

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Stateful implements Kernel {
    private final NodeInfo node;
    private final DType dtype;
    private final long seed;
    private final long seed2;
    private final String stateKey;

    Stateful(NodeInfo node) {
      this.node = node;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.ptn/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor shapeT = ctx.input(0);
      if (shapeT.shape().rank() != 1) {
        throw node.invalidArgument("Input shape should be a vector, got shape: " + shapeT.shape());
      }
      if (shapeT.numElements() == 0) {
        throw node.invalidArgument(
            "Shape tensor must not be empty, got Tensor<type: "
                + shapeT.dtype().tfName()
                + " shape: [0] values: >");
      }
      Shape shape = RandomGeometry.outputShape(node, shapeT);
      long batches = shape.dim(0);
      long perBatch = shape.numElementsFrom(1);
      long n = shape.numElements();
      Tensor[] p = {ctx.input(1), ctx.input(2), ctx.input(3), ctx.input(4)};
      String[] names = {"means", "stddevs", "minvals", "maxvals"};
      for (int i = 0; i < 4; i++) {
        if (p[i].shape().rank() > 1) {
          throw node.invalidArgument(
              "Input " + names[i] + " should be a scalar or vector, got shape: " + p[i].shape());
        }
      }
      if (single(p[0]) && single(p[1]) && p[2].shape().rank() == 0 && p[3].shape().rank() == 0) {
        // TF regroups batches sharing one set of parameters into batches of 100.
        perBatch = DESIRED_BATCH;
        batches = (n + DESIRED_BATCH - 1) / DESIRED_BATCH;
      } else {
        for (int i = 0; i < 4; i++) {
          if (!(p[i].shape().rank() == 0
              || p[i].shape().dim(0) == 1
              || p[i].shape().dim(0) == batches)) {
            throw node.invalidArgument(
                "Input "
                    + names[i]
                    + " should have length 1 or shape[0], got shape: "
                    + p[i].shape());
          }
        }
      }
      Generator g =
          ctx.state().getOrCreate(stateKey, Generator.class, _ -> new Generator(seed, seed2));
      // TF's int32 arithmetic for the reservation (wrapping as it does).
      int reserve = (int) batches * 2 * MAX_ITERATIONS * ((int) perBatch + 3) / 4;
      Philox gen = g.reserve(reserve);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      Sampler s = new Sampler(node, dtype, gen, out.segment());
      for (long b = 0; b < batches; b++) {
        long first = b * perBatch;
        long count = Math.min(perBatch, n - first);
        if (count <= 0 && perBatch > 0) {
          break;
        }
        double[] q = new double[4];
        for (int i = 0; i < 4; i++) {
          q[i] = Numbers.get(p[i], p[i].numElements() == 1 ? 0 : b);
        }
        s.batch(q, count, first, 1);
      }
      ctx.setOutput(0, out.freeze());
    }

    private static boolean single(Tensor t) {
      return t.shape().rank() == 0 || t.shape().dim(0) == 1;
    }
  }

  private static final class Stateless implements Kernel {
    private final NodeInfo node;
    private final DType dtype;

    Stateless(NodeInfo node) {
      this.node = node;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor seed = ctx.input(1);
      RandomGeometry.requireSeedShape(node, seed);
      Tensor[] p = {ctx.input(2), ctx.input(3), ctx.input(4), ctx.input(5)};
      Shape batch = broadcast(p);
      if (batch == null) {
        throw node.invalidArgument(
            "means, stddevs, minvals, maxvals must have compatible batch dimensions: "
                + p[0].shape()
                + " vs. "
                + p[1].shape()
                + " vs. "
                + p[2].shape()
                + " vs. "
                + p[3].shape());
      }
      Shape shape = RandomGeometry.outputShape(node, ctx.input(0));
      int extra = shape.rank() - batch.rank();
      boolean ends = extra >= 0;
      for (int d = 0; ends && d < batch.rank(); d++) {
        ends = shape.dim(extra + d) == batch.dim(d);
      }
      if (!ends) {
        throw node.invalidArgument("Shape passed in must end with broadcasted shape.");
      }
      long batches = batch.numElements();
      long n = shape.numElements();
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      if (n == 0) {
        ctx.setOutput(0, out.freeze());
        return;
      }
      long perBatch = n / batches;
      long[] s = RandomGeometry.seeds(node, seed);
      Sampler sampler = new Sampler(node, dtype, Philox.fromSeeds(s[0], s[1]), out.segment());
      int[][] at = new int[4][];
      for (int i = 0; i < 4; i++) {
        at[i] = BatchIndices.of(p[i].shape(), batch);
      }
      for (long b = 0; b < batches; b++) {
        double[] q = new double[4];
        for (int i = 0; i < 4; i++) {
          q[i] = Numbers.get(p[i], at[i][(int) b]);
        }
        sampler.batch(q, perBatch, b, batches);
      }
      ctx.setOutput(0, out.freeze());
    }
  }

  /** One stream of draws and TF's three samplers, all arithmetic rounded to the dtype. */
  private static final class Sampler {
    private final NodeInfo node;
    private final DType dtype;
    private final Philox gen;
    private final MemorySegment out;
    private final int[] w = new int[4];
    private final double[] v = new double[4];

    Sampler(NodeInfo node, DType dtype, Philox gen, MemorySegment out) {
      this.node = node;
      this.dtype = dtype;
      this.gen = gen;
      this.out = out;
    }

    /** {@code x} rounded to the dtype (half through float, as Eigen's half computes). */
    private double r(double x) {
      return switch (dtype) {
        case DOUBLE -> x;
        case FLOAT -> (float) x;
        default -> Float.float16ToFloat(Float.floatToFloat16((float) x));
      };
    }

    private boolean wide() {
      return dtype == DType.DOUBLE;
    }

    /** One UniformDistribution call: 4 values (2 for double). */
    private int uniforms() {
      gen.next(w);
      switch (dtype) {
        case DOUBLE -> {
          v[0] = RandomFill.uint64ToDouble(w[0], w[1]);
          v[1] = RandomFill.uint64ToDouble(w[2], w[3]);
          return 2;
        }
        case FLOAT -> {
          for (int i = 0; i < 4; i++) {
            v[i] = RandomFill.uint32ToFloat(w[i]);
          }
          return 4;
        }
        default -> {
          for (int i = 0; i < 4; i++) {
            v[i] = (w[i] & 0x3ff) / 1024.0;
          }
          return 4;
        }
      }
    }

    /** One NormalDistribution call: 4 values (2 for double). */
    private int normals() {
      gen.next(w);
      if (wide()) {
        RandomFill.boxMullerDouble(w[0], w[1], w[2], w[3], v, 0);
        return 2;
      }
      RandomFill.boxMullerFloat(w[0], w[1], v, 0);
      RandomFill.boxMullerFloat(w[2], w[3], v, 2);
      for (int i = 0; i < 4; i++) {
        v[i] = r(v[i]);
      }
      return 4;
    }

    private void write(long at, double x) {
      Numbers.set(dtype, out, at, x);
    }

    /**
     * {@code count} samples of one parameter set q = (mean, stddev, minval, maxval), the j-th
     * written at {@code first + j * stride}.
     */
    void batch(double[] q, long count, long first, long stride) {
      double mean = q[0];
      double stddev = q[1];
      double minval = q[2];
      double maxval = q[3];
      if (!(stddev > 0
          && minval < maxval
          && (Double.isFinite(minval) || Double.isFinite(maxval)))) {
        throw node.invalidArgument("Invalid parameters");
      }
      if ((Double.isInfinite(minval) && minval < 0) || maxval < mean) {
        double t = minval;
        minval = maxval;
        maxval = t;
        stddev = -stddev;
      }
      double normMin = r(r(minval - mean) / stddev);
      double normMax = r(r(maxval - mean) / stddev);
      double sqrtFactor = r(Math.sqrt(r(r(normMin * normMin) + 4)));
      double cutoff =
          r(
              r(2 * r(Math.exp(r(0.5 + r(r(normMin * r(normMin - sqrtFactor)) / 4)))))
                  / r(normMin + sqrtFactor));
      double diff = r(normMax - normMin);
      double k = r(1.3);
      long j = 0;
      int iterations = 0;
      if ((normMin < -k && normMax >= 0) || (normMax > k && normMin <= 0)) {
        while (j < count) {
          int size = normals();
          for (int i = 0; i < size; i++) {
            if (v[i] >= normMin && v[i] <= normMax) {
              write(first + j * stride, r(r(v[i] * stddev) + mean));
              j++;
              if (j >= count) {
                break;
              }
              iterations = 0;
            } else if (++iterations > MAX_ITERATIONS) {
              throw node.error(
                  Code.INTERNAL,
                  "TruncatedNormal randn rejection sampler failed to accept a sample.");
            }
          }
        }
      } else if (diff < cutoff) {
        double plus = normMin < 0 ? 0 : r(normMin * normMin);
        double[] z = new double[4];
        double[] g = new double[4];
        while (j < count) {
          int size = uniforms();
          for (int i = 0; i < size; i++) {
            z[i] = r(r(v[i] * diff) + normMin);
            g[i] = r(r(plus - r(z[i] * z[i])) / 2);
          }
          uniforms();
          for (int i = 0; i < size; i++) {
            boolean accept = v[i] <= r(Math.exp(g[i]));
            if (accept || iterations + 1 >= MAX_ITERATIONS) {
              if (!accept) {
                throw node.error(
                    Code.INTERNAL,
                    "TruncatedNormal uniform rejection sampler failed to  accept a sample.");
              }
              write(first + j * stride, r(r(z[i] * stddev) + mean));
              j++;
              if (j >= count) {
                break;
              }
              iterations = 0;
            } else {
              iterations++;
            }
          }
        }
      } else {
        double alpha = r(r(normMin + r(Math.sqrt(r(r(normMin * normMin) + 4)))) / 2);
        while (j < count) {
          int size = uniforms();
          int i = 0;
          while (i < size) {
            double z = r(r(-r(Math.log(v[i])) / alpha) + normMin);
            i++;
            double x = normMin < alpha ? r(alpha - z) : r(normMin - alpha);
            double g = r(Math.exp(r(r(-x * x) / 2)));
            double u = v[i];
            i++;
            boolean accept = u <= g && z < normMax;
            if (accept || iterations + 1 >= MAX_ITERATIONS) {
              if (!accept) {
                throw node.error(
                    Code.INTERNAL,
                    "TruncatedNormal exponential distribution rejection sampler failed to"
                        + " accept a sample.");
              }
              write(first + j * stride, r(r(z * stddev) + mean));
              j++;
              if (j >= count) {
                break;
              }
              iterations = 0;
            } else {
              iterations++;
            }
          }
        }
      }
    }
  }

  /** TF's BCastList of the four parameter shapes: right-aligned, each dim equal or 1. */
  private static Shape broadcast(Tensor[] p) {
    int rank = 0;
    for (Tensor t : p) {
      rank = Math.max(rank, t.shape().rank());
    }
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      long dim = 1;
      for (Tensor t : p) {
        Shape s = t.shape();
        int sd = d - (rank - s.rank());
        long x = sd >= 0 ? s.dim(sd) : 1;
        if (x != 1) {
          if (dim != 1 && dim != x) {
            return null;
          }
          dim = x;
        }
      }
      dims[d] = dim;
    }
    return Shape.of(dims);
  }
}
