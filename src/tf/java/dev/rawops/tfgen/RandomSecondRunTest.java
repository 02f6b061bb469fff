package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.conform.Fixtures;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tf.TfOracle;
import dev.rawops.tf.TfTensors;
import dev.rawops.tfproto.TensorProto;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.internal.c_api.TF_Tensor;

/**
 * TF's own later runs of a stateful random op in one session equal the "second run" fixtures of
 * {@link RandomCases} (the V2 op at key = seed, counter = [256 · elements · runs, seed2]), which
 * rawops' unit tests compare rawops' later runs with.
 *
 * <p>{@code ./mvnw -Ptf -q -o test -Dtest=RandomSecondRunTest}
 */
class RandomSecondRunTest {
  @ParameterizedTest
  @CsvSource({
    "RandomUniform, FLOAT, 1, 2, 2, 409",
    "RandomUniform, FLOAT, 1, 2, 3, 410",
    "RandomUniform, DOUBLE, 87654321, 0, 2, 411",
    "RandomStandardNormal, FLOAT, -3, 1099511627776, 2, 412",
    "TruncatedNormal, FLOAT, 0, 5, 2, 413",
    "TruncatedNormal, HALF, 1, 2, 2, 414",
    "RandomUniformInt, INT32, 1, 2, 2, 415",
    "RandomUniformInt, INT64, 1, 2, 2, 416",
  })
  void laterRunsAreTheFixtures(
      String op, DType dtype, long seed, long seed2, int runs, int number) {
    TensorProto want =
        Fixtures.read(
                Path.of(String.format("graphs/conformance/random/%04d.fixture.pbtxt", number)))
            .getExpected(0);
    long[] dims = TensorProtos.toTensor(want).shape().dims();
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("shape", Tensor.ofIntegers(DType.INT32, Shape.of(dims.length), dims));
    if (op.equals("RandomUniformInt")) {
      g.constant("lo", Tensor.ofIntegers(dtype, Shape.scalar(), -5));
      g.constant("hi", Tensor.ofIntegers(dtype, Shape.scalar(), 5));
      g.op("r", op, "shape", "lo", "hi").attr("Tout", dtype);
    } else {
      g.op("r", op, "shape").attr("dtype", dtype);
    }
    g.attr("T", DType.INT32).attr("seed", seed).attr("seed2", seed2);
    try (TfOracle.OpenSession s =
        TfOracle.open(g.build(), Map.of(), List.of("r"), TfOracle.Optimizations.DEFAULT)) {
      TensorProto got = null;
      for (int i = 0; i < runs; i++) {
        List<TF_Tensor> out = s.run();
        got = TfTensors.toProto(out.get(0));
        TfOracle.OpenSession.free(out);
      }
      assertEquals(hex(TensorProtos.toTensor(want)), hex(TensorProtos.toTensor(got)));
    }
  }

  @org.junit.jupiter.api.Test
  void secondRunOfRandomShuffleIsTheFixture() {
    TensorProto want =
        Fixtures.read(Path.of("graphs/conformance/random/0473.fixture.pbtxt")).getExpected(0);
    long[] v = new long[10];
    for (int i = 0; i < v.length; i++) {
      v[i] = i + 1;
    }
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("x", Tensor.ofIntegers(DType.INT64, Shape.of(10), v));
    g.op("r", "RandomShuffle", "x").attr("T", DType.INT64).attr("seed", 1L).attr("seed2", 2L);
    try (TfOracle.OpenSession s =
        TfOracle.open(g.build(), Map.of(), List.of("r"), TfOracle.Optimizations.DEFAULT)) {
      TfOracle.OpenSession.free(s.run());
      List<TF_Tensor> out = s.run();
      TensorProto got = TfTensors.toProto(out.get(0));
      TfOracle.OpenSession.free(out);
      assertEquals(hex(TensorProtos.toTensor(want)), hex(TensorProtos.toTensor(got)));
    }
  }

  private static String hex(Tensor t) {
    return t.dtype()
        + Arrays.toString(t.shape().dims())
        + HexFormat.of().formatHex(t.data().toArray(ValueLayout.JAVA_BYTE));
  }
}
