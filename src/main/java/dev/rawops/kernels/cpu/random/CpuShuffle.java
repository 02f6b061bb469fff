package dev.rawops.kernels.cpu.random;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.random.RandomGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * RandomShuffle and StatelessShuffle on CPU (shuffle_common.h): TF's own Fisher-Yates over the
 * first dimension, element i swapped with i + (word mod (size − i)) for i from 0 up, single Philox
 * words in order (exactly size − 1 of them), then rows copied by the permutation. RandomShuffle
 * keeps its generator per session as the other stateful ops and reserves ⌈(size − 1) / 4⌉ calls a
 * run (ReserveSamples32); StatelessShuffle starts from its key and counter.
 */
final class CpuShuffle {
  private CpuShuffle() {}

  private static final DType[] TYPES = handled();

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RandomShuffle", Device.CPU)
              .tfCpuTypes("T", TYPES)
              .build(Stateful::new),
          KernelDef.builder("StatelessShuffle", Device.CPU)
              .tfCpuTypes("T", TYPES)
              .build(n -> ctx -> stateless(n, ctx)));

  private static DType[] handled() {
    List<DType> t = new ArrayList<>(Arrays.asList(DType.unquantized()));
    t.remove(DType.RESOURCE);
    t.remove(DType.VARIANT);
    return t.toArray(DType[]::new);
  }

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Stateful implements Kernel {
    private final long seed;
    private final long seed2;
    private final String stateKey;

    Stateful(NodeInfo node) {
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.shuffle/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      Tensor input = ctx.input(0);
      if (passThrough(input)) {
        ctx.setOutput(0, input);
        return;
      }
      long samples = input.shape().dim(0) - 1;
      CpuRandom.Generator g =
          ctx.state()
              .getOrCreate(
                  stateKey, CpuRandom.Generator.class, _ -> new CpuRandom.Generator(seed, seed2));
      ctx.setOutput(0, shuffle(ctx, input, g.reserve((samples + 3) / 4)));
    }
  }

  private static void stateless(NodeInfo node, KernelContext ctx) {
    Tensor key = ctx.input(1);
    Tensor counter = ctx.input(2);
    int alg = RandomGeometry.keyCounterAlg(node, key, counter, ctx.input(3), 3);
    RandomGeometry.requirePhilox(node, alg);
    Tensor input = ctx.input(0);
    if (passThrough(input)) {
      ctx.setOutput(0, input);
      return;
    }
    ctx.setOutput(
        0, shuffle(ctx, input, new Philox(key.getLong(0), counter.getLong(0), counter.getLong(1))));
  }

  private static boolean passThrough(Tensor input) {
    return input.numElements() <= 1 || input.shape().dim(0) <= 1;
  }

  private static Tensor shuffle(KernelContext ctx, Tensor input, Philox gen) {
    int size = Math.toIntExact(input.shape().dim(0));
    long[] perm = new long[size];
    for (int i = 0; i < size; i++) {
      perm[i] = i;
    }
    RandomFill.Single single = new RandomFill.Single(gen);
    for (int i = 0; i < size - 1; i++) {
      int j = i + Integer.remainderUnsigned(single.next(), size - i);
      long t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    long row = input.numElements() / size;
    for (int i = 0; i < size; i++) {
      perm[i] *= row;
    }
    TensorBuffer out = ctx.allocateUninitialized(input.dtype(), input.shape());
    SliceCopier.of(input, out, row).copyRuns(perm, 0, size, 0);
    return out.freeze();
  }
}
