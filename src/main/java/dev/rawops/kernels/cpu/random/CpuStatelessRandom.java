package dev.rawops.kernels.cpu.random;

import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

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
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The stateless random ops on CPU (stateless_random_ops.cc, stateless_random_ops_v2.cc): the same
 * fills as the stateful ops, from a generator the inputs give. V1 ops scramble a two-element seed
 * into a key and counter (GenerateKey); V2 ops take the key, counter and algorithm themselves (only
 * Philox fills on TF's CPU); StatelessRandomGetKeyCounter[Alg] expose GenerateKey.
 */
final class CpuStatelessRandom {
  private CpuStatelessRandom() {}

  static final List<KernelDef> DEFS = defs();

  private static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(v1("StatelessRandomUniform", Dist.UNIFORM));
    d.add(v1("StatelessRandomNormal", Dist.NORMAL));
    d.add(v1("StatelessTruncatedNormal", Dist.TRUNCATED_NORMAL));
    d.add(v1("StatelessRandomUniformInt", Dist.UNIFORM_INT));
    d.add(v1("StatelessRandomUniformFullInt", Dist.FULL_INT));
    d.add(v2("StatelessRandomUniformV2", Dist.UNIFORM));
    d.add(v2("StatelessRandomNormalV2", Dist.NORMAL));
    d.add(v2("StatelessTruncatedNormalV2", Dist.TRUNCATED_NORMAL));
    d.add(v2("StatelessRandomUniformIntV2", Dist.UNIFORM_INT));
    d.add(v2("StatelessRandomUniformFullIntV2", Dist.FULL_INT));
    d.add(
        KernelDef.builder("StatelessRandomGetKeyCounterAlg", Device.CPU)
            .build(n -> ctx -> keyCounter(n, ctx, true)));
    d.add(
        KernelDef.builder("StatelessRandomGetKeyCounter", Device.CPU)
            .build(n -> ctx -> keyCounter(n, ctx, false)));
    d.add(
        KernelDef.builder("StatelessRandomGetAlg", Device.CPU)
            .build(n -> ctx -> ctx.setOutput(0, alg(ctx))));
    return List.copyOf(d);
  }

  private static KernelDef v1(String op, Dist dist) {
    return KernelDef.builder(op, Device.CPU).tfCpuTypes("dtype").build(n -> new V1(n, dist));
  }

  private static KernelDef v2(String op, Dist dist) {
    return KernelDef.builder(op, Device.CPU).tfCpuTypes("dtype").build(n -> new V2(n, dist));
  }

  private static Tensor alg(KernelContext ctx) {
    TensorBuffer a = ctx.allocate(DType.INT32, Shape.scalar());
    a.segment().setAtIndex(I32, 0, RandomGeometry.ALG_PHILOX);
    return a.freeze();
  }

  /**
   * What a fill draws; for an Int op its bounds (inputs {@code first}, {@code first + 1}), checked
   * as TF's Fill does: scalars, then lo &lt; hi.
   */
  private static Spec spec(NodeInfo node, Dist dist, DType dtype, KernelContext ctx, int first) {
    if (dist != Dist.UNIFORM_INT) {
      return Spec.of(dist, dtype);
    }
    Tensor min = ctx.input(first);
    Tensor max = ctx.input(first + 1);
    RandomGeometry.requireScalarBound(node, min, "minval");
    RandomGeometry.requireScalarBound(node, max, "maxval");
    long lo = min.getIndex(0);
    long hi = max.getIndex(0);
    RandomGeometry.requireRange(node, lo, hi);
    return new Spec(dist, dtype, lo, hi - lo);
  }

  private static final class V1 implements Kernel {
    private final NodeInfo node;
    private final Dist dist;
    private final DType dtype;

    V1(NodeInfo node, Dist dist) {
      this.node = node;
      this.dist = dist;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Shape shape = RandomGeometry.outputShape(node, ctx.input(0));
      Tensor seed = ctx.input(1);
      RandomGeometry.requireSeedShape(node, seed);
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      long[] s = RandomGeometry.seeds(node, seed);
      Philox gen = Philox.fromSeeds(s[0], s[1]);
      Spec spec = spec(node, dist, dtype, ctx, 2);
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      RandomFill.fill(gen, spec, out.segment(), n, ctx.parallel());
      ctx.setOutput(0, out.freeze());
    }
  }

  private static final class V2 implements Kernel {
    private final NodeInfo node;
    private final Dist dist;
    private final DType dtype;

    V2(NodeInfo node, Dist dist) {
      this.node = node;
      this.dist = dist;
      this.dtype = DType.fromProto(node.attrs().getType("dtype"));
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor key = ctx.input(1);
      Tensor counter = ctx.input(2);
      int alg = RandomGeometry.keyCounterAlg(node, key, counter, ctx.input(3), 3);
      Shape shape = RandomGeometry.outputShape(node, ctx.input(0));
      long n = shape.numElements();
      if (n == 0) {
        ctx.setOutput(0, ctx.allocate(dtype, shape).freeze());
        return;
      }
      Spec spec = spec(node, dist, dtype, ctx, 4);
      RandomGeometry.requirePhilox(node, alg);
      Philox gen = new Philox(key.getLong(0), counter.getLong(0), counter.getLong(1));
      TensorBuffer out = ctx.allocateUninitialized(dtype, shape);
      RandomFill.fill(gen, spec, out.segment(), n, ctx.parallel());
      ctx.setOutput(0, out.freeze());
    }
  }

  private static void keyCounter(NodeInfo node, KernelContext ctx, boolean withAlg) {
    long[] s = RandomGeometry.seeds(node, ctx.input(0));
    Philox gen = Philox.fromSeeds(s[0], s[1]);
    TensorBuffer key = ctx.allocate(DType.UINT64, Shape.of(1));
    key.segment().setAtIndex(I64, 0, gen.key());
    TensorBuffer counter = ctx.allocate(DType.UINT64, Shape.of(2));
    counter.segment().setAtIndex(I64, 0, gen.counterLo());
    counter.segment().setAtIndex(I64, 1, gen.counterHi());
    ctx.setOutput(0, key.freeze());
    ctx.setOutput(1, counter.freeze());
    if (withAlg) {
      ctx.setOutput(2, alg(ctx));
    }
  }
}
