package dev.rawops.kernels.gpu;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Random;

/**
 * The GPU check's GatherNd bandwidth measurement ({@code .ci/gpu-check}): a large GatherNd (rows of
 * 1 KiB gathered by a random permutation, depth 1) against a device-to-device copy of the same
 * bytes, both timed on the device with the data already there. Prints both bandwidths (bytes read
 * plus written per second) and their ratio; exits 1 below {@code --min} (default 0.70). {@code
 * --describe} prints the device and exits. Not part of the library API.
 */
public final class GpuBandwidth {
  private GpuBandwidth() {}

  public static void main(String[] args) {
    GpuBackend b =
        Gpu.backend()
            .orElseThrow(() -> new IllegalStateException("no GPU: " + Gpu.unavailableReason()));
    if (args.length > 0 && args[0].equals("--describe")) {
      System.out.println(Gpu.describe());
      return;
    }
    double min = 0.70;
    long rows = 1 << 20; // 1 GiB of params
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--min" -> min = Double.parseDouble(args[i + 1]);
        case "--rows" -> rows = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    long rowElems = 256; // float: 1 KiB rows
    long bytes = rows * rowElems * 4;
    long[] perm = new long[(int) rows];
    for (int i = 0; i < perm.length; i++) {
      perm[i] = i;
    }
    Random r = new Random(15);
    for (int i = perm.length - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      long t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    final long n = rows;
    Tensor indices = Tensor.ofLongs(Shape.of(rows, 1), perm);
    long params = b.alloc(bytes);
    long out = b.alloc(bytes);
    long ix = b.alloc(indices.byteSize());
    long meta = b.alloc(16);
    b.memset(params, 1, bytes);
    b.copyToDevice(indices.data(), ix, indices.byteSize());
    b.copyToDevice(Tensor.ofLongs(Shape.of(2), rows, rowElems).data(), meta, 16);
    b.sync();
    int reps = 10;
    long total = rows * rowElems;
    long grid = Math.min(GpuRun.MAX_GRID, (total + GpuRun.BLOCK - 1) / GpuRun.BLOCK);
    Runnable gather =
        () ->
            b.launch(
                "gather_nd",
                grid,
                GpuRun.BLOCK,
                params,
                ix,
                out,
                meta,
                n,
                rowElems,
                1,
                1,
                DType.FLOAT.byteSize());
    Runnable copy = () -> b.copyWithin(params, out, bytes);
    double copyBw = time(b, copy, reps, 2.0 * bytes);
    double gatherBw = time(b, gather, reps, 2.0 * bytes + indices.byteSize());
    b.free(params);
    b.free(out);
    b.free(ix);
    b.free(meta);
    double ratio = gatherBw / copyBw;
    System.out.printf(
        "device: %s%ndevice copy: %.1f GB/s%nGatherNd (%d rows of 1 KiB, random order): %.1f GB/s"
            + " = %.0f%% of the copy bandwidth (required: %.0f%%)%n",
        Gpu.describe(), copyBw / 1e9, rows, gatherBw / 1e9, 100 * ratio, 100 * min);
    if (ratio < min) {
      System.exit(1);
    }
  }

  private static double time(GpuBackend b, Runnable op, int reps, double bytesPerRep) {
    op.run(); // warm-up (JIT of the PTX, first touch)
    b.sync();
    long start = System.nanoTime();
    for (int i = 0; i < reps; i++) {
      op.run();
    }
    b.sync();
    return bytesPerRep * reps / ((System.nanoTime() - start) / 1e9);
  }
}
