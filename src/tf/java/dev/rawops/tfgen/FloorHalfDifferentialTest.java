package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.conform.Oracle;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tf.TfOracle;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * FloorDiv and FloorMod of half and bfloat16 against TensorFlow 2.18, element by element and bit
 * for bit (any NaN equals any NaN): every pair of a grid of edge values (signed zeros, ±1, halves,
 * subnormals, the largest finite values, ±inf, NaN) and random bit patterns of the type.
 *
 * <p>{@code ./mvnw -Ptf -q -o test -Dtest=FloorHalfDifferentialTest}; with {@code
 * -Dfloor.fixtures=graphs/conformance/fuzz_findings} it also writes TF's answers on the operand
 * pairs that differed before the fix as conformance fixtures.
 */
class FloorHalfDifferentialTest {
  private static final double[] EDGES = {
    0.0,
    -0.0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    -1.5,
    2,
    -2,
    3,
    -3,
    7.25,
    -7.25,
    10,
    -10,
    0.1,
    -0.1,
    1e-3,
    -1e-3,
    6e-5,
    -6e-5,
    6e-8,
    -6e-8,
    1e-30,
    -1e-30,
    100,
    -100,
    1000,
    -1000,
    2049,
    -2049,
    65504,
    -65504,
    3e38,
    -3e38,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN
  };

  @Test
  void floorDivAndFloorModOfHalfAndBfloat16MatchTensorFlow() {
    List<String> report = new ArrayList<>();
    int total = 0;
    for (DType t : List.of(DType.HALF, DType.BFLOAT16)) {
      short[][] xy = operands(t, new Random(2018));
      for (String op : List.of("FloorDiv", "FloorMod")) {
        int bad = compare(t, op, xy[0], xy[1], report);
        report.add(op + " " + t.tfName() + ": " + bad + " of " + xy[0].length + " differ");
        total += bad;
      }
    }
    report.forEach(System.out::println);
    assertEquals(0, total, String.join("\n", report));
    String dir = System.getProperty("floor.fixtures");
    if (dir != null) {
      writeFixtures(java.nio.file.Path.of(dir));
    }
  }

  /** Operand pairs on which rawops differed from TF before the fix (x0, y0, x1, y1, ...). */
  private static final double[] FLOOR_DIV_PAIRS = {
    1,
    -0.1,
    -1,
    0.1,
    0.5,
    -0.1,
    1.5,
    -1e-3,
    -1.5,
    1e-3,
    2,
    -1e-3,
    1,
    3e38,
    -1,
    3e38,
    1,
    1e-30,
    7.25,
    -7.25,
    -3,
    0,
    0.0,
    -0.0,
    1,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    -3,
    1e-39,
    5,
    -5,
    -1e-39
  };

  private static final double[] FLOOR_MOD_PAIRS = {
    -3.2537684e-35,
    3.2509766e-38,
    -1.377532e-39,
    6.884684e-18,
    -6.42848e-40,
    4.75,
    -1.0285576e-38,
    113.5,
    -1.1911823e9,
    7.255004e-39,
    9.18355e-40,
    -100.5,
    -2.5162926e-38,
    -2.938736e-39,
    9.834766e-6,
    -1.744874e-39,
    7.25,
    -3,
    -7.25,
    3,
    5,
    0,
    -0.0,
    2,
    Double.POSITIVE_INFINITY,
    2,
    1,
    Double.NaN
  };

  private static void writeFixtures(java.nio.file.Path dir) {
    fixture(
        dir,
        DType.HALF,
        "FloorDiv",
        FLOOR_DIV_PAIRS,
        "the quotient is rounded to half before" + " flooring (1 / -0.09998 is -10, not -11)");
    fixture(
        dir,
        DType.BFLOAT16,
        "FloorDiv",
        FLOOR_DIV_PAIRS,
        "the quotient is rounded to bfloat16"
            + " before flooring; subnormal operands and quotients are zero (TF's FTZ/DAZ)");
    fixture(
        dir,
        DType.BFLOAT16,
        "FloorMod",
        FLOOR_MOD_PAIRS,
        "a subnormal divisor is zero (NaN),"
            + " a subnormal remainder counts as zero, a subnormal r + y becomes zero (TF's FTZ/DAZ)");
  }

  private static void fixture(
      java.nio.file.Path dir, DType t, String op, double[] pairs, String why) {
    short[] x = new short[pairs.length / 2];
    short[] y = new short[pairs.length / 2];
    for (int i = 0; i < x.length; i++) {
      x[i] = bits(t, pairs[2 * i]);
      y[i] = bits(t, pairs[2 * i + 1]);
    }
    GraphDefBuilder g =
        new GraphDefBuilder().constant("x", tensor(t, x)).constant("y", tensor(t, y));
    g.op("out", op, "x", "y").attr("T", t.proto());
    String base = (op.equals("FloorDiv") ? "floor-div-" : "floor-mod-") + t.tfName();
    Case c =
        new Case(
            "fuzz_findings/" + base,
            op
                + " "
                + t.tfName()
                + " ["
                + x.length
                + "]: "
                + why
                + " (found by FloorHalfDifferentialTest)",
            g.build(),
            Map.of(),
            List.of("out"));
    String text =
        Generate.text(
            Generate.fixture(
                c,
                TfOracle.run(c.graph(), Map.of(), List.of("out"), TfOracle.Optimizations.DEFAULT)));
    int nl = text.indexOf('\n');
    text =
        text.substring(0, nl + 1)
            + "# Kept from a FloorHalfDifferentialTest mismatch: the graph and TensorFlow 2.18's"
            + " outcome as recorded.\n"
            + text.substring(text.indexOf('\n', nl + 1) + 1);
    try {
      java.nio.file.Files.writeString(dir.resolve(base + ".fixture.pbtxt"), text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static short bits(DType t, double v) {
    return t == DType.HALF ? Float.floatToFloat16((float) v) : Numbers.floatToBfloat16((float) v);
  }

  private static short[][] operands(DType t, Random r) {
    List<short[]> pairs = new ArrayList<>();
    for (double x : EDGES) {
      for (double y : EDGES) {
        pairs.add(new short[] {bits(t, x), bits(t, y)});
      }
    }
    for (int i = 0; i < 20_000; i++) {
      short x = (short) r.nextInt(1 << 16);
      short y =
          switch (r.nextInt(3)) {
            case 0 -> (short) r.nextInt(1 << 16);
            case 1 -> bits(t, (r.nextInt(41) - 20) / 4.0);
            default -> bits(t, (r.nextInt(2001) - 1000) / 7.0);
          };
      pairs.add(new short[] {x, y});
    }
    short[][] out = new short[2][pairs.size()];
    for (int i = 0; i < pairs.size(); i++) {
      out[0][i] = pairs.get(i)[0];
      out[1][i] = pairs.get(i)[1];
    }
    return out;
  }

  private static Tensor tensor(DType t, short[] v) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment s = a.allocate(ValueLayout.JAVA_SHORT, v.length);
      MemorySegment.copy(v, 0, s, ValueLayout.JAVA_SHORT_UNALIGNED, 0, v.length);
      return Tensor.fromBytes(t, Shape.of(v.length), s);
    }
  }

  private static float value(DType t, short b) {
    return t == DType.HALF ? Float.float16ToFloat(b) : Numbers.bfloat16ToFloat(b);
  }

  private static int compare(DType t, String op, short[] x, short[] y, List<String> report) {
    GraphDefBuilder g =
        new GraphDefBuilder().constant("x", tensor(t, x)).constant("y", tensor(t, y));
    g.op("out", op, "x", "y").attr("T", t.proto());
    Oracle.Outcome tf =
        TfOracle.run(g.build(), Map.of(), List.of("out"), TfOracle.Optimizations.DEFAULT);
    if (tf.failed()) {
      report.add(op + " " + t.tfName() + ": TF failed " + tf.error());
      return x.length;
    }
    Tensor want = TensorProtos.toTensor(tf.outputs().get(0));
    Tensor got =
        Graph.build(g.build(), Device.CPU).newSession().run(Map.of(), List.of("out")).get(0);
    int bad = 0;
    for (int i = 0; i < x.length; i++) {
      short w = want.data().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i);
      short o = got.data().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i);
      float wf = value(t, w);
      float of = value(t, o);
      // any NaN equals any NaN here: the sign TF gives a NaN computed from a NaN operand varies
      // with its payload (glibc's fmodf); the fixtures written below pin the signs they show
      if (w != o && !(Float.isNaN(wf) && Float.isNaN(of))) {
        if (bad++ < 12) {
          report.add(
              String.format(
                  "  %s %s(%s, %s): TF %s (0x%04x), rawops %s (0x%04x)",
                  t.tfName(), op, value(t, x[i]), value(t, y[i]), wf, w, of, o));
        }
      }
    }
    return bad;
  }
}
