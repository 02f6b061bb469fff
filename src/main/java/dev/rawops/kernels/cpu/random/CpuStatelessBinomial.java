package dev.rawops.kernels.cpu.random;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.random.RandomGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * StatelessRandomBinomial on CPU (random_binomial_op.cc): counts and probs broadcast against each
 * other to the batch shape the output shape must end with; per output element, with p the smaller
 * of prob and 1 − prob, Hörmann's BTRS from uniform pairs when count · p ≥ 10 (the generator
 * skipped 256 · i calls), else binomial inversion by geometric draws (skipped 42 · i), both in
 * double as TF computes them. The regime tests run in the parameters' own dtype, as TF's do.
 */
final class CpuStatelessBinomial {
  private CpuStatelessBinomial() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StatelessRandomBinomial", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("dtype")
              .build(Binomial::new));

  private static final class Binomial implements Kernel {
    private final NodeInfo node;
    private final DType dtype;
    private final DType paramType;

    Binomial(NodeInfo node) {
      this.node = node;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
      this.paramType = DType.fromProto(node.attrs().getType("T"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor seed = ctx.input(1);
      RandomGeometry.requireSeedShape(node, seed);
      Tensor counts = ctx.input(2);
      Tensor probs = ctx.input(3);
      Shape batch = broadcast(counts.shape(), probs.shape());
      if (batch == null) {
        throw node.invalidArgument(
            "counts and probs must have compatible batch dimensions: "
                + counts.shape()
                + " vs. "
                + probs.shape());
      }
      Shape shape = RandomGeometry.outputShape(node, ctx.input(0));
      if (!endsWith(shape, batch)) {
        throw node.invalidArgument("Shape passed in must end with broadcasted shape.");
      }
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      long[] s = RandomGeometry.seeds(node, seed);
      Philox base = Philox.fromSeeds(s[0], s[1]);
      long batches = batch.numElements();
      long perBatch = n / batches;
      int[] countAt = BatchIndices.of(counts.shape(), batch);
      int[] probAt = BatchIndices.of(probs.shape(), batch);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      MemorySegment seg = out.segment();
      ctx.parallel()
          .forRange(
              n,
              300,
              (start, end) -> {
                CpuRandomGamma.Draws d = new CpuRandomGamma.Draws();
                for (long i = start; i < end; i++) {
                  int b = (int) (i / perBatch);
                  long at = b + (i % perBatch) * batches;
                  double count = Numbers.get(counts, countAt[b]);
                  double prob = Numbers.get(probs, probAt[b]);
                  write(seg, at, sample(d, base, i, count, prob));
                }
              });
      ctx.setOutput(0, out.freeze());
    }

    private double sample(CpuRandomGamma.Draws d, Philox base, long i, double count, double p) {
      if (count <= 0 || p <= 0) {
        return 0;
      }
      if (p >= 1) {
        return count;
      }
      if (Double.isNaN(p)) {
        return Double.NaN;
      }
      boolean low = p <= 0.5;
      double q = low ? p : inType(1 - p);
      boolean large = inType(count * q) >= 10;
      Philox gen = base.copy();
      gen.skip((large ? 256L : 42L) * i);
      d.reset(gen);
      double k = large ? btrs(d, count, q) : inversion(d, count, q);
      return low ? k : count - k;
    }

    /** {@code v} rounded to the parameters' dtype, where TF computes count · p and 1 − p. */
    private double inType(double v) {
      return switch (paramType) {
        case HALF -> Float.float16ToFloat(Float.floatToFloat16((float) v));
        case FLOAT -> (float) v;
        default -> v;
      };
    }

    private void write(MemorySegment seg, long at, double v) {
      switch (dtype) {
        case INT32 -> seg.setAtIndex(Layouts.I32, at, nanToInt(v, Integer.MIN_VALUE));
        case INT64 -> seg.setAtIndex(Layouts.I64, at, Double.isNaN(v) ? Long.MIN_VALUE : (long) v);
        case DOUBLE -> Numbers.set(dtype, seg, at, v);
        default -> Numbers.set(dtype, seg, at, (float) v);
      }
    }
  }

  /** x86's conversion of NaN to an integer: the "integer indefinite" value. */
  private static int nanToInt(double v, int indefinite) {
    return Double.isNaN(v) ? indefinite : (int) v;
  }

  /** Sums geometric draws until they pass count; how many fit is the sample. */
  static double inversion(CpuRandomGamma.Draws d, double count, double prob) {
    double sum = 0;
    int num = 0;
    double log1mp = Math.log1p(-prob);
    while (true) {
      double u = d.uniform();
      sum += Math.ceil(Math.log(u) / log1mp);
      if (sum > count) {
        return num;
      }
      num++;
    }
  }

  private static final double[] TAIL = {
    0.0810614667953272,
    0.0413406959554092,
    0.0276779256849983,
    0.02079067210376509,
    0.0166446911898211,
    0.0138761288230707,
    0.0118967099458917,
    0.0104112652619720,
    0.00925546218271273,
    0.00833056343336287
  };

  private static double stirlingTail(double k) {
    if (k <= 9) {
      return TAIL[(int) k];
    }
    double kp1sq = (k + 1) * (k + 1);
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
  }

  /** Hörmann's BTRS with TF's constants and its upper bound. */
  static double btrs(CpuRandomGamma.Draws d, double count, double prob) {
    double stddev = Math.sqrt(count * prob * (1 - prob));
    double b = 1.15 + 2.53 * stddev;
    double a = -0.0873 + 0.0248 * b + 0.01 * prob;
    double c = count * prob + 0.5;
    double vr = 0.92 - 4.2 / b;
    double r = prob / (1 - prob);
    double alpha = (2.83 + 5.1 / b) * stddev;
    double m = Math.floor((count + 1) * prob);
    while (true) {
      double u = d.uniform();
      double v = d.uniform();
      u = u - 0.5;
      double us = 0.5 - Math.abs(u);
      double k = Math.floor((2 * a / us + b) * u + c);
      if (us >= 0.07 && v <= vr) {
        return k;
      }
      if (k < 0 || k > count) {
        continue;
      }
      v = Math.log(v * alpha / (a / (us * us) + b));
      double upper =
          ((m + 0.5) * Math.log((m + 1) / (r * (count - m + 1)))
              + (count + 1) * Math.log((count - m + 1) / (count - k + 1))
              + (k + 0.5) * Math.log(r * (count - k + 1) / (k + 1))
              + stirlingTail(m)
              + stirlingTail(count - m)
              - stirlingTail(k)
              - stirlingTail(count - k));
      if (v <= upper) {
        return k;
      }
    }
  }

  /** TF's BCast of two shapes: right-aligned, each dimension equal or 1. */
  private static Shape broadcast(Shape x, Shape y) {
    int rank = Math.max(x.rank(), y.rank());
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      long a = dimFromRight(x, rank - 1 - d);
      long b = dimFromRight(y, rank - 1 - d);
      if (a != b && a != 1 && b != 1) {
        return null;
      }
      dims[d] = a == 1 ? b : a;
    }
    return Shape.of(dims);
  }

  private static long dimFromRight(Shape s, int fromRight) {
    return fromRight < s.rank() ? s.dim(s.rank() - 1 - fromRight) : 1;
  }

  private static boolean endsWith(Shape shape, Shape suffix) {
    int extra = shape.rank() - suffix.rank();
    if (extra < 0) {
      return false;
    }
    for (int d = 0; d < suffix.rank(); d++) {
      if (shape.dim(extra + d) != suffix.dim(d)) {
        return false;
      }
    }
    return true;
  }
}
