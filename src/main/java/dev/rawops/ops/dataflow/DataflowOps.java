package dev.rawops.ops.dataflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The Dataflow op family (TF's data_flow_ops): DynamicPartition, DynamicStitch,
 * ParallelDynamicStitch, the TensorArrayV3 family ({@link TensorArrayOps}) and TF 2's TensorList
 * ops ({@link TensorListOps}).
 */
public final class DataflowOps implements OpFamily {
  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    ops.addAll(TensorArrayOps.all());
    ops.addAll(TensorListOps.all());
    ops.addAll(
        List.of(
            DefinedOp.of("DynamicPartition", DataflowOps::dynamicPartitionShape),
            DefinedOp.of("DynamicStitch", DataflowOps::dynamicStitchShape),
            DefinedOp.of("ParallelDynamicStitch", DataflowOps::dynamicStitchShape)));
    return ops;
  }

  private static List<PartialShape> dynamicPartitionShape(NodeInfo node) {
    PartialShape data = node.inputShape(0);
    PartialShape partitions = node.inputShape(1);
    PartialShape each =
        data.hasRank() && partitions.hasRank() && partitions.rank() <= data.rank()
            ? PartialShape.of(-1).concat(data.sub(partitions.rank(), data.rank()))
            : PartialShape.unknownRank();
    return Collections.nCopies(node.numOutputs(), each);
  }

  private static List<PartialShape> dynamicStitchShape(NodeInfo node) {
    int n = (int) node.attrs().getInt("N");
    long max = -1;
    boolean allKnown = true;
    for (int i = 0; i < n; i++) {
      Optional<Tensor> c = node.constantInput(i);
      if (c.isEmpty()) {
        allKnown = false;
        break;
      }
      for (long v : c.get().toLongArray()) {
        max = Math.max(max, v);
      }
    }
    PartialShape indices0 = node.inputShape(0);
    PartialShape data0 = node.inputShape(n);
    List<PartialShape> out = new ArrayList<>();
    if (!indices0.hasRank() || !data0.hasRank() || indices0.rank() > data0.rank()) {
      out.add(PartialShape.unknownRank());
      return out;
    }
    out.add(
        PartialShape.of(allKnown ? max + 1 : -1).concat(data0.sub(indices0.rank(), data0.rank())));
    return out;
  }
}
