package dev.rawops.kernels.cpu.parsing;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Parsing family's CPU kernels: ParseExampleV2, ParseExample, ParseSingleExample, DecodeRaw,
 * ParseTensor, SerializeTensor, DecodeCSV, DecodePaddedRaw, DecodeCompressed.
 */
public final class ParsingKernels {
  private ParsingKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuParseExample.DEFS)
        .addAll(CpuDecodeRaw.DEFS)
        .addAll(CpuParseTensor.DEFS)
        .addAll(CpuDecodeCsv.DEFS)
        .addAll(CpuDecodePaddedRaw.DEFS)
        .addAll(CpuDecodeCompressed.DEFS)
        .build();
  }
}
