package dev.rawops.ops.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lookup tables against TF's documentation examples (tf.lookup.StaticHashTable,
 * experimental.MutableHashTable, experimental.DenseHashTable, TextFileInitializer): tables live in
 * the session across runs; errors name the node. The TF fixtures (graphs/conformance/lookup) cover
 * every op and dtype pair bit for bit.
 */
class LookupTablesTest {
  private static final Tensor ABC = Tensor.ofStrings(Shape.of(3), "a", "b", "c");
  private static final Tensor AF = Tensor.ofStrings(Shape.of(2), "a", "f");

  private static GraphDefBuilder table(String op, DType key, DType value) {
    return new GraphDefBuilder()
        .op("t", op)
        .attr("key_dtype", key)
        .attr("value_dtype", value)
        .attr("shared_name", "table")
        .placeholder("keys", key, PartialShape.unknownRank())
        .placeholder("values", value, PartialShape.unknownRank());
  }

  private static GraphDefBuilder find(GraphDefBuilder g, DType key, DType value, Tensor dflt) {
    return g.constant("default", dflt)
        .op("find", "LookupTableFindV2", "t", "keys", "default")
        .attr("Tin", key)
        .attr("Tout", value)
        .op("size", "LookupTableSizeV2", "t");
  }

  private static List<Tensor> run(Session s, String fetch, Tensor keys) {
    return s.run(Map.of("keys", keys), List.of(fetch));
  }

  /** tf.lookup.StaticHashTable's example: ['a', 'f'] → [7, -1]; size 3. */
  @Test
  void staticHashTableExample() {
    GraphDefBuilder g =
        find(
            table("HashTableV2", DType.STRING, DType.INT32),
            DType.STRING,
            DType.INT32,
            Tensor.ofInts(Shape.scalar(), -1));
    g.op("init", "InitializeTableV2", "t", "keys", "values")
        .attr("Tkey", DType.STRING)
        .attr("Tval", DType.INT32);
    Session s = Graph.build(g.build(), Device.CPU).newSession();
    s.run(
        Map.of("keys", ABC, "values", Tensor.ofInts(Shape.of(3), 7, 8, 9)),
        List.of(),
        List.of("init"));
    // Later runs see the table the first filled: it lives in the session.
    assertArrayEquals(new int[] {7, -1}, run(s, "find", AF).get(0).toIntArray());
    assertEquals(3, s.run(Map.of(), List.of("size")).get(0).getLong(0));
  }

  /** experimental.MutableHashTable's example: insert, lookup, remove 'c', lookup again. */
  @Test
  void mutableHashTableExample() {
    GraphDefBuilder g =
        find(
            table("MutableHashTableV2", DType.STRING, DType.INT64),
            DType.STRING,
            DType.INT64,
            Tensor.ofLongs(Shape.scalar(), -1));
    g.op("insert", "LookupTableInsertV2", "t", "keys", "values")
        .attr("Tin", DType.STRING)
        .attr("Tout", DType.INT64)
        .op("remove", "LookupTableRemoveV2", "t", "keys")
        .attr("Tin", DType.STRING)
        .op("export", "LookupTableExportV2", "t")
        .attr("Tkeys", DType.STRING)
        .attr("Tvalues", DType.INT64);
    Session s = Graph.build(g.build(), Device.CPU).newSession();
    s.run(
        Map.of("keys", ABC, "values", Tensor.ofLongs(Shape.of(3), 7, 8, 9)),
        List.of(),
        List.of("insert"));
    assertArrayEquals(new long[] {7, -1}, run(s, "find", AF).get(0).toLongArray());
    s.run(Map.of("keys", Tensor.ofStrings(Shape.of(1), "c")), List.of(), List.of("remove"));
    assertArrayEquals(new long[] {7, 8, -1}, run(s, "find", ABC).get(0).toLongArray());
    String[] exported = s.run(Map.of(), List.of("export")).get(0).toStringArray();
    Arrays.sort(exported);
    assertArrayEquals(new String[] {"a", "b"}, exported);
  }

  /** experimental.DenseHashTable's example (empty_key '', deleted_key '$'). */
  @Test
  void denseHashTableExample() {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .constant("empty", Tensor.ofStrings(Shape.scalar(), ""))
            .constant("deleted", Tensor.ofStrings(Shape.scalar(), "$"))
            .op("t", "MutableDenseHashTableV2", "empty", "deleted")
            .attr("key_dtype", DType.STRING)
            .attr("value_dtype", DType.INT64)
            .placeholder("keys", DType.STRING, PartialShape.unknownRank())
            .placeholder("values", DType.INT64, PartialShape.unknownRank());
    find(g, DType.STRING, DType.INT64, Tensor.ofLongs(Shape.scalar(), -1))
        .op("insert", "LookupTableInsertV2", "t", "keys", "values")
        .attr("Tin", DType.STRING)
        .attr("Tout", DType.INT64)
        .op("remove", "LookupTableRemoveV2", "t", "keys")
        .attr("Tin", DType.STRING);
    Session s = Graph.build(g.build(), Device.CPU).newSession();
    s.run(
        Map.of("keys", ABC, "values", Tensor.ofLongs(Shape.of(3), 7, 8, 9)),
        List.of(),
        List.of("insert"));
    assertArrayEquals(new long[] {7, -1}, run(s, "find", AF).get(0).toLongArray());
    s.run(Map.of("keys", Tensor.ofStrings(Shape.of(1), "c")), List.of(), List.of("remove"));
    assertArrayEquals(new long[] {7, 8, -1}, run(s, "find", ABC).get(0).toLongArray());
    assertEquals(2, s.run(Map.of(), List.of("size")).get(0).getLong(0));
  }

  private static Session textFileTable(Path file, long keyIndex, long valueIndex, String delim) {
    GraphDefBuilder g =
        find(
            table("HashTableV2", DType.STRING, DType.INT64),
            DType.STRING,
            DType.INT64,
            Tensor.ofLongs(Shape.scalar(), -1));
    g.constant("file", Tensor.ofStrings(Shape.scalar(), file.toString()))
        .op("init", "InitializeTableFromTextFileV2", "t", "file")
        .attr("key_index", keyIndex)
        .attr("value_index", valueIndex)
        .attr("delimiter", delim);
    Session s = Graph.build(g.build(), Device.CPU).newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    return s;
  }

  private static final Tensor PLT = Tensor.ofStrings(Shape.of(3), "palmer", "lake", "tarkus");

  /** TextFileInitializer's first example: columns 0 → 1 split at ' '. */
  @Test
  void textFileColumns(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("vocab.txt"), "emerson 10\nlake 20\npalmer 30");
    Session s = textFileTable(f, 0, 1, " ");
    assertArrayEquals(new long[] {30, 20, -1}, run(s, "find", PLT).get(0).toLongArray());
  }

  /** TextFileInitializer's second example: WHOLE_LINE (-2) → LINE_NUMBER (-1). */
  @Test
  void textFileWholeLineToLineNumber(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("vocab.txt"), "emerson\nlake\npalmer\n");
    Session s = textFileTable(f, -2, -1, "\t");
    assertArrayEquals(new long[] {2, 1, -1}, run(s, "find", PLT).get(0).toLongArray());
    assertEquals(3, s.run(Map.of(), List.of("size")).get(0).getLong(0));
  }

  @Test
  void missingVocabularyIsNotFound(@TempDir Path dir) {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> textFileTable(dir.resolve("no.txt"), -2, -1, "\t"));
    assertEquals(Code.NOT_FOUND, e.code());
    assertTrue(
        e.getMessage().contains("init") && e.getMessage().contains("no.txt"), e.getMessage());
  }

  /** A column that is no int64: TF's "Field … in line … is not a valid int64." */
  @Test
  void badFieldIsInvalidArgument(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("vocab.txt"), "emerson 10\nlake twenty\n");
    RawOpsException e = assertThrows(RawOpsException.class, () -> textFileTable(f, 0, 1, " "));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(
        e.getMessage().contains("Field twenty in line 1 is not a valid int64."), e.getMessage());
    assertTrue(e.getMessage().contains("init"), e.getMessage());
  }

  @Test
  void uninitializedTableFailsNamingTheNode() {
    GraphDefBuilder g =
        find(
            table("HashTableV2", DType.STRING, DType.INT64),
            DType.STRING,
            DType.INT64,
            Tensor.ofLongs(Shape.scalar(), -1));
    Session s = Graph.build(g.build(), Device.CPU).newSession();
    RawOpsException e = assertThrows(RawOpsException.class, () -> run(s, "find", AF));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(
        e.getMessage().contains("Table not initialized.") && e.getMessage().contains("find"),
        e.getMessage());
    assertEquals(0, s.run(Map.of(), List.of("size")).get(0).getLong(0));
  }

  @Test
  void wrongKeyDtypeOfAMutableTableFailsAtBuild() {
    GraphDefBuilder g = table("MutableHashTableV2", DType.STRING, DType.INT64);
    g.constant("q", Tensor.ofLongs(Shape.of(1), 1))
        .constant("default", Tensor.ofLongs(Shape.scalar(), -1))
        .op("find", "LookupTableFindV2", "t", "q", "default")
        .attr("Tin", DType.INT64)
        .attr("Tout", DType.INT64);
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Graph.build(g.build(), Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(
        e.getMessage()
                .contains("Trying to read value with wrong dtype. Expected string got" + " int64")
            && e.getMessage().contains("find"),
        e.getMessage());
  }
}
