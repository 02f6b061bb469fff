package dev.rawops.kernels.cpu.audio;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Audio family's CPU kernels: DecodeWav, AudioSpectrogram, Mfcc, EncodeWav, and the FFT ops.
 */
public final class AudioKernels {
  private AudioKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuDecodeWav.DEFS)
        .addAll(CpuAudioSpectrogram.DEFS)
        .addAll(CpuMfcc.DEFS)
        .addAll(CpuEncodeWav.DEFS)
        .addAll(CpuFft.DEFS)
        .build();
  }
}
