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
