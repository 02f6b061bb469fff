package dev.rawops.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.OpScope.OutOfScope;
import dev.rawops.ops.OpRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The out-of-scope classes the task names, op by op (TF 2.18 op names), the inference ops whose
 * names look like training or I/O, and a domain for every TF CPU op rawops has no family for.
 */
class OpScopeTest {
  private static void assertClass(OutOfScope want, String... ops) {
    for (String op : ops) {
      assertEquals(Optional.of(want), OpScope.outOfScope(op), op);
    }
  }

  private static void assertInScope(String... ops) {
    for (String op : ops) {
      assertEquals(Optional.empty(), OpScope.outOfScope(op), op);
    }
  }

  @Test
  void trainingOnlyOps() {
    assertClass(
        OutOfScope.TRAINING_GRADIENT,
        "ReluGrad",
        "MaxPoolGradGradV2",
        "FusedBatchNormGradV3",
        "Conv2DBackpropFilter",
        "SparseSegmentSumGradV2",
        "FakeQuantWithMinMaxVarsGradient",
        "TensorArrayGradV3",
        "SymbolicGradient");
    assertClass(
        OutOfScope.TRAINING_OPTIMIZER,
        "ApplyAdam",
        "ResourceApplyAdam",
        "SparseApplyFtrl",
        "ResourceSparseApplyKerasMomentum",
        "ApplyGradientDescent",
        "SdcaOptimizerV2");
    assertClass(
        OutOfScope.TRAINING_ACCUMULATOR, "ConditionalAccumulator", "AccumulatorApplyGradient");
    assertClass(OutOfScope.TRAINING_OTHER, "LogUniformCandidateSampler", "Skipgram");
  }

  @Test
  void inputPipelinesLoggingAndFiles() {
    assertClass(
        OutOfScope.DATASET,
        "RangeDataset",
        "IteratorGetNext",
        "MakeIterator",
        "OptionalGetValue",
        "InitializeTableFromDataset");
    assertClass(OutOfScope.QUEUE, "FIFOQueueV2", "QueueDequeueManyV2", "Barrier", "MapStage");
    assertClass(OutOfScope.READER, "TFRecordReaderV2", "ReaderReadV2", "WholeFileReader");
    assertClass(OutOfScope.SUMMARY, "ScalarSummary", "MergeSummary", "WriteScalarSummary");
    assertClass(
        OutOfScope.WRITING, "SaveV2", "Save", "SaveSlices", "MergeV2Checkpoints", "WriteFile");
  }

  @Test
  void otherDevicesProcessesAndDebugging() {
    assertClass(
        OutOfScope.DISTRIBUTED,
        "TPUReplicatedInput",
        "XlaConv",
        "XlaCallModule",
        "CollectiveReduceV2",
        "NcclAllReduce",
        "Send",
        "Recv",
        "_Send",
        "_HostRecv",
        "RpcCall");
    assertClass(OutOfScope.DEBUG, "DebugIdentityV2", "DebugNumericSummary", "CopyHost");
    assertClass(OutOfScope.INTERNAL, "_MklConv2D", "_FusedMatMul", "_Retval");
  }

  @Test
  void inferenceOpsThatLookLikeTheOthers() {
    assertInScope(
        "StopGradient",
        "PreventGradient",
        "Conv2DBackpropInput",
        "Conv3DBackpropInputV2",
        "DepthwiseConv2dNativeBackpropInput",
        "RestoreV2",
        "ReadFile",
        "ShardedFilename",
        "StatefulPartitionedCall",
        "Identity",
        "MatMul",
        "LookupTableFindV2",
        "ParseExampleV2",
        "TensorListGetItem",
        "CheckNumerics");
  }

  @Test
  void domainsFollowTfsOpLibraries() {
    assertEquals("spectral", OpScope.domain("RFFT2D"));
    assertEquals("lookup", OpScope.domain("LookupTableFindV2"));
    assertEquals("list", OpScope.domain("TensorListGetItem"));
    assertEquals("nn", OpScope.domain("Dilation2D"));
    assertEquals("strings", OpScope.domain("StringSplitV2"));
    assertEquals("io", OpScope.domain("SaveV2"));
    assertEquals("data", OpScope.domain("TFRecordDatasetV2"));
  }

  @Test
  void everyTfCpuOpRawopsHasNoFamilyForHasADomain() {
    OpRegistry ops = OpRegistry.builtIn();
    List<String> unplaced = new ArrayList<>();
    for (String op : TfCpuRegistrations.ops()) {
      if (ops.family(op).isEmpty() && OpScope.domain(op).equals(OpScope.OTHER)) {
        unplaced.add(op);
      }
    }
    assertTrue(unplaced.isEmpty(), "no OpScope domain rule places " + unplaced);
  }
}
