package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * InitializeTableFromTextFileV2 as TF 2.18 runs it, over vocabulary files written beside the
 * fixtures in graphs/lookup_textfile/: {@code NNNN.txt} and {@code NNNN.fixture.pbtxt}. A fixture
 * cannot hold a path that works on every machine, so each fixture's feeds named {@code filename*}
 * hold the file's name relative to that folder (TF was fed the absolute path, and its messages have
 * it replaced by the relative name); {@code InitializeTableFromTextFileTest} feeds the absolute
 * path back. Run: {@code ./mvnw -Ptf -q test -Dtest=LookupTextFileFixtures}.
 */
class LookupTextFileFixtures {
  static final Path DIR = Path.of("graphs", "lookup_textfile");

  /** One case: the table's dtypes, the initializer's attrs, the file(s) and the query. */
  private record Spec(
      String what,
      DType key,
      DType value,
      long keyIndex,
      long valueIndex,
      String delimiter,
      long vocabSize,
      long offset,
      List<String> files,
      Tensor query) {}

  private static final List<Spec> SPECS = new ArrayList<>();

  private static void add(
      String what,
      DType key,
      DType value,
      long keyIndex,
      long valueIndex,
      String delimiter,
      long vocabSize,
      long offset,
      List<String> files,
      Tensor query) {
    SPECS.add(
        new Spec(
            what, key, value, keyIndex, valueIndex, delimiter, vocabSize, offset, files, query));
  }

  private static Tensor words(String... w) {
    return Tensor.ofStrings(Shape.of(w.length), w);
  }

  private static Tensor ints(DType d, long... v) {
    return Tensor.ofIntegers(d, Shape.of(v.length), v);
  }

  static {
    Tensor abc = words("a", "b", "c", "d", "");
    add(
        "whole line → line number",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of("a\nb\nc\n"),
        abc);
    add(
        "whole line → line number plus offset 10",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        10,
        List.of("a\nb\nc"),
        abc);
    add(
        "line number → whole line (int64 keys)",
        DType.INT64,
        DType.STRING,
        -1,
        -2,
        "\t",
        -1,
        0,
        List.of("zero\none\ntwo\n"),
        ints(DType.INT64, 2, 0, 3));
    add(
        "columns 0 → 1 split at ' '",
        DType.STRING,
        DType.INT64,
        0,
        1,
        " ",
        -1,
        0,
        List.of("emerson 10\nlake 20\npalmer 30\n"),
        words("palmer", "lake", "tarkus"));
    add(
        "columns 1 → 0, three columns split at ','",
        DType.STRING,
        DType.INT32,
        1,
        0,
        ",",
        -1,
        0,
        List.of("1,one,x\n2,two,y\n-3,minus three,z\n"),
        words("two", "minus three", "x"));
    add(
        "int32 values get the offset (100)",
        DType.STRING,
        DType.INT32,
        0,
        1,
        "\t",
        -1,
        100,
        List.of("a\t1\nb\t-2\n"),
        words("a", "b", "c"));
    add(
        "int64 values do not get the offset",
        DType.STRING,
        DType.INT64,
        0,
        1,
        "\t",
        -1,
        100,
        List.of("a\t1\nb\t-2\n"),
        words("a", "b", "c"));
    add(
        "float and spaces around numbers",
        DType.STRING,
        DType.FLOAT,
        0,
        1,
        "\t",
        -1,
        0,
        List.of("a\t 2.5 \nb\t1e3\nc\t-inf\nd\t0.1\n"),
        abc);
    add(
        "double column",
        DType.STRING,
        DType.DOUBLE,
        0,
        1,
        "\t",
        -1,
        0,
        List.of("a\t0.1\nb\t-1e-300\nc\tNaN\n"),
        abc);
    add(
        "int64 keys from whole lines",
        DType.INT64,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of("12\n-7\n 5\n"),
        ints(DType.INT64, -7, 12, 5, 0));
    add(
        "int32 keys from a column",
        DType.INT32,
        DType.STRING,
        0,
        1,
        " ",
        -1,
        0,
        List.of("4 four\n8 eight\n"),
        ints(DType.INT32, 8, 4, 1));
    add(
        "vocab_size 2 reads two lines of three",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        2,
        0,
        List.of("a\nb\nc\n"),
        abc);
    add(
        "\\r\\n line ends and UTF-8",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of("café\r\nnaïve\r\nb"),
        words("café", "naïve", "b", "naïve\r"));
    add(
        "repeated key with the same value",
        DType.STRING,
        DType.INT64,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 1\nb 2\na 1\n"),
        abc);
    add(
        "a second initializer from another file is ignored",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of("a\nb\n", "x\ny\nz\n"),
        words("a", "b", "x", "z"));
    add(
        "vocab_size 5 for three lines: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        5,
        0,
        List.of("a\nb\nc\n"),
        abc);
    add(
        "an empty line: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of("a\n\nc\n"),
        abc);
    add(
        "too few columns: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        0,
        2,
        " ",
        -1,
        0,
        List.of("a 1 2\nb 3\n"),
        abc);
    add(
        "a value that is no int64: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 1\nb x2\n"),
        abc);
    add(
        "'+5' is no int32: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT32,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a +5\n"),
        abc);
    add(
        "int32 overflow: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT32,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 2147483648\n"),
        abc);
    add(
        "a float that is no float: INVALID_ARGUMENT",
        DType.STRING,
        DType.FLOAT,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 1.5x\n"),
        abc);
    add(
        "repeated key with another value: FAILED_PRECONDITION",
        DType.STRING,
        DType.INT64,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 1\nb 2\na 3\n"),
        abc);
    add("an empty file", DType.STRING, DType.INT64, -2, -1, "\t", -1, 0, List.of(""), abc);
    add(
        "a missing file: NOT_FOUND",
        DType.STRING,
        DType.INT64,
        -2,
        -1,
        "\t",
        -1,
        0,
        List.of(),
        abc);
    add(
        "line number as a string key: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        -1,
        -2,
        "\t",
        -1,
        0,
        List.of("a\n"),
        abc);
    add(
        "whole line as a float value: INVALID_ARGUMENT",
        DType.STRING,
        DType.FLOAT,
        0,
        -2,
        " ",
        -1,
        0,
        List.of("a\n"),
        abc);
    add(
        "a bool column: INVALID_ARGUMENT",
        DType.STRING,
        DType.BOOL,
        0,
        1,
        " ",
        -1,
        0,
        List.of("a 1\n"),
        abc);
    add(
        "a two-character delimiter: INVALID_ARGUMENT",
        DType.STRING,
        DType.INT64,
        0,
        1,
        "::",
        -1,
        0,
        List.of("a::1\n"),
        abc);
  }

  @Test
  void generate() throws IOException {
    Files.createDirectories(DIR);
    try (DirectoryStream<Path> old = Files.newDirectoryStream(DIR)) {
      for (Path p : old) {
        Files.delete(p);
      }
    }
    Path abs = DIR.toAbsolutePath();
    for (int i = 0; i < SPECS.size(); i++) {
      Spec s = SPECS.get(i);
      String base = String.format("%04d", i + 1);
      Map<String, TensorProto> feeds = new LinkedHashMap<>();
      Map<String, String> relative = new LinkedHashMap<>();
      List<String> files = s.files().isEmpty() ? List.of("missing") : s.files();
      GraphDefBuilder g = new GraphDefBuilder();
      g.op("t", "HashTableV2")
          .attr("key_dtype", s.key())
          .attr("value_dtype", s.value())
          .attr("shared_name", "vocab");
      String previous = null;
      for (int f = 0; f < files.size(); f++) {
        String name = base + (f == 0 ? "" : "_" + f) + ".txt";
        if (!s.files().isEmpty()) {
          Files.writeString(DIR.resolve(name), files.get(f), StandardCharsets.UTF_8);
        }
        String feed = "filename" + (f == 0 ? "" : f);
        String init = "init" + (f == 0 ? "" : f);
        g.placeholder(feed, DType.STRING, PartialShape.of());
        if (previous == null) {
          g.op(init, "InitializeTableFromTextFileV2", "t", feed);
        } else {
          g.op(init, "InitializeTableFromTextFileV2", "t", feed, "^" + previous);
        }
        g.attr("key_index", s.keyIndex())
            .attr("value_index", s.valueIndex())
            .attr("delimiter", s.delimiter())
            .attr("vocab_size", s.vocabSize())
            .attr("offset", s.offset());
        previous = init;
        feeds.put(
            feed,
            TensorProtos.toProto(Tensor.ofStrings(Shape.scalar(), abs.resolve(name).toString())));
        relative.put(feed, name);
      }
      g.constant("q", s.query())
          .constant("d", defaultFor(s.value()))
          .op("find", "LookupTableFindV2", "t", "q", "d", "^" + previous)
          .attr("Tin", s.key())
          .attr("Tout", s.value())
          .op("size", "LookupTableSizeV2", "t", "^" + previous);
      Case c =
          new Case(
              "lookup_textfile/" + base,
              "InitializeTableFromTextFileV2, " + s.what(),
              g.build(),
              feeds,
              List.of("find", "size"));
      Fixture fx = Generate.fixture(c, Generate.optimizationIndependentOutcome(c));
      Fixture.Builder b = fx.toBuilder();
      for (Map.Entry<String, String> e : relative.entrySet()) {
        b.putFeed(e.getKey(), TensorProtos.toProto(Tensor.ofStrings(Shape.scalar(), e.getValue())));
      }
      if (b.hasError()) {
        String m = b.getError().getMessage().replace(abs + "/", "");
        b.getErrorBuilder().setMessage(m);
      }
      Files.writeString(DIR.resolve(base + ".fixture.pbtxt"), Generate.text(b.build()));
    }
  }

  private static Tensor defaultFor(DType v) {
    return switch (v) {
      case STRING -> Tensor.ofStrings(Shape.scalar(), "<none>");
      case FLOAT -> Tensor.ofFloats(Shape.scalar(), -1f);
      case DOUBLE -> Tensor.ofDoubles(Shape.scalar(), -1);
      case BOOL -> Tensor.ofBooleans(Shape.scalar(), false);
      default -> Tensor.ofIntegers(v, Shape.scalar(), -1);
    };
  }
}
