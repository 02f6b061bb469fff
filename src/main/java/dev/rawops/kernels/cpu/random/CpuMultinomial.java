package dev.rawops.kernels.cpu.random;

import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;

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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Multinomial and StatelessMultinomial on CPU (multinomial_op.cc): per row an unnormalised CDF of
 * exp(logit − max finite logit) in double over the finite logits, and per sample the upper bound of
 * a uniform double (two Philox words, in order through the rows) times the total. TF reserves 2 ·
 * 256 · batch · ⌈samples / 4⌉·4 Philox calls a run. TF's CPU kernel splits rows over threads and
 * starts a thread's rows (samples + 3) / 4 calls after the start per row before it, which is fewer
 * than a row uses, so TF's values depend on its thread count once the rows are costly enough to be
 * split (batch · 50 · (samples · log2(classes) + classes) ≥ 10,000); rawops gives the values of one
 * unsplit range, which TF gives below that size or with one intra-op thread.
 */
final class CpuMultinomial {
  private CpuMultinomial() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Multinomial", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("output_dtype")
              .build(n -> new Stateful(n)),
          KernelDef.builder("StatelessMultinomial", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("output_dtype")
              .build(n -> ctx -> stateless(n, ctx)));

  private static final AtomicLong KERNELS = new AtomicLong();

  private static final class Stateful implements Kernel {
    private final NodeInfo node;
    private final long seed;
    private final long seed2;
    private final String stateKey;

    Stateful(NodeInfo node) {
      this.node = node;
      this.seed = node.attrs().getInt("seed");
      this.seed2 = node.attrs().getInt("seed2");
      this.stateKey = "random.multinomial/" + node.name() + "/" + KERNELS.incrementAndGet();
    }

    @Override
    public void compute(KernelContext ctx) {
      sample(
          node,
          ctx,
          () ->
              ctx.state()
                  .getOrCreate(
                      stateKey,
                      CpuRandom.Generator.class,
                      _ -> new CpuRandom.Generator(seed, seed2)));
    }
  }

  private static void stateless(NodeInfo node, KernelContext ctx) {
    Tensor seed = ctx.input(2);
    RandomGeometry.requireSeedShape(node, seed);
    long[] s = RandomGeometry.seeds(node, seed);
    Philox start = Philox.fromSeeds(s[0], s[1]);
    sample(node, ctx, () -> new CpuRandom.Generator(start));
  }

  private interface GeneratorSource {
    CpuRandom.Generator get();
  }

  private static void sample(NodeInfo node, KernelContext ctx, GeneratorSource source) {
    Tensor logits = ctx.input(0);
    Tensor numSamples = ctx.input(1);
    if (logits.shape().rank() != 2) {
      throw node.invalidArgument("logits should be a matrix, got shape " + logits.shape());
    }
    if (numSamples.shape().rank() != 0) {
      throw node.invalidArgument("num_samples should be a scalar, got shape " + numSamples.shape());
    }
    int samples = numSamples.getInt(0);
    if (samples < 0) {
      throw node.invalidArgument("num_samples should be non-negative, got " + samples);
    }
    long batchLong = logits.shape().dim(0);
    long classesLong = logits.shape().dim(1);
    if (batchLong > Integer.MAX_VALUE) {
      throw node.invalidArgument("batch_size cannot exceed max int");
    }
    if (classesLong > Integer.MAX_VALUE) {
      throw node.invalidArgument("num_classes cannot exceed max int");
    }
    int batch = (int) batchLong;
    int classes = (int) classesLong;
    if (classes <= 0) {
      throw node.invalidArgument("num_classes should be positive, got " + classes);
    }
    DType outType = DType.fromProto(node.attrs().getType("output_dtype"));
    TensorBuffer out = ctx.allocate(outType, Shape.of(batch, samples));
    if ((long) batch * samples > 0) {
      long ceil4 = (samples + 3L) / 4 * 4 * 2;
      Philox gen =
          source.get().reserve((long) batch * ceil4 * RandomFill.RESERVED_SAMPLES_PER_OUTPUT);
      fill(logits, batch, classes, samples, gen, out.segment(), outType == DType.INT64);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void fill(
      Tensor logits,
      int batch,
      int classes,
      int samples,
      Philox gen,
      MemorySegment out,
      boolean wide) {
    RandomFill.Single single = new RandomFill.Single(gen);
    double[] row = new double[classes];
    double[] cdf = new double[classes];
    for (int b = 0; b < batch; b++) {
      double max = Double.NEGATIVE_INFINITY;
      boolean any = false;
      for (int j = 0; j < classes; j++) {
        row[j] = Numbers.get(logits, (long) b * classes + j);
        if (Double.isFinite(row[j]) && (!any || row[j] > max)) {
          max = row[j];
          any = true;
        }
      }
      if (!any) {
        max = lowest(logits.dtype());
      }
      double total = 0;
      for (int j = 0; j < classes; j++) {
        if (Double.isFinite(row[j])) {
          total += Math.exp(row[j] - max);
        }
        cdf[j] = total;
      }
      for (int j = 0; j < samples; j++) {
        int x0 = single.next();
        int x1 = single.next();
        double toFind = RandomFill.uint64ToDouble(x0, x1) * total;
        int found = upperBound(cdf, toFind);
        long at = (long) b * samples + j;
        if (wide) {
          out.setAtIndex(I64, at, found);
        } else {
          out.setAtIndex(I32, at, found);
        }
      }
    }
  }

  /** The type's lowest finite value, TF's starting maximum when no logit is finite. */
  private static double lowest(DType t) {
    return switch (t) {
      case HALF -> -65504.0;
      case BFLOAT16 -> -3.3895313892515355e38;
      case FLOAT -> -Float.MAX_VALUE;
      default -> -Double.MAX_VALUE;
    };
  }

  private static int upperBound(double[] a, double v) {
    int lo = 0;
    int hi = a.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] > v) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
