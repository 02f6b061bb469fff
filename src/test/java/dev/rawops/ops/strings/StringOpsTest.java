package dev.rawops.ops.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The string ops against TF 2.18's documented examples (tf.strings.as_string, join, split, length,
 * substr, lower, upper, strip, to_number, reduce_join, ngrams, regex_full_match, regex_replace) and
 * their errors in TF's words (graphs/conformance/strings).
 */
class StringOpsTest {
  private static Tensor vec(String... v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  private static Tensor scalar(String s) {
    return Tensor.ofStrings(Shape.scalar(), s);
  }

  private static void fails(Code code, String message, Executable run) {
    RawOpsException e = assertThrows(RawOpsException.class, run);
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("node 's'"), e.getMessage());
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void asStringDocs() {
    Tensor ints = Tensor.ofInts(Shape.of(2), 3, 2);
    assertArrayEquals(
        new String[] {"3", "2"},
        OneOp.of("AsString").input(ints).attr("T", DType.INT32).run().toStringArray());
    Tensor f = Tensor.ofFloats(Shape.of(2), 3.1415926f, 2.71828f);
    assertArrayEquals(
        new String[] {"3.14", "2.72"},
        OneOp.of("AsString")
            .input(f)
            .attr("T", DType.FLOAT)
            .attr("precision", 2L)
            .run()
            .toStringArray());
  }

  @Test
  void asStringRefusesPrecisionForIntegers() {
    fails(
        Code.INVALID_ARGUMENT,
        "precision not supported for datatype int32",
        () ->
            OneOp.of("AsString")
                .named("s")
                .input(Tensor.ofInts(Shape.of(1), 3))
                .attr("T", DType.INT32)
                .attr("precision", 2L)
                .run());
  }

  @Test
  void joinDocs() {
    Tensor out =
        OneOp.of("StringJoin")
            .input(vec("abc", "123"))
            .input(vec("def", "456"))
            .input(vec("ghi", "789"))
            .attr("N", 3L)
            .attr("separator", ".")
            .run();
    assertArrayEquals(new String[] {"abc.def.ghi", "123.456.789"}, out.toStringArray());
  }

  @Test
  void joinShapesMustMatch() {
    fails(
        Code.INVALID_ARGUMENT,
        "Input shapes do not match: [3] vs. [2]",
        () ->
            OneOp.of("StringJoin")
                .named("s")
                .input(vec("a", "b", ""))
                .input(vec("x", "y"))
                .attr("N", 2L)
                .run());
  }

  @Test
  void splitV2OnWhitespaceDocs() {
    List<Tensor> out =
        OneOp.of("StringSplitV2").input(vec("hello world", "a b c")).input(scalar("")).runAll(3);
    assertArrayEquals(new long[] {0, 0, 0, 1, 1, 0, 1, 1, 1, 2}, out.get(0).toLongArray());
    assertArrayEquals(new String[] {"hello", "world", "a", "b", "c"}, out.get(1).toStringArray());
    assertArrayEquals(new long[] {2, 3}, out.get(2).toLongArray());
  }

  @Test
  void lengthDocs() {
    Tensor in = vec("Hello", "TensorFlow", "\uD83D\uDE42");
    assertArrayEquals(new int[] {5, 10, 4}, OneOp.of("StringLength").input(in).run().toIntArray());
    assertArrayEquals(
        new int[] {5, 10, 1},
        OneOp.of("StringLength").input(in).attr("unit", "UTF8_CHAR").run().toIntArray());
  }

  @Test
  void substrDocs() {
    Tensor s =
        OneOp.of("Substr")
            .input(vec("Hello", "World"))
            .input(Tensor.ofInts(Shape.scalar(), 1))
            .input(Tensor.ofInts(Shape.scalar(), 3))
            .attr("T", DType.INT32)
            .run();
    assertArrayEquals(new String[] {"ell", "orl"}, s.toStringArray());
    Tensor m =
        Tensor.ofStrings(
            Shape.of(3, 3),
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen");
    Tensor pl = Tensor.ofInts(Shape.of(3), 1, 2, 3);
    Tensor b = OneOp.of("Substr").input(m).input(pl).input(pl).attr("T", DType.INT32).run();
    assertArrayEquals(
        new String[] {"e", "ev", "lve", "h", "ur", "tee", "i", "ve", "hte"}, b.toStringArray());
    Tensor one =
        OneOp.of("Substr")
            .input(scalar("thirteen"))
            .input(Tensor.ofInts(Shape.of(3), 1, 5, 7))
            .input(Tensor.ofInts(Shape.of(3), 3, 2, 1))
            .attr("T", DType.INT32)
            .run();
    assertArrayEquals(new String[] {"hir", "ee", "n"}, one.toStringArray());
  }

  @Test
  void substrPosOutOfRange() {
    fails(
        Code.INVALID_ARGUMENT,
        "pos 5 out of range for string b'xyz' at index 0",
        () ->
            OneOp.of("Substr")
                .named("s")
                .input(vec("xyz"))
                .input(Tensor.ofInts(Shape.scalar(), 5))
                .input(Tensor.ofInts(Shape.scalar(), 1))
                .attr("T", DType.INT32)
                .run());
  }

  @Test
  void caseAndStripDocs() {
    Tensor in = scalar("CamelCase string and ALL CAPS");
    assertEquals(
        "camelcase string and all caps",
        OneOp.of("StringLower").input(in).run().toStringArray()[0]);
    assertEquals(
        "CAMELCASE STRING AND ALL CAPS",
        OneOp.of("StringUpper").input(in).run().toStringArray()[0]);
    assertArrayEquals(
        new String[] {"TensorFlow", "The python library"},
        OneOp.of("StringStrip")
            .input(vec("\nTensorFlow", "     The python library    "))
            .run()
            .toStringArray());
  }

  @Test
  void toNumberDocs() {
    assertEquals(
        1.55f, OneOp.of("StringToNumber").input(scalar("1.55")).run().toFloatArray()[0], 0f);
    assertArrayEquals(
        new int[] {3},
        OneOp.of("StringToNumber")
            .input(vec("3"))
            .attr("out_type", DType.INT32)
            .run()
            .toIntArray());
  }

  @Test
  void toNumberMessageNamesTheString() {
    fails(
        Code.INVALID_ARGUMENT,
        "StringToNumberOp could not correctly convert string: 12abc",
        () -> OneOp.of("StringToNumber").named("s").input(vec("1", "12abc")).run());
  }

  @Test
  void reduceJoinDocs() {
    Tensor m = Tensor.ofStrings(Shape.of(2, 2), "abc", "123", "def", "456");
    Tensor rows =
        OneOp.of("ReduceJoin")
            .input(m)
            .input(Tensor.ofInts(Shape.of(1), -1))
            .attr("separator", "-")
            .run();
    assertArrayEquals(new String[] {"abc-123", "def-456"}, rows.toStringArray());
    // tf.strings.reduce_join(m) passes axes [1, 0]: the last listed axis varies slowest
    Tensor all = OneOp.of("ReduceJoin").input(m).input(Tensor.ofInts(Shape.of(2), 1, 0)).run();
    assertEquals("abc123def456", all.toStringArray()[0]);
  }

  @Test
  void reduceJoinAxisOutOfRange() {
    fails(
        Code.OUT_OF_RANGE,
        "Invalid reduction dimension 2 for input with 2 dimension(s)",
        () ->
            OneOp.of("ReduceJoin")
                .named("s")
                .input(Tensor.ofStrings(Shape.of(1, 1), "a"))
                .input(Tensor.ofInts(Shape.of(1), 2))
                .run());
  }

  @Test
  void ngramsDocs() {
    List<Tensor> out =
        OneOp.of("StringNGrams")
            .input(vec("A", "B", "C", "D"))
            .input(Tensor.ofLongs(Shape.of(2), 0, 4))
            .attr("separator", " ")
            .attrInts("ngram_widths", 2)
            .attr("left_pad", "")
            .attr("right_pad", "")
            .attr("pad_width", 0L)
            .attr("preserve_short_sequences", false)
            .runAll(2);
    assertArrayEquals(new String[] {"A B", "B C", "C D"}, out.get(0).toStringArray());
    assertArrayEquals(new long[] {0, 3}, out.get(1).toLongArray());
  }

  @Test
  void regexDocs() {
    Tensor in = vec("TF lib", "lib TF");
    assertArrayEquals(
        new boolean[] {true, false},
        OneOp.of("RegexFullMatch").input(in).input(scalar(".*lib$")).run().toBooleanArray());
    assertArrayEquals(
        new boolean[] {false, true},
        OneOp.of("StaticRegexFullMatch").input(in).attr("pattern", ".*TF$").run().toBooleanArray());
    Tensor html =
        OneOp.of("RegexReplace")
            .input(scalar("Text with tags.<br /><b>contains html</b>"))
            .input(scalar("<[^>]+>"))
            .input(scalar(" "))
            .run();
    assertEquals("Text with tags.  contains html ", html.toStringArray()[0]);
  }

  @Test
  void rewriteUsesRe2Backslashes() {
    Tensor out =
        OneOp.of("StaticRegexReplace")
            .input(vec("foo@bar"))
            .attr("pattern", "(\\w+)@(\\w+)")
            .attr("rewrite", "\\2 at \\1 \\\\")
            .run();
    assertEquals("bar at foo \\", out.toStringArray()[0]);
  }

  @Test
  void invalidPatternIsRe2sMessage() {
    fails(
        Code.INVALID_ARGUMENT,
        "Invalid pattern: (abc, error: missing ): (abc",
        () ->
            OneOp.of("StaticRegexFullMatch")
                .named("s")
                .input(vec("a"))
                .attr("pattern", "(abc")
                .run());
  }

  @Test
  void base64RoundTripsRfcVectorsWebSafe() {
    Tensor raw = vec("", "f", "fo", "foo", "foobar");
    assertArrayEquals(
        new String[] {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYmFy"},
        OneOp.of("EncodeBase64").input(raw).attr("pad", true).run().toStringArray());
    assertArrayEquals(
        new String[] {"", "f", "fo", "foo", "foobar"},
        OneOp.of("DecodeBase64")
            .input(vec("", "Zg", "Zm8=", "Zm9v", "Zm9vYmFy"))
            .run()
            .toStringArray());
  }

  @Test
  void base64RejectsTheStandardAlphabet() {
    fails(
        Code.INVALID_ARGUMENT,
        "Invalid character found in base64.",
        () -> OneOp.of("DecodeBase64").named("s").input(vec("Zm+v")).run());
  }
}
