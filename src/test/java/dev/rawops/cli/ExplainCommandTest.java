package dev.rawops.cli;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.cli.CliRun.Result;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {
  @TempDir Path tmp;

  private static Result explain(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "explain";
    System.arraycopy(args, 0, all, 1, args.length);
    return CliRun.rawops(all);
  }

  private Path write(GraphDef g) throws Exception {
    Path p = tmp.resolve("g.pbtxt");
    Files.writeString(p, TextFormat.printer().printToString(g));
    return p;
  }

  private static long[] v(long... x) {
    return x;
  }

  @Test
  void seedWorkedExample_inPythonNotation_withShapes() {
    Result r = explain("graphs/examples/strided_slice/worked_example.pbtxt");
    assertEquals(0, r.code(), r.err());
    assertEquals(
        """
        out = foo[1, 2:4, tf.newaxis, ..., :-3:-1, :]
          shape: [5,5,5,5,5,5] -> [2,1,5,5,2,5]
        """,
        r.out());
  }

  @Test
  void reversedSlice_showsItsStride() {
    Result r = explain("graphs/examples/strided_slice/reverse_from_second_to_last.pbtxt", "out");
    assertEquals("out = foo[-2::-1]\n  shape: [4] -> [3]\n", r.out());
  }

  @Test
  void nonConstantVectors_areSymbolic_andMasksDecodedBitByBit() throws Exception {
    Tensor x = Tensor.ofFloats(Shape.of(4, 5, 6), new float[120]);
    Path g =
        write(
            slice(x, v(0, 0, 0, 0), v(0, 0, 0, 0), v(1, 1, 1, 1))
                .masks(2, 4, 8, 1, 4)
                .feedVectorsOfKnownLength()
                .graph());
    Result r = explain(g.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(
        """
        out = input[tf.newaxis, :e[1]:s[1], b[2], ...]
          not constant: begin, end, strides (shown as b[i], e[i], s[i])
          begin_mask = 2
            bit 1: entry 1 ignores b[1]: starts at the first element in the stride's direction
          end_mask = 4
            bit 2: no effect: entry 2 is a single index
          ellipsis_mask = 8
            bit 3: entry 3 is ...: as many whole dimensions as the input needs
          new_axis_mask = 1
            bit 0: entry 0 is tf.newaxis: a new dimension of size 1
          shrink_axis_mask = 4
            bit 2: entry 2 is the single index b[2]: its dimension is dropped
          shape: [4,5,6] -> [1,?,6]
        """,
        r.out());
  }

  @Test
  void invalidSpec_isExplained_andTheBuildErrorReported() throws Exception {
    Tensor five = Tensor.ofInts(Shape.of(5), 1, 2, 3, 4, 5);
    Path g = write(slice(five, v(7), v(8), v(1)).masks(0, 0, 0, 0, 1).graph());
    Result r = explain(g.toString(), "out");
    assertEquals(1, r.code());
    assertTrue(
        r.out()
            .startsWith(
                "out = input[7]\n  shape: ? -> ?\n  error: INVALID_ARGUMENT: slice index 7 of "
                    + "dimension 0 out of bounds."),
        r.out());
    assertTrue(r.err().contains("the graph does not build (1 error)"), r.err());
  }

  @Test
  void aNodeThatIsNotAStridedSliceOfTheGraph_exits1_onlyAMalformedCommandLine2() throws Exception {
    Path g = write(slice(Tensor.ofInts(Shape.of(2), 1, 2), v(0), v(1), v(1)).graph());
    Result missing = explain(g.toString(), "nope");
    assertEquals(1, missing.code());
    assertTrue(missing.err().contains("NOT_FOUND: no node named 'nope'"), missing.err());
    Result notSlice = explain(g.toString(), "begin");
    assertEquals(1, notSlice.code());
    assertTrue(
        notSlice.err().contains("INVALID_ARGUMENT: node 'begin' is a Const, not a StridedSlice"),
        notSlice.err());
    assertEquals(2, explain().code());
  }

  @Test
  void missingFile_exitsWith1() {
    Result r = explain(tmp.resolve("absent.pbtxt").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("NOT_FOUND"), r.err());
  }
}
