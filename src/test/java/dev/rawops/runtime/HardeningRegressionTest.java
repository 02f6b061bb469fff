package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests for the hostile-input probe's findings (issue #16) in the Java API. */
class HardeningRegressionTest {
  @TempDir Path tmp;

  @AfterEach
  void resetLimits() {
    Limits.names().forEach(Limits::reset);
  }

  private static String konst(String name, String dtype, String dims, String values) {
    return "node { name: \""
        + name
        + "\" op: \"Const\" attr { key: \"dtype\" value { type: "
        + dtype
        + " } } attr { key: \"value\" value { tensor { dtype: "
        + dtype
        + " tensor_shape { "
        + dims
        + " } "
        + values
        + " } } } }\n";
  }

  // #16.8: TF's (C++) TextFormat keeps raw bytes in a string; rawops decoded the file as UTF-8
  // first and got U+FFFD.
  @Test
  void pbtxtRawNonUtf8BytesInAString_surviveAsBytes() throws Exception {
    byte[] head =
        konst("c", "DT_STRING", "", "string_val: \"@@\"").getBytes(StandardCharsets.ISO_8859_1);
    String s = new String(head, StandardCharsets.ISO_8859_1).replace("@@", "\u00ff\u00fe");
    Path p = tmp.resolve("raw.pbtxt");
    Files.write(p, s.getBytes(StandardCharsets.ISO_8859_1));
    Graph g = Graph.load(p);
    Tensor t = g.newSession().run(Map.of(), List.of("c")).get(0);
    assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xfe}, t.getString(0));
  }

  @Test
  void pbtxtUtf8AndEscapesInStrings_areUnchanged() throws Exception {
    Path p = tmp.resolve("u.pbtxt");
    Files.writeString(
        p,
        "# comment with é and \u00ff\n"
            + konst("c", "DT_STRING", "dim { size: 2 }", "string_val: \"é\" string_val: '\\xff\"'"),
        StandardCharsets.UTF_8);
    Tensor t = Graph.load(p).newSession().run(Map.of(), List.of("c")).get(0);
    assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), t.getString(0));
    assertArrayEquals(new byte[] {(byte) 0xff, '"'}, t.getString(1));
  }

  // #16.6: `rawops run /dev/zero` ran out of memory reading the whole stream.
  @Test
  void devZero_failsFastWithAStatus() {
    Path zero = Path.of("/dev/zero");
    if (!Files.exists(zero)) {
      return;
    }
    RawOpsException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () -> assertThrows(RawOpsException.class, () -> GraphLoader.read(zero)));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
  }

  @Test
  void graphFileOverTheLimit_isRefusedBeforeReading_namingTheLimit() throws Exception {
    Path p = tmp.resolve("g.pbtxt");
    Files.writeString(p, konst("c", "DT_INT32", "", "int_val: 1"));
    Limits.set(Limits.MAX_GRAPH_BYTES, 10);
    RawOpsException e = assertThrows(RawOpsException.class, () -> GraphLoader.read(p));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxGraphBytes = 10"), e.getMessage());
    assertTrue(e.getMessage().contains("-Drawops.limit.maxGraphBytes"), e.getMessage());
  }

  @Test
  void tooManyNodes_isResourceExhausted() {
    GraphDef def =
        GraphLoader.parseText(konst("a", "DT_INT32", "", "") + konst("b", "DT_INT32", "", ""), "t");
    Limits.set(Limits.MAX_NODES, 1);
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(def, Device.CPU));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxNodes"), e.getMessage());
  }

  // #16.8: TF's ParseTensorName takes ASCII digits only: "c:٠" is a node name, not c:0.
  @Test
  void nonAsciiDigits_areNotAnOutputIndex() {
    assertEquals(new TensorName("c:\u0660", 0, false), TensorName.parse("c:\u0660"));
    assertEquals(new TensorName("c:\uff10", 0, false), TensorName.parse("c:\uff10"));
    assertEquals(new TensorName("c", 10, false), TensorName.parse("c:10"));
    GraphDef def =
        GraphLoader.parseText(
            konst("c", "DT_INT32", "", "int_val: 1")
                + "node { name: \"y\" op: \"Identity\" input: \"c:\u0660\""
                + " attr { key: \"T\" value { type: DT_INT32 } } }",
            "t");
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(def, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  // #16.10: null names are NullPointerExceptions with a message, not a bare NPE deep inside.
  @Test
  void nullArguments_areNamed() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> TensorName.parse(null));
    assertTrue(e.getMessage().contains("tensor name"), e.getMessage());
    assertThrows(NullPointerException.class, () -> Graph.build(null, Device.CPU));
    assertThrows(NullPointerException.class, () -> GraphLoader.read(null));
  }

  // #17: a Const the fetches do not need never runs, even when too large to allocate.
  @Test
  void unneededHugeConst_doesNotFailTheRun_butFetchingItIsResourceExhausted() {
    GraphDef def =
        GraphLoader.parseText(
            konst("big", "DT_FLOAT", "dim { size: 1099511627776 }", "")
                + konst("bigs", "DT_STRING", "dim { size: 2000000000 }", "")
                + konst("small", "DT_FLOAT", "dim { size: 2 }", "float_val: 1.5"),
            "t");
    Graph g = Graph.build(def, Device.CPU);
    Tensor small = g.newSession().run(Map.of(), List.of("small")).get(0);
    assertEquals(1.5f, small.getFloat(1));
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> g.newSession().run(Map.of(), List.of("big")));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxTensorBytes"), e.getMessage());
    assertTrue(e.getMessage().contains("'big'"), e.getMessage());
    e = assertThrows(RawOpsException.class, () -> g.newSession().run(Map.of(), List.of("bigs")));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("maxStringElements"), e.getMessage());
  }

  @Test
  void malformedLargeConst_isStillABuildError() {
    GraphDef def =
        GraphLoader.parseText(
            konst("big", "DT_FLOAT", "dim { size: 1099511627776 }", "tensor_content: \"abc\""),
            "t");
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(def, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  // #16.10: Tensor.view out of range was an IndexOutOfBoundsException.
  @Test
  void tensorViewOutOfRange_isInvalidArgument() {
    Tensor t = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    assertEquals(4, Tensor.view(t, Shape.of(2), 8).getInt(1));
    for (long offset : new long[] {-4, 2, 12, 16, Long.MAX_VALUE}) {
      RawOpsException e =
          assertThrows(RawOpsException.class, () -> Tensor.view(t, Shape.of(2), offset));
      assertEquals(Code.INVALID_ARGUMENT, e.code());
    }
    assertThrows(
        RawOpsException.class,
        () -> Tensor.view(Tensor.ofStrings(Shape.of(1), "a"), Shape.of(1), 0));
  }

  // Found by OpFuzzTest: a fetched Exit outside any loop ran with no parent frame (an NPE). TF
  // rejects an Exit without its Enter with this message.
  @Test
  void fetchedExitOutsideALoop_isInvalidArgument() {
    GraphDef def =
        GraphLoader.parseText(
            konst("c", "DT_INT32", "", "int_val: 1")
                + "node { name: \"x\" op: \"Exit\" input: \"c\""
                + " attr { key: \"T\" value { type: DT_INT32 } } }",
            "t");
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> Graph.build(def, Device.CPU).newSession().run(Map.of(), List.of("x")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("Invalid Exit op"), e.getMessage());
  }

  @Test
  void limits_parseSetAndReset() {
    assertEquals(3L << 30, Limits.parseSize("3g"));
    assertEquals(7, Limits.parseSize(" 7 "));
    assertEquals(-1, Limits.parseSize("-7"));
    assertEquals(-1, Limits.parseSize("99999999999999999999"));
    assertEquals(-1, Limits.parseSize("1\u0660"));
    long before = Limits.maxNodes();
    Limits.set(Limits.MAX_NODES, 5);
    assertEquals(5, Limits.maxNodes());
    Limits.reset(Limits.MAX_NODES);
    assertEquals(before, Limits.maxNodes());
    assertThrows(IllegalArgumentException.class, () -> Limits.set("noSuchLimit", 1));
    assertThrows(IllegalArgumentException.class, () -> Limits.set(Limits.MAX_NODES, -1));
  }

  // Found by OpFuzzTest: AdjustHue with a huge delta stepped its hue by 6 forever (h + 6 == h).
  @Test
  void adjustHue_withAHugeOrNonFiniteDelta_ends() {
    for (String delta : List.of("1e30", "inf", "nan")) {
      GraphDef def =
          GraphLoader.parseText(
              konst(
                      "images",
                      "DT_FLOAT",
                      "dim { size: 1 } dim { size: 1 } dim { size: 3 }",
                      "float_val: [0.2, 0.5, 0.9]")
                  + konst("delta", "DT_FLOAT", "", "float_val: " + delta)
                  + "node { name: \"y\" op: \"AdjustHue\" input: \"images\" input: \"delta\""
                  + " attr { key: \"T\" value { type: DT_FLOAT } } }\n",
              "t");
      Tensor y =
          assertTimeoutPreemptively(
              Duration.ofSeconds(10),
              () -> Graph.build(def, Device.CPU).newSession().run(Map.of(), List.of("y")).get(0));
      assertEquals(Shape.of(1, 1, 3), y.shape());
      if (delta.equals("1e30")) {
        for (int c = 0; c < 3; c++) {
          float v = y.getFloat(c);
          // A hue rotation keeps every channel between the pixel's min and max.
          assertTrue(v >= 0.2f && v <= 0.9f, delta + ": channel " + c + " = " + v);
        }
      } else {
        // TF's kernel with a NaN hue: its loops do not run, hue sector 0, a NaN middle channel
        // (with an infinite delta TF itself never ends; rawops gives the NaN answer).
        assertEquals(0.9f, y.getFloat(0), delta);
        assertTrue(Float.isNaN(y.getFloat(1)), delta);
        assertEquals(0.2f, y.getFloat(2), delta);
      }
    }
  }

  // Found by OpFuzzTest (instrumented campaign): Igamma/Igammac's series with a huge a and x near
  // it
  // never shrank its terms (r + 1 == r) and ran forever; Eigen stops it after 2000 terms.
  @Test
  void igamma_withAHugeShapeParameter_ends() {
    for (String op : List.of("Igamma", "Igammac")) {
      for (String a : List.of("1e20", "3e38", "1e300")) {
        GraphDef def =
            GraphLoader.parseText(
                konst("a", "DT_DOUBLE", "", "double_val: " + a)
                    + konst("x", "DT_DOUBLE", "", "double_val: " + a)
                    + "node { name: \"y\" op: \""
                    + op
                    + "\" input: \"a\" input: \"x\""
                    + " attr { key: \"T\" value { type: DT_DOUBLE } } }\n",
                "t");
        Tensor y =
            assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () -> Graph.build(def, Device.CPU).newSession().run(Map.of(), List.of("y")).get(0),
                op + "(" + a + ", " + a + ")");
        assertEquals(Shape.scalar(), y.shape());
      }
    }
  }

  // A fixture file and a SavedModel's saved_model.pb are read through the same cap as a graph file.
  @Test
  void fixtureAndSavedModelFiles_areCappedLikeGraphFiles() {
    Limits.set(Limits.MAX_GRAPH_BYTES, 1000);
    RawOpsException f =
        assertThrows(
            RawOpsException.class,
            () ->
                dev.rawops.conform.Fixtures.read(
                    Path.of("graphs/conformance/gather_nd/0156.fixture.pbtxt")));
    assertEquals(Code.RESOURCE_EXHAUSTED, f.code());
    assertTrue(f.getMessage().contains("maxGraphBytes"), f.getMessage());
    RawOpsException m =
        assertThrows(
            RawOpsException.class,
            () -> dev.rawops.savedmodel.SavedModel.load(Path.of("graphs/savedmodels/while_case")));
    assertEquals(Code.RESOURCE_EXHAUSTED, m.code());
    assertTrue(m.getMessage().contains("maxGraphBytes"), m.getMessage());
  }

  // A text fixture keeps raw non-UTF-8 bytes in its strings, as protobuf's C++ TextFormat does.
  @Test
  void textFixture_keepsRawBytes() throws Exception {
    byte[] head = "expected { dtype: DT_STRING string_val: \"".getBytes(StandardCharsets.US_ASCII);
    byte[] tail = "\" }\n".getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[head.length + 2 + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    all[head.length] = (byte) 0xff;
    all[head.length + 1] = (byte) 0xfe;
    System.arraycopy(tail, 0, all, head.length + 2, tail.length);
    Path p = Files.write(tmp.resolve("raw.fixture.pbtxt"), all);
    assertArrayEquals(
        new byte[] {(byte) 0xff, (byte) 0xfe},
        dev.rawops.conform.Fixtures.read(p).getExpected(0).getStringVal(0).toByteArray());
  }

  // Found by OpFuzzTest: AdjustSaturation of a pixel whose range is a few subnormals has an
  // infinite hue (1 / (6 * range) overflows), which TF steps by 2 forever.
  @Test
  void adjustSaturation_ofHugeOrInfinitePixels_ends() {
    GraphDef def =
        GraphLoader.parseText(
            konst(
                    "images",
                    "DT_FLOAT",
                    "dim { size: 2 } dim { size: 1 } dim { size: 3 }",
                    "float_val: [2.8e-45, 1.4e-45, 0, inf, 0, 1]")
                + konst("scale", "DT_FLOAT", "", "float_val: 0.5")
                + "node { name: \"y\" op: \"AdjustSaturation\" input: \"images\""
                + " input: \"scale\" attr { key: \"T\" value { type: DT_FLOAT } } }\n",
            "t");
    Tensor y =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () -> Graph.build(def, Device.CPU).newSession().run(Map.of(), List.of("y")).get(0));
    assertEquals(Shape.of(2, 1, 3), y.shape());
  }

  // #32: protobuf's advice to Java programmers ("Use setRecursionLimit() …") reached users.
  @Test
  void deeplyNestedBinaryGraph_saysWhatIsWrongInUsersWords() {
    dev.rawops.tfproto.AttrValue v = dev.rawops.tfproto.AttrValue.newBuilder().setI(1).build();
    for (int i = 0; i < 120; i++) {
      v =
          dev.rawops.tfproto.AttrValue.newBuilder()
              .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName("f").putAttr("x", v))
              .build();
    }
    byte[] bytes =
        GraphDef.newBuilder()
            .addNode(
                dev.rawops.tfproto.NodeDef.newBuilder()
                    .setName("n")
                    .setOp("NoOp")
                    .putAttr("deep", v))
            .build()
            .toByteArray();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> GraphLoader.parseBinary(bytes, "deep.pb"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("nest more than 100 levels deep"), e.getMessage());
    assertFalse(e.getMessage().contains("setRecursionLimit"), e.getMessage());
  }

  // #32: a dtype enum number TF does not know was INTERNAL (Placeholder) or printed as protobuf's
  // "UNRECOGNIZED" (Cast, Const).
  @Test
  void unknownDtypeEnum_isInvalidArgumentNamingTheNumber() {
    GraphDef placeholder =
        GraphDef.newBuilder()
            .addNode(
                dev.rawops.tfproto.NodeDef.newBuilder()
                    .setName("p")
                    .setOp("Placeholder")
                    .putAttr(
                        "dtype",
                        dev.rawops.tfproto.AttrValue.newBuilder().setTypeValue(999).build()))
            .build();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Graph.build(placeholder, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("node 'p' (op Placeholder)"), e.getMessage());
    assertTrue(e.getMessage().contains("attr 'dtype' has value 999"), e.getMessage());
    GraphDef konst =
        GraphDef.newBuilder()
            .addNode(
                dev.rawops.tfproto.NodeDef.newBuilder()
                    .setName("c")
                    .setOp("Const")
                    .putAttr(
                        "dtype",
                        dev.rawops.tfproto.AttrValue.newBuilder()
                            .setType(dev.rawops.tfproto.DataType.DT_FLOAT)
                            .build())
                    .putAttr(
                        "value",
                        dev.rawops.tfproto.AttrValue.newBuilder()
                            .setTensor(
                                dev.rawops.tfproto.TensorProto.newBuilder().setDtypeValue(777))
                            .build()))
            .build();
    RawOpsException c = assertThrows(RawOpsException.class, () -> Graph.build(konst, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, c.code(), c.getMessage());
    assertTrue(
        c.getMessage()
            .contains("Type mismatch between value (unknown dtype enum) and dtype (float)"),
        c.getMessage());
    assertFalse(c.getMessage().contains("UNRECOGNIZED"), c.getMessage());
  }
}
