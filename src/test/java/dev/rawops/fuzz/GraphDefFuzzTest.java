package dev.rawops.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.tfproto.GraphDef;

/**
 * Binary GraphDef bytes → parse → build: a graph, or a status. Seeds in {@code
 * GraphDefFuzzTestInputs/<method>/}; JAZZER_FUZZ=1 fuzzes each for 20 s.
 */
class GraphDefFuzzTest {
  @FuzzTest(maxDuration = "20s")
  void binaryGraphDef(byte[] data) {
    FuzzChecks.statusOrSuccess(() -> build(GraphLoader.parseBinary(data, "fuzz.pb")));
  }

  private static void build(GraphDef def) {
    Graph g = Graph.build(def, Device.CPU);
    g.inputs();
    g.outputs();
  }
}
