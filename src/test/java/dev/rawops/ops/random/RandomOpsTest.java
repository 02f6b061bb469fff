package dev.rawops.ops.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.testing.OneOp;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The random family against TF 2.18: the Philox4x32-10 known-answer vectors of Random123 (the
 * generator TF's philox_random.h implements), stateful ops' later runs in one session against the
 * TF fixtures of the V2 op at the counter TF's generator reaches (graphs/conformance/random,
 * checked against TF's own second run by RandomSecondRunTest in the tf profile), and errors with
 * TF's messages from the fixtures.
 */
class RandomOpsTest {
  private static Tensor u64(long... v) {
    return Tensor.ofIntegers(DType.UINT64, Shape.of(v.length), v);
  }

  /** Philox words at (key, counter), read through StatelessRandomUniformFullIntV2 uint32. */
  private static int[] philox(long key, long counterLo, long counterHi) {
    Tensor t =
        OneOp.of("StatelessRandomUniformFullIntV2")
            .input(Tensor.ofIntegers(DType.INT32, Shape.of(1), 4))
            .input(u64(key))
            .input(u64(counterLo, counterHi))
            .input(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 1))
            .attr("dtype", DType.UINT32)
            .attr("Tshape", DType.INT32)
            .run();
    int[] w = new int[4];
    for (int i = 0; i < 4; i++) {
      w[i] = (int) t.getIndex(i);
    }
    return w;
  }

  @Test
  void philoxKnownAnswers() {
    // Random123's kat_vectors for philox4x32_10: counter and key all zeros, then all ones.
    assertArrayEquals(new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}, philox(0, 0, 0));
    assertArrayEquals(
        new int[] {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}, philox(-1L, -1L, -1L));
  }

  private static Fixture fixture(int number) {
    return Fixtures.read(
        Path.of(String.format("graphs/conformance/random/%04d.fixture.pbtxt", number)));
  }

  private static Graph stateful(String op, DType dtype, long[] dims, long seed, long seed2) {
    return OneOp.of(op)
        .named("r")
        .constInput(Tensor.ofIntegers(DType.INT32, Shape.of(dims.length), dims))
        .attr("dtype", dtype)
        .attr("T", DType.INT32)
        .attr("seed", seed)
        .attr("seed2", seed2)
        .build();
  }

  private static byte[] bytes(Tensor t) {
    return t.data().toArray(ValueLayout.JAVA_BYTE);
  }

  private static void assertSameBits(Tensor expected, Tensor actual) {
    assertEquals(expected.dtype(), actual.dtype());
    assertEquals(expected.shape(), actual.shape());
    assertArrayEquals(bytes(expected), bytes(actual));
  }

  @Test
  void secondAndThirdRunsOfOneSessionAreTfs() {
    Session s = stateful("RandomUniform", DType.FLOAT, new long[] {10}, 1, 2).newSession();
    Tensor first = s.run(Map.of(), List.of("r")).get(0);
    Tensor second = s.run(Map.of(), List.of("r")).get(0);
    Tensor third = s.run(Map.of(), List.of("r")).get(0);
    assertFalse(java.util.Arrays.equals(bytes(first), bytes(second)));
    assertSameBits(TensorProtos.toTensor(fixture(409).getExpected(0)), second);
    assertSameBits(TensorProtos.toTensor(fixture(410).getExpected(0)), third);
  }

  @ParameterizedTest
  @CsvSource({
    "RandomUniform, DOUBLE, 87654321, 0, 411",
    "TruncatedNormal, HALF, 1, 2, 414",
  })
  void secondRunIsTfs(String op, DType dtype, long seed, long seed2, int number) {
    Fixture f = fixture(number);
    Tensor expected = TensorProtos.toTensor(f.getExpected(0));
    Session s = stateful(op, dtype, expected.shape().dims(), seed, seed2).newSession();
    s.run(Map.of(), List.of("r"));
    assertSameBits(expected, s.run(Map.of(), List.of("r")).get(0));
  }

  @Test
  void secondRunOfRandomUniformIntIsTfs() {
    for (int number : new int[] {415, 416}) {
      Tensor expected = TensorProtos.toTensor(fixture(number).getExpected(0));
      DType t = expected.dtype();
      Graph g =
          OneOp.of("RandomUniformInt")
              .named("r")
              .constInput(Tensor.ofIntegers(DType.INT32, Shape.of(1), 6))
              .constInput(Tensor.ofIntegers(t, Shape.scalar(), -5))
              .constInput(Tensor.ofIntegers(t, Shape.scalar(), 5))
              .attr("Tout", t)
              .attr("T", DType.INT32)
              .attr("seed", 1L)
              .attr("seed2", 2L)
              .build();
      Session s = g.newSession();
      s.run(Map.of(), List.of("r"));
      assertSameBits(expected, s.run(Map.of(), List.of("r")).get(0));
    }
  }

  @Test
  void secondRunOfRandomShuffleIsTfs() {
    Tensor expected = TensorProtos.toTensor(fixture(473).getExpected(0));
    long[] v = new long[10];
    for (int i = 0; i < v.length; i++) {
      v[i] = i + 1;
    }
    Graph g =
        OneOp.of("RandomShuffle")
            .named("r")
            .constInput(Tensor.ofIntegers(DType.INT64, Shape.of(10), v))
            .attr("T", DType.INT64)
            .attr("seed", 1L)
            .attr("seed2", 2L)
            .build();
    Session s = g.newSession();
    Tensor first = s.run(Map.of(), List.of("r")).get(0);
    assertFalse(java.util.Arrays.equals(bytes(first), bytes(expected)));
    assertSameBits(expected, s.run(Map.of(), List.of("r")).get(0));
  }

  @Test
  void twoSessionsStartAlike() {
    Graph g = stateful("RandomStandardNormal", DType.FLOAT, new long[] {8}, 5, 6);
    assertSameBits(
        g.newSession().run(Map.of(), List.of("r")).get(0),
        g.newSession().run(Map.of(), List.of("r")).get(0));
  }

  @Test
  void unseededOpsDifferBetweenSessions() {
    // TF seeds a generator randomly when seed and seed2 are both 0.
    Graph g = stateful("RandomUniform", DType.DOUBLE, new long[] {16}, 0, 0);
    Tensor a = g.newSession().run(Map.of(), List.of("r")).get(0);
    Tensor b = g.newSession().run(Map.of(), List.of("r")).get(0);
    assertFalse(java.util.Arrays.equals(bytes(a), bytes(b)));
  }

  private static RawOpsException fails(OneOp op) {
    return assertThrows(RawOpsException.class, op::run);
  }

  @Test
  void minvalNotBelowMaxvalIsTfsError() {
    RawOpsException e =
        fails(
            OneOp.of("RandomUniformInt")
                .named("r")
                .input(Tensor.ofIntegers(DType.INT32, Shape.of(1), 3))
                .input(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 9))
                .input(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 2))
                .attr("Tout", DType.INT32)
                .attr("T", DType.INT32)
                .attr("seed", 1L));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("Need minval < maxval, got 9 >= 2"), e.getMessage());
    assertTrue(e.getMessage().contains("r"), e.getMessage());
  }

  @Test
  void negativeDimIsTfsError() {
    RawOpsException e =
        fails(
            OneOp.of("RandomUniform")
                .named("r")
                .input(Tensor.ofIntegers(DType.INT32, Shape.of(2), 4, -3))
                .attr("dtype", DType.FLOAT)
                .attr("T", DType.INT32));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("Dimension -3 must be >= 0"), e.getMessage());
    assertTrue(e.getMessage().contains("'r'") || e.getMessage().contains("r"), e.getMessage());
  }

  @Test
  void multinomialNeedsClasses() {
    RawOpsException e =
        fails(
            OneOp.of("Multinomial")
                .named("m")
                .input(Tensor.ofDoubles(Shape.of(2, 0)))
                .input(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 3))
                .attr("T", DType.DOUBLE)
                .attr("seed", 1L));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("num_classes should be positive, got 0"), e.getMessage());
    assertTrue(e.getMessage().contains("m"), e.getMessage());
  }

  @Test
  void multinomialSecondRunDiffersAndSessionsRepeat() {
    Graph g =
        OneOp.of("Multinomial")
            .named("m")
            .constInput(Tensor.ofDoubles(Shape.of(2, 3), 0, 0, 0, 1, 2, 3))
            .constInput(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 16))
            .attr("T", DType.DOUBLE)
            .attr("seed", 4L)
            .attr("seed2", 5L)
            .build();
    Session s = g.newSession();
    Tensor first = s.run(Map.of(), List.of("m")).get(0);
    Tensor second = s.run(Map.of(), List.of("m")).get(0);
    assertFalse(java.util.Arrays.equals(bytes(first), bytes(second)));
    assertSameBits(first, g.newSession().run(Map.of(), List.of("m")).get(0));
  }

  @Test
  void threeFryIsUnsupportedOnCpu() {
    RawOpsException e =
        fails(
            OneOp.of("StatelessRandomUniformV2")
                .named("r")
                .input(Tensor.ofIntegers(DType.INT32, Shape.of(1), 4))
                .input(u64(1))
                .input(u64(2, 3))
                .input(Tensor.ofIntegers(DType.INT32, Shape.scalar(), 2))
                .attr("dtype", DType.FLOAT)
                .attr("Tshape", DType.INT32));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("Unsupported algorithm id: 2"), e.getMessage());
  }
}
