package dev.rawops.kernels.cpu.random;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.random.RandomGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * StatelessRandomGammaV2, StatelessRandomGammaV3 and StatelessRandomPoisson on CPU
 * (stateless_random_gamma_op.cc, stateless_random_ops.cc): RandomGamma's and RandomPoisson's
 * samplers ({@link CpuRandomGamma#sample}, {@link CpuRandomPoisson#sample}) from the generator the
 * seed (or key and counter) gives, output element i reading its own generator 256 · i calls past
 * it. The shape input is the whole output shape, which must end with alpha's (rate's) shape; the
 * parameter for output element {@code a + s · |alpha|} is alpha[a], as in the stateful ops.
 */
final class CpuStatelessGammaPoisson {
  private CpuStatelessGammaPoisson() {}

  private static final int RESERVED = 256;

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StatelessRandomGammaV2", Device.CPU)
              .tfCpuTypes("dtype")
              .build(n -> new Sampler(n, Kind.GAMMA_V2)),
          KernelDef.builder("StatelessRandomGammaV3", Device.CPU)
              .tfCpuTypes("dtype")
              .build(n -> new Sampler(n, Kind.GAMMA_V3)),
          KernelDef.builder("StatelessRandomPoisson", Device.CPU)
              .tfCpuTypes("Rtype")
              .tfCpuTypes("dtype")
              .build(n -> new Sampler(n, Kind.POISSON)));

  private enum Kind {
    GAMMA_V2,
    GAMMA_V3,
    POISSON
  }

  private static final class Sampler implements Kernel {
    private final NodeInfo node;
    private final Kind kind;
    private final DType dtype;

    Sampler(NodeInfo node, Kind kind) {
      this.node = node;
      this.kind = kind;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Philox base;
      Shape shape;
      Tensor param;
      if (kind == Kind.GAMMA_V3) {
        Tensor key = ctx.input(1);
        Tensor counter = ctx.input(2);
        int alg = RandomGeometry.keyCounterAlg(node, key, counter, ctx.input(3), 3);
        shape = RandomGeometry.outputShape(node, ctx.input(0));
        param = ctx.input(4);
        if (shape.numElements() > 0) {
          RandomGeometry.requirePhilox(node, alg);
        }
        base = new Philox(key.getLong(0), counter.getLong(0), counter.getLong(1));
      } else {
        shape = RandomGeometry.outputShape(node, ctx.input(0));
        Tensor seed = ctx.input(1);
        RandomGeometry.requireSeedShape(node, seed);
        long[] s = RandomGeometry.seeds(node, seed);
        base = Philox.fromSeeds(s[0], s[1]);
        param = ctx.input(2);
      }
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      if (!endsWith(shape, param.shape())) {
        throw node.invalidArgument("Shape passed in must end with broadcasted shape.");
      }
      long params = param.numElements();
      if (kind != Kind.POISSON && params == 0) {
        throw node.invalidArgument(
            "Input alpha should have non-zero element count, got: " + params);
      }
      double[] p = new double[Math.toIntExact(params)];
      for (int i = 0; i < p.length; i++) {
        p[i] = Numbers.get(param, i);
      }
      long perParam = n / params;
      double highest = highest(dtype);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      MemorySegment seg = out.segment();
      ctx.parallel()
          .forRange(
              n,
              250,
              (start, end) -> {
                CpuRandomGamma.Draws d = new CpuRandomGamma.Draws();
                for (long i = start; i < end; i++) {
                  int a = (int) (i / perParam);
                  long at = a + (i % perParam) * params;
                  Philox gen = base.copy();
                  gen.skip(RESERVED * i);
                  d.reset(gen);
                  if (kind == Kind.POISSON) {
                    writePoisson(seg, at, CpuRandomPoisson.sample(d, p[a], highest));
                  } else {
                    writeGamma(seg, at, CpuRandomGamma.sample(d, p[a]));
                  }
                }
              });
      ctx.setOutput(0, out.freeze());
    }

    /** Flushed to zero below the smallest normal double, then float (TF's FTZ), then rounded. */
    private void writeGamma(MemorySegment seg, long at, double v) {
      double d = Math.abs(v) < Double.MIN_NORMAL ? 0.0 * v : v;
      if (dtype == DType.DOUBLE) {
        Numbers.set(dtype, seg, at, d);
        return;
      }
      float f = (float) d;
      if (Math.abs(f) < Float.MIN_NORMAL) {
        f *= 0.0f;
      }
      Numbers.set(dtype, seg, at, f);
    }

    private void writePoisson(MemorySegment seg, long at, double v) {
      switch (dtype) {
        case INT32 -> Numbers.set(dtype, seg, at, (int) v);
        case INT64 -> seg.setAtIndex(dev.rawops.tensor.Layouts.I64, at, (long) v);
        case DOUBLE -> Numbers.set(dtype, seg, at, v);
        default -> Numbers.set(dtype, seg, at, (float) v);
      }
    }
  }

  /** The largest value of the output dtype: Poisson draws above it are redrawn, as in TF. */
  private static double highest(DType dtype) {
    return switch (dtype) {
      case INT32 -> Integer.MAX_VALUE;
      case INT64 -> 0x1p63;
      case HALF -> 65504.0;
      case FLOAT -> Float.MAX_VALUE;
      default -> Double.MAX_VALUE;
    };
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
