package dev.rawops.kernels.cpu.random;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.random.RandomFill.Dist;
import dev.rawops.kernels.cpu.random.RandomFill.Spec;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.random.RandomGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stateful seeded random ops on CPU (random_op.cc): RandomUniform, RandomStandardNormal,
 * TruncatedNormal, RandomUniformInt. As TF's GuardedPhiloxRandom, each node keeps one generator per
 * session (PhiloxRandom(seed, seed2), or random seeds when both are 0), and each run reserves 256
 * Philox calls per output element before filling from the reserved start, so a session's second run
 * gives TF's second-run values.
 */
final class CpuRandom {
  private CpuRandom() {}

  static final List<KernelDef> DEFS =
      List.of(
          real("RandomUniform", Dist.UNIFORM),
          real("RandomStandardNormal", Dist.NORMAL),
          real("TruncatedNormal", Dist.TRUNCATED_NORMAL),
          KernelDef.builder("RandomUniformInt", Device.CPU)
              .tfCpuTypes("Tout")
              .build(n -> new Stateful(n, Dist.UNIFORM_INT, "Tout")));

  private static KernelDef real(String op, Dist dist) {
    return KernelDef.builder(op, Device.CPU)
        .tfCpuTypes("dtype")
        .build(n -> new Stateful(n, dist, "dtype"));
  }

  /** One node's generator in one session: TF's GuardedPhiloxRandom. */
  static final class Generator {
    private final Philox state;

    Generator(long seed, long seed2) {
      if (seed == 0 && seed2 == 0) {
        seed = ThreadLocalRandom.current().nextLong();
        seed2 = ThreadLocalRandom.current().nextLong();
      }
      state = Philox.seeded(seed, seed2);
    }

    /** A generator starting at {@code start} (the stateless ops' GenerateKey). */
    Generator(Philox start) {
      state = start.copy();
    }

    /** The generator as it is, then skipped past {@code samples} calls (ReserveSamples128). */
    synchronized Philox reserve(long samples) {
      Philox local = state.copy();
      state.skip(samples);
      return local;
    }
  }

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Stateful implements Kernel {
    private final NodeInfo node;
    private final Dist dist;
    private final DType dtype;
    private final long seed;
    private final long seed2;
    // Unique per kernel, so two graphs (or two function bodies) in a session never share a state.
    private final String stateKey;

    Stateful(NodeInfo node, Dist dist, String typeAttr) {
      this.node = node;
      this.dist = dist;
      this.dtype = DType.fromProto(node.attrs().getType(typeAttr));
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.philox/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      long lo = 0;
      long hi = 0;
      if (dist == Dist.UNIFORM_INT) {
        RandomGeometry.requireScalarBound(node, ctx.input(1), "minval");
        RandomGeometry.requireScalarBound(node, ctx.input(2), "maxval");
        lo = ctx.input(1).getIndex(0);
        hi = ctx.input(2).getIndex(0);
      }
      Shape shape = RandomGeometry.outputShape(node, ctx.input(0));
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      Spec spec = Spec.of(dist, dtype);
      if (dist == Dist.UNIFORM_INT) {
        // Checked after the empty case, as TF: zero impossible things are fine.
        RandomGeometry.requireRange(node, lo, hi);
        spec = new Spec(dist, dtype, lo, hi - lo);
      }
      Generator g =
          ctx.state().getOrCreate(stateKey, Generator.class, _ -> new Generator(seed, seed2));
      Philox base = g.reserve(n * RandomFill.RESERVED_SAMPLES_PER_OUTPUT);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      RandomFill.fill(base, spec, out.segment(), n, ctx.parallel());
      ctx.setOutput(0, out.freeze());
    }
  }
}
