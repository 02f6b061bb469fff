package dev.rawops.kernels.cpu.random;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

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
 * RandomPoisson and RandomPoissonV2 on CPU (random_poisson_op.cc), in double: Knuth's product of
 * uniforms below rate 10, Hormann's transformed rejection from uniform pairs above. As for
 * RandomGamma, output element i reads its own generator 256 · i calls past the run's reserved
 * start, and the uniforms of one Philox call are used last first.
 *
 * <p>Where TF's loop never ends (a NaN or infinite rate of 10 or more, or a rate whose draws never
 * fit an integer dtype) rawops stops after {@link #MAX_TRIES} rejections and writes the rate itself
 * for a real dtype, the dtype's highest value (0 for NaN) for an integer one.
 */
final class CpuRandomPoisson {
  private CpuRandomPoisson() {}

  private static final int RESERVED = 256;
  private static final int MAX_TRIES = 1 << 20;

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RandomPoisson", Device.CPU).tfCpuTypes("dtype").build(Poisson::new),
          KernelDef.builder("RandomPoissonV2", Device.CPU)
              .tfCpuTypes("R")
              .tfCpuTypes("dtype")
              .build(Poisson::new));

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Poisson implements Kernel {
    private final NodeInfo node;
    private final DType dtype;
    private final long seed;
    private final long seed2;
    private final String stateKey;

    Poisson(NodeInfo node) {
      this.node = node;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.poisson/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor rateT = ctx.input(1);
      Shape samples = RandomGeometry.outputShape(node, ctx.input(0));
      long perRate = samples.numElements();
      Shape shape = samples.concat(rateT.shape());
      long n = shape.numElements();
      if (n == 0) {
        // TF returns before reserving only when the samples shape is empty; an empty rate
        // reserves nothing either, since the reservation is samples · rates.
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      long rates = rateT.numElements();
      double[] rate = new double[Math.toIntExact(rates)];
      for (int i = 0; i < rate.length; i++) {
        rate[i] = Numbers.get(rateT, i);
      }
      double highest =
          switch (dtype) {
            case INT32 -> Integer.MAX_VALUE;
            case INT64 -> 0x1p63;
            case HALF -> 65504.0;
            case FLOAT -> Float.MAX_VALUE;
            default -> Double.MAX_VALUE;
          };
      Generator g =
          ctx.state().getOrCreate(stateKey, Generator.class, _ -> new Generator(seed, seed2));
      Philox base = g.reserve(n * RESERVED);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      MemorySegment seg = out.segment();
      ctx.parallel()
          .forRange(
              n,
              300,
              (start, end) -> {
                CpuRandomGamma.Draws u = new CpuRandomGamma.Draws();
                for (long i = start; i < end; i++) {
                  int r = (int) (i / perRate);
                  long at = r + (i % perRate) * rates;
                  Philox gen = base.copy();
                  gen.skip(RESERVED * i);
                  u.reset(gen);
                  write(seg, at, sample(u, rate[r], highest));
                }
              });
      ctx.setOutput(0, out.freeze());
    }

    private void write(MemorySegment seg, long at, double v) {
      switch (dtype) {
        case HALF -> seg.setAtIndex(I16, at, Float.floatToFloat16((float) v));
        case FLOAT -> seg.setAtIndex(F32, at, (float) v);
        case DOUBLE -> seg.setAtIndex(F64, at, v);
        case INT32 -> seg.setAtIndex(I32, at, (int) v);
        default -> seg.setAtIndex(I64, at, (long) v);
      }
    }
  }

  static double sample(CpuRandomGamma.Draws uniforms, double rate, double highest) {
    if (rate < 10) {
      double expNegRate = Math.exp(-rate);
      double prod = 1;
      double x = 0;
      while (true) {
        prod *= uniforms.uniform();
        if (prod <= expNegRate && x <= highest) {
          return x;
        }
        x += 1;
      }
    }
    double logRate = Math.log(rate);
    double b = 0.931 + 2.53 * Math.sqrt(rate);
    double a = -0.059 + 0.02483 * b;
    double invAlpha = 1.1239 + 1.1328 / (b - 3.4);
    for (int tries = 0; tries < MAX_TRIES; tries++) {
      double u = uniforms.uniform() - 0.5;
      double v = uniforms.uniform();
      double uShifted = 0.5 - Math.abs(u);
      double k = Math.floor((2 * a / uShifted + b) * u + rate + 0.43);
      if (k > highest) {
        continue;
      }
      if (uShifted >= 0.07 && v <= 0.9277 - 3.6224 / (b - 2)) {
        return k;
      }
      if (k < 0 || (uShifted < 0.013 && v > uShifted)) {
        continue;
      }
      double s = Math.log(v * invAlpha / (a / (uShifted * uShifted) + b));
      double t = -rate + k * logRate - logFactorial(k);
      if (s <= t) {
        return k;
      }
    }
    return highest == Double.MAX_VALUE || highest == Float.MAX_VALUE || highest == 65504.0
        ? rate
        : (Double.isNaN(rate) ? 0 : highest);
  }

  private static final double[] FACTORIALS = new double[16];

  static {
    FACTORIALS[0] = 1;
    for (int i = 1; i < FACTORIALS.length; i++) {
      FACTORIALS[i] = FACTORIALS[i - 1] * i;
    }
  }

  /**
   * lgamma(k + 1) for a whole k &gt;= 0: the log of the exact factorial up to 15!, Stirling's
   * series past it (relative error under 1e-16 there), so that TF's {@code s <= t} test (glibc's
   * lgamma) turns the other way only when the two sides are within an ulp or two.
   */
  static double logFactorial(double k) {
    if (k < FACTORIALS.length) {
      return Math.log(FACTORIALS[(int) k]);
    }
    double z = k + 1;
    double r = 1 / z;
    double r2 = r * r;
    double series =
        r
            * (1.0 / 12
                - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680 - r2 * (1.0 / 1188)))));
    return (z - 0.5) * Math.log(z) - z + 0.9189385332046727 + series;
  }
}
