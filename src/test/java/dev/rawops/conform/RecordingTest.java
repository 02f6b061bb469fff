package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The refusals of {@link Recording}, with a scripted oracle (the outcomes of TF's runs in order:
 * rewrites on, on again, off). What TF itself computes is tested in rawops-tf.
 */
class RecordingTest {
  private static final TensorProto ONE =
      TensorProto.newBuilder().setDtype(dev.rawops.tfproto.DataType.DT_INT32).addIntVal(1).build();
  private static final TensorProto TWO =
      TensorProto.newBuilder().setDtype(dev.rawops.tfproto.DataType.DT_INT32).addIntVal(2).build();

  private static Oracle.Outcome values(TensorProto... t) {
    return new Oracle.Outcome(List.of(t), null);
  }

  private static Oracle.Outcome error(
      dev.rawops.fixtureproto.Code code, ExpectedError.Stage stage) {
    return new Oracle.Outcome(
        List.of(),
        ExpectedError.newBuilder().setCode(code).setStage(stage).setMessage("m").build());
  }

  private static final class Scripted implements Oracle {
    final Deque<Outcome> outcomes;
    final Deque<Boolean> rewrites = new ArrayDeque<>();

    Scripted(Outcome... o) {
      outcomes = new ArrayDeque<>(List.of(o));
    }

    @Override
    public String source() {
      return "scripted";
    }

    @Override
    public Outcome run(
        GraphDef graph, Map<String, TensorProto> feeds, List<String> fetches, boolean rewrites) {
      this.rewrites.add(rewrites);
      return outcomes.removeFirst();
    }

    @Override
    public Outcome runSavedModel(
        java.nio.file.Path dir,
        List<String> tags,
        Map<String, TensorProto> feeds,
        List<String> fetches,
        boolean rewrites) {
      return run(GraphDef.getDefaultInstance(), feeds, fetches, rewrites);
    }
  }

  private static GraphDef randomGraph(long seed) {
    GraphDef.Builder g = GraphDef.newBuilder();
    g.addNodeBuilder()
        .setName("r")
        .setOp("RandomUniform")
        .putAttr("seed", AttrValue.newBuilder().setI(seed).build());
    return g.build();
  }

  @Test
  void agreeingRunsGiveTheOutcome() {
    Oracle.Outcome first = values(ONE);
    Scripted o = new Scripted(first, values(ONE), values(ONE));
    assertSame(
        first,
        Recording.deterministic(
            o, GraphDef.getDefaultInstance(), Map.of(), List.of("x"), "c", null));
    assertEquals(List.of(false, false, true), List.copyOf(o.rewrites));
  }

  @Test
  void twoRunsThatDifferAreNondeterministic() {
    Scripted o = new Scripted(values(ONE), values(TWO));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                Recording.deterministic(
                    o, randomGraph(0), Map.of(), List.of("r"), "the case c", null));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("the case c is nondeterministic"), e.getMessage());
    assertTrue(e.getMessage().contains("fetch 'r' differs"), e.getMessage());
    assertTrue(e.getMessage().contains("unseeded random ops"), e.getMessage());
    assertTrue(e.getMessage().contains("r (RandomUniform)"), e.getMessage());
  }

  @Test
  void rewritesThatChangeTheOutcomeAreRefused() {
    Scripted o =
        new Scripted(
            values(ONE),
            values(ONE),
            error(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, ExpectedError.Stage.RUN));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                Recording.deterministic(
                    o, GraphDef.getDefaultInstance(), Map.of(), List.of("x"), "c", null));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(
        e.getMessage()
            .contains("without them it succeeds, with them it fails with INVALID_ARGUMENT at RUN"),
        e.getMessage());
  }

  @Test
  void rewrittenValuesMayDifferWithinTheTolerance() {
    TensorProto a = floats(1.0f);
    TensorProto b = floats(1.0001f);
    Oracle.Outcome plain = values(a);
    Oracle.Outcome got =
        Recording.deterministic(
            new Scripted(plain, values(a), values(b)),
            GraphDef.getDefaultInstance(),
            Map.of(),
            List.of("x"),
            "c",
            dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-3).build());
    assertSame(plain, got, "the values without rewrites are recorded");
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                Recording.deterministic(
                    new Scripted(plain, values(a), values(b)),
                    GraphDef.getDefaultInstance(),
                    Map.of(),
                    List.of("x"),
                    "c",
                    null));
    assertTrue(e.getMessage().contains("fetch 0 ('x')"), e.getMessage());
    assertTrue(e.getMessage().contains("--rtol/--atol"), e.getMessage());
  }

  private static TensorProto floats(float v) {
    return TensorProto.newBuilder()
        .setDtype(dev.rawops.tfproto.DataType.DT_FLOAT)
        .addFloatVal(v)
        .build();
  }

  @Test
  void savedModelsAreCheckedTheSameWay() {
    Scripted o = new Scripted(values(ONE), values(TWO));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                Recording.deterministicSavedModel(
                    o,
                    java.nio.file.Path.of("m"),
                    List.of("serve"),
                    randomGraph(0),
                    Map.of(),
                    List.of("r:0"),
                    "the case m",
                    null));
    assertTrue(e.getMessage().contains("the case m is nondeterministic"), e.getMessage());
  }

  @Test
  void errorsAgreeByCodeAndStage() {
    Oracle.Outcome a =
        error(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, ExpectedError.Stage.RUN);
    Oracle.Outcome b =
        error(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, ExpectedError.Stage.RUN);
    assertTrue(Recording.same(a, b));
    assertTrue(
        !Recording.same(
            a, error(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, ExpectedError.Stage.BUILD)));
    assertTrue(
        !Recording.same(a, error(dev.rawops.fixtureproto.Code.NOT_FOUND, ExpectedError.Stage.RUN)));
    assertTrue(!Recording.same(a, values()));
  }

  @Test
  void seededRandomOpsAreNotNamed() {
    assertEquals(List.of(), Recording.unseededRandomNodes(randomGraph(5)));
    assertEquals(List.of("r (RandomUniform)"), Recording.unseededRandomNodes(randomGraph(0)));
  }
}
