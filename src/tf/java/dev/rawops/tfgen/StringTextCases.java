package dev.rawops.tfgen;

import static dev.rawops.tfgen.StringCaseKit.num;
import static dev.rawops.tfgen.StringCases.WORDS;
import static dev.rawops.tfgen.StringCases.b;
import static dev.rawops.tfgen.StringCases.one;
import static dev.rawops.tfgen.StringCases.scalar;
import static dev.rawops.tfgen.StringCases.strings;
import static dev.rawops.tfgen.StringCases.vec;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/** The regex, base64 and Unicode cases of {@link StringCases}, after {@link StringCaseKit}'s. */
final class StringTextCases {
  private StringTextCases() {}

  static void regexes(CaseList out) {
    Tensor in =
        vec(
            b("hello world"),
            b("foo@bar baz@qux"),
            b(""),
            b("aaa"),
            b("ünïcödé café"),
            b("x1y22z333"),
            WORDS[9],
            b("ABCabc"));
    String[][] pr = {
      {"o", "0"},
      {"(\\w+)@(\\w+)", "\\2 at \\1"},
      {"a*", "-"},
      {"^", ">"},
      {"$", "<"},
      {"", "."},
      {"[[:digit:]]+", "#"},
      {"(?i)abc", "\\0\\0"},
      {"é", "e"},
      {".", "\\\\"},
      {"(a)", "\\2"},
      {"l+", "\\a"},
      {"\\b", "|"},
      {"(x)|(y)", "[\\1\\2]"},
      {"\\pL+", "W"}
    };
    for (String[] p : pr) {
      for (boolean global : new boolean[] {true, false}) {
        one(
            out,
            "'" + p[0] + "' -> '" + p[1] + "' global " + global,
            "RegexReplace",
            1,
            false,
            g -> g.attr("replace_global", global),
            in,
            scalar(p[0]),
            scalar(p[1]));
        one(
            out,
            "'" + p[0] + "' -> '" + p[1] + "' global " + global,
            "StaticRegexReplace",
            1,
            false,
            g -> g.attr("pattern", p[0]).attr("rewrite", p[1]).attr("replace_global", global),
            in);
      }
    }
    for (String p :
        List.of("hello.*", "\\w+@\\w+ \\w+@\\w+", "", "a+", ".*é.*", "(?s).*", "[a-z]+", "\\d+")) {
      one(out, "'" + p + "'", "RegexFullMatch", 1, false, g -> {}, in, scalar(p));
      one(out, "'" + p + "'", "StaticRegexFullMatch", 1, false, g -> g.attr("pattern", p), in);
    }
    for (String bad :
        List.of(
            "(abc",
            "a**",
            "[z-a]",
            "abc\\",
            "x{2,1}",
            "(?P<n>a)(?P<n>b)",
            "[[:foo:]]",
            "a)",
            "*a",
            "\\8")) {
      one(
          out,
          "error: pattern '" + bad + "'",
          "RegexReplace",
          1,
          false,
          g -> {},
          in,
          scalar(bad),
          scalar("x"));
      one(
          out,
          "error: pattern '" + bad + "'",
          "StaticRegexFullMatch",
          1,
          false,
          g -> g.attr("pattern", bad),
          in);
    }
    one(out, "error: pattern a vector", "RegexFullMatch", 1, false, g -> {}, in, vec("a"));
    one(
        out,
        "error: rewrite a vector",
        "RegexReplace",
        1,
        false,
        g -> {},
        in,
        scalar("a"),
        vec("b"));
    one(
        out,
        "error: pattern a vector (const)",
        "RegexReplace",
        1,
        true,
        g -> {},
        in,
        vec("a"),
        scalar("b"));
    one(
        out,
        "matrix input",
        "StaticRegexReplace",
        1,
        false,
        g -> g.attr("pattern", "[aeiou]").attr("rewrite", "_"),
        strings(new long[] {2, 2}, b("abc"), b("def"), b("ghi"), b("")));
  }

  static void base64(CaseList out) {
    Tensor raw =
        vec(
            b(""),
            b("f"),
            b("fo"),
            b("foo"),
            b("foob"),
            b("fooba"),
            b("foobar"),
            WORDS[10],
            new byte[] {(byte) 0xFB, (byte) 0xFF, (byte) 0xBF},
            WORDS[11]);
    for (boolean pad : new boolean[] {false, true}) {
      one(out, "pad " + pad, "EncodeBase64", 1, false, g -> g.attr("pad", pad), raw);
    }
    Tensor enc =
        vec(
            "",
            "Zg",
            "Zg==",
            "Zm8=",
            "Zm8",
            "Zm9v",
            "Zm9vYg",
            "Zm9vYmFy",
            "-_-_",
            "AAEC",
            "Zh",
            "Zm9=");
    one(out, "valid", "DecodeBase64", 1, false, g -> {}, enc);
    for (String bad :
        List.of("Z", "Zm9vY", "Zm+v", "Zm/v", "Zg=", "Z===", "Zm9v!", "====", "Zg==Zg==", "ü")) {
      one(out, "error: '" + bad + "'", "DecodeBase64", 1, false, g -> {}, vec(bad));
    }
  }

  static void unicode(CaseList out) {
    Tensor in =
        vec(
            b("hello"),
            b(""),
            b("ünïcödé"),
            b("日本語"),
            b("emoji 😀!"),
            WORDS[7],
            WORDS[8],
            WORDS[10],
            new byte[] {(byte) 0xE6, (byte) 0x97, 'x', (byte) 0xED, (byte) 0xA0, (byte) 0x80},
            new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, 'a', (byte) 0xC0, (byte) 0xAF},
            b("tab\there\n"));
    String[][] policies = {
      {"replace", "65533", "false"},
      {"ignore", "65533", "false"},
      {"replace", "63", "true"},
      {"ignore", "0", "true"}
    };
    for (String op : List.of("UnicodeDecode", "UnicodeDecodeWithOffsets")) {
      int outputs = op.endsWith("Offsets") ? 3 : 2;
      // TF 2.18 aborts (a CHECK on the offsets' dtype) for UnicodeDecodeWithOffsets with int32
      // splits
      List<DType> splitTypes =
          outputs == 3 ? List.of(DType.INT64) : List.of(DType.INT64, DType.INT32);
      for (DType t : splitTypes) {
        for (String[] p : policies) {
          one(
              out,
              t.tfName() + " errors " + p[0] + " replacement " + p[1] + " controls " + p[2],
              op,
              outputs,
              false,
              g ->
                  g.attr("input_encoding", "UTF-8")
                      .attr("errors", p[0])
                      .attr("replacement_char", Long.parseLong(p[1]))
                      .attr("replace_control_characters", Boolean.parseBoolean(p[2]))
                      .attr("Tsplits", t),
              in);
        }
      }
      one(
          out,
          "matrix input",
          op,
          outputs,
          false,
          g -> g.attr("input_encoding", "UTF-8"),
          strings(new long[] {2, 2}, b("ab"), b("ü"), b(""), b("日")));
      one(
          out,
          "empty input",
          op,
          outputs,
          false,
          g -> g.attr("input_encoding", "UTF-8"),
          strings(new long[] {0}));
      one(
          out,
          "error: strict on invalid UTF-8",
          op,
          outputs,
          false,
          g -> g.attr("input_encoding", "UTF-8").attr("errors", "strict"),
          vec(b("ok"), WORDS[7]));
      one(
          out,
          "strict on valid UTF-8",
          op,
          outputs,
          false,
          g -> g.attr("input_encoding", "UTF-8").attr("errors", "strict"),
          vec(b("ok"), WORDS[4]));
      one(
          out,
          "error: replacement_char past U+10FFFF",
          op,
          outputs,
          false,
          g -> g.attr("input_encoding", "UTF-8").attr("replacement_char", 0x110000L),
          vec("a"));
    }
    Tensor cps =
        num(
            DType.INT32,
            Shape.of(12),
            104,
            105,
            0xFC,
            0x65E5,
            0x1F600,
            0x10FFFF,
            -1,
            0x110000,
            0xD800,
            0xFFFE,
            0x1F,
            0);
    for (DType t : List.of(DType.INT64, DType.INT32)) {
      Tensor splits = num(t, Shape.of(5), 0, 2, 6, 6, 12);
      for (String enc : List.of("UTF-8", "UTF-16-BE", "UTF-32-BE")) {
        for (String errors : List.of("replace", "ignore")) {
          one(
              out,
              t.tfName() + " " + enc + " errors " + errors,
              "UnicodeEncode",
              1,
              false,
              g -> g.attr("output_encoding", enc).attr("errors", errors).attr("Tsplits", t),
              cps,
              splits);
        }
      }
    }
    Tensor valid = num(DType.INT32, Shape.of(3), 0x41, 0xE9, 0x1F600);
    one(
        out,
        "replacement 63",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8").attr("replacement_char", 63L),
        cps,
        num(DType.INT64, Shape.of(2), 0, 12));
    one(
        out,
        "error: strict",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8").attr("errors", "strict"),
        cps,
        num(DType.INT64, Shape.of(2), 0, 12));
    one(
        out,
        "error: first split 1",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8"),
        valid,
        num(DType.INT64, Shape.of(2), 1, 3));
    one(
        out,
        "error: last split short",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8"),
        valid,
        num(DType.INT64, Shape.of(2), 0, 2));
    one(
        out,
        "error: splits decreasing",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8"),
        valid,
        num(DType.INT64, Shape.of(3), 0, 3, 2));
    one(
        out,
        "error: no splits",
        "UnicodeEncode",
        1,
        false,
        g -> g.attr("output_encoding", "UTF-8"),
        valid,
        num(DType.INT64, Shape.of(0)));
    for (String enc : List.of("UTF-8", "UTF-16-BE", "UTF-32-BE")) {
      for (String[] p : policies) {
        one(
            out,
            "to " + enc + " errors " + p[0] + " replacement " + p[1] + " controls " + p[2],
            "UnicodeTranscode",
            1,
            false,
            g ->
                g.attr("input_encoding", "UTF-8")
                    .attr("output_encoding", enc)
                    .attr("errors", p[0])
                    .attr("replacement_char", Long.parseLong(p[1]))
                    .attr("replace_control_characters", Boolean.parseBoolean(p[2])),
            in);
      }
    }
    one(
        out,
        "error: strict on invalid UTF-8",
        "UnicodeTranscode",
        1,
        false,
        g ->
            g.attr("input_encoding", "UTF-8")
                .attr("output_encoding", "UTF-16-BE")
                .attr("errors", "strict"),
        in);
    one(
        out,
        "error: strict with control characters",
        "UnicodeTranscode",
        1,
        false,
        g ->
            g.attr("input_encoding", "UTF-8")
                .attr("output_encoding", "UTF-8")
                .attr("errors", "strict")
                .attr("replace_control_characters", true),
        vec(b("a\tb")));
  }
}
