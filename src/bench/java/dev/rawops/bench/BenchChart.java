package dev.rawops.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws the rawops/TensorFlow time ratio of each benchmark pair in a JMH JSON result ({@code -rf
 * json}) as an SVG bar chart on a log scale (1 = even; left of it rawops is faster). Pairs are the
 * benchmarks {@code X_rawops}/{@code X_tf} (or {@code xRawops}/{@code xTf}) of one class with the
 * same parameters.
 *
 * <p>{@code BenchChart <jmh-result.json>... <out.svg>} (several results files are one list); run by
 * {@code ./mvnw -Ptf,bench -q test-compile exec:exec@chart} (see docs/BENCHMARKS.md).
 */
public final class BenchChart {
  private BenchChart() {}

  /** One pair: its label and both sides' mean scores (same unit). */
  record Pair(String label, double rawops, double tf) {
    double ratio() {
      return rawops / tf;
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: BenchChart <jmh-result.json>... <out.svg>");
      System.exit(2);
    }
    List<Object> results = new ArrayList<>();
    for (int i = 0; i < args.length - 1; i++) {
      results.addAll(
          (List<?>) new Json(Files.readString(Path.of(args[i]), StandardCharsets.UTF_8)).value());
    }
    List<Pair> pairs = pairs(results);
    String out = args[args.length - 1];
    Files.writeString(Path.of(out), svg(pairs), StandardCharsets.UTF_8);
    for (Pair p : pairs) {
      System.out.printf(
          Locale.ROOT, "%-45s %10.3f %10.3f  %.2fx%n", p.label(), p.rawops(), p.tf(), p.ratio());
    }
    System.out.println("wrote " + out + " (" + pairs.size() + " pairs)");
  }

  /** Pairs the results by class, method base name and parameters, in the file's order. */
  static List<Pair> pairs(Object json) {
    Map<String, double[]> byKey = new LinkedHashMap<>();
    for (Object o : (List<?>) json) {
      Map<?, ?> r = (Map<?, ?>) o;
      String name = (String) r.get("benchmark");
      String[] parts = name.split("\\.");
      String cls = parts[parts.length - 2].replace("Bench", "");
      String method = parts[parts.length - 1];
      int side;
      String base;
      if (method.endsWith("_rawops") || method.endsWith("Rawops")) {
        side = 0;
        base = method.substring(0, method.length() - (method.endsWith("_rawops") ? 7 : 6));
      } else if (method.endsWith("_tf") || method.endsWith("Tf")) {
        side = 1;
        base = method.substring(0, method.length() - (method.endsWith("_tf") ? 3 : 2));
      } else {
        continue;
      }
      StringBuilder key = new StringBuilder(cls).append('.').append(base);
      Object params = r.get("params");
      if (params instanceof Map<?, ?> m) {
        new TreeMap<>(m).forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
      }
      double score = ((Number) ((Map<?, ?>) r.get("primaryMetric")).get("score")).doubleValue();
      byKey.computeIfAbsent(key.toString(), k -> new double[] {Double.NaN, Double.NaN})[side] =
          score;
    }
    List<Pair> pairs = new ArrayList<>();
    byKey.forEach(
        (k, v) -> {
          if (!Double.isNaN(v[0]) && !Double.isNaN(v[1]) && v[1] > 0) {
            pairs.add(new Pair(k, v[0], v[1]));
          }
        });
    return pairs;
  }

  /** Horizontal bars from 1 to each ratio on a log axis from 1/32 to 32. */
  static String svg(List<Pair> pairs) {
    int labelW = 330;
    int plotW = 500;
    int rowH = 24;
    int top = 40;
    int height = top + rowH * pairs.size() + 40;
    int width = labelW + plotW + 90;
    double lo = Math.log(1.0 / 32);
    double hi = Math.log(32);
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n",
            width,
            height));
    s.append(
        String.format(
            Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"20\" font-size=\"14\">rawops time / TensorFlow time (log scale;"
                + " &lt; 1: rawops faster)</text>%n",
            10));
    for (int e = -5; e <= 5; e++) {
      double x = labelW + (e * Math.log(2) - lo) / (hi - lo) * plotW;
      String tick = e >= 0 ? String.valueOf(1 << e) : "1/" + (1 << -e);
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>%n"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
              x,
              top - 5,
              x,
              top + rowH * pairs.size(),
              e == 0 ? "black" : "#ddd",
              x,
              top + rowH * pairs.size() + 16,
              tick));
    }
    double one = labelW + (0 - lo) / (hi - lo) * plotW;
    for (int i = 0; i < pairs.size(); i++) {
      Pair p = pairs.get(i);
      double r = Math.max(Math.exp(lo), Math.min(Math.exp(hi), p.ratio()));
      double x = labelW + (Math.log(r) - lo) / (hi - lo) * plotW;
      int y = top + i * rowH;
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n"
                  + "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n"
                  + "<text x=\"%.1f\" y=\"%d\">%.2f×</text>%n",
              labelW - 8,
              y + 16,
              escape(p.label()),
              Math.min(one, x),
              y + 4,
              Math.max(1, Math.abs(x - one)),
              rowH - 8,
              p.ratio() <= 1 ? "#3a9d5d" : "#d0543f",
              Math.max(one, x) + 4,
              y + 16,
              p.ratio()));
    }
    s.append("</svg>\n");
    return s.toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** Just enough JSON for JMH's result file: objects, arrays, strings, numbers, literals. */
  static final class Json {
    private final String s;
    private int i;

    Json(String s) {
      this.s = s;
    }

    Object value() {
      skip();
      char c = s.charAt(i);
      switch (c) {
        case '{' -> {
          Map<String, Object> m = new LinkedHashMap<>();
          i++;
          skip();
          if (s.charAt(i) == '}') {
            i++;
            return m;
          }
          while (true) {
            skip();
            String k = string();
            skip();
            expect(':');
            m.put(k, value());
            skip();
            if (s.charAt(i++) == '}') {
              return m;
            }
          }
        }
        case '[' -> {
          List<Object> l = new ArrayList<>();
          i++;
          skip();
          if (s.charAt(i) == ']') {
            i++;
            return l;
          }
          while (true) {
            l.add(value());
            skip();
            if (s.charAt(i++) == ']') {
              return l;
            }
          }
        }
        case '"' -> {
          return string();
        }
        default -> {
          int start = i;
          while (i < s.length() && ",]} \n\r\t".indexOf(s.charAt(i)) < 0) {
            i++;
          }
          String t = s.substring(start, i);
          return switch (t) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            case "null" -> null;
            case "NaN", "\"NaN\"" -> Double.NaN;
            default -> Double.parseDouble(t);
          };
        }
      }
    }

    private String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (s.charAt(i) != '"') {
        char c = s.charAt(i++);
        if (c == '\\') {
          char e = s.charAt(i++);
          switch (e) {
            case 'n' -> b.append('\n');
            case 't' -> b.append('\t');
            case 'u' -> {
              b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
              i += 4;
            }
            default -> b.append(e);
          }
        } else {
          b.append(c);
        }
      }
      i++;
      return b.toString();
    }

    private void expect(char c) {
      if (s.charAt(i) != c) {
        throw new IllegalArgumentException("expected '" + c + "' at " + i);
      }
      i++;
    }

    private void skip() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }
  }
}
