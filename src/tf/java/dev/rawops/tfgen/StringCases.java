package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The Strings family: the hashes (StringToHashBucket*, Fingerprint), AsString over every dtype and
 * its attrs, StringJoin, StringSplit/StringSplitV2, StringLength, Substr, StringLower/StringUpper,
 * StringStrip, StringToNumber, ReduceJoin, StringNGrams, the four regex ops, base64 and the Unicode
 * decode/encode/transcode ops, over ASCII, non-ASCII, invalid UTF-8, NUL and 0xFF bytes, empty
 * strings and empty tensors, with each op's errors fed (kernel) and, where TF's shape function
 * checks, as Consts. The rest of the cases are in {@link StringCaseKit} and {@link
 * StringTextCases}.
 */
public final class StringCases implements CaseFamily {
  @Override
  public String directory() {
    return "strings";
  }

  /** Byte strings every op sees: ASCII, UTF-8, invalid UTF-8, NUL, 0xFF, whitespace, empty. */
  static final byte[][] WORDS = {
    b(""),
    b("a"),
    b("hello world"),
    b("  padded\t\n"),
    b("ünïcödé"),
    b("日本語テキスト"),
    b("emoji 😀!"),
    {(byte) 0xFF, (byte) 0xFE, 'x'},
    {'a', (byte) 0xC3},
    {'a', 0, 'b'},
    {0, 1, 2, (byte) 0x80, (byte) 0xFF},
    b("The quick brown fox jumps over the lazy dog, 1234567890 times."),
  };

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static Tensor strings(long[] dims, byte[]... v) {
    return Tensor.ofByteStrings(Shape.of(dims), v);
  }

  static Tensor vec(byte[]... v) {
    return Tensor.ofByteStrings(Shape.of(v.length), v);
  }

  static Tensor vec(String... v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  static Tensor scalar(String s) {
    return Tensor.ofStrings(Shape.scalar(), s);
  }

  static Tensor scalarBytes(byte[] s) {
    return Tensor.ofByteStrings(Shape.scalar(), s);
  }

  static AttrValue bytesAttr(byte[] s) {
    return AttrValue.newBuilder().setS(ByteString.copyFrom(s)).build();
  }

  static AttrValue ints(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  /** A one-op case: the inputs fed, or Consts when {@code constant}, then the op with attrs. */
  static void one(
      CaseList out,
      String what,
      String op,
      int outputs,
      boolean constant,
      Consumer<GraphDefBuilder> attrs,
      Tensor... inputs) {
    NodeCase c = new NodeCase();
    for (Tensor t : inputs) {
      c.input(!constant, t);
    }
    attrs.accept(c.op(op));
    c.addTo(out, op + " " + what, outputs);
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    hashes(out, r);
    fingerprints(out, r);
    asStrings(out, r);
    StringCaseKit.joins(out);
    StringCaseKit.splits(out);
    StringCaseKit.maps(out);
    StringCaseKit.substrs(out);
    StringCaseKit.numbers(out);
    StringCaseKit.reduceJoins(out);
    StringCaseKit.ngrams(out);
    StringTextCases.regexes(out);
    StringTextCases.base64(out);
    StringTextCases.unicode(out);
    return out.cases();
  }

  private static void hashes(CaseList out, Random r) {
    Tensor words = vec(WORDS);
    Tensor random = RandomTensors.of(r, DType.STRING, Shape.of(4, 5), false);
    Tensor empty = strings(new long[] {0, 3});
    for (long buckets : new long[] {1, 10, 1000003, Long.MAX_VALUE}) {
      one(
          out,
          "num_buckets " + buckets,
          "StringToHashBucketFast",
          1,
          false,
          g -> g.attr("num_buckets", buckets),
          words);
      one(
          out,
          "num_buckets " + buckets,
          "StringToHashBucket",
          1,
          false,
          g -> g.attr("num_buckets", buckets),
          words);
      one(
          out,
          "num_buckets " + buckets + " key [1, 2]",
          "StringToHashBucketStrong",
          1,
          false,
          g -> g.attr("num_buckets", buckets).attr("key", ints(1, 2)),
          words);
    }
    for (String op :
        List.of("StringToHashBucketFast", "StringToHashBucket", "StringToHashBucketStrong")) {
      for (Tensor t : List.of(random, empty, scalar("scalar"))) {
        one(
            out,
            "num_buckets 97",
            op,
            1,
            false,
            g -> {
              g.attr("num_buckets", 97);
              if (op.endsWith("Strong")) {
                g.attr("key", ints(0xDECAFCAFFEL, -7));
              }
            },
            t);
      }
    }
    one(
        out,
        "key [-1, Long.MIN_VALUE]",
        "StringToHashBucketStrong",
        1,
        false,
        g -> g.attr("num_buckets", Long.MAX_VALUE).attr("key", ints(-1, Long.MIN_VALUE)),
        words);
    one(
        out,
        "error: a key of 1 element",
        "StringToHashBucketStrong",
        1,
        false,
        g -> g.attr("num_buckets", 10).attr("key", ints(5)),
        words);
    one(
        out,
        "error: a key of 3 elements",
        "StringToHashBucketStrong",
        1,
        false,
        g -> g.attr("num_buckets", 10).attr("key", ints(1, 2, 3)),
        words);
  }

  private static void fingerprints(CaseList out, Random r) {
    Tensor method = scalar("farmhash64");
    for (Tensor data :
        List.of(
            vec(WORDS),
            strings(new long[] {3, 2}, b("a"), b("b"), b(""), b("c"), WORDS[7], WORDS[9]),
            strings(
                new long[] {2, 1, 3}, WORDS[0], WORDS[1], WORDS[2], WORDS[3], WORDS[4], WORDS[5]),
            strings(new long[] {0}),
            RandomTensors.of(r, DType.STRING, Shape.of(5), false))) {
      one(out, "strings", "Fingerprint", 1, false, g -> g.attr("T", DType.STRING), data, method);
    }
    for (DType t :
        List.of(
            DType.INT32,
            DType.INT64,
            DType.UINT8,
            DType.INT8,
            DType.INT16,
            DType.UINT16,
            DType.UINT32,
            DType.UINT64,
            DType.FLOAT,
            DType.DOUBLE,
            DType.HALF,
            DType.BFLOAT16,
            DType.BOOL,
            DType.COMPLEX64,
            DType.COMPLEX128)) {
      Tensor data = RandomTensors.of(r, t, Shape.of(3, 4), true);
      one(out, t.tfName(), "Fingerprint", 1, false, g -> g.attr("T", t), data, method);
    }
    Tensor ints = RandomTensors.of(r, DType.INT32, Shape.of(4), true);
    one(out, "int32 vector", "Fingerprint", 1, false, g -> g.attr("T", DType.INT32), ints, method);
    Tensor none = RandomTensors.of(r, DType.FLOAT, Shape.of(2, 0), true);
    one(out, "float [2,0]", "Fingerprint", 1, false, g -> g.attr("T", DType.FLOAT), none, method);
    one(out, "const method", "Fingerprint", 1, true, g -> g.attr("T", DType.INT32), ints, method);
    for (boolean constant : new boolean[] {false, true}) {
      one(
          out,
          "error: method sha256",
          "Fingerprint",
          1,
          constant,
          g -> g.attr("T", DType.INT32),
          ints,
          scalar("sha256"));
      one(
          out,
          "error: scalar data",
          "Fingerprint",
          1,
          constant,
          g -> g.attr("T", DType.STRING),
          scalar("x"),
          method);
      one(
          out,
          "error: method a vector",
          "Fingerprint",
          1,
          constant,
          g -> g.attr("T", DType.INT32),
          ints,
          vec("farmhash64"));
    }
  }

  static final List<DType> AS_STRING_TYPES =
      List.of(
          DType.FLOAT,
          DType.DOUBLE,
          DType.INT32,
          DType.UINT8,
          DType.INT16,
          DType.INT8,
          DType.INT64,
          DType.BFLOAT16,
          DType.UINT16,
          DType.HALF,
          DType.UINT32,
          DType.UINT64,
          DType.COMPLEX64,
          DType.COMPLEX128,
          DType.BOOL);

  private static boolean floating(DType t) {
    return switch (t) {
      case FLOAT, DOUBLE, HALF, BFLOAT16, COMPLEX64, COMPLEX128 -> true;
      default -> false;
    };
  }

  private static void asStrings(CaseList out, Random r) {
    for (DType t : AS_STRING_TYPES) {
      Tensor x = RandomTensors.of(r, t, Shape.of(2, 6), true);
      one(out, t.tfName() + " defaults", "AsString", 1, false, g -> g.attr("T", t), x);
      if (floating(t)) {
        Tensor s = RandomTensors.specials(t, true);
        one(out, t.tfName() + " specials", "AsString", 1, false, g -> g.attr("T", t), s);
      }
      one(
          out,
          t.tfName() + " width 12 fill 0",
          "AsString",
          1,
          false,
          g -> g.attr("T", t).attr("width", 12).attr("fill", "0"),
          x);
      one(
          out,
          t.tfName() + " width 9 fill -",
          "AsString",
          1,
          false,
          g -> g.attr("T", t).attr("width", 9).attr("fill", "-"),
          x);
      one(
          out,
          t.tfName() + " fill +",
          "AsString",
          1,
          false,
          g -> g.attr("T", t).attr("fill", "+"),
          x);
    }
    Tensor d =
        Tensor.ofDoubles(
            Shape.of(14),
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -1234.5678,
            1e-5,
            1.2345e-7,
            123456789.0,
            9.999995e10,
            1e300,
            5e-324,
            Double.POSITIVE_INFINITY,
            Double.NaN);
    Tensor f = Tensor.ofFloats(Shape.of(6), 0.1f, 3.4028235e38f, 1e-45f, -2.5f, 1f / 3, 99999.95f);
    for (Tensor x : List.of(d, f)) {
      DType t = x.dtype();
      for (long precision : new long[] {0, 1, 3, 10, 17}) {
        one(
            out,
            t.tfName() + " precision " + precision,
            "AsString",
            1,
            false,
            g -> g.attr("T", t).attr("precision", precision),
            x);
        one(
            out,
            t.tfName() + " scientific precision " + precision,
            "AsString",
            1,
            false,
            g -> g.attr("T", t).attr("precision", precision).attr("scientific", true),
            x);
        one(
            out,
            t.tfName() + " shortest precision " + precision,
            "AsString",
            1,
            false,
            g -> g.attr("T", t).attr("precision", precision).attr("shortest", true),
            x);
      }
      one(
          out,
          t.tfName() + " scientific",
          "AsString",
          1,
          false,
          g -> g.attr("T", t).attr("scientific", true),
          x);
      one(
          out,
          t.tfName() + " shortest",
          "AsString",
          1,
          false,
          g -> g.attr("T", t).attr("shortest", true),
          x);
      for (String fill : List.of(" ", "#", "0", "-", "+")) {
        one(
            out,
            t.tfName() + " shortest precision 0 width 15 fill '" + fill + "'",
            "AsString",
            1,
            false,
            g ->
                g.attr("T", t)
                    .attr("width", 15)
                    .attr("fill", fill)
                    .attr("shortest", true)
                    .attr("precision", 0),
            x);
        one(
            out,
            t.tfName() + " scientific precision 0 width 15 fill '" + fill + "'",
            "AsString",
            1,
            false,
            g ->
                g.attr("T", t)
                    .attr("width", 15)
                    .attr("fill", fill)
                    .attr("scientific", true)
                    .attr("precision", 0),
            x);
        one(
            out,
            t.tfName() + " precision 0 width 15 fill '" + fill + "'",
            "AsString",
            1,
            false,
            g -> g.attr("T", t).attr("width", 15).attr("fill", fill).attr("precision", 0),
            x);
      }
    }
    Tensor s = vec(b("ab"), b(""), b("ünï"), WORDS[9], WORDS[7]);
    one(out, "string defaults", "AsString", 1, false, g -> g.attr("T", DType.STRING), s);
    for (String fill : List.of("", " ", "-", "0")) {
      one(
          out,
          "string width 6 fill '" + fill + "'",
          "AsString",
          1,
          false,
          g -> g.attr("T", DType.STRING).attr("width", 6).attr("fill", fill),
          s);
    }
    one(
        out,
        "string precision 2",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.STRING).attr("precision", 2),
        s);
    Tensor bools = Tensor.ofBooleans(Shape.of(2), true, false);
    one(
        out,
        "bool width 8 fill 0",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.BOOL).attr("width", 8).attr("fill", "0"),
        bools);
    Tensor i64 = Tensor.ofLongs(Shape.of(3), Long.MIN_VALUE, -1, Long.MAX_VALUE);
    Tensor u64 = Tensor.ofIntegers(DType.UINT64, Shape.of(2), -1, 1L << 63);
    one(
        out,
        "int64 extremes width 25 fill ' '",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.INT64).attr("width", 25).attr("fill", " "),
        i64);
    one(out, "uint64 extremes", "AsString", 1, false, g -> g.attr("T", DType.UINT64), u64);
    one(
        out,
        "empty float [0,2]",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.FLOAT),
        Tensor.ofFloats(Shape.of(0, 2)));
    one(
        out,
        "error: precision for int32",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.INT32).attr("precision", 2),
        Tensor.ofInts(Shape.of(1), 3));
    one(
        out,
        "error: scientific for int64",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.INT64).attr("scientific", true),
        i64);
    one(
        out,
        "error: shortest for bool",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.BOOL).attr("shortest", true),
        bools);
    one(
        out,
        "error: fill of two characters",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.FLOAT).attr("fill", "00"),
        f);
    one(
        out,
        "error: fill x",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.FLOAT).attr("fill", "x"),
        f);
    one(
        out,
        "error: scientific and shortest",
        "AsString",
        1,
        false,
        g -> g.attr("T", DType.FLOAT).attr("scientific", true).attr("shortest", true),
        f);
  }
}
