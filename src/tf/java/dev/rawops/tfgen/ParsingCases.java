package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.BytesList;
import dev.rawops.tfproto.Example;
import dev.rawops.tfproto.Feature;
import dev.rawops.tfproto.Features;
import dev.rawops.tfproto.FloatList;
import dev.rawops.tfproto.Int64List;
import dev.rawops.tfproto.TensorProto;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Parsing family: serialized tf.Examples built here with protobuf (and, for what protobuf never
 * writes, by hand at the wire level: duplicate keys, unpacked lists, concatenated Examples,
 * features of no kind, broken bytes) through ParseExampleV2 (vector and scalar), ParseExample and
 * ParseSingleExample: dense features with defaults, required and variable-length ones, sparse and
 * ragged ones of every kind, non-UTF-8 bytes, int64 extremes, names, batches past 8 examples (TF's
 * minibatches), and TF's errors (missing, wrong kind, wrong count, malformed, bad attrs and
 * defaults, duplicate config keys). The serialized Examples are fed; keys and defaults are Consts.
 */
public final class ParsingCases implements CaseFamily {
  @Override
  public String directory() {
    return "parsing";
  }

  /** One parse op's configuration: its keys, dense defaults and shapes, sparse/ragged types. */
  private static final class Parse {
    String op = "ParseExampleV2";
    final List<String> denseKeys = new ArrayList<>();
    final List<Tensor> defaults = new ArrayList<>();
    final List<PartialShape> shapes = new ArrayList<>();
    final List<String> sparseKeys = new ArrayList<>();
    final List<DType> sparseTypes = new ArrayList<>();
    final List<String> raggedKeys = new ArrayList<>();
    final List<DType> raggedTypes = new ArrayList<>();
    final List<DType> splitTypes = new ArrayList<>();
    Tensor names = Tensor.ofStrings(Shape.of(0));

    Parse op(String name) {
      op = name;
      return this;
    }

    Parse dense(String key, Tensor dflt, long... shape) {
      denseKeys.add(key);
      defaults.add(dflt);
      shapes.add(PartialShape.of(shape));
      return this;
    }

    Parse sparse(String key, DType t) {
      sparseKeys.add(key);
      sparseTypes.add(t);
      return this;
    }

    Parse ragged(String key, DType t, DType splits) {
      raggedKeys.add(key);
      raggedTypes.add(t);
      splitTypes.add(splits);
      return this;
    }

    Parse names(String... n) {
      names = Tensor.ofStrings(Shape.of(n.length), n);
      return this;
    }

    int outputs() {
      int n = 3 * sparseKeys.size() + denseKeys.size();
      return op.equals("ParseExampleV2") ? n + 2 * raggedKeys.size() : n;
    }
  }

  private static AttrValue types(List<DType> ts) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    ts.forEach(t -> l.addType(t.proto()));
    return AttrValue.newBuilder().setList(l).build();
  }

  private static AttrValue shapes(List<PartialShape> ss) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    ss.forEach(s -> l.addShape(s.toProto()));
    return AttrValue.newBuilder().setList(l).build();
  }

  private static AttrValue strings(List<String> ss) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    ss.forEach(s -> l.addS(ByteString.copyFromUtf8(s)));
    return AttrValue.newBuilder().setList(l).build();
  }

  private static Tensor keys(List<String> k) {
    return Tensor.ofStrings(Shape.of(k.size()), k.toArray(String[]::new));
  }

  private static void add(CaseList out, String what, Parse p, Tensor serialized) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    PartialShape fedShape =
        serialized.shape().rank() == 0 ? PartialShape.of() : PartialShape.of(PartialShape.UNKNOWN);
    Input.fed(serialized, fedShape, Encoding.TYPED, false).addTo(g, "serialized", feeds);
    List<String> inputs = new ArrayList<>(List.of("serialized"));
    if (!p.op.equals("ParseSingleExample")) {
      g.constant("names", TypedProtos.encode(p.names, Encoding.TYPED));
      inputs.add("names");
    }
    switch (p.op) {
      case "ParseExampleV2" -> {
        g.constant("sparse_keys", TypedProtos.encode(keys(p.sparseKeys), Encoding.TYPED));
        g.constant("dense_keys", TypedProtos.encode(keys(p.denseKeys), Encoding.TYPED));
        g.constant("ragged_keys", TypedProtos.encode(keys(p.raggedKeys), Encoding.TYPED));
        inputs.addAll(List.of("sparse_keys", "dense_keys", "ragged_keys"));
      }
      case "ParseExample" -> {
        for (int i = 0; i < p.sparseKeys.size(); i++) {
          g.constant("sk" + i, TypedProtos.encode(keys1(p.sparseKeys.get(i)), Encoding.TYPED));
          inputs.add("sk" + i);
        }
        for (int i = 0; i < p.denseKeys.size(); i++) {
          g.constant("dk" + i, TypedProtos.encode(keys1(p.denseKeys.get(i)), Encoding.TYPED));
          inputs.add("dk" + i);
        }
      }
      default -> {}
    }
    for (int i = 0; i < p.defaults.size(); i++) {
      g.constant("default" + i, TypedProtos.encode(p.defaults.get(i), Encoding.TYPED));
      inputs.add("default" + i);
    }
    g.op("p", p.op, inputs.toArray(String[]::new));
    g.attr("Tdense", types(p.defaults.stream().map(Tensor::dtype).toList()));
    g.attr("sparse_types", types(p.sparseTypes));
    g.attr("dense_shapes", shapes(p.shapes));
    switch (p.op) {
      case "ParseExampleV2" -> {
        g.attr("num_sparse", p.sparseKeys.size());
        g.attr("ragged_value_types", types(p.raggedTypes));
        g.attr("ragged_split_types", types(p.splitTypes));
      }
      case "ParseExample" -> {
        g.attr("Nsparse", p.sparseKeys.size());
        g.attr("Ndense", p.denseKeys.size());
      }
      default -> {
        g.attr("num_sparse", p.sparseKeys.size());
        g.attr("sparse_keys", strings(p.sparseKeys));
        g.attr("dense_keys", strings(p.denseKeys));
      }
    }
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < p.outputs(); i++) {
      fetches.add("p:" + i);
    }
    out.add(what, g.build(), feeds, fetches);
  }

  private static Tensor keys1(String k) {
    return Tensor.ofStrings(Shape.scalar(), k);
  }

  // --- Examples -------------------------------------------------------------------------------

  private static Feature floats(float... v) {
    FloatList.Builder l = FloatList.newBuilder();
    for (float f : v) {
      l.addValue(f);
    }
    return Feature.newBuilder().setFloatList(l).build();
  }

  private static Feature longs(long... v) {
    Int64List.Builder l = Int64List.newBuilder();
    for (long x : v) {
      l.addValue(x);
    }
    return Feature.newBuilder().setInt64List(l).build();
  }

  private static Feature bytes(byte[]... v) {
    BytesList.Builder l = BytesList.newBuilder();
    for (byte[] b : v) {
      l.addValue(ByteString.copyFrom(b));
    }
    return Feature.newBuilder().setBytesList(l).build();
  }

  private static Feature text(String... v) {
    BytesList.Builder l = BytesList.newBuilder();
    for (String s : v) {
      l.addValue(ByteString.copyFromUtf8(s));
    }
    return Feature.newBuilder().setBytesList(l).build();
  }

  /** An Example from key, feature, key, feature… */
  private static byte[] example(Object... kv) {
    Features.Builder f = Features.newBuilder();
    for (int i = 0; i < kv.length; i += 2) {
      f.putFeature((String) kv[i], (Feature) kv[i + 1]);
    }
    return Example.newBuilder().setFeatures(f).build().toByteArray();
  }

  private static Tensor batch(byte[]... examples) {
    return Tensor.ofByteStrings(Shape.of(examples.length), examples);
  }

  private static Tensor scalar(byte[] example) {
    return Tensor.ofByteStrings(Shape.scalar(), example);
  }

  // Wire-level building, for what protobuf's own writer never produces.

  private static void varint(ByteArrayOutputStream o, long v) {
    while ((v & ~0x7FL) != 0) {
      o.write((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    o.write((int) v);
  }

  private static byte[] field(int tag, byte[] body) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    o.write(tag);
    varint(o, body.length);
    o.writeBytes(body);
    return o.toByteArray();
  }

  private static byte[] cat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** A map entry (key, then feature bytes) in an Example's features field. */
  private static byte[] entry(String key, byte[] feature) {
    return field(0x0A, cat(field(0x0A, utf8(key)), field(0x12, feature)));
  }

  /** An Example whose feature map entries are written as given: duplicates stay. */
  private static byte[] rawExample(byte[]... entries) {
    return field(0x0A, cat(entries));
  }

  /** A Feature with an unpacked float list. */
  private static byte[] unpackedFloats(float... v) {
    ByteArrayOutputStream l = new ByteArrayOutputStream();
    for (float f : v) {
      l.write(0x0D);
      int bits = Float.floatToRawIntBits(f);
      for (int i = 0; i < 4; i++) {
        l.write((bits >>> (8 * i)) & 0xFF);
      }
    }
    return field(0x12, l.toByteArray());
  }

  /** A Feature with an unpacked int64 list. */
  private static byte[] unpackedLongs(long... v) {
    ByteArrayOutputStream l = new ByteArrayOutputStream();
    for (long x : v) {
      l.write(0x08);
      varint(l, x);
    }
    return field(0x1A, l.toByteArray());
  }

  private static float[] randomFloats(Random r, int n) {
    float[] f = new float[n];
    for (int i = 0; i < n; i++) {
      f[i] = (float) (r.nextGaussian() * 50);
    }
    return f;
  }

  private static Tensor f32(float... v) {
    return Tensor.ofFloats(Shape.of(v.length), v);
  }

  private static Tensor i64(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  private static Tensor str(String... v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    dense(out, r);
    varlen(out, r);
    sparseAndRagged(out);
    wire(out);
    scalarsAndOtherOps(out);
    errors(out);
    decodeRaw(out, new Random(1618));
    return out.cases();
  }

  private static void dense(CaseList out, Random r) {
    Parse penguin = new Parse();
    for (String k : List.of("culmen_length_mm", "culmen_depth_mm", "flipper_length_mm")) {
      penguin.dense(k, Tensor.ofFloats(Shape.of(0)), 1);
    }
    penguin.dense("body_mass_g", Tensor.ofFloats(Shape.of(0)));
    byte[][] ex = new byte[5][];
    for (int i = 0; i < ex.length; i++) {
      float[] v = randomFloats(r, 4);
      ex[i] =
          example(
              "culmen_length_mm", floats(v[0]),
              "culmen_depth_mm", floats(v[1]),
              "flipper_length_mm", floats(v[2]),
              "body_mass_g", floats(v[3] * 100),
              "species", longs(i % 3));
    }
    add(out, "ParseExampleV2 4 required float features, an extra one ignored", penguin, batch(ex));

    Parse withDefaults =
        new Parse()
            .dense("ids", Tensor.ofLongs(Shape.of(2), 7, 8), 2)
            .dense("word", Tensor.ofStrings(Shape.scalar(), "none"))
            .dense("grid", Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4), 2, 2);
    add(
        out,
        "ParseExampleV2 dense int64 [2], string [], float [2,2] with defaults, some missing",
        withDefaults,
        batch(
            example("ids", longs(Long.MIN_VALUE, Long.MAX_VALUE), "word", text("héllo")),
            example("grid", floats(randomFloats(r, 4))),
            example(),
            example("word", bytes(new byte[] {(byte) 0xFF, 0, (byte) 0x80}), "ids", longs(-1, 0))));
    add(out, "ParseExampleV2 empty batch", withDefaults, batch());
    add(
        out,
        "ParseExampleV2 empty serialized strings: every default",
        withDefaults,
        batch(new byte[0], new byte[0]));
  }

  private static void varlen(CaseList out, Random r) {
    Parse p =
        new Parse()
            .dense("f", Tensor.ofFloats(Shape.scalar(), -1f), PartialShape.UNKNOWN)
            .dense("pairs", Tensor.ofLongs(Shape.scalar(), 9), PartialShape.UNKNOWN, 2)
            .dense("s", Tensor.ofStrings(Shape.scalar(), "pad"), PartialShape.UNKNOWN);
    add(
        out,
        "ParseExampleV2 variable-length dense float, int64 [?,2], string: padded per batch",
        p,
        batch(
            example("f", floats(1, 2, 3), "pairs", longs(1, 2, 3, 4), "s", text("a")),
            example("pairs", longs(5, 6)),
            example("f", floats(), "s", text("b", "", "c"))));
    byte[][] many = new byte[20][];
    for (int i = 0; i < many.length; i++) {
      float[] v = randomFloats(r, i % 5);
      many[i] = example("f", floats(v), "pairs", longs(new long[2 * (i % 3)]));
    }
    add(out, "ParseExampleV2 variable-length dense over 20 examples (minibatches)", p, batch(many));
    add(
        out,
        "ParseExampleV2 variable-length dense all missing: zero columns",
        p,
        batch(example(), example()));
  }

  private static void sparseAndRagged(CaseList out) {
    Parse p =
        new Parse()
            .sparse("sf", DType.FLOAT)
            .sparse("si", DType.INT64)
            .sparse("ss", DType.STRING)
            .dense("d", Tensor.ofFloats(Shape.scalar(), 0.5f));
    add(
        out,
        "ParseExampleV2 sparse float, int64 (extremes), bytes (non-UTF-8, empty); some missing",
        p,
        batch(
            example("sf", floats(1.5f, -0f, Float.NaN), "si", longs(Long.MAX_VALUE)),
            example("ss", bytes(new byte[] {(byte) 0xC3}, new byte[0], utf8("x")), "d", floats(2)),
            example(),
            example("si", longs(Long.MIN_VALUE, 0, 1), "sf", floats())));
    Parse rg =
        new Parse()
            .ragged("r32", DType.INT64, DType.INT32)
            .ragged("r64", DType.STRING, DType.INT64)
            .ragged("rf", DType.FLOAT, DType.INT64)
            .sparse("s", DType.INT64);
    add(
        out,
        "ParseExampleV2 ragged int64 (int32 splits), string and float (int64 splits), sparse",
        rg,
        batch(
            example("r32", longs(1, 2, 3), "r64", text("a"), "s", longs(4)),
            example("rf", floats(0.25f, 4)),
            example("r32", longs(), "r64", text("b", "c"), "rf", floats(1))));
    add(out, "ParseExampleV2 ragged and sparse, empty batch", rg, batch());
    Parse named = new Parse().sparse("s", DType.INT64).names("first", "second");
    add(
        out,
        "ParseExampleV2 names given",
        named,
        batch(example("s", longs(1)), example("s", longs(2, 3))));
  }

  private static void wire(CaseList out) {
    Parse p =
        new Parse()
            .dense("d", Tensor.ofFloats(Shape.of(2), 0, 0), 2)
            .sparse("s", DType.INT64)
            .ragged("r", DType.FLOAT, DType.INT64);
    add(
        out,
        "ParseExampleV2 duplicate keys: the last entry wins",
        p,
        batch(
            rawExample(
                entry("d", floats(1, 2).toByteArray()),
                entry("s", longs(1).toByteArray()),
                entry("d", floats(3, 4).toByteArray()),
                entry("r", floats(5).toByteArray()),
                entry("s", longs(2, 3).toByteArray()),
                entry("r", floats(6, 7).toByteArray()))));
    add(
        out,
        "ParseExampleV2 unpacked float and int64 lists",
        p,
        batch(
            rawExample(
                entry("d", unpackedFloats(1.25f, -3)),
                entry("s", unpackedLongs(-5, 1L << 40)),
                entry("r", unpackedFloats()))));
    add(
        out,
        "ParseExampleV2 two Examples concatenated merge, the second's duplicates winning",
        p,
        batch(
            cat(
                example("d", floats(1, 1), "s", longs(1)),
                example("d", floats(2, 2), "r", floats(3)))));
    add(
        out,
        "ParseExampleV2 a feature of no kind: dense takes its default, sparse is empty",
        p,
        batch(rawExample(entry("d", new byte[0]), entry("s", new byte[0]))));
    add(
        out,
        "ParseExampleV2 duplicate dense key whose last entry has no kind: the earlier one counts",
        p,
        batch(rawExample(entry("d", floats(8, 9).toByteArray()), entry("d", new byte[0]))));
    add(
        out,
        "ParseExampleV2 unknown top-level fields are skipped",
        p,
        batch(
            cat(
                new byte[] {0x10, 0x05},
                example("d", floats(4, 5)),
                new byte[] {0x1D, 1, 2, 3, 4})));
  }

  private static void scalarsAndOtherOps(CaseList out) {
    Parse p =
        new Parse()
            .dense("d", Tensor.ofLongs(Shape.of(3), 1, 2, 3), 3)
            .dense("v", Tensor.ofFloats(Shape.scalar(), 0), PartialShape.UNKNOWN, 2)
            .sparse("s", DType.STRING)
            .ragged("r", DType.INT64, DType.INT32);
    add(
        out,
        "ParseExampleV2 scalar: dense, variable-length, sparse, ragged",
        p,
        scalar(
            example(
                "d", longs(4, 5, 6), "v", floats(1, 2, 3, 4), "s", text("x", "y"), "r", longs(7))));
    add(out, "ParseExampleV2 scalar: everything missing", p, scalar(example()));
    Parse v1 =
        new Parse()
            .op("ParseExample")
            .dense("a", Tensor.ofFloats(Shape.of(1), 3), 1)
            .dense("b", Tensor.ofStrings(Shape.of(0)), 2)
            .sparse("c", DType.FLOAT);
    add(
        out,
        "ParseExample dense with default and required, sparse",
        v1,
        batch(
            example("b", text("p", "q"), "c", floats(1, 2)),
            example("a", floats(9), "b", text("r", "s"))));
    add(out, "ParseExample required feature missing", v1, batch(example("a", floats(9))));
    Parse single =
        new Parse()
            .op("ParseSingleExample")
            .dense("a", Tensor.ofLongs(Shape.of(0)), 2)
            .dense("v", Tensor.ofStrings(Shape.scalar(), ""), PartialShape.UNKNOWN)
            .sparse("c", DType.INT64);
    add(
        out,
        "ParseSingleExample dense, variable-length, sparse",
        single,
        scalar(example("a", longs(1, 2), "v", text("x", "y", "z"), "c", longs(3))));
    add(
        out,
        "ParseSingleExample wrong count: TF's single-Example message",
        single,
        scalar(example("a", longs(1, 2, 3))));
    add(
        out,
        "ParseSingleExample sparse of the wrong kind",
        single,
        scalar(example("a", longs(1, 2), "c", floats(1))));
  }

  private static void errors(CaseList out) {
    Parse p =
        new Parse()
            .dense("f", Tensor.ofFloats(Shape.of(0)), 2)
            .dense("i", Tensor.ofLongs(Shape.scalar(), 0))
            .dense("b", Tensor.ofStrings(Shape.of(2), "", ""), 2)
            .dense("v", Tensor.ofLongs(Shape.scalar(), 0), PartialShape.UNKNOWN, 3);
    byte[] good = example("f", floats(1, 2));
    add(out, "ParseExampleV2 required feature missing", p, batch(good, example("i", longs(1))));
    add(
        out,
        "ParseExampleV2 dense of the wrong kind",
        p,
        batch(good, example("f", floats(1, 2), "i", floats(1))));
    add(out, "ParseExampleV2 too few floats", p, batch(example("f", floats(1))));
    add(out, "ParseExampleV2 too many floats", p, batch(example("f", floats(1, 2, 3))));
    add(
        out,
        "ParseExampleV2 too many int64s",
        p,
        batch(example("f", floats(1, 2), "i", longs(1, 2))));
    add(
        out,
        "ParseExampleV2 too many bytes",
        p,
        batch(example("f", floats(1, 2), "b", text("a", "b", "c"))));
    add(out, "ParseExampleV2 too few bytes", p, batch(example("f", floats(1, 2), "b", text("a"))));
    add(
        out,
        "ParseExampleV2 variable-length not a multiple of its stride",
        p,
        batch(good, example("f", floats(1, 2), "v", longs(1, 2, 3, 4))));
    add(
        out,
        "ParseExampleV2 variable-length of the wrong kind",
        p,
        batch(example("f", floats(1, 2), "v", floats(1, 2, 3))));
    add(
        out,
        "ParseExampleV2 malformed Example",
        p,
        batch(good, new byte[] {0x0A, 0x05, 0x0A, 0x01}));
    add(
        out,
        "ParseExampleV2 a feature of an unknown kind",
        p,
        batch(rawExample(entry("f", new byte[] {0x22, 0}))));
    add(
        out,
        "ParseExampleV2 a truncated float list",
        p,
        batch(rawExample(entry("f", new byte[] {0x12, 0x06, 0x0A, 0x08, 0, 0, 0, 0}))));
    Parse sp = new Parse().sparse("s", DType.INT64).names("one", "two");
    add(
        out,
        "ParseExampleV2 sparse of the wrong kind, named",
        sp,
        batch(example(), example("s", text("x"))));
    Parse badDefault = new Parse().dense("f", Tensor.ofFloats(Shape.of(3), 1, 2, 3), 2);
    add(out, "ParseExampleV2 default incompatible with its shape", badDefault, batch(good));
    Parse badPad = new Parse().dense("f", Tensor.ofFloats(Shape.of(2), 1, 2), PartialShape.UNKNOWN);
    add(out, "ParseExampleV2 variable-length default of two elements", badPad, batch(good));
    Parse badShape = new Parse().dense("f", Tensor.ofFloats(Shape.of(0)), 2, PartialShape.UNKNOWN);
    add(out, "ParseExampleV2 dense shape with an unknown inner dimension", badShape, batch(good));
    Parse dupKey = new Parse().dense("f", Tensor.ofFloats(Shape.of(0)), 2).sparse("f", DType.FLOAT);
    add(out, "ParseExampleV2 one key for a dense and a sparse feature", dupKey, batch(good));
    Parse badNames = new Parse().sparse("s", DType.INT64).names("only");
    add(out, "ParseExampleV2 names not shaped as serialized", badNames, batch(good, good));
    Parse v1 = new Parse().op("ParseExample").sparse("s", DType.INT64);
    add(out, "ParseExample scalar serialized", v1, scalar(good));
    Parse single = new Parse().op("ParseSingleExample").sparse("s", DType.INT64);
    add(out, "ParseSingleExample vector serialized", single, batch(good));
    Parse scalarReq = new Parse().dense("f", Tensor.ofFloats(Shape.of(0)), 2);
    add(out, "ParseExampleV2 scalar: required feature missing", scalarReq, scalar(example()));
    add(out, "ParseExampleV2 scalar: malformed", scalarReq, scalar(new byte[] {0x0A, 0x7F}));
  }

  private static void decodeRaw(CaseList out, String what, Tensor bytes, DType t, boolean little) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(bytes, PartialShape.unknownRank(), Encoding.TYPED, false).addTo(g, "bytes", feeds);
    g.op("p", "DecodeRaw", "bytes");
    g.attr("out_type", t);
    g.attr("little_endian", little);
    out.add("DecodeRaw " + what, g.build(), feeds, List.of("p"));
  }

  private static void decodeRaw(CaseList out, Random r) {
    List<DType> types =
        List.of(
            DType.FLOAT,
            DType.DOUBLE,
            DType.INT32,
            DType.UINT8,
            DType.INT16,
            DType.INT8,
            DType.INT64,
            DType.HALF,
            DType.BFLOAT16,
            DType.UINT16,
            DType.COMPLEX64,
            DType.COMPLEX128);
    for (DType t : types) {
      for (boolean little : new boolean[] {true, false}) {
        byte[][] rows = new byte[3][16];
        for (byte[] row : rows) {
          r.nextBytes(row);
        }
        decodeRaw(
            out,
            t.tfName() + (little ? " little" : " big") + "-endian, [3] strings of 16 bytes",
            Tensor.ofByteStrings(Shape.of(3), rows),
            t,
            little);
      }
    }
    decodeRaw(
        out,
        "bool, [2,2] strings",
        Tensor.ofByteStrings(
            Shape.of(2, 2),
            new byte[] {0, 1},
            new byte[] {1, 1},
            new byte[] {0, 0},
            new byte[] {1, 0}),
        DType.BOOL,
        true);
    decodeRaw(
        out,
        "scalar",
        Tensor.ofByteStrings(Shape.scalar(), new byte[] {1, 0, 0, 0}),
        DType.INT32,
        true);
    decodeRaw(
        out,
        "empty strings",
        Tensor.ofByteStrings(Shape.of(2), new byte[0], new byte[0]),
        DType.FLOAT,
        true);
    decodeRaw(out, "no strings", Tensor.ofByteStrings(Shape.of(0)), DType.INT64, true);
    decodeRaw(
        out,
        "strings of different lengths",
        Tensor.ofByteStrings(Shape.of(2), new byte[4], new byte[8]),
        DType.FLOAT,
        true);
    decodeRaw(
        out,
        "length not a multiple",
        Tensor.ofByteStrings(Shape.of(1), new byte[6]),
        DType.FLOAT,
        true);
  }
}
