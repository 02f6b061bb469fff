package dev.rawops.tfproto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GraphDefs that TensorFlow 2.18 itself exported (graphs/tf-exported, written by the -Ptf {@code
 * ExportGraphs}) read with our protos in both encodings with nothing dropped: no unknown field
 * anywhere in the tree, the binary re-serializes to TF's exact bytes, text and binary agree. The
 * ops graph also runs in rawops and gives what TF computed.
 */
class TfExportedGraphsTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private static final Path DIR = ROOT.resolve("graphs/tf-exported");

  @ParameterizedTest
  @ValueSource(strings = {"ops", "function_library", "list_attrs"})
  void parsesInBothEncodingsWithNothingDropped(String name) throws IOException {
    byte[] bytes = Files.readAllBytes(DIR.resolve(name + ".pb"));
    GraphDef binary = GraphDef.parseFrom(bytes);
    assertNoUnknownFields(binary, "GraphDef");
    // Same field order and, since Java keeps a parsed map's order, the same map entry order: TF's
    // serializer and ours write identical bytes for everything our schema knows.
    assertArrayEquals(bytes, binary.toByteArray(), name + ".pb does not re-serialize identically");

    GraphDef text = text(name);
    assertNoUnknownFields(text, "GraphDef");
    assertEquals(binary, text, name + ".pbtxt and " + name + ".pb differ");
    assertFalse(binary.getNodeList().isEmpty());
    assertTrue(binary.getVersions().getProducer() > 0, "versions.producer");
  }

  @Test
  void opsGraphKeepsWhatTfWrote() throws IOException {
    GraphDef g = binary("ops");
    assertEquals("/device:CPU:0", node(g, "ident").getDevice());
    NodeDef slice = node(g, "slice_half");
    assertEquals(2, slice.getAttrOrThrow("new_axis_mask").getI());
    assertEquals(0, slice.getAttrOrThrow("ellipsis_mask").getI());
    assertEquals(List.of("^ident", "^scatter"), node(g, "done").getInputList());
    assertEquals(DataType.DT_HALF, node(g, "half").getAttrOrThrow("dtype").getType());
    assertEquals(
        DataType.DT_STRING,
        node(g, "words").getAttrOrThrow("value").getTensor().getDtype(),
        "string Const");
  }

  @Test
  void functionLibraryIsRead() throws IOException {
    GraphDef g = binary("function_library");
    assertEquals(1, g.getLibrary().getFunctionCount());
    FunctionDef f = g.getLibrary().getFunction(0);
    NameAttrList call = node(g, "PartitionedCall").getAttrOrThrow("f").getFunc();
    assertEquals(f.getSignature().getName(), call.getName());
    assertEquals(
        List.of(DataType.DT_FLOAT),
        node(g, "PartitionedCall").getAttrOrThrow("Tin").getList().getTypeList());
    assertEquals(Map.of("mul", "Mul:z:0"), f.getRetMap());
    assertEquals(2, f.getNodeDefCount());
    assertTrue(
        f.getArgAttrOrThrow(0)
            .getAttrOrThrow("_output_shapes")
            .getList()
            .getShape(0)
            .getUnknownRank());
  }

  @Test
  void listAttrsAreRead() throws IOException {
    GraphDef g = binary("list_attrs");
    assertEquals(
        List.of(1L, 1L, 1L, 1L), node(g, "conv").getAttrOrThrow("strides").getList().getIList());
    assertEquals(
        List.of(0f, 0.25f, 1.5f),
        node(g, "buckets").getAttrOrThrow("boundaries").getList().getFList());
    AttrValue.ListValue shapes = node(g, "queue").getAttrOrThrow("shapes").getList();
    assertEquals(2, shapes.getShapeCount());
    assertEquals(2, shapes.getShape(0).getDim(0).getSize());
    assertEquals(
        List.of(DataType.DT_DOUBLE, DataType.DT_BOOL),
        node(g, "queue").getAttrOrThrow("component_types").getList().getTypeList());
    assertEquals(
        List.of(DataType.DT_INT32, DataType.DT_STRING),
        node(g, "pair").getAttrOrThrow("T").getList().getTypeList());
  }

  /** The exported ops graph, as TF wrote it, builds and runs to what TF computed at export. */
  @Test
  void opsGraphRunsLikeTensorFlow() throws IOException {
    GraphDef exported = binary("ops");
    Graph.build(exported, Device.CPU);
    Fixture fixture =
        Fixtures.read(ROOT.resolve("graphs/conformance/tf_exported/0001.fixture.pbtxt"));
    assertEquals(exported, fixture.getGraph(), "the fixture records graphs/tf-exported/ops.pb");
    Result r =
        new ConformanceRunner(Device.CPU).run(fixture.toBuilder().setGraph(text("ops")).build());
    assertTrue(r.passed(), r.name() + ": " + r.reason());
    assertEquals(fixture.getFetchCount(), fixture.getExpectedCount());
  }

  private static GraphDef binary(String name) throws IOException {
    return GraphDef.parseFrom(Files.readAllBytes(DIR.resolve(name + ".pb")));
  }

  private static GraphDef text(String name) throws IOException {
    GraphDef.Builder b = GraphDef.newBuilder();
    // The default parser rejects unknown field names, so a dropped field fails here already.
    TextFormat.Parser.newBuilder()
        .build()
        .merge(Files.readString(DIR.resolve(name + ".pbtxt"), StandardCharsets.UTF_8), b);
    return b.build();
  }

  private static NodeDef node(GraphDef g, String name) {
    return g.getNodeList().stream()
        .filter(n -> n.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no node " + name));
  }

  /**
   * Every message in the tree, map entries and repeated elements included, has no unknown field.
   */
  private static void assertNoUnknownFields(Message m, String path) {
    if (!m.getUnknownFields().asMap().isEmpty()) {
      fail(path + " has unknown fields " + m.getUnknownFields().asMap().keySet());
    }
    for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
      FieldDescriptor field = e.getKey();
      if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
        continue;
      }
      String at = path + "." + field.getName();
      if (field.isRepeated()) {
        List<?> items = (List<?>) e.getValue();
        for (int i = 0; i < items.size(); i++) {
          assertNoUnknownFields((Message) items.get(i), at + "[" + i + "]");
        }
      } else {
        assertNoUnknownFields((Message) e.getValue(), at);
      }
    }
  }
}
