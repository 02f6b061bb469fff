package dev.rawops.ops.ragged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two RaggedGather fixtures written by an independent TensorFlow 2.18 based tool. */
class RaggedGatherFixtureExamplesTest {
  @Test
  void okFixture_bfloat16TwoLevelsMatrixIndices_matchesTf() throws IOException {
    Fixture f = load("ragged_gather_ok.fixture.pbtxt");
    List<Tensor> out =
        Graph.build(f.getGraph(), Device.CPU).newSession().run(feeds(f), f.getFetchList());
    assertEquals(f.getExpectedCount(), out.size());
    for (int i = 0; i < out.size(); i++) {
      Tensor expected = TensorProtos.toTensor(f.getExpected(i));
      assertTrue(expected.contentEquals(out.get(i)), "output " + i + ": " + out.get(i));
    }
  }

  @Test
  void errorFixture_wrongOutputRaggedRank_failsAtBuildAsTf() throws IOException {
    Fixture f = load("ragged_gather_error.fixture.pbtxt");
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(f.getGraph(), Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT.name(), f.getError().getCode().name());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
    String tfPrefix =
        f.getError().getMessage().substring(0, f.getError().getMessage().indexOf(" for "));
    assertTrue(e.detail().startsWith(tfPrefix), e.detail());
  }

  private static Map<String, Tensor> feeds(Fixture f) {
    Map<String, Tensor> feeds = new HashMap<>();
    f.getFeedMap().forEach((k, v) -> feeds.put(k, TensorProtos.toTensor(v)));
    return feeds;
  }

  private static Fixture load(String name) throws IOException {
    try (InputStream in = RaggedGatherFixtureExamplesTest.class.getResourceAsStream(name)) {
      Fixture.Builder b = Fixture.newBuilder();
      TextFormat.merge(new String(in.readAllBytes(), StandardCharsets.UTF_8), b);
      return b.build();
    }
  }
}
