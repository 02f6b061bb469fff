package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import com.google.protobuf.TextFormat;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/**
 * TensorFlow 2.18 (TF Java's {@code SavedModelBundle.exporter}) writes small SavedModels into
 * graphs/savedmodels/NAME/ with an {@code expected.pbtxt} beside each: a rawops Fixture whose
 * {@code source} is {@code signature:KEY}, {@code feed} is keyed by signature input key, {@code
 * fetch} lists output keys and {@code expected} holds what TF computed (see docs/FIXTURES.md). Run:
 * {@code ./mvnw -Ptf -q test -Dtest=ExportSavedModels}.
 */
class ExportSavedModels {
  private static final Path DIR = Path.of("graphs", "savedmodels");

  @Test
  void export() throws IOException {
    resourceVariables();
    whileAndCase();
    refVariables();
  }

  /**
   * TF 2 style: a resource variable (VarHandleOp) restored by a saver of RestoreV2 +
   * AssignVariableOp, read in a function called through StatefulPartitionedCall, an If choosing
   * between two GatherNd branches, and a ResourceGather.
   */
  private static void resourceVariables() throws IOException {
    Path dir = fresh("resource_variables");
    ConcreteFunction lookup =
        ConcreteFunction.create(
            tf -> {
              Placeholder<TInt32> ix = tf.placeholder(TInt32.class);
              VarHandleOp h =
                  tf.varHandleOp(TInt32.class, Shape.of(4, 2), VarHandleOp.sharedName("table"));
              Operand<TInt32> rows = tf.gatherNd(tf.readVariableOp(h, TInt32.class), ix);
              return Signature.builder().key("lookup").input("ix", ix).output("rows", rows).build();
            });
    ConcreteFunction first = branch(0);
    ConcreteFunction last = branch(1);
    try (lookup;
        first;
        last;
        Graph g = new Graph();
        Session s = new Session(g)) {
      Ops tf = Ops.create(g);
      VarHandleOp table =
          tf.withName("table")
              .varHandleOp(TInt32.class, Shape.of(4, 2), VarHandleOp.sharedName("table"));
      var init =
          tf.withName("table_init")
              .assignVariableOp(table, tf.constant(new int[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8}}));
      VarHandleOp words =
          tf.withName("words")
              .varHandleOp(TString.class, Shape.of(3), VarHandleOp.sharedName("words"));
      var wordsInit =
          tf.withName("words_init")
              .assignVariableOp(
                  words,
                  tf.constant(
                      java.nio.charset.StandardCharsets.UTF_8, new String[] {"x", "", "yyyy"}));
      saver(
          g,
          tf,
          List.of(table, words),
          List.of("table", "words"),
          List.of(TInt32.class, TString.class),
          List.of(org.tensorflow.proto.DataType.DT_INT32, org.tensorflow.proto.DataType.DT_STRING));
      Placeholder<TInt32> indices =
          tf.withName("indices").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, 1)));
      Placeholder<TBool> flag =
          tf.withName("flag").placeholder(TBool.class, Placeholder.shape(Shape.scalar()));
      Operand<?> rows = tf.call(lookup, indices);
      var stateful =
          tf.withName("stateful_lookup")
              .statefulPartitionedCall(List.of(indices), List.of(TInt32.class), lookup);
      var picked =
          tf.withName("pick").ifOp(flag, List.of(rows), List.of(TInt32.class), first, last);
      var gathered =
          tf.withName("gathered")
              .resourceGather(table, tf.constant(new int[] {3, 0}), TInt32.class);
      var wordRows =
          tf.withName("word_rows")
              .resourceGather(words, tf.constant(new int[] {2, 0, 1, 2}), TString.class);
      s.runner().addTarget(init).addTarget(wordsInit).run();
      Signature sig =
          Signature.builder()
              .key("serving_default")
              .input("indices", indices)
              .input("flag", flag)
              .output("rows", rows)
              .output("picked", picked.output().get(0))
              .output("gathered", gathered)
              .output("stateful_rows", stateful.output().get(0))
              .output("word_rows", wordRows)
              .build();
      SavedModelBundle.exporter(dir.toString()).withSession(s).withSignature(sig).export();
      try (TInt32 ix =
              TInt32.tensorOf(
                  org.tensorflow.ndarray.StdArrays.ndCopyOf(new int[][] {{2}, {0}, {3}}));
          TBool f = TBool.scalarOf(true)) {
        Map<String, TensorProto> feeds = new LinkedHashMap<>();
        feeds.put("indices", proto(ix));
        feeds.put("flag", proto(f));
        try (Result r =
            s.runner()
                .feed(indices, ix)
                .feed(flag, f)
                .fetch(rows)
                .fetch(picked.output().get(0))
                .fetch(gathered)
                .fetch(stateful.output().get(0))
                .fetch(wordRows)
                .run()) {
          writeExpected(
              dir,
              "resource_variables",
              "VarHandleOp restored from the checkpoint; PartitionedCall of a function"
                  + " reading it (GatherNd), also through StatefulPartitionedCall; If over two GatherNd branches; ResourceGather of an int32 and a string variable",
              feeds,
              List.of("gathered", "picked", "rows", "stateful_rows", "word_rows"),
              List.of(
                  proto(r.get(2)),
                  proto(r.get(1)),
                  proto(r.get(0)),
                  proto(r.get(3)),
                  proto(r.get(4))));
        }
      }
    }
  }

  private static ConcreteFunction branch(int row) {
    return ConcreteFunction.create(
        tf -> {
          Placeholder<TInt32> t = tf.placeholder(TInt32.class);
          Operand<TInt32> out = tf.gatherNd(t, tf.constant(new int[] {row}));
          return Signature.builder().key("branch" + row).input("t", t).output("out", out).build();
        });
  }

  /** A saver whose names TF Java's exporter recognizes: save/filename, save/restore_all. */
  private static void saver(
      Graph g,
      Ops tf,
      List<Operand<?>> handles,
      List<String> keys,
      List<Class<? extends org.tensorflow.types.family.TType>> types,
      List<org.tensorflow.proto.DataType> dtypes) {
    Ops save = tf.withSubScope("save");
    var filename = save.withName("filename").placeholder(TString.class);
    var names =
        save.withName("tensor_names")
            .constant(java.nio.charset.StandardCharsets.UTF_8, keys.toArray(new String[0]));
    String[] empty = new String[keys.size()];
    java.util.Arrays.fill(empty, "");
    var slices =
        save.withName("shape_and_slices").constant(java.nio.charset.StandardCharsets.UTF_8, empty);
    org.tensorflow.Output<?>[] values = new org.tensorflow.Output<?>[handles.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] =
          save.withName("read_" + i).readVariableOp(handles.get(i), types.get(i)).asOutput();
    }
    var saveOp =
        g.opBuilder("SaveV2", "save/SaveV2", save.scope())
            .addInput(filename.asOutput())
            .addInput(names.asOutput())
            .addInput(slices.asOutput())
            .addInputList(values)
            .build();
    save.withControlDependencies(List.of(() -> saveOp))
        .withName("control_dependency")
        .identity(filename);
    var restore =
        g.opBuilder("RestoreV2", "save/RestoreV2", save.scope())
            .addInput(filename.asOutput())
            .addInput(names.asOutput())
            .addInput(slices.asOutput())
            .setAttr("dtypes", dtypes.toArray(new org.tensorflow.proto.DataType[0]))
            .build();
    List<org.tensorflow.op.Op> assigns = new java.util.ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      assigns.add(save.withName("assign_" + i).assignVariableOp(handles.get(i), restore.output(i)));
    }
    save.withControlDependencies(assigns).withName("restore_all").noOp();
  }

  /** Functional control flow without variables: While (GatherNd-driven) and Case. */
  private static void whileAndCase() throws IOException {
    Path dir = fresh("while_case");
    ConcreteFunction cond =
        ConcreteFunction.create(
            tf -> {
              Placeholder<TInt32> i = tf.placeholder(TInt32.class);
              Placeholder<TString> x = tf.placeholder(TString.class);
              Operand<TBool> c =
                  tf.gatherNd(tf.constant(new boolean[] {true, true, true, false}), i);
              return Signature.builder()
                  .key("cond")
                  .input("i", i)
                  .input("x", x)
                  .output("c", c)
                  .build();
            });
    ConcreteFunction body =
        ConcreteFunction.create(
            tf -> {
              Placeholder<TInt32> i = tf.placeholder(TInt32.class);
              Placeholder<TString> x = tf.placeholder(TString.class);
              Operand<TInt32> next = tf.gatherNd(tf.constant(new int[][] {{1}, {2}, {3}, {4}}), i);
              Operand<TString> rotated =
                  tf.gatherNd(x, tf.constant(new int[][] {{1}, {2}, {3}, {0}}));
              return Signature.builder()
                  .key("body")
                  .input("i", i)
                  .input("x", x)
                  .output("i_next", next)
                  .output("x_next", rotated)
                  .build();
            });
    ConcreteFunction[] branches = new ConcreteFunction[3];
    for (int b = 0; b < 3; b++) {
      int from = b;
      branches[b] =
          ConcreteFunction.create(
              tf -> {
                Placeholder<TString> w = tf.placeholder(TString.class);
                Operand<TString> out =
                    tf.stridedSlice(
                        w,
                        tf.constant(new int[] {from}),
                        tf.constant(new int[] {from + 2}),
                        tf.constant(new int[] {1}));
                return Signature.builder()
                    .key("slice" + from)
                    .input("w", w)
                    .output("out", out)
                    .build();
              });
    }
    try (cond;
        body;
        Graph g = new Graph();
        Session s = new Session(g)) {
      Ops tf = Ops.create(g);
      Placeholder<TInt32> start =
          tf.withName("start").placeholder(TInt32.class, Placeholder.shape(Shape.of(1)));
      Placeholder<TString> words =
          tf.withName("words").placeholder(TString.class, Placeholder.shape(Shape.of(4)));
      Placeholder<TInt32> which =
          tf.withName("which").placeholder(TInt32.class, Placeholder.shape(Shape.scalar()));
      var loop = tf.withName("loop").whileOp(List.of(start, words), cond, body);
      var cased =
          tf.withName("case")
              .caseOp(which, List.of(words), List.of(TString.class), List.of(branches));
      Signature sig =
          Signature.builder()
              .key("serving_default")
              .input("start", start)
              .input("words", words)
              .input("which", which)
              .output("steps", loop.output().get(0))
              .output("rotated", loop.output().get(1))
              .output("sliced", cased.output().get(0))
              .build();
      SavedModelBundle.exporter(dir.toString()).withSession(s).withSignature(sig).export();
      try (TInt32 st = TInt32.vectorOf(0);
          TString w = TString.vectorOf("a", "b", "c", "d");
          TInt32 wh = TInt32.scalarOf(7)) {
        Map<String, TensorProto> feeds = new LinkedHashMap<>();
        feeds.put("start", proto(st));
        feeds.put("words", proto(w));
        feeds.put("which", proto(wh));
        try (Result r =
            s.runner()
                .feed(start, st)
                .feed(words, w)
                .feed(which, wh)
                .fetch(loop.output().get(0))
                .fetch(loop.output().get(1))
                .fetch(cased.output().get(0))
                .run()) {
          writeExpected(
              dir,
              "while_case",
              "While whose cond and body are GatherNd lookups (three iterations from start=[0]),"
                  + " Case with an out-of-range index running the last (StridedSlice) branch",
              feeds,
              List.of("rotated", "sliced", "steps"),
              List.of(proto(r.get(1)), proto(r.get(2)), proto(r.get(0))));
        }
      }
    } finally {
      for (ConcreteFunction f : branches) {
        f.close();
      }
    }
  }

  /** TF 1 style: a VariableV2 with Assign, saved and restored by TF Java's own saver. */
  private static void refVariables() throws IOException {
    Path dir = fresh("ref_variables");
    try (Graph g = new Graph();
        Session s = new Session(g)) {
      Ops tf = Ops.create(g);
      var v = tf.withName("v").variable(tf.constant(new int[][] {{10, 20}, {30, 40}}));
      Placeholder<TInt32> ix =
          tf.withName("ix").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, 2)));
      var out = tf.withName("out").gatherNd(v, ix);
      s.initialize();
      Signature sig =
          Signature.builder().key("serving_default").input("ix", ix).output("out", out).build();
      SavedModelBundle.exporter(dir.toString()).withSession(s).withSignature(sig).export();
      try (TInt32 x =
          TInt32.tensorOf(
              org.tensorflow.ndarray.StdArrays.ndCopyOf(new int[][] {{1, 0}, {0, 1}}))) {
        try (Result r = s.runner().feed(ix, x).fetch(out).run()) {
          writeExpected(
              dir,
              "ref_variables",
              "VariableV2 restored by TF Java's saver (RestoreV2 + Assign), read by GatherNd",
              Map.of("ix", proto(x)),
              List.of("out"),
              List.of(proto(r.get(0))));
        }
      }
    }
  }

  private static Path fresh(String name) throws IOException {
    Path dir = DIR.resolve(name);
    if (Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(DIR);
    return dir;
  }

  private static void writeExpected(
      Path dir,
      String name,
      String description,
      Map<String, TensorProto> feeds,
      List<String> outputKeys,
      List<TensorProto> expected) {
    Fixture f =
        Fixture.newBuilder()
            .setName("savedmodels/" + name)
            .setDescription(description)
            .setSource("signature:serving_default")
            .putAllFeed(feeds)
            .addAllFetch(outputKeys)
            .addAllExpected(expected)
            .build();
    try {
      Files.writeString(
          dir.resolve("expected.pbtxt"),
          "# Written by TensorFlow 2.18 (dev.rawops.tfgen.ExportSavedModels); do not edit.\n"
              + TextFormat.printer().printToString(f));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static TensorProto proto(Tensor t) {
    TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
    for (long d : t.shape().asArray()) {
      shape.addDimBuilder().setSize(d);
    }
    TensorProto.Builder p = TensorProto.newBuilder().setTensorShape(shape);
    if (t instanceof TInt32 x) {
      p.setDtype(DataType.DT_INT32);
      x.scalars().forEach(e -> p.addIntVal(e.getInt()));
    } else if (t instanceof TBool x) {
      p.setDtype(DataType.DT_BOOL);
      x.scalars().forEach(e -> p.addBoolVal(e.getBoolean()));
    } else if (t instanceof TString x) {
      p.setDtype(DataType.DT_STRING);
      x.asBytes().scalars().forEach(e -> p.addStringVal(ByteString.copyFrom(e.getObject())));
    } else {
      throw new IllegalArgumentException("unexpected tensor type " + t.dataType());
    }
    return p.build();
  }
}
