package dev.rawops.kernels.cpu.random;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;

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
 * RandomGamma on CPU (random_op.cc's RandomGammaOp): Marsaglia and Tsang's transformation-rejection
 * in double, from double normals and uniforms drawn in pairs off one generator and used last
 * element first, as TF's kernel does. Output element i reads its own generator, skipped 256 · i
 * calls past the run's reserved start, so the bits never depend on the split; alpha == 1 is an
 * exponential draw, alpha &lt; 1 is boosted by one and scaled by uniform^(1/alpha).
 */
final class CpuRandomGamma {
  private CpuRandomGamma() {}

  private static final int RESERVED = 256;

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("RandomGamma", Device.CPU).tfCpuTypes("T").build(Gamma::new));

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Gamma implements Kernel {
    private final NodeInfo node;
    private final DType dtype;
    private final long seed;
    private final long seed2;
    private final String stateKey;

    Gamma(NodeInfo node) {
      this.node = node;
      this.dtype = DType.fromProto(node.attrs().getType("T"));
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.gamma/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor alphaT = ctx.input(1);
      Shape samples = RandomGeometry.outputShape(node, ctx.input(0));
      long perAlpha = samples.numElements();
      Shape shape = samples.concat(alphaT.shape());
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      long alphas = alphaT.numElements();
      double[] alpha = new double[Math.toIntExact(alphas)];
      for (int i = 0; i < alpha.length; i++) {
        alpha[i] = Numbers.get(alphaT, i);
      }
      Generator g =
          ctx.state().getOrCreate(stateKey, Generator.class, _ -> new Generator(seed, seed2));
      Philox base = g.reserve(n * RESERVED);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      MemorySegment seg = out.segment();
      ctx.parallel()
          .forRange(
              n,
              200,
              (start, end) -> {
                Draws d = new Draws();
                for (long i = start; i < end; i++) {
                  int a = (int) (i / perAlpha);
                  long at = a + (i % perAlpha) * alphas;
                  Philox gen = base.copy();
                  gen.skip(RESERVED * i);
                  d.reset(gen);
                  write(seg, at, sample(d, alpha[a]));
                }
              });
      ctx.setOutput(0, out.freeze());
    }

    /**
     * TF's CPU kernels run with denormals flushed to zero, so a result below the smallest normal
     * (of double, then of float, the way to half) is written as zero.
     */
    private void write(MemorySegment seg, long at, double v) {
      double d = Math.abs(v) < Double.MIN_NORMAL ? 0.0 * v : v;
      float f = (float) d;
      if (Math.abs(f) < Float.MIN_NORMAL) {
        f *= 0.0f;
      }
      switch (dtype) {
        case HALF -> seg.setAtIndex(I16, at, Float.floatToFloat16(f));
        case DOUBLE -> seg.setAtIndex(F64, at, d);
        default -> seg.setAtIndex(F32, at, f);
      }
    }
  }

  static double sample(Draws d, double alpha) {
    if (alpha == 1.0) {
      return -Math.log1p(-d.uniform());
    }
    boolean small = alpha < 1;
    double dd = alpha + (small ? 2.0 / 3 : -1.0 / 3);
    double c = 1.0 / 3 / Math.sqrt(dd);
    while (true) {
      double x = d.normal();
      double v = 1 + c * x;
      if (v <= 0) {
        continue;
      }
      v = v * v * v;
      double u = d.uniform();
      if ((u < 1 - 0.0331 * (x * x) * (x * x))
          || (Math.log(u) < 0.5 * x * x + dd * (1 - v + Math.log(v)))) {
        double res = dd * v;
        if (small) {
          res *= Math.pow(d.uniform(), 1 / alpha);
        }
        return res;
      }
    }
  }

  /**
   * TF's double NormalDistribution and UniformDistribution over one generator: each refill is one
   * Philox call giving two values, handed out from the last one down (TF's remaining-- index).
   */
  static final class Draws {
    private Philox gen;
    private final int[] w = new int[4];
    private final double[] normals = new double[2];
    private final double[] uniforms = new double[2];
    private int normalsLeft;
    private int uniformsLeft;

    void reset(Philox g) {
      gen = g;
      normalsLeft = 0;
      uniformsLeft = 0;
    }

    double normal() {
      if (normalsLeft == 0) {
        gen.next(w);
        RandomFill.boxMullerDouble(w[0], w[1], w[2], w[3], normals, 0);
        normalsLeft = 2;
      }
      return normals[--normalsLeft];
    }

    double uniform() {
      if (uniformsLeft == 0) {
        gen.next(w);
        uniforms[0] = RandomFill.uint64ToDouble(w[0], w[1]);
        uniforms[1] = RandomFill.uint64ToDouble(w[2], w[3]);
        uniformsLeft = 2;
      }
      return uniforms[--uniformsLeft];
    }
  }
}
