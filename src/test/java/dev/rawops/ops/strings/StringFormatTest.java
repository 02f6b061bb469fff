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
import dev.rawops.testing.FixtureMessages;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.AttrValue;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * StringFormat against tf.strings.format's documented examples, UnicodeScript against
 * tf.strings.unicode_script's and ICU's documented UScriptCode numbers, and TF's words for every
 * error fixture of graphs/conformance/strings_format.
 */
class StringFormatTest {
  private static AttrValue types(DType t) {
    return AttrValue.newBuilder()
        .setList(AttrValue.ListValue.newBuilder().addType(t.proto()))
        .build();
  }

  private static long[] range(int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i;
    }
    return v;
  }

  @Test
  void formatDocsVector() {
    Tensor out =
        OneOp.of("StringFormat")
            .input(Tensor.ofInts(Shape.of(10), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9))
            .attr("T", types(DType.INT32))
            .attr("template", "tensor: {}, suffix")
            .attr("placeholder", "{}")
            .run();
    assertEquals("tensor: [0 1 2 ... 7 8 9], suffix", out.toStringArray()[0]);
  }

  @Test
  void formatDocsMatrix() {
    Tensor out =
        OneOp.of("StringFormat")
            .input(Tensor.ofLongs(Shape.of(10, 10), range(100)))
            .attr("T", types(DType.INT64))
            .attr("template", "{}")
            .attr("placeholder", "{}")
            .attr("summarize", 3)
            .run();
    String want =
        "[[0 1 2 ... 7 8 9]\n [10 11 12 ... 17 18 19]\n [20 21 22 ... 27 28 29]\n ...\n"
            + " [70 71 72 ... 77 78 79]\n [80 81 82 ... 87 88 89]\n [90 91 92 ... 97 98 99]]";
    assertEquals(want, out.toStringArray()[0]);
  }

  @Test
  void placeholderCountMismatchFailsAtBuild() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("StringFormat")
                    .named("fmt")
                    .input(Tensor.ofInts(Shape.of(1), 1))
                    .attr("T", types(DType.INT32))
                    .attr("template", "{} and {}")
                    .attr("placeholder", "{}")
                    .build());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("'fmt'"), e.getMessage());
    assertTrue(
        e.getMessage().contains("num placeholders in template and num inputs must match: 2 vs. 1"),
        e.getMessage());
  }

  @Test
  void unicodeScriptDocs() {
    Tensor out = OneOp.of("UnicodeScript").input(Tensor.ofInts(Shape.of(3), 1, 31, 38)).run();
    assertArrayEquals(new int[] {0, 0, 0}, out.toIntArray());
  }

  @Test
  void unicodeScriptCodes() {
    // ICU's UScriptCode: COMMON 0, INHERITED 1, ARABIC 2, CYRILLIC 8, GREEK 14, HAN 17,
    // LATIN 25, UNKNOWN 103; -1 where uscript_getScript fails.
    Tensor out =
        OneOp.of("UnicodeScript")
            .input(
                Tensor.ofInts(
                    Shape.of(9), 'a', 0x3B1, 0x416, 0x627, 0x4E00, 0x0301, '7', 0x0378, 0x110000))
            .run();
    assertArrayEquals(new int[] {25, 14, 8, 2, 17, 1, 0, 103, -1}, out.toIntArray());
  }

  @Test
  void everyTfErrorHasTfsMessage() {
    FixtureMessages.assertTfMessages(Path.of("graphs", "conformance", "strings_format"), "out", 5);
  }
}
