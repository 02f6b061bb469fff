package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ConformReport}'s escaping and ordering, on results made by hand. */
class ConformReportTest {
  private static final ConformReport.Context CONTEXT =
      new ConformReport.Context("t", "the table", r -> "./rawops conform " + r.file(), op -> "fam");

  private static Result failed(String name, String reason, double ratio) {
    return new Result(
        name,
        Path.of(name + ".fixture.pbtxt"),
        Result.Status.FAILED,
        reason,
        0,
        List.of(new Result.OutputError("out", "float", "rtol 1e-6, atol 1e-6", "why", 1, 2, ratio)),
        List.of("Exp"));
  }

  @Test
  void aReasonHoldingBackticksStaysInsideItsFence() {
    String md = ConformReport.markdown(CONTEXT, List.of(failed("a/b", "x ```` y", 2)));
    assertTrue(md.contains("`````\nx ```` y\n`````"), md);
  }

  @Test
  void worstErrorsComeFirstAndHtmlEscapesEverything() {
    List<Result> rs = List.of(failed("a/small", "r", 1.5), failed("a/<big>", "\"'&", 7));
    String md = ConformReport.markdown(CONTEXT, rs);
    assertTrue(md.indexOf("| a/&lt;big&gt; |") < md.indexOf("| a/small |"), md);
    assertTrue(md.contains("| fam | 0 | 2 | 0 |"), md);
    String html = ConformReport.html(CONTEXT, rs);
    assertTrue(html.contains("<pre>&quot;&#39;&amp;</pre>"), html);
    assertFalse(html.contains("<big>"), html);
    assertEquals("inf", ConformReport.number(Double.POSITIVE_INFINITY));
    assertEquals("0.750", ConformReport.number(0.75));
  }
}
