package dev.rawops.conform;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The report {@code rawops conform --report FILE.md|FILE.html} writes: pass and fail counts per
 * fixture family (the directory part of a fixture's name) and per op family (each family with an op
 * in the fixture's graph), the outputs with the largest errors against their tolerance, and every
 * failure with its reason and the command that runs it alone. HTML is one self-contained page,
 * every text escaped; Markdown escapes table cells and fences reasons.
 */
public final class ConformReport {
  private ConformReport() {}

  /** How many outputs the worst-errors table lists. */
  static final int WORST = 25;

  /** Longest reason shown per failure; the rest is cut with a note. */
  static final int REASON_CHARS = 4000;

  /**
   * What the report says besides the results.
   *
   * @param title e.g. "rawops conform (CPU)"
   * @param tolerances which tolerances applied, in words
   * @param reproduce the command that runs one fixture, from its file and name
   * @param opFamily an op's family, or null for an op with none
   */
  public record Context(
      String title,
      String tolerances,
      Function<Result, String> reproduce,
      Function<String, String> opFamily) {}

  /** The report as Markdown. */
  public static String markdown(Context c, List<Result> results) {
    return render(c, results, new Markdown());
  }

  /** The report as one self-contained HTML page. */
  public static String html(Context c, List<Result> results) {
    return render(c, results, new Html());
  }

  private interface Out {
    void title(String text);

    void heading(String text);

    void paragraph(String text);

    void table(List<String> header, List<List<String>> rows);

    /** A failure: its name as a sub-heading, its reason verbatim, the command to run it. */
    void failure(String name, String reason, String command);

    String finish();
  }

  private static String render(Context c, List<Result> results, Out o) {
    long failed = results.stream().filter(Result::failed).count();
    long skipped = results.stream().filter(Result::skipped).count();
    o.title(c.title());
    o.paragraph(
        (results.size() - failed - skipped)
            + " passed, "
            + failed
            + " failed"
            + (skipped > 0 ? ", " + skipped + " skipped" : "")
            + " of "
            + results.size()
            + " fixtures. Tolerances: "
            + c.tolerances()
            + ".");
    o.heading("Per fixture family");
    o.table(
        List.of("family", "passed", "failed", "skipped"), counts(results, r -> List.of(dir(r))));
    o.heading("Per op family");
    o.paragraph(
        "A fixture counts in each family one of its graph's ops belongs to (SavedModel fixtures"
            + " and unreadable files are left out).");
    o.table(
        List.of("op family", "passed", "failed", "skipped"),
        counts(
            results,
            r -> r.ops().stream().map(c.opFamily()).filter(f -> f != null).distinct().toList()));
    o.heading("Worst errors");
    List<String[]> worst = worst(results);
    if (worst.isEmpty()) {
      o.paragraph("No float output differs from TensorFlow's at all.");
    } else {
      o.paragraph(
          "The float outputs furthest from TensorFlow's values, by their largest error divided by"
              + " what their tolerance allows there (above 1 fails; inf: any difference from a value"
              + " compared exactly).");
      List<List<String>> rows = new ArrayList<>();
      worst.forEach(w -> rows.add(List.of(w)));
      o.table(
          List.of(
              "fixture",
              "output",
              "dtype",
              "max abs error",
              "max rel error",
              "tolerance",
              "error / allowed",
              "from"),
          rows);
    }
    o.heading("Failures");
    if (failed == 0) {
      o.paragraph("None.");
    }
    for (Result r : results) {
      if (r.failed()) {
        String reason = r.reason();
        if (reason.length() > REASON_CHARS) {
          reason =
              reason.substring(0, REASON_CHARS)
                  + " … ("
                  + (reason.length() - REASON_CHARS)
                  + " more characters)";
        }
        o.failure(r.name(), reason, c.reproduce().apply(r));
      }
    }
    return o.finish();
  }

  private static String dir(Result r) {
    int slash = r.name().lastIndexOf('/');
    return slash > 0 ? r.name().substring(0, slash) : "(no family)";
  }

  private static List<List<String>> counts(
      List<Result> results, Function<Result, List<String>> groups) {
    Map<String, long[]> by = new TreeMap<>();
    for (Result r : results) {
      for (String g : groups.apply(r)) {
        long[] n = by.computeIfAbsent(g, k -> new long[3]);
        n[r.passed() ? 0 : r.failed() ? 1 : 2]++;
      }
    }
    List<List<String>> rows = new ArrayList<>();
    by.forEach(
        (g, n) ->
            rows.add(List.of(g, Long.toString(n[0]), Long.toString(n[1]), Long.toString(n[2]))));
    return rows;
  }

  private static List<String[]> worst(List<Result> results) {
    record Row(Result r, Result.OutputError e) {}
    List<Row> rows = new ArrayList<>();
    for (Result r : results) {
      for (Result.OutputError e : r.outputs()) {
        if (e.maxAbs() > 0 || Double.isNaN(e.maxAbs())) {
          rows.add(new Row(r, e));
        }
      }
    }
    rows.sort(
        Comparator.comparingDouble((Row x) -> -x.e().worstRatio())
            .thenComparingDouble(x -> -x.e().maxRel())
            .thenComparing(x -> x.r().name()));
    List<String[]> out = new ArrayList<>();
    for (Row x : rows.subList(0, Math.min(WORST, rows.size()))) {
      Result.OutputError e = x.e();
      out.add(
          new String[] {
            x.r().name(),
            e.fetch(),
            e.dtype(),
            number(e.maxAbs()),
            number(e.maxRel()),
            e.tolerance(),
            number(e.worstRatio()),
            e.why()
          });
    }
    return out;
  }

  static String number(double v) {
    if (Double.isInfinite(v)) {
      return "inf";
    }
    if (Double.isNaN(v)) {
      return "nan";
    }
    return v == 0 ? "0" : String.format(Locale.ROOT, "%.3g", v);
  }

  private static final class Markdown implements Out {
    private final StringBuilder s = new StringBuilder();

    @Override
    public void title(String text) {
      s.append("# ").append(inline(text)).append("\n\n");
    }

    @Override
    public void heading(String text) {
      s.append("## ").append(inline(text)).append("\n\n");
    }

    @Override
    public void paragraph(String text) {
      s.append(inline(text)).append("\n\n");
    }

    @Override
    public void table(List<String> header, List<List<String>> rows) {
      if (rows.isEmpty()) {
        s.append("(none)\n\n");
        return;
      }
      row(header);
      s.append('|').append("---|".repeat(header.size())).append('\n');
      rows.forEach(this::row);
      s.append('\n');
    }

    private void row(List<String> cells) {
      s.append('|');
      for (String c : cells) {
        s.append(' ').append(cell(c)).append(" |");
      }
      s.append('\n');
    }

    @Override
    public void failure(String name, String reason, String command) {
      s.append("### ").append(inline(name)).append("\n\n");
      fence(reason);
      s.append("Run it alone:\n\n");
      fence(command);
    }

    /** A fenced block longer than any run of backticks inside, so nothing closes it early. */
    private void fence(String text) {
      int run = 0;
      int longest = 0;
      for (int ci = 0; ci < text.length(); ci++) {
        char ch = text.charAt(ci);
        run = ch == '`' ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      String f = "`".repeat(Math.max(3, longest + 1));
      s.append(f).append('\n').append(text).append('\n').append(f).append("\n\n");
    }

    /** Text in a line: Markdown's and HTML's special characters escaped. */
    private static String inline(String text) {
      StringBuilder b = new StringBuilder();
      String line = text.replace("\r", " ").replace("\n", " ");
      for (int ci = 0; ci < line.length(); ci++) {
        char ch = line.charAt(ci);
        switch (ch) {
          case '<' -> b.append("&lt;");
          case '>' -> b.append("&gt;");
          case '&' -> b.append("&amp;");
          case '\\', '`', '*', '_', '[', ']', '|', '#' -> b.append('\\').append(ch);
          default -> b.append(ch);
        }
      }
      return b.toString();
    }

    private static String cell(String text) {
      return inline(text);
    }

    @Override
    public String finish() {
      return s.toString();
    }
  }

  private static final class Html implements Out {
    private final StringBuilder s = new StringBuilder();

    @Override
    public void title(String text) {
      s.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
          .append(escape(text))
          .append("</title>\n<style>\n")
          .append("body{font-family:sans-serif;margin:2em;max-width:80em}")
          .append("table{border-collapse:collapse;margin-bottom:1em}")
          .append(
              "td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}")
          .append(
              "pre{background:#f4f4f4;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}")
          .append("\n</style>\n</head>\n<body>\n<h1>")
          .append(escape(text))
          .append("</h1>\n");
    }

    @Override
    public void heading(String text) {
      s.append("<h2>").append(escape(text)).append("</h2>\n");
    }

    @Override
    public void paragraph(String text) {
      s.append("<p>").append(escape(text)).append("</p>\n");
    }

    @Override
    public void table(List<String> header, List<List<String>> rows) {
      if (rows.isEmpty()) {
        s.append("<p>(none)</p>\n");
        return;
      }
      s.append("<table>\n<tr>");
      header.forEach(h -> s.append("<th>").append(escape(h)).append("</th>"));
      s.append("</tr>\n");
      for (List<String> r : rows) {
        s.append("<tr>");
        r.forEach(c -> s.append("<td>").append(escape(c)).append("</td>"));
        s.append("</tr>\n");
      }
      s.append("</table>\n");
    }

    @Override
    public void failure(String name, String reason, String command) {
      s.append("<h3>")
          .append(escape(name))
          .append("</h3>\n<pre>")
          .append(escape(reason))
          .append("</pre>\n<p>Run it alone:</p>\n<pre>")
          .append(escape(command))
          .append("</pre>\n");
    }

    /** Escapes the five characters HTML gives a meaning in text and attributes. */
    static String escape(String text) {
      StringBuilder b = new StringBuilder();
      for (int ci = 0; ci < text.length(); ci++) {
        char ch = text.charAt(ci);
        switch (ch) {
          case '<' -> b.append("&lt;");
          case '>' -> b.append("&gt;");
          case '&' -> b.append("&amp;");
          case '"' -> b.append("&quot;");
          case '\'' -> b.append("&#39;");
          default -> b.append(ch);
        }
      }
      return b.toString();
    }

    @Override
    public String finish() {
      return s.append("</body>\n</html>\n").toString();
    }
  }
}
