package dev.rawops.kernels.cpu.indexing;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * TensorScatterUpdate on CPU: the assigning member of the scatter family ({@link CpuScatterNd}),
 * each update slice one bulk copy into the input's forwarded buffer or a copy of it; duplicates:
 * the last in row-major order of indices wins (TF's CPU loop order; its docs call it undefined).
 */
public final class CpuTensorScatterUpdate {
  private CpuTensorScatterUpdate() {}

  public static final List<KernelDef> DEFS = List.of(CpuScatterNd.TENSOR_SCATTER_UPDATE);
}
