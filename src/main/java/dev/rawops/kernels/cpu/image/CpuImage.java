package dev.rawops.kernels.cpu.image;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Image op family. */
public final class CpuImage {
  private CpuImage() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuResize.defs())
        .addAll(CpuColor.defs())
        .addAll(CpuNms.defs())
        .build();
  }
}
