package dev.rawops.kernels.cpu;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelProvider;
import dev.rawops.kernels.cpu.array.CpuArray;
import dev.rawops.kernels.cpu.controlflow.CpuControlFlow;
import dev.rawops.kernels.cpu.core.CpuConst;
import dev.rawops.kernels.cpu.core.CpuPassThrough;
import dev.rawops.kernels.cpu.core.CpuPlaceholder;
import dev.rawops.kernels.cpu.core.CpuSnapshot;
import dev.rawops.kernels.cpu.dataflow.CpuPartition;
import dev.rawops.kernels.cpu.dataflow.CpuTensorArray;
import dev.rawops.kernels.cpu.elementwise.CpuElementwise;
import dev.rawops.kernels.cpu.image.CpuImage;
import dev.rawops.kernels.cpu.indexing.CpuGatherNd;
import dev.rawops.kernels.cpu.indexing.CpuIndexing;
import dev.rawops.kernels.cpu.indexing.CpuStridedSlice;
import dev.rawops.kernels.cpu.indexing.CpuTensorScatterUpdate;
import dev.rawops.kernels.cpu.linalg.CpuLinalg;
import dev.rawops.kernels.cpu.linalg.CpuNnEinsum;
import dev.rawops.kernels.cpu.linalg.CpuNnMatMul;
import dev.rawops.kernels.cpu.nn.CpuNn;
import dev.rawops.kernels.cpu.quantization.CpuFakeQuant;
import dev.rawops.kernels.cpu.ragged.CpuRaggedGather;
import dev.rawops.kernels.cpu.ragged.CpuRaggedIndexing;
import dev.rawops.kernels.cpu.reduction.CpuCounting;
import dev.rawops.kernels.cpu.reduction.CpuReduction;
import dev.rawops.kernels.cpu.selection.CpuSelection;
import dev.rawops.kernels.cpu.sparse.CpuSparseDense;
import dev.rawops.kernels.cpu.state.CpuFunction;
import dev.rawops.kernels.cpu.state.CpuState;
import java.util.List;

/**
 * The CPU device's kernels: the reference implementations, bit-exact with TF's CPU kernels. Each
 * family package lists only its own kernels; this provider lists every family (no family names
 * another).
 */
public final class CpuKernels implements KernelProvider {
  @Override
  public Device device() {
    return Device.CPU;
  }

  @Override
  public List<KernelDef> kernels() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuConst.DEFS)
        .addAll(CpuPlaceholder.DEFS)
        .addAll(CpuPassThrough.DEFS)
        .addAll(CpuGatherNd.DEFS)
        .addAll(CpuRaggedGather.DEFS)
        .addAll(CpuSnapshot.DEFS)
        .addAll(CpuStridedSlice.DEFS)
        .addAll(CpuTensorScatterUpdate.DEFS)
        .addAll(CpuElementwise.defs())
        .addAll(CpuReduction.defs())
        .addAll(CpuArray.defs())
        .addAll(CpuIndexing.defs())
        .addAll(CpuSparseDense.DEFS)
        .addAll(CpuSelection.DEFS)
        .addAll(CpuCounting.DEFS)
        .addAll(CpuPartition.DEFS)
        .addAll(CpuRaggedIndexing.DEFS)
        .addAll(CpuImage.defs())
        .addAll(CpuFakeQuant.defs())
        .addAll(CpuLinalg.defs())
        .addAll(CpuNnMatMul.DEFS)
        .addAll(CpuNnEinsum.DEFS)
        .addAll(CpuControlFlow.defs())
        .addAll(CpuTensorArray.defs())
        .addAll(CpuState.defs())
        .addAll(CpuFunction.defs())
        .addAll(CpuNn.defs())
        .build();
  }
}
