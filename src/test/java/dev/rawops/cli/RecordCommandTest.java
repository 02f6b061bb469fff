package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.conform.Oracle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rawops record} without the optional module rawops-tf (the core's class path never has it),
 * and the random feeds it makes. Recording itself is tested in rawops-tf, against TF.
 */
class RecordCommandTest {
  @TempDir Path tmp;

  @Test
  void withoutTheModuleSaysHowToAddIt() throws Exception {
    assertTrue(Oracle.find().isEmpty(), "the core's tests must not see an oracle");
    Path out = tmp.resolve("x.fixture.pbtxt");
    CliRun.Result r =
        CliRun.rawops(
            "record",
            "graphs/examples/gather_nd/tensor3_depth2.pbtxt",
            "--fetch",
            "out",
            "--out",
            out.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().startsWith("error: UNIMPLEMENTED: "), r.err());
    assertTrue(r.err().contains("rawops-tf"), r.err());
    assertTrue(r.err().contains("./mvnw -B -f rawops-tf/pom.xml package"), r.err());
    assertFalse(Files.exists(out), "nothing is written");
  }

  @Test
  void compareWithoutTheModuleSaysHowToAddIt() {
    CliRun.Result r = CliRun.rawops("compare", "graphs/examples/gather_nd/tensor3_depth2.pbtxt");
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().startsWith("error: UNIMPLEMENTED: "), r.err());
    assertTrue(r.err().contains("rawops-tf"), r.err());
  }

  @Test
  void theBrokenKernelSwitchBreaksOnlyItsOp() {
    dev.rawops.tfproto.GraphDef def =
        dev.rawops.runtime.GraphLoader.parseText(
            """
            node { name: "x" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
              attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } }
              float_val: 1.5 float_val: -2 float_val: 3 } } } }
            node { name: "r" op: "Relu" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
            node { name: "n" op: "Neg" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
            """,
            "test graph");
    java.util.List<Tensor> real = run(def);
    System.setProperty(dev.rawops.kernels.KernelRegistry.BREAK_KERNEL_PROPERTY, "Relu");
    java.util.List<Tensor> broken;
    try {
      broken = run(def);
    } finally {
      System.clearProperty(dev.rawops.kernels.KernelRegistry.BREAK_KERNEL_PROPERTY);
    }
    assertEquals(2 * Numbers.get(real.get(0), 0) + 1, Numbers.get(broken.get(0), 0));
    for (long i = 1; i < 3; i++) {
      assertEquals(Numbers.get(real.get(0), i), Numbers.get(broken.get(0), i));
    }
    assertEquals(
        dev.rawops.tensor.TensorProtos.toProto(real.get(1)),
        dev.rawops.tensor.TensorProtos.toProto(broken.get(1)),
        "Neg is not broken");
    assertEquals(
        dev.rawops.tensor.TensorProtos.toProto(real.get(0)),
        dev.rawops.tensor.TensorProtos.toProto(run(def).get(0)),
        "mended once the switch is off");
  }

  private static java.util.List<Tensor> run(dev.rawops.tfproto.GraphDef def) {
    try (dev.rawops.runtime.Session s =
        dev.rawops.runtime.Graph.build(def, dev.rawops.kernels.Device.CPU).newSession()) {
      return s.run(java.util.Map.of(), java.util.List.of("r", "n"));
    }
  }

  @Test
  void malformedCommandLineIsUsage() {
    assertEquals(2, CliRun.rawops("record", "g.pb", "--out", "x.fixture.pbtxt").code());
    assertEquals(2, CliRun.rawops("record", "g.pb", "--fetch", "y").code());
  }

  @Test
  void randomFeedsKeepDtypeShapeAndRange() {
    Shape shape = Shape.of(3, 50);
    for (DType d : DType.values()) {
      if (d == DType.RESOURCE || d == DType.VARIANT) {
        continue;
      }
      Tensor a = RandomFeeds.value("x", d, shape, null, new SplittableRandom(7));
      Tensor b = RandomFeeds.value("x", d, shape, null, new SplittableRandom(7));
      assertEquals(d, a.dtype());
      assertEquals(shape, a.shape());
      assertEquals(
          dev.rawops.tensor.TensorProtos.toProto(a),
          dev.rawops.tensor.TensorProtos.toProto(b),
          d + ": the same seed gives the same values");
    }
    RandomFeeds.Range r = RandomFeeds.Range.parse("i", "-3:4");
    Tensor ints = RandomFeeds.value("i", DType.INT32, shape, r, new SplittableRandom(1));
    boolean sawLo = false;
    boolean sawTop = false;
    for (long i = 0; i < ints.numElements(); i++) {
      long v = Numbers.getLong(ints, i);
      assertTrue(v >= -3 && v <= 3, "integers LO..HI-1: " + v);
      sawLo |= v == -3;
      sawTop |= v == 3;
    }
    assertTrue(sawLo && sawTop, "both ends are drawn");
    Tensor floats =
        RandomFeeds.value(
            "f",
            DType.FLOAT,
            shape,
            RandomFeeds.Range.parse("f", "2:2.5"),
            new SplittableRandom(1));
    for (long i = 0; i < floats.numElements(); i++) {
      double v = Numbers.get(floats, i);
      assertTrue(v >= 2 && v < 2.5, "floats [LO, HI): " + v);
    }
  }

  @Test
  void rangesOutsideTheTypeAreRefused() {
    RandomFeeds.Range r = RandomFeeds.Range.parse("u", "-5:3");
    dev.rawops.RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            dev.rawops.RawOpsException.class,
            () -> RandomFeeds.value("u", DType.UINT8, Shape.of(2), r, new SplittableRandom(1)));
    assertEquals(dev.rawops.Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("'u'"), e.getMessage());
    assertThrows(() -> RandomFeeds.Range.parse("x", "3:1"));
    assertThrows(() -> RandomFeeds.Range.parse("x", "a:b"));
    assertThrows(() -> RandomFeeds.Range.parse("x", "7"));
  }

  private static void assertThrows(org.junit.jupiter.api.function.Executable e) {
    org.junit.jupiter.api.Assertions.assertThrows(dev.rawops.RawOpsException.class, e);
  }
}
