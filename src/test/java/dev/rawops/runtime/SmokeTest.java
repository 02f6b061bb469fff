package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void gatherNd_scalarsFromMatrix() {
    var g = new GraphDefBuilder()
        .constant("params", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"))
        .constant("indices", Tensor.ofInts(Shape.of(2, 2), 0, 0, 1, 1))
        .op("out", "GatherNd", "params", "indices").attr("Tparams", DataType.DT_STRING).attr("Tindices", DataType.DT_INT32)
        .build();
    List<Tensor> out = Graph.build(g, Device.CPU).newSession().run(Map.of(), List.of("out"));
    assertEquals(Shape.of(2), out.get(0).shape());
    assertEquals("a", new String(out.get(0).getString(0)));
    assertEquals("d", new String(out.get(0).getString(1)));
  }
}
