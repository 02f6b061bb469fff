package dev.rawops.kernels.cpu.strings;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The Strings family's CPU kernels. */
public final class StringsKernels {
  private StringsKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuStringHash.DEFS)
        .addAll(CpuAsString.DEFS)
        .addAll(CpuStringJoin.DEFS)
        .addAll(CpuStringSplit.DEFS)
        .addAll(CpuStringMaps.DEFS)
        .addAll(CpuSubstr.DEFS)
        .addAll(CpuStringToNumber.DEFS)
        .addAll(CpuStringNGrams.DEFS)
        .addAll(CpuRegex.DEFS)
        .addAll(CpuUnicode.DEFS)
        .addAll(CpuStringFormat.DEFS)
        .addAll(CpuUnicodeScript.DEFS)
        .build();
  }
}
