package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * StringFormat (tf.strings.format: TF's print_v2 summary of every dtype and rank, summarize from -1
 * up, special floats and doubles, escaped strings, several inputs, placeholders that overlap or are
 * empty, and the count errors of its shape function and kernel) and UnicodeScript (code points of
 * many scripts, combining marks, unassigned, surrogates, private use, code points assigned after
 * Unicode 13, invalid values, and a sweep over the whole code space).
 */
public final class StringFormatCases implements CaseFamily {
  @Override
  public String directory() {
    return "strings_format";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    formats(out, r);
    formatErrors(out);
    scripts(out);
    return out.cases();
  }

  private static AttrValue bytes(String s) {
    return AttrValue.newBuilder().setS(ByteString.copyFrom(s, StandardCharsets.UTF_8)).build();
  }

  private static AttrValue types(List<DType> ts) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    ts.forEach(t -> l.addType(t.proto()));
    return AttrValue.newBuilder().setList(l).build();
  }

  private static void format(
      CaseList out,
      String what,
      String template,
      String placeholder,
      long summarize,
      Tensor... in) {
    format(
        out,
        what,
        g -> {
          g.attr("template", bytes(template)).attr("placeholder", bytes(placeholder));
          if (summarize != 3) {
            g.attr("summarize", summarize);
          }
        },
        in);
  }

  private static void format(
      CaseList out, String what, Consumer<GraphDefBuilder> attrs, Tensor... in) {
    NodeCase c = new NodeCase();
    List<DType> ts = new ArrayList<>();
    for (Tensor t : in) {
      // Consts keep every bit (tensor_content), NaN payloads and signs included.
      c.constant(t);
      ts.add(t.dtype());
    }
    GraphDefBuilder g = c.op("StringFormat").attr("T", types(ts));
    attrs.accept(g);
    c.addTo(out, "StringFormat " + what, 1);
  }

  private static void formats(CaseList out, Random r) {
    Shape[] shapes = {
      Shape.scalar(),
      Shape.of(2),
      Shape.of(7),
      Shape.of(2, 3),
      Shape.of(4, 5),
      Shape.of(2, 3, 4),
      Shape.of(7, 2, 5),
      Shape.of(0),
      Shape.of(2, 0),
      Shape.of(0, 3, 2),
      Shape.of(2, 1, 1, 2)
    };
    for (Shape s : shapes) {
      Tensor v = RandomTensors.of(r, DType.INT32, s, true);
      for (long summarize : new long[] {3, -1, 0, 1, 2}) {
        format(out, "int32" + s + " summarize " + summarize, "v=%s.", "%s", summarize, v);
      }
    }
    for (DType t : DType.dataTypes()) {
      Tensor v = RandomTensors.of(r, t, Shape.of(3, 4), true);
      format(out, t.tfName() + "[3,4]", "%s", "%s", -1, v);
      if (ParsingDecodeCases.floating(t)) {
        Tensor special = RandomTensors.specials(t, true);
        format(out, t.tfName() + " special values", "%s", "%s", -1, special);
      }
      Tensor scalar = RandomTensors.of(r, t, Shape.scalar(), true);
      format(out, t.tfName() + " scalar", "<%s>", "%s", 3, scalar);
    }
    Tensor floats =
        Tensor.ofFloats(
            Shape.of(16),
            0.1f,
            1.2345678f,
            1e-5f,
            1e-4f,
            123456f,
            1234567f,
            1e20f,
            -0f,
            Float.NaN,
            Float.intBitsToFloat(0xFFC00000),
            Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY,
            Float.MIN_VALUE,
            Float.MAX_VALUE,
            3f,
            100f);
    format(out, "float forms", "%s", "%s", -1, floats);
    Tensor doubles =
        Tensor.ofDoubles(
            Shape.of(14),
            0.1,
            1.0 / 3,
            1e-5,
            1e300,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            Double.MIN_VALUE,
            Double.NaN,
            Double.NEGATIVE_INFINITY,
            -0.0,
            2.5,
            1e15,
            1e16,
            123456789012345678.0);
    format(out, "double forms", "%s", "%s", -1, doubles);
    Tensor strings =
        Tensor.ofByteStrings(
            Shape.of(2, 4),
            b("plain"),
            b("quote\" and 'single'"),
            b("back\\slash"),
            b("tab\tnl\ncr\r"),
            new byte[] {0, 1, 0x1F, 0x7F, ' '},
            b("ünïcödé 日本"),
            new byte[] {(byte) 0xFF, (byte) 0xC3, 'x'},
            b(""));
    format(out, "escaped strings", "%s", "%s", -1, strings);
    Tensor a = Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4);
    Tensor s = Tensor.ofStrings(Shape.scalar(), "name");
    Tensor f = Tensor.ofFloats(Shape.of(5), 0.5f, 1.5f, 2.5f, 3.5f, 4.5f);
    format(out, "three inputs, placeholder {}", "a={} s={} f={}!", "{}", 3, a, s, f);
    format(out, "template without placeholders", "just text", "%s", 3);
    format(out, "empty template", "", "%s", 3);
    format(out, "placeholder at both ends", "{}mid{}", "{}", 2, f, a);
    format(out, "non-ASCII template and placeholder", "→ü← é→ü←", "ü", 3, s, a);
    format(out, "overlapping placeholders counted apart", "aaaa", "aa", 3, a, s);
    format(out, "default attrs", g -> {}, a);
  }

  private static void formatErrors(CaseList out) {
    Tensor a = Tensor.ofInts(Shape.of(2), 1, 2);
    format(out, "error: more placeholders than inputs", "{} {}", "{}", 3, a);
    format(out, "error: fewer placeholders than inputs", "{}", "{}", 3, a, a);
    format(out, "error: no inputs, one placeholder", "x %s", "%s", 3);
    format(out, "error: overlapping placeholders, shape fn counts 2", "aaa", "aa", 3, a);
    format(out, "error: overlapping placeholders, kernel counts 1", "aaa", "aa", 3, a, a);
    format(out, "error: empty placeholder", "ab", "", 3, a, a, a);
    format(out, "error: empty placeholder and template", "", "", 3, a);
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void script(CaseList out, String what, Tensor in) {
    NodeCase c = new NodeCase();
    c.fed(in);
    c.op("UnicodeScript");
    c.addTo(out, "UnicodeScript " + what, 1);
  }

  private static void scripts(CaseList out) {
    int[] cps = {
      'a',
      'Z',
      '0',
      ' ',
      '!',
      0xE9,
      0x3B1,
      0x416,
      0x5D0,
      0x627,
      0x915,
      0x995,
      0xA15,
      0xB95,
      0xC15,
      0xD15,
      0xE01,
      0xE81,
      0xF40,
      0x10D0,
      0x1200,
      0x13A0,
      0x1780,
      0x1820,
      0x3042,
      0x30A2,
      0x4E00,
      0xAC00,
      0x20000,
      0x1F600,
      0x0300,
      0x0301,
      0x064B,
      0x200D,
      0xFE0F,
      0x3000,
      0x3001,
      0x30FC,
      0x0378,
      0xD800,
      0xDFFF,
      0xE000,
      0xF8FF,
      0xFFFD,
      0xFFFE,
      0xFFFF,
      0xF0000,
      0x10FFFF,
      0xE0001,
      0x10330,
      0x10900,
      0x1D400,
      0x16A0,
      0x2800,
      0x0870,
      0x1E290,
      0x11F00,
      0x1E4D0,
      0x10D40,
      0x1E5D0,
      0x2EBF0,
      0x31350,
      0x0898,
      0x1AFF0,
      0x110000,
      -1,
      Integer.MIN_VALUE,
      Integer.MAX_VALUE,
      0x7FFFF
    };
    script(out, "scripts, marks, unassigned, invalid", Tensor.ofInts(Shape.of(cps.length), cps));
    int n = 0x110000 / 173 + 1;
    int[] sweep = new int[n];
    for (int i = 0; i < n; i++) {
      sweep[i] = i * 173;
    }
    script(out, "every 173rd code point", Tensor.ofInts(Shape.of(n), sweep));
    int[] dense = new int[0x800];
    for (int i = 0; i < dense.length; i++) {
      dense[i] = 0x0300 + i;
    }
    script(out, "U+0300 to U+0AFF", Tensor.ofInts(Shape.of(dense.length), dense));
    script(out, "matrix", Tensor.ofInts(Shape.of(2, 3), 'a', 0x3B1, 0x4E00, -5, 0x1F600, 0x0378));
    script(out, "scalar", Tensor.ofInts(Shape.scalar(), 0x0627));
    script(out, "empty", Tensor.ofInts(Shape.of(0, 4)));
  }
}
