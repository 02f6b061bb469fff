package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * The rest of the Parsing family: SerializeTensor over every dtype and shape (TF's exact bytes),
 * ParseTensor over both TensorProto encodings, short and empty typed lists, string lists, and its
 * errors (not a scalar, not a proto, a proto FromProto refuses, a dtype other than out_type);
 * DecodeCSV over delimiters, quotes, na_value, select_cols, defaults and every column dtype, with
 * TF's record and attr errors; DecodePaddedRaw over its dtypes and both byte orders;
 * DecodeCompressed over zlib and gzip streams built with java.util.zip (and gzip headers written by
 * hand), truncated, concatenated, corrupt, and the pass-through.
 */
public final class ParsingDecodeCases implements CaseFamily {
  @Override
  public String directory() {
    return "parsing_decode";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    serializeTensor(out, r);
    parseTensor(out, r);
    decodeCsv(out);
    decodePaddedRaw(out, r);
    decodeCompressed(out);
    edges(out);
    return out.cases();
  }

  private static void one(
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

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Tensor scalar(byte[] s) {
    return Tensor.ofByteStrings(Shape.scalar(), s);
  }

  private static Tensor vec(byte[]... v) {
    return Tensor.ofByteStrings(Shape.of(v.length), v);
  }

  private static Tensor vec(String... v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  // --- SerializeTensor and ParseTensor ---------------------------------------------------------

  private static final Shape[] SHAPES = {
    Shape.scalar(), Shape.of(5), Shape.of(2, 3), Shape.of(0, 2)
  };

  static boolean floating(DType t) {
    return switch (t) {
      case HALF, BFLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128 -> true;
      default -> false;
    };
  }

  private static void serializeTensor(CaseList out, Random r) {
    for (DType t : DType.dataTypes()) {
      for (Shape s : SHAPES) {
        Tensor v = RandomTensors.of(r, t, s, true);
        one(out, t.tfName() + s, "SerializeTensor", 1, false, g -> g.attr("T", t), v);
      }
      if (floating(t)) {
        Tensor special = RandomTensors.specials(t, true);
        one(
            out,
            t.tfName() + " special values",
            "SerializeTensor",
            1,
            false,
            g -> g.attr("T", t),
            special);
      }
    }
    Tensor words =
        Tensor.ofByteStrings(
            Shape.of(2, 3),
            b(""),
            b("ünïcödé"),
            new byte[] {(byte) 0xFF, 0, 'x'},
            b("a"),
            b(""),
            b("日本"));
    one(
        out,
        "strings, non-ASCII and invalid UTF-8",
        "SerializeTensor",
        1,
        true,
        g -> g.attr("T", DType.STRING),
        words);
  }

  /** ParseTensor of {@code proto}'s bytes, fed, expecting out_type {@code t}. */
  private static void parse(CaseList out, String what, byte[] proto, DType t) {
    one(out, what, "ParseTensor", 1, false, g -> g.attr("out_type", t), scalar(proto));
  }

  private static void parseTensor(CaseList out, Random r) {
    for (DType t : DType.dataTypes()) {
      Tensor v = RandomTensors.of(r, t, Shape.of(2, 3), true);
      for (Encoding e : Encoding.values()) {
        parse(
            out,
            t.tfName() + "[2,3] from " + e.description,
            TypedProtos.encode(v, e).toByteArray(),
            t);
      }
      Tensor s = RandomTensors.of(r, t, Shape.scalar(), true);
      parse(out, t.tfName() + " scalar", TypedProtos.encode(s, Encoding.CONTENT).toByteArray(), t);
    }
    TensorShapeProto two3 = Shape.of(2, 3).toPartial().toProto();
    TensorProto shortFloats =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(two3)
            .addFloatVal(1.5f)
            .addFloatVal(-2f)
            .build();
    parse(
        out,
        "float_val shorter than the shape repeats its last value",
        shortFloats.toByteArray(),
        DType.FLOAT);
    TensorProto noValues =
        TensorProto.newBuilder().setDtype(DataType.DT_INT64).setTensorShape(two3).build();
    parse(out, "no values: zeros", noValues.toByteArray(), DType.INT64);
    TensorProto longInts =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_INT32)
            .setTensorShape(Shape.of(2).toPartial().toProto())
            .addIntVal(7)
            .addIntVal(8)
            .addIntVal(9)
            .build();
    parse(out, "int_val longer than the shape", longInts.toByteArray(), DType.INT32);
    TensorProto shortStrings =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addStringVal(ByteString.copyFrom(b("ü")))
            .addStringVal(ByteString.copyFrom(new byte[] {(byte) 0xC3}))
            .build();
    parse(out, "string_val shorter than the shape", shortStrings.toByteArray(), DType.STRING);
    TensorProto stringList =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(Shape.of(2).toPartial().toProto())
            .setTensorContent(ByteString.copyFrom(new byte[] {2, 0, 'a', 'b'}))
            .build();
    parse(
        out,
        "string tensor_content (varint lengths, then bytes)",
        stringList.toByteArray(),
        DType.STRING);
    TensorProto shortComplex =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_COMPLEX64)
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addScomplexVal(1f)
            .addScomplexVal(-1f)
            .build();
    parse(out, "one scomplex_val pair repeated", shortComplex.toByteArray(), DType.COMPLEX64);
    TensorProto halfs =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_HALF)
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addHalfVal(0x3C00)
            .addHalfVal(0x7E00)
            .build();
    parse(out, "half_val bits", halfs.toByteArray(), DType.HALF);
    TensorProto bools =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_BOOL)
            .setTensorShape(Shape.of(3).toPartial().toProto())
            .addBoolVal(true)
            .build();
    parse(out, "one bool_val repeated", bools.toByteArray(), DType.BOOL);
    TensorProto emptyJunk =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(Shape.of(0, 4).toPartial().toProto())
            .setTensorContent(ByteString.copyFrom(new byte[] {1, 2, 3}))
            .build();
    parse(out, "an empty tensor ignores its tensor_content", emptyJunk.toByteArray(), DType.FLOAT);
    TensorProto noShape =
        TensorProto.newBuilder().setDtype(DataType.DT_DOUBLE).addDoubleVal(2.5).build();
    parse(out, "no tensor_shape: a scalar", noShape.toByteArray(), DType.DOUBLE);
    // Errors.
    Tensor two = Tensor.ofByteStrings(Shape.of(2), noShape.toByteArray(), noShape.toByteArray());
    one(
        out,
        "error: serialized a vector",
        "ParseTensor",
        1,
        false,
        g -> g.attr("out_type", DType.DOUBLE),
        two);
    parse(out, "error: not a proto", new byte[] {(byte) 0xFF, (byte) 0xFF, 1}, DType.FLOAT);
    parse(out, "error: empty bytes (dtype DT_INVALID)", new byte[0], DType.FLOAT);
    parse(out, "error: dtype differs from out_type", shortFloats.toByteArray(), DType.DOUBLE);
    parse(out, "error: int32 proto, out_type int64", longInts.toByteArray(), DType.INT64);
    TensorProto badContent =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(two3)
            .setTensorContent(ByteString.copyFrom(new byte[10]))
            .build();
    parse(out, "error: tensor_content of the wrong size", badContent.toByteArray(), DType.FLOAT);
    TensorProto negative =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_FLOAT)
            .setTensorShape(
                TensorShapeProto.newBuilder().addDim(TensorShapeProto.Dim.newBuilder().setSize(-1)))
            .build();
    parse(out, "error: a negative dim", negative.toByteArray(), DType.FLOAT);
    TensorProto ref =
        TensorProto.newBuilder().setDtype(DataType.DT_FLOAT_REF).addFloatVal(1f).build();
    parse(out, "error: a reference dtype", ref.toByteArray(), DType.FLOAT);
    TensorProto badStrings =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_STRING)
            .setTensorShape(Shape.of(2).toPartial().toProto())
            .setTensorContent(ByteString.copyFrom(new byte[] {5, 0, 'a'}))
            .build();
    parse(out, "error: string tensor_content too short", badStrings.toByteArray(), DType.STRING);
  }

  // --- DecodeCSV -------------------------------------------------------------------------------

  private static AttrValue types(DType... ts) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (DType t : ts) {
      l.addType(t.proto());
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  private static AttrValue ints(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  /** DecodeCSV of {@code records} with these defaults (their dtypes are OUT_TYPE). */
  private static void csv(
      CaseList out,
      String what,
      Tensor records,
      Consumer<GraphDefBuilder> attrs,
      Tensor... defaults) {
    csv(out, what, false, records, attrs, defaults);
  }

  /** As above; {@code fedDefaults}: the defaults are fed, so only the kernel sees their shapes. */
  private static void csv(
      CaseList out,
      String what,
      boolean fedDefaults,
      Tensor records,
      Consumer<GraphDefBuilder> attrs,
      Tensor... defaults) {
    NodeCase c = new NodeCase();
    c.fed(records);
    DType[] ts = new DType[defaults.length];
    for (int i = 0; i < defaults.length; i++) {
      c.input(fedDefaults, defaults[i]);
      ts[i] = defaults[i].dtype();
    }
    GraphDefBuilder g = c.op("DecodeCSV").attr("OUT_TYPE", types(ts));
    attrs.accept(g);
    c.addTo(out, "DecodeCSV " + what, defaults.length);
  }

  private static Tensor f32(float... v) {
    return Tensor.ofFloats(Shape.of(v.length), v);
  }

  private static Tensor f64(double... v) {
    return Tensor.ofDoubles(Shape.of(v.length), v);
  }

  private static Tensor i32(int... v) {
    return Tensor.ofInts(Shape.of(v.length), v);
  }

  private static Tensor i64(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  private static void decodeCsv(CaseList out) {
    Tensor mixed =
        vec(
            "1,2.5,3.25,text,7",
            "-4,,1e3,\"quoted, comma\",",
            ",inf,-nan,\"say \"\"hi\"\"\",9",
            "2147483647,-0,0.1,ünï,-9223372036854775808");
    Consumer<GraphDefBuilder> none = g -> {};
    csv(
        out,
        "five columns with defaults",
        mixed,
        none,
        i32(0),
        f32(-1f),
        f64(-2),
        vec("dflt"),
        i64(42));
    csv(
        out,
        "scalar defaults",
        mixed,
        none,
        Tensor.ofInts(Shape.scalar(), 5),
        Tensor.ofFloats(Shape.scalar(), 0.5f),
        Tensor.ofDoubles(Shape.scalar(), 1.5),
        Tensor.ofStrings(Shape.scalar(), "s"),
        Tensor.ofLongs(Shape.scalar(), 6));
    Tensor matrix = Tensor.ofStrings(Shape.of(2, 2), "a;b", "c;", ";d", "\"e;\";\"\"");
    csv(
        out,
        "matrix of records, delimiter ';'",
        matrix,
        g -> g.attr("field_delim", ";"),
        vec("x"),
        vec("y"));
    csv(out, "empty records", Tensor.ofStrings(Shape.of(0)), none, i32(1), vec("z"));
    csv(out, "scalar record", Tensor.ofStrings(Shape.scalar(), "3,4"), none, i32(1), i64(2));
    csv(
        out,
        "na_value 'NA'",
        vec("NA,1", "2,NA", "NA,NA"),
        g -> g.attr("na_value", "NA"),
        f32(9f),
        vec("missing"));
    csv(
        out,
        "use_quote_delim false keeps quotes",
        vec("\"a\",b\"c", "\"\",\""),
        g -> g.attr("use_quote_delim", false),
        vec("q"),
        vec("r"));
    csv(
        out,
        "tab delimiter, CR and LF between fields skipped",
        vec("1\t2\r\n", "\n3\t4", "5\t\r6"),
        g -> g.attr("field_delim", "\t"),
        i64(0),
        i64(0));
    csv(
        out,
        "select_cols [0, 2]",
        vec("1,skip,3,skip", "4,\"x\",6", "7,,9"),
        g -> g.attr("select_cols", ints(0, 2)),
        i32(0),
        i32(0));
    csv(
        out,
        "select_cols [1, 3], last one empty",
        vec("a,b,c,", "a,b,c,d,e"),
        g -> g.attr("select_cols", ints(1, 3)),
        vec("B"),
        vec("D"));
    csv(
        out,
        "number forms: spaces, signs, hex, exponents, overflow to inf",
        vec(" 12 , 1.5 ,0x10,+3", "-0,1e-50,1E+2,  7", "+5,-1e40,.5,1e400"),
        none,
        i32(0),
        f32(0f),
        f64(0),
        f64(0));
    csv(
        out,
        "non-ASCII and invalid UTF-8 strings",
        vec(
            b("ü,日本"),
            new byte[] {(byte) 0xFF, ',', (byte) 0xC3},
            new byte[] {'a', 0, 'b', ',', 0}),
        none,
        vec("x"),
        vec("y"));
    csv(out, "float field with a NUL", vec(b("1.5\u00002")), none, f32(0f));
    // Errors.
    csv(out, "error: too few fields", vec("1,2", "3"), none, i32(0), i32(0));
    csv(out, "error: too many fields", vec("1,2,3"), none, i32(0), i32(0));
    csv(out, "error: empty record", vec(""), none, i32(0));
    csv(out, "error: required field missing", vec("1,"), none, i32(0), Tensor.ofInts(Shape.of(0)));
    csv(out, "error: not an int32", vec("12x"), none, i32(0));
    csv(out, "error: int32 overflow", vec("2147483648"), none, i32(0));
    csv(out, "error: not an int64", vec("1.0"), none, i64(0));
    csv(out, "error: not a float", vec("abc"), none, f32(0f));
    csv(out, "error: not a double", vec("1..2"), none, f64(0));
    csv(out, "error: quote inside an unquoted field", vec("a\"b"), none, vec(""));
    csv(out, "error: quote not escaped", vec("\"a\"b\""), none, vec(""));
    csv(out, "error: quoted field not closed", vec("\"abc"), none, vec(""));
    csv(out, "error: quoted field followed by text", vec("\"a\"x,b"), none, vec(""), vec(""));
    csv(out, "error: two defaults", vec("1"), none, i32(1, 2));
    csv(out, "error: a default of rank 2", vec("1"), none, Tensor.ofInts(Shape.of(1, 1), 1));
    csv(out, "error: two defaults, fed", true, vec("1"), none, i32(1, 2));
    csv(
        out,
        "error: a default of rank 2, fed",
        true,
        vec("1"),
        none,
        Tensor.ofInts(Shape.of(1, 1), 1));
    csv(out, "defaults fed", true, vec("1,", ",x"), none, i32(7), vec("d"));
    csv(out, "error: field_delim of two chars", vec("1"), g -> g.attr("field_delim", ";;"), i32(0));
    csv(
        out,
        "error: select_cols not increasing",
        vec("1,2"),
        g -> g.attr("select_cols", ints(1, 0)),
        i32(0),
        i32(0));
    csv(
        out,
        "error: select_cols negative",
        vec("1,2"),
        g -> g.attr("select_cols", ints(-1, 0)),
        i32(0),
        i32(0));
    csv(
        out,
        "error: select_cols of the wrong size",
        vec("1,2"),
        g -> g.attr("select_cols", ints(0)),
        i32(0),
        i32(0));
  }

  // --- DecodePaddedRaw -------------------------------------------------------------------------

  private static void padded(
      CaseList out, String what, Tensor in, int fixed, DType t, boolean little, boolean constant) {
    one(
        out,
        what,
        "DecodePaddedRaw",
        1,
        constant,
        g -> g.attr("out_type", t).attr("little_endian", little),
        in,
        Tensor.ofInts(Shape.scalar(), fixed));
  }

  private static void decodePaddedRaw(CaseList out, Random r) {
    byte[][] raw = new byte[4][];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = new byte[3 + 5 * i];
      r.nextBytes(raw[i]);
    }
    Tensor shortAndLong = vec(raw);
    byte[][] full = new byte[3][16];
    for (byte[] f : full) {
      r.nextBytes(f);
    }
    Tensor exact = Tensor.ofByteStrings(Shape.of(3, 1), full);
    for (DType t :
        new DType[] {
          DType.FLOAT,
          DType.DOUBLE,
          DType.INT32,
          DType.UINT16,
          DType.UINT8,
          DType.INT16,
          DType.INT8,
          DType.INT64,
          DType.BFLOAT16
        }) {
      padded(out, t.tfName() + " short and long strings", shortAndLong, 8, t, true, false);
      padded(out, t.tfName() + " big-endian", exact, 16, t, false, false);
    }
    padded(out, "uint8 ignores byte order", shortAndLong, 5, DType.UINT8, false, false);
    padded(out, "empty input", Tensor.ofStrings(Shape.of(0, 2)), 4, DType.INT32, true, false);
    padded(out, "scalar input", scalar(b("abcdefg")), 4, DType.INT16, true, false);
    padded(out, "empty strings", vec("", ""), 4, DType.FLOAT, true, false);
    for (boolean constant : new boolean[] {false, true}) {
      padded(
          out, "error: fixed_length not a multiple", shortAndLong, 6, DType.INT32, true, constant);
      padded(out, "error: fixed_length zero", shortAndLong, 0, DType.INT32, true, constant);
      padded(out, "error: fixed_length negative", shortAndLong, -4, DType.INT32, true, constant);
    }
    one(
        out,
        "error: fixed_length a vector",
        "DecodePaddedRaw",
        1,
        false,
        g -> g.attr("out_type", DType.INT32),
        shortAndLong,
        Tensor.ofInts(Shape.of(1), 4));
  }

  // --- DecodeCompressed ------------------------------------------------------------------------

  private static byte[] zlib(byte[] data, int level) {
    Deflater d = new Deflater(level);
    d.setInput(data);
    d.finish();
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    while (!d.finished()) {
      o.write(buf, 0, d.deflate(buf));
    }
    d.end();
    return o.toByteArray();
  }

  private static byte[] gzip(byte[] data) {
    try {
      ByteArrayOutputStream o = new ByteArrayOutputStream();
      try (GZIPOutputStream z = new GZIPOutputStream(o)) {
        z.write(data);
      }
      return o.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Raw deflate data of {@code data}. */
  private static byte[] deflateRaw(byte[] data) {
    Deflater d = new Deflater(6, true);
    d.setInput(data);
    d.finish();
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    while (!d.finished()) {
      o.write(buf, 0, d.deflate(buf));
    }
    d.end();
    return o.toByteArray();
  }

  /** A gzip member with FEXTRA, FNAME, FCOMMENT and FHCRC, written by hand. */
  private static byte[] gzipWithHeaderFields(byte[] data, boolean goodHeaderCrc) {
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    h.writeBytes(new byte[] {0x1F, (byte) 0x8B, 8, 0x1E, 0, 0, 0, 0, 0, 3});
    h.writeBytes(new byte[] {3, 0, 'x', 'y', 'z'});
    h.writeBytes(b("name.txt\0"));
    h.writeBytes(b("a comment\0"));
    CRC32 hc = new CRC32();
    hc.update(h.toByteArray());
    int crc16 = (int) hc.getValue() & 0xFFFF;
    if (!goodHeaderCrc) {
      crc16 ^= 1;
    }
    h.write(crc16 & 0xFF);
    h.write(crc16 >>> 8);
    h.writeBytes(deflateRaw(data));
    CRC32 c = new CRC32();
    c.update(data);
    le32(h, (int) c.getValue());
    le32(h, data.length);
    return h.toByteArray();
  }

  private static void le32(ByteArrayOutputStream o, int v) {
    for (int i = 0; i < 4; i++) {
      o.write(v >>> (8 * i));
    }
  }

  private static byte[] cat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }

  private static byte[] cut(byte[] b, int n) {
    return java.util.Arrays.copyOf(b, n);
  }

  private static void decompress(CaseList out, String what, String type, Tensor in) {
    one(out, what, "DecodeCompressed", 1, false, g -> g.attr("compression_type", type), in);
  }

  private static void decodeCompressed(CaseList out) {
    byte[] text = b("The quick brown fox jumps over the lazy dog. ".repeat(40) + "ünïcödé 日本語");
    byte[] bin = new byte[3000];
    new Random(77).nextBytes(bin);
    byte[] empty = new byte[0];
    decompress(
        out,
        "ZLIB levels and data",
        "ZLIB",
        vec(zlib(text, 9), zlib(text, 0), zlib(bin, 1), zlib(empty, 6)));
    decompress(out, "GZIP", "GZIP", vec(gzip(text), gzip(bin), gzip(empty)));
    decompress(
        out,
        "'' passes bytes through",
        "",
        Tensor.ofByteStrings(Shape.of(2, 1), text, new byte[] {(byte) 0xFF}));
    decompress(out, "ZLIB empty input and scalar", "ZLIB", scalar(empty));
    decompress(out, "GZIP empty input", "GZIP", vec(empty));
    decompress(out, "ZLIB empty tensor", "ZLIB", Tensor.ofStrings(Shape.of(0, 3)));
    byte[] z = zlib(text, 6);
    byte[] g = gzip(text);
    decompress(
        out,
        "ZLIB truncated: what was inflated",
        "ZLIB",
        vec(cut(z, z.length / 2), cut(z, 1), cut(z, z.length - 2)));
    decompress(
        out,
        "GZIP truncated: what was inflated",
        "GZIP",
        vec(cut(g, g.length / 2), cut(g, 5), cut(g, g.length - 3)));
    decompress(out, "ZLIB data after the stream ignored", "ZLIB", vec(cat(z, b("trailing junk"))));
    decompress(
        out,
        "GZIP concatenated members",
        "GZIP",
        vec(cat(gzip(b("first ")), gzip(b("second")), gzip(empty))));
    decompress(
        out,
        "GZIP header with extra, name, comment, header CRC",
        "GZIP",
        vec(gzipWithHeaderFields(text, true)));
    // Errors.
    decompress(out, "error: ZLIB of gzip data", "ZLIB", vec(g));
    decompress(out, "error: GZIP of zlib data", "GZIP", vec(z));
    decompress(
        out,
        "error: ZLIB corrupt data",
        "ZLIB",
        vec(cat(cut(z, 2), new byte[] {(byte) 0xFF, (byte) 0xFF, 0x13, 0x55})));
    byte[] badCrc = g.clone();
    badCrc[badCrc.length - 6] ^= 0x40;
    decompress(out, "error: GZIP bad CRC", "GZIP", vec(badCrc));
    byte[] badLen = g.clone();
    badLen[badLen.length - 2] ^= 0x01;
    decompress(out, "error: GZIP bad length", "GZIP", vec(badLen));
    byte[] badAdler = z.clone();
    badAdler[badAdler.length - 1] ^= 0x01;
    decompress(out, "error: ZLIB bad Adler-32", "ZLIB", vec(badAdler));
    decompress(out, "error: GZIP trailing junk", "GZIP", vec(cat(g, b("junk!"))));
    decompress(
        out, "error: GZIP header CRC mismatch", "GZIP", vec(gzipWithHeaderFields(text, false)));
    byte[] method = g.clone();
    method[2] = 7;
    decompress(out, "error: GZIP unknown method", "GZIP", vec(method));
    byte[] flags = g.clone();
    flags[3] = (byte) 0x20;
    decompress(out, "error: GZIP reserved flag", "GZIP", vec(flags));
    decompress(out, "error: compression_type ZSTD", "ZSTD", vec(z));
    decompress(out, "error: compression_type zlib (lower case)", "zlib", vec(z));
  }

  /** Later edge cases, after the families above so that their fixtures keep their numbers. */
  private static void edges(CaseList out) {
    TensorProto unknownRank =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_INT32)
            .setTensorShape(
                TensorShapeProto.newBuilder()
                    .setUnknownRank(true)
                    .addDim(TensorShapeProto.Dim.newBuilder().setSize(2)))
            .addIntVal(4)
            .build();
    parse(out, "unknown_rank with dims: read as the dims", unknownRank.toByteArray(), DType.INT32);
    TensorProto unsigned =
        TensorProto.newBuilder()
            .setDtype(DataType.DT_UINT64)
            .setTensorShape(Shape.of(2).toPartial().toProto())
            .addUint64Val(-1L)
            .build();
    parse(out, "uint64_val of 2^64 - 1 repeated", unsigned.toByteArray(), DType.UINT64);
    Consumer<GraphDefBuilder> none = g -> {};
    csv(out, "quoted empty field takes the default", vec("\"\",x"), none, vec("d"), vec("e"));
    csv(
        out,
        "error: bad quote in a column select_cols skips",
        vec("1,a\"b,3"),
        g -> g.attr("select_cols", ints(0, 2)),
        i32(0),
        i32(0));
    csv(
        out,
        "error: select_cols past the record",
        vec("1,2"),
        g -> g.attr("select_cols", ints(0, 5)),
        i32(0),
        i32(0));
    csv(
        out,
        "error: field_delim of two UTF-8 bytes",
        vec("1"),
        g -> g.attr("field_delim", "ü"),
        i32(0));
    Deflater d = new Deflater();
    d.setDictionary(b("dictionary"));
    d.setInput(b("dictionary words"));
    d.finish();
    byte[] buf = new byte[256];
    int n = d.deflate(buf);
    d.end();
    decompress(
        out,
        "error: ZLIB stream with a preset dictionary",
        "ZLIB",
        vec(java.util.Arrays.copyOf(buf, n)));
  }
}
