package dev.rawops.kernels.cpu;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelProvider;
import dev.rawops.kernels.cpu.array.ArrayKernels;
import dev.rawops.kernels.cpu.audio.AudioKernels;
import dev.rawops.kernels.cpu.controlflow.ControlFlowKernels;
import dev.rawops.kernels.cpu.core.CoreKernels;
import dev.rawops.kernels.cpu.dataflow.DataflowKernels;
import dev.rawops.kernels.cpu.elementwise.ElementwiseKernels;
import dev.rawops.kernels.cpu.image.ImageKernels;
import dev.rawops.kernels.cpu.indexing.IndexingKernels;
import dev.rawops.kernels.cpu.linalg.LinalgKernels;
import dev.rawops.kernels.cpu.lookup.LookupKernels;
import dev.rawops.kernels.cpu.nn.NnKernels;
import dev.rawops.kernels.cpu.parsing.ParsingKernels;
import dev.rawops.kernels.cpu.quantization.QuantizationKernels;
import dev.rawops.kernels.cpu.ragged.RaggedKernels;
import dev.rawops.kernels.cpu.random.RandomKernels;
import dev.rawops.kernels.cpu.reduction.ReductionKernels;
import dev.rawops.kernels.cpu.selection.SelectionKernels;
import dev.rawops.kernels.cpu.sparse.SparseKernels;
import dev.rawops.kernels.cpu.state.StateKernels;
import dev.rawops.kernels.cpu.strings.StringsKernels;
import java.util.List;

/**
 * The CPU device's kernels: the reference implementations, bit-exact with TF's CPU kernels. One
 * index per op family ({@code kernels/cpu/<family>/<Family>Kernels}) lists what the family
 * registers; helpers shared by several families live in {@code kernels.cpu.support}.
 */
public final class CpuKernels implements KernelProvider {
  @Override
  public Device device() {
    return Device.CPU;
  }

  @Override
  public List<KernelDef> kernels() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CoreKernels.defs())
        .addAll(ArrayKernels.defs())
        .addAll(ElementwiseKernels.defs())
        .addAll(ReductionKernels.defs())
        .addAll(IndexingKernels.defs())
        .addAll(SelectionKernels.defs())
        .addAll(SparseKernels.defs())
        .addAll(DataflowKernels.defs())
        .addAll(RaggedKernels.defs())
        .addAll(ImageKernels.defs())
        .addAll(AudioKernels.defs())
        .addAll(StringsKernels.defs())
        .addAll(ParsingKernels.defs())
        .addAll(QuantizationKernels.defs())
        .addAll(LinalgKernels.defs())
        .addAll(NnKernels.defs())
        .addAll(ControlFlowKernels.defs())
        .addAll(StateKernels.defs())
        .addAll(LookupKernels.defs())
        .addAll(RandomKernels.defs())
        .build();
  }
}
