package dev.rawops.tfgen;

import static dev.rawops.tfgen.StringCases.WORDS;
import static dev.rawops.tfgen.StringCases.b;
import static dev.rawops.tfgen.StringCases.bytesAttr;
import static dev.rawops.tfgen.StringCases.ints;
import static dev.rawops.tfgen.StringCases.one;
import static dev.rawops.tfgen.StringCases.scalar;
import static dev.rawops.tfgen.StringCases.scalarBytes;
import static dev.rawops.tfgen.StringCases.strings;
import static dev.rawops.tfgen.StringCases.vec;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/** The cases of {@link StringCases} past AsString, in the order the family lists them. */
final class StringCaseKit {
  private StringCaseKit() {}

  static void joins(CaseList out) {
    Tensor a = vec("a", "b", "");
    Tensor c = vec(WORDS[4], WORDS[7], WORDS[9]);
    one(out, "one input", "StringJoin", 1, false, g -> g.attr("N", 1), a);
    one(
        out,
        "vectors, separator ', '",
        "StringJoin",
        1,
        false,
        g -> g.attr("N", 2).attr("separator", ", "),
        a,
        c);
    one(
        out,
        "scalar and vectors",
        "StringJoin",
        1,
        false,
        g -> g.attr("N", 3).attr("separator", "-"),
        scalar("x"),
        a,
        c);
    one(
        out,
        "scalars",
        "StringJoin",
        1,
        false,
        g -> g.attr("N", 2),
        scalar("x"),
        scalarBytes(WORDS[10]));
    Tensor m = strings(new long[] {2, 2}, b("p"), b("q"), b("r"), b(""));
    one(
        out,
        "matrices, NUL separator",
        "StringJoin",
        1,
        false,
        g -> g.attr("N", 2).attr("separator", bytesAttr(new byte[] {0})),
        m,
        m);
    one(
        out,
        "empty vectors",
        "StringJoin",
        1,
        false,
        g -> g.attr("N", 2),
        strings(new long[] {0}),
        scalar("s"));
    for (boolean constant : new boolean[] {false, true}) {
      one(
          out,
          "error: shapes [3] and [2]",
          "StringJoin",
          1,
          constant,
          g -> g.attr("N", 2),
          a,
          vec("x", "y"));
      one(out, "error: shapes [3] and [2,2]", "StringJoin", 1, constant, g -> g.attr("N", 2), a, m);
    }
  }

  static void splits(CaseList out) {
    Tensor in =
        vec(
            b("a b  c"),
            b(""),
            b(" lead and trail "),
            b("x,y,,z"),
            b("a,;b;;c"),
            b("\ttabs\nand\u000bvt\fff\rcr"),
            b("ünï cödé"),
            WORDS[9],
            WORDS[7]);
    for (String d : List.of(" ", "", ",", ",;", "ü")) {
      for (boolean skip : new boolean[] {true, false}) {
        one(
            out,
            "delimiter '" + d + "' skip_empty " + skip,
            "StringSplit",
            3,
            false,
            g -> g.attr("skip_empty", skip),
            in,
            scalar(d));
      }
    }
    one(out, "empty input", "StringSplit", 3, false, g -> {}, strings(new long[] {0}), scalar(" "));
    for (String sep : List.of("", " ", ",", "<>", "  ")) {
      for (long max : new long[] {-1, 0, 1, 2}) {
        Tensor v2 =
            vec(
                b("a b  c "),
                b(""),
                b("   "),
                b("1<>2<>3"),
                b("x,,y,"),
                b("  two  words  "),
                b("a  b"));
        one(
            out,
            "sep '" + sep + "' maxsplit " + max,
            "StringSplitV2",
            3,
            false,
            g -> g.attr("maxsplit", max),
            v2,
            scalar(sep));
      }
    }
    one(
        out,
        "error: input a matrix",
        "StringSplit",
        3,
        false,
        g -> {},
        strings(new long[] {1, 1}, b("a")),
        scalar(" "));
    one(out, "error: delimiter a vector", "StringSplit", 3, false, g -> {}, vec("a"), vec(" "));
    one(
        out,
        "error: input a scalar",
        "StringSplitV2",
        3,
        false,
        g -> {},
        scalar("a b"),
        scalar(" "));
    one(out, "error: sep a vector", "StringSplitV2", 3, false, g -> {}, vec("a"), vec(" "));
    one(out, "error: sep a vector (const)", "StringSplitV2", 3, true, g -> {}, vec("a"), vec(" "));
  }

  static void maps(CaseList out) {
    Tensor words = vec(WORDS);
    Tensor m = strings(new long[] {2, 2}, WORDS[4], WORDS[5], WORDS[6], WORDS[8]);
    for (String unit : List.of("BYTE", "UTF8_CHAR")) {
      one(out, unit, "StringLength", 1, false, g -> g.attr("unit", unit), words);
      one(out, unit + " matrix", "StringLength", 1, false, g -> g.attr("unit", unit), m);
    }
    Tensor cases =
        vec(
            b("Hello, World!"),
            b("ÀÉÎÕÜ àéîõü"),
            b("straße ΣΑΣ σας"),
            b("İstanbul ǅ ﬁ"),
            b("ΌΣΟΣ"),
            WORDS[7],
            WORDS[8],
            WORDS[10],
            b(""));
    for (String op : List.of("StringLower", "StringUpper")) {
      one(out, "ASCII only", op, 1, false, g -> {}, cases);
      one(out, "utf-8", op, 1, false, g -> g.attr("encoding", "utf-8"), cases);
      one(out, "error: encoding latin-1", op, 1, false, g -> g.attr("encoding", "latin-1"), cases);
    }
    Tensor pads =
        vec(
            b("  both  "),
            b("\t\n\u000b\f\r x \r\n"),
            b(""),
            b("   "),
            b("inner  space"),
            WORDS[9],
            b("\u00a0nbsp\u00a0"));
    one(out, "whitespace", "StringStrip", 1, false, g -> {}, pads);
    one(out, "words", "StringStrip", 1, false, g -> {}, words);
  }

  static void substrs(CaseList out) {
    Tensor words = vec(b("Hello"), b("ünïcödé"), b(""), b("日本語"), WORDS[7]);
    long[][] posLen = {{0, 2}, {1, 3}, {-2, 2}, {0, -1}, {2, 100}, {-3, -1}, {0, 0}};
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      for (long[] pl : posLen) {
        for (String unit : List.of("BYTE", "UTF8_CHAR")) {
          Tensor w =
              unit.equals("BYTE") ? vec(b("Hello"), b("ünïcödé"), b("日本語"), b("abcdefg")) : words;
          if (pl[0] == 2 && unit.equals("UTF8_CHAR")) {
            w = vec(b("Hello"), b("ünïcödé"), b("日本語"));
          }
          Tensor wf = w;
          one(
              out,
              unit + " scalar pos " + pl[0] + " len " + pl[1] + " " + t.tfName(),
              "Substr",
              1,
              false,
              g -> g.attr("T", t).attr("unit", unit),
              wf,
              num(t, Shape.scalar(), pl[0]),
              num(t, Shape.scalar(), pl[1]));
        }
      }
    }
    Tensor four = vec(b("abcdef"), b("ünïcödé"), b("xyz"), b("日本語テ"));
    Tensor pos = num(DType.INT32, Shape.of(4), 1, -3, 0, 2);
    Tensor len = num(DType.INT32, Shape.of(4), 3, 2, -1, 5);
    for (String unit : List.of("BYTE", "UTF8_CHAR")) {
      one(
          out,
          unit + " element-wise",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT32).attr("unit", unit),
          four,
          pos,
          len);
      Tensor m =
          strings(
              new long[] {2, 3},
              b("abcdef"),
              b("ghij"),
              b("kl"),
              b("ünïcödé"),
              b("日本語"),
              b("xyzzy"));
      one(
          out,
          unit + " broadcast [2,3] with [3]",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT64).attr("unit", unit),
          m,
          num(DType.INT64, Shape.of(3), 0, 1, -1),
          num(DType.INT64, Shape.of(3), 2, 1, 1));
      one(
          out,
          unit + " broadcast [2,1] with [1,3]",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT64).attr("unit", unit),
          strings(new long[] {2, 1}, b("abcdef"), b("ünïcödé")),
          num(DType.INT64, Shape.of(1, 3), 0, 1, 2),
          num(DType.INT64, Shape.of(1, 3), 1, 2, 3));
      one(
          out,
          unit + " broadcast scalar with [3]",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT32).attr("unit", unit),
          scalar("abcdef"),
          num(DType.INT32, Shape.of(3), 0, 2, 4),
          num(DType.INT32, Shape.of(3), 2, 2, 2));
      one(
          out,
          unit + " error: pos out of range",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT32).attr("unit", unit),
          four,
          num(DType.INT32, Shape.scalar(), 5),
          num(DType.INT32, Shape.scalar(), 1));
      one(
          out,
          unit + " error: negative pos out of range",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT32).attr("unit", unit),
          four,
          num(DType.INT32, Shape.of(4), 0, -8, 0, 0),
          num(DType.INT32, Shape.of(4), 1, 1, 1, 1));
      one(
          out,
          unit + " error: broadcast pos out of range",
          "Substr",
          1,
          false,
          g -> g.attr("T", DType.INT64).attr("unit", unit),
          m,
          num(DType.INT64, Shape.of(3), 0, 1, 6),
          num(DType.INT64, Shape.of(3), 2, 1, 1));
    }
    one(
        out,
        "error: pos and len shapes differ",
        "Substr",
        1,
        false,
        g -> g.attr("T", DType.INT32),
        four,
        pos,
        num(DType.INT32, Shape.scalar(), 1));
    one(
        out,
        "error: pos and len shapes differ (const)",
        "Substr",
        1,
        true,
        g -> g.attr("T", DType.INT32),
        four,
        pos,
        num(DType.INT32, Shape.of(3), 1, 1, 1));
    one(
        out,
        "error: shapes do not broadcast",
        "Substr",
        1,
        false,
        g -> g.attr("T", DType.INT32),
        four,
        num(DType.INT32, Shape.of(3), 1, 1, 1),
        num(DType.INT32, Shape.of(3), 1, 1, 1));
    one(
        out,
        "error: 3-D broadcast",
        "Substr",
        1,
        false,
        g -> g.attr("T", DType.INT32),
        strings(new long[] {1, 2, 1}, b("ab"), b("cd")),
        num(DType.INT32, Shape.of(3), 0, 0, 0),
        num(DType.INT32, Shape.of(3), 1, 1, 1));
    one(
        out,
        "empty input",
        "Substr",
        1,
        false,
        g -> g.attr("T", DType.INT32),
        strings(new long[] {0}),
        num(DType.INT32, Shape.scalar(), 0),
        num(DType.INT32, Shape.scalar(), 1));
  }

  static Tensor num(DType t, Shape s, long... v) {
    return Tensor.ofIntegers(t, s, v);
  }

  static void numbers(CaseList out) {
    Tensor floats =
        vec(
            "0",
            "-0",
            "1.5",
            "  42  ",
            "1e10",
            "-2.5E-3",
            ".5",
            "5.",
            "inf",
            "-INF",
            "NaN",
            "-nan",
            "0x1F",
            "-0x10",
            "3.4028236e38",
            "1e-46",
            "123456789012345678",
            "   ",
            "+7",
            "\t\n1\r",
            "00012",
            "1.e3");
    one(out, "float", "StringToNumber", 1, false, g -> g.attr("out_type", DType.FLOAT), floats);
    one(out, "double", "StringToNumber", 1, false, g -> g.attr("out_type", DType.DOUBLE), floats);
    one(out, "default out_type", "StringToNumber", 1, false, g -> {}, vec("2.5", "-1"));
    Tensor ints = vec("0", "-0", "123", "  -45 ", "2147483647", "-2147483648", "007");
    one(out, "int32", "StringToNumber", 1, false, g -> g.attr("out_type", DType.INT32), ints);
    one(
        out,
        "int64",
        "StringToNumber",
        1,
        false,
        g -> g.attr("out_type", DType.INT64),
        vec("9223372036854775807", "-9223372036854775808", " 12 ", "0"));
    one(
        out,
        "uint32",
        "StringToNumber",
        1,
        false,
        g -> g.attr("out_type", DType.UINT32),
        vec("4294967295", "0", " 7"));
    one(
        out,
        "uint64",
        "StringToNumber",
        1,
        false,
        g -> g.attr("out_type", DType.UINT64),
        vec("18446744073709551615", "0", "12"));
    one(
        out,
        "empty",
        "StringToNumber",
        1,
        false,
        g -> g.attr("out_type", DType.INT32),
        strings(new long[] {0}));
    one(
        out,
        "NUL ends the number",
        "StringToNumber",
        1,
        false,
        g -> g.attr("out_type", DType.INT32),
        vec(new byte[] {'1', '2', 0, 'x'}));
    String[][] bad = {
      {"float", "abc"},
      {"float", ""},
      {"float", "1e"},
      {"float", "1.2.3"},
      {"float", "infinity"},
      {"float", "- 5"},
      {"float", "0x"},
      {"float", "0x1.8"},
      {"float", "1,5"},
      {"float", "1234567890123456789012345678901234"},
      {"double", "12abc"},
      {"double", "."},
      {"int32", "2147483648"},
      {"int32", "+5"},
      {"int32", "1.0"},
      {"int32", ""},
      {"int32", "0x10"},
      {"int64", "9223372036854775808"},
      {"uint32", "-1"},
      {"uint32", "4294967296"},
      {"uint64", "18446744073709551616"},
      {"int32", "1 2"}
    };
    for (String[] c : bad) {
      DType t = DType.valueOf(c[0].toUpperCase(java.util.Locale.ROOT));
      one(
          out,
          "error: " + c[0] + " '" + c[1] + "'",
          "StringToNumber",
          1,
          false,
          g -> g.attr("out_type", t),
          vec(c[1]));
    }
    one(out, "error: float bytes 0xFF", "StringToNumber", 1, false, g -> {}, vec(WORDS[7]));
  }

  static void reduceJoins(CaseList out) {
    Tensor m = strings(new long[] {2, 3}, b("a"), b("b"), b("c"), b("ü"), WORDS[9], b(""));
    Tensor cube =
        strings(
            new long[] {2, 2, 2}, b("0"), b("1"), b("2"), b("3"), b("4"), b("5"), b("6"), b("7"));
    long[][] axes = {{0}, {1}, {-1}, {0, 1}, {1, 0}, {}};
    for (long[] a : axes) {
      for (boolean keep : new boolean[] {false, true}) {
        Tensor ax = num(DType.INT32, Shape.of(a.length), a);
        one(
            out,
            "axes " + java.util.Arrays.toString(a) + " keep_dims " + keep,
            "ReduceJoin",
            1,
            false,
            g -> g.attr("keep_dims", keep).attr("separator", "|"),
            m,
            ax);
      }
    }
    one(
        out,
        "cube axes [0, 2]",
        "ReduceJoin",
        1,
        false,
        g -> g.attr("separator", ","),
        cube,
        num(DType.INT32, Shape.of(2), 0, 2));
    one(
        out,
        "cube axis 1 (const)",
        "ReduceJoin",
        1,
        true,
        g -> {},
        cube,
        num(DType.INT32, Shape.scalar(), 1));
    one(
        out,
        "scalar axis",
        "ReduceJoin",
        1,
        false,
        g -> {},
        m,
        num(DType.INT32, Shape.scalar(), 1));
    one(
        out,
        "empty rows",
        "ReduceJoin",
        1,
        false,
        g -> g.attr("separator", "+"),
        strings(new long[] {2, 0}),
        num(DType.INT32, Shape.of(1), 1));
    one(
        out,
        "error: axis 2 of rank 2",
        "ReduceJoin",
        1,
        false,
        g -> {},
        m,
        num(DType.INT32, Shape.of(1), 2));
    one(
        out,
        "error: axis -3 of rank 2 (const)",
        "ReduceJoin",
        1,
        true,
        g -> {},
        m,
        num(DType.INT32, Shape.of(1), -3));
    one(
        out,
        "error: axis repeated",
        "ReduceJoin",
        1,
        false,
        g -> {},
        m,
        num(DType.INT32, Shape.of(2), 1, -1));
  }

  static void ngrams(CaseList out) {
    Tensor data = vec("a", "b", "c", "d", "e", "f", "g", "ü");
    for (DType t : List.of(DType.INT64, DType.INT32)) {
      Tensor splits = num(t, Shape.of(4), 0, 3, 3, 8);
      Object[][] specs = {
        {new long[] {2}, "", "", 0L, false},
        {new long[] {1, 2, 3}, "<s>", "</s>", -1L, false},
        {new long[] {3}, "L", "R", 1L, false},
        {new long[] {4}, "L", "R", 2L, true},
        {new long[] {6}, "", "", 0L, true},
        {new long[] {2, 5}, "<", ">", 3L, false},
      };
      for (Object[] s : specs) {
        long[] w = (long[]) s[0];
        one(
            out,
            t.tfName()
                + " widths "
                + java.util.Arrays.toString(w)
                + " pads '"
                + s[1]
                + "' '"
                + s[2]
                + "' pad_width "
                + s[3]
                + " preserve "
                + s[4],
            "StringNGrams",
            2,
            false,
            g ->
                g.attr("separator", " ")
                    .attr("ngram_widths", ints(w))
                    .attr("left_pad", (String) s[1])
                    .attr("right_pad", (String) s[2])
                    .attr("pad_width", (long) s[3])
                    .attr("preserve_short_sequences", (boolean) s[4])
                    .attr("Tsplits", t),
            data,
            splits);
      }
    }
    List<Object[]> errs =
        List.of(
            new Object[] {
              "error: first split 1", num(DType.INT64, Shape.of(2), 1, 8), new long[] {2}
            },
            new Object[] {
              "error: splits decreasing", num(DType.INT64, Shape.of(3), 0, 5, 4), new long[] {2}
            },
            new Object[] {
              "error: last split short", num(DType.INT64, Shape.of(2), 0, 7), new long[] {2}
            },
            new Object[] {
              "error: split past the data", num(DType.INT64, Shape.of(2), 0, 9), new long[] {2}
            },
            new Object[] {"error: width 0", num(DType.INT64, Shape.of(2), 0, 8), new long[] {0}},
            new Object[] {"empty splits", num(DType.INT64, Shape.of(0)), new long[] {2}});
    for (Object[] e : errs) {
      one(
          out,
          (String) e[0],
          "StringNGrams",
          2,
          false,
          g ->
              g.attr("separator", "_")
                  .attr("ngram_widths", ints((long[]) e[2]))
                  .attr("left_pad", "")
                  .attr("right_pad", "")
                  .attr("pad_width", 0)
                  .attr("preserve_short_sequences", false),
          data,
          (Tensor) e[1]);
    }
  }
}
