package dev.rawops.tfgen;

import com.google.protobuf.TextFormat;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Functions and resource variables, as GraphDefs written in text: a node whose op is a library
 * function (with {@code $T} attr placeholders, instantiated twice), PartitionedCall of nested
 * functions, StatelessIf/If with every kind of cond, StatelessWhile, Case with in- and out-of-range
 * indices, a recursive function ending through If, and resource variables (assign, read, add, sub,
 * gather, is-initialized) with their errors.
 */
public final class FunctionCases implements CaseFamily {
  @Override
  public String directory() {
    return "functions";
  }

  // pick(params: T, indices: int32) -> GatherNd(params, indices)
  private static final String PICK =
      """
      function {
        signature {
          name: "pick"
          input_arg { name: "params" type_attr: "T" }
          input_arg { name: "indices" type: DT_INT32 }
          output_arg { name: "out" type_attr: "T" }
          attr { name: "T" type: "type" }
        }
        node_def {
          name: "g" op: "GatherNd" input: "params" input: "indices"
          attr { key: "Tparams" value { placeholder: "T" } }
          attr { key: "Tindices" value { type: DT_INT32 } }
        }
        ret { key: "out" value: "g:output:0" }
      }
      """;

  // row0(t: string) / row1(t: string): t[0] / t[1] by GatherNd
  private static String row(String name, int row, String type) {
    return """
        function {
          signature {
            name: "%s"
            input_arg { name: "t" type: %s }
            output_arg { name: "out" type: %s }
          }
          node_def {
            name: "ix" op: "Const"
            attr { key: "dtype" value { type: DT_INT32 } }
            attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } } int_val: %d } } }
          }
          node_def {
            name: "g" op: "GatherNd" input: "t" input: "ix:output:0"
            attr { key: "Tparams" value { type: %s } }
            attr { key: "Tindices" value { type: DT_INT32 } }
          }
          ret { key: "out" value: "g:output:0" }
        }
        """
        .formatted(name, type, type, row, type);
  }

  private static final String STRINGS_PLACEHOLDER =
      """
      node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_STRING } } }
      """;

  @Override
  public List<Case> cases(Random random) {
    CaseList out = new CaseList(directory());
    Map<String, TensorProto> words = feeds("x", Tensor.ofStrings(Shape.of(3), "a", "b", "c"));

    out.add(
        "a node whose op is library function 'pick' (GatherNd with Tparams = $T), instantiated"
            + " for string and int64",
        graph(
            """
            node { name: "p" op: "Placeholder" attr { key: "dtype" value { type: DT_STRING } } }
            node { name: "q" op: "Const" attr { key: "dtype" value { type: DT_INT64 } }
              attr { key: "value" value { tensor { dtype: DT_INT64 tensor_shape { dim { size: 2 } dim { size: 2 } } int64_val: 1 int64_val: 2 int64_val: 3 int64_val: 4 } } } }
            node { name: "i" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } dim { size: 1 } } int_val: 1 int_val: 0 } } } }
            node { name: "s" op: "pick" input: "p" input: "i" attr { key: "T" value { type: DT_STRING } } }
            node { name: "n" op: "pick" input: "q" input: "i" attr { key: "T" value { type: DT_INT64 } } }
            library { %s }
            """
                .formatted(PICK)),
        feeds("p", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d")),
        List.of("s", "n"));

    out.add(
        "PartitionedCall of 'outer', which calls 'row1' through a node named for it",
        graph(
            STRINGS_PLACEHOLDER
                + """
                node { name: "call" op: "PartitionedCall" input: "x"
                  attr { key: "Tin" value { list { type: DT_STRING } } }
                  attr { key: "Tout" value { list { type: DT_STRING } } }
                  attr { key: "f" value { func { name: "outer" } } } }
                library {
                  %s
                  function {
                    signature { name: "outer" input_arg { name: "v" type: DT_STRING } output_arg { name: "w" type: DT_STRING } }
                    node_def { name: "inner" op: "row1" input: "v" }
                    ret { key: "w" value: "inner:out:0" }
                  }
                }
                """
                    .formatted(row("row1", 1, "DT_STRING"))),
        words,
        List.of("call"));

    String ifLib = "library { " + row("row0", 0, "DT_STRING") + row("row1", 1, "DT_STRING") + " }";
    Object[][] conds = {
      {"DT_BOOL", "bool_val: true", "", "bool true"},
      {"DT_BOOL", "bool_val: false", "", "bool false"},
      {"DT_INT32", "int_val: 0", "", "int32 0"},
      {"DT_FLOAT", "float_val: -2.5", "", "float -2.5"},
      {"DT_STRING", "string_val: \"\"", "", "empty string"},
      {"DT_STRING", "string_val: \"no\"", "", "non-empty string"},
      {"DT_INT32", "int_val: 0", "dim { size: 2 }", "int32 vector [0, 0] (has elements)"},
      {"DT_INT32", "", "dim { size: 0 }", "empty int32 vector"},
    };
    for (String op : List.of("StatelessIf", "If")) {
      for (Object[] c : conds) {
        out.add(
            op + " with cond " + c[3] + ": then = row0, else = row1",
            graph(
                STRINGS_PLACEHOLDER
                    + """
                    node { name: "c" op: "Const" attr { key: "dtype" value { type: %s } }
                      attr { key: "value" value { tensor { dtype: %s tensor_shape { %s } %s } } } }
                    node { name: "if" op: "%s" input: "c" input: "x"
                      attr { key: "Tcond" value { type: %s } }
                      attr { key: "Tin" value { list { type: DT_STRING } } }
                      attr { key: "Tout" value { list { type: DT_STRING } } }
                      attr { key: "then_branch" value { func { name: "row0" } } }
                      attr { key: "else_branch" value { func { name: "row1" } } } }
                    """
                        .formatted(c[0], c[0], c[2], c[1], op, c[0])
                    + ifLib),
            words,
            List.of("if"));
      }
    }

    String caseLib =
        "library { "
            + row("row0", 0, "DT_STRING")
            + row("row1", 1, "DT_STRING")
            + row("row2", 2, "DT_STRING")
            + " }";
    for (int index : new int[] {0, 1, 2, 3, -1}) {
      out.add(
          "Case with branch_index " + index + " over row0, row1, row2",
          graph(
              STRINGS_PLACEHOLDER
                  + """
                  node { name: "b" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
                    attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { } int_val: %d } } } }
                  node { name: "case" op: "Case" input: "b" input: "x"
                    attr { key: "Tin" value { list { type: DT_STRING } } }
                    attr { key: "Tout" value { list { type: DT_STRING } } }
                    attr { key: "branches" value { list { func { name: "row0" } func { name: "row1" } func { name: "row2" } } } } }
                  """
                      .formatted(index)
                  + caseLib),
          words,
          List.of("case"));
    }

    String loopLib =
        """
        library {
          function {
            signature { name: "more" input_arg { name: "i" type: DT_INT32 } input_arg { name: "x" type: DT_STRING } output_arg { name: "c" type: DT_BOOL } }
            node_def { name: "t" op: "Const" attr { key: "dtype" value { type: DT_BOOL } }
              attr { key: "value" value { tensor { dtype: DT_BOOL tensor_shape { dim { size: 5 } } bool_val: true bool_val: true bool_val: false bool_val: true bool_val: false } } } }
            node_def { name: "g" op: "GatherNd" input: "t:output:0" input: "i"
              attr { key: "Tparams" value { type: DT_BOOL } } attr { key: "Tindices" value { type: DT_INT32 } } }
            ret { key: "c" value: "g:output:0" }
          }
          function {
            signature { name: "step" input_arg { name: "i" type: DT_INT32 } input_arg { name: "x" type: DT_STRING } output_arg { name: "j" type: DT_INT32 } output_arg { name: "y" type: DT_STRING } }
            node_def { name: "next" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 5 } dim { size: 1 } } int_val: 1 int_val: 2 int_val: 3 int_val: 4 int_val: 0 } } } }
            node_def { name: "g" op: "GatherNd" input: "next:output:0" input: "i"
              attr { key: "Tparams" value { type: DT_INT32 } } attr { key: "Tindices" value { type: DT_INT32 } } }
            node_def { name: "perm" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 3 } dim { size: 1 } } int_val: 2 int_val: 0 int_val: 1 } } } }
            node_def { name: "r" op: "GatherNd" input: "x" input: "perm:output:0"
              attr { key: "Tparams" value { type: DT_STRING } } attr { key: "Tindices" value { type: DT_INT32 } } }
            ret { key: "j" value: "g:output:0" }
            ret { key: "y" value: "r:output:0" }
          }
        }
        """;
    for (String op : List.of("StatelessWhile", "While")) {
      for (int start : new int[] {0, 2, 3}) {
        out.add(
            op + " from i = [" + start + "]: cond and body are GatherNd lookups",
            graph(
                STRINGS_PLACEHOLDER
                    + """
                    node { name: "i" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
                      attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } } int_val: %d } } } }
                    node { name: "loop" op: "%s" input: "i" input: "x"
                      attr { key: "T" value { list { type: DT_INT32 type: DT_STRING } } }
                      attr { key: "cond" value { func { name: "more" } } }
                      attr { key: "body" value { func { name: "step" } } } }
                    """
                        .formatted(start, op)
                    + loopLib),
            words,
            List.of("loop:0", "loop:1"));
      }
    }

    // countdown(i) = If(alive[i], countdown(next[i]), i): recursion three deep from [0].
    out.add(
        "a recursive function: countdown calls itself through If until a table says stop",
        graph(
            """
            node { name: "i" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } } }
            node { name: "r" op: "countdown" input: "i" }
            library {
              function {
                signature { name: "countdown" input_arg { name: "i" type: DT_INT32 } output_arg { name: "o" type: DT_INT32 } }
                node_def { name: "alive" op: "Const" attr { key: "dtype" value { type: DT_BOOL } }
                  attr { key: "value" value { tensor { dtype: DT_BOOL tensor_shape { dim { size: 4 } } bool_val: true bool_val: true bool_val: true bool_val: false } } } }
                node_def { name: "c" op: "GatherNd" input: "alive:output:0" input: "i"
                  attr { key: "Tparams" value { type: DT_BOOL } } attr { key: "Tindices" value { type: DT_INT32 } } }
                node_def { name: "if" op: "If" input: "c:output:0" input: "i"
                  attr { key: "Tcond" value { type: DT_BOOL } }
                  attr { key: "Tin" value { list { type: DT_INT32 } } }
                  attr { key: "Tout" value { list { type: DT_INT32 } } }
                  attr { key: "then_branch" value { func { name: "deeper" } } }
                  attr { key: "else_branch" value { func { name: "done" } } } }
                ret { key: "o" value: "if:output:0" }
              }
              function {
                signature { name: "deeper" input_arg { name: "i" type: DT_INT32 } output_arg { name: "o" type: DT_INT32 } }
                node_def { name: "next" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
                  attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 4 } dim { size: 1 } } int_val: 1 int_val: 2 int_val: 3 int_val: 0 } } } }
                node_def { name: "n" op: "GatherNd" input: "next:output:0" input: "i"
                  attr { key: "Tparams" value { type: DT_INT32 } } attr { key: "Tindices" value { type: DT_INT32 } } }
                node_def { name: "rec" op: "countdown" input: "n:output:0" }
                ret { key: "o" value: "rec:o:0" }
              }
              function {
                signature { name: "done" input_arg { name: "i" type: DT_INT32 } output_arg { name: "o" type: DT_INT32 } }
                ret { key: "o" value: "i" }
              }
            }
            """),
        feeds("i", Tensor.ofInts(Shape.of(1), 0)),
        List.of("r"));

    variables(out);
    ResourceVariableKit.gatherNd(out, new Random(26003));
    return out.cases();
  }

  private static final String HANDLE =
      """
      node { name: "v" op: "VarHandleOp" attr { key: "dtype" value { type: %s } }
        attr { key: "shape" value { shape { unknown_rank: true } } }
        attr { key: "shared_name" value { s: "%s" } } }
      """;

  private static final String ASSIGN =
      """
      node { name: "%s" op: "%s" input: "v" input: "%s" %s
        attr { key: "dtype" value { type: %s } } }
      """;

  private static final String READ =
      """
      node { name: "%s" op: "ReadVariableOp" input: "v" %s attr { key: "dtype" value { type: %s } } }
      """;

  private static String constant(String name, String dtype, String shape, String values) {
    return """
        node { name: "%s" op: "Const" attr { key: "dtype" value { type: %s } }
          attr { key: "value" value { tensor { dtype: %s tensor_shape { %s } %s } } } }
        """
        .formatted(name, dtype, dtype, shape, values);
  }

  private static void variables(CaseList out) {
    String init =
        constant(
            "init", "DT_FLOAT", "dim { size: 3 }", "float_val: 1.5 float_val: -2 float_val: 4");
    String delta =
        constant(
            "delta", "DT_FLOAT", "dim { size: 3 }", "float_val: 0.25 float_val: 2 float_val: -8");
    out.add(
        "VarHandleOp, AssignVariableOp, then ReadVariableOp after it (control edge)",
        graph(
            HANDLE.formatted("DT_FLOAT", "v1")
                + init
                + ASSIGN.formatted("assign", "AssignVariableOp", "init", "", "DT_FLOAT")
                + READ.formatted("read", "input: \"^assign\"", "DT_FLOAT")),
        Map.of(),
        List.of("read"));
    for (String op : List.of("AssignAddVariableOp", "AssignSubVariableOp")) {
      out.add(
          op + " after an assign, then a read",
          graph(
              HANDLE.formatted("DT_FLOAT", "v2")
                  + init
                  + delta
                  + ASSIGN.formatted("assign", "AssignVariableOp", "init", "", "DT_FLOAT")
                  + ASSIGN.formatted("update", op, "delta", "input: \"^assign\"", "DT_FLOAT")
                  + READ.formatted("read", "input: \"^update\"", "DT_FLOAT")),
          Map.of(),
          List.of("read"));
    }
    String table =
        constant(
            "table",
            "DT_STRING",
            "dim { size: 3 } dim { size: 2 }",
            "string_val: \"a\" string_val: \"b\" string_val: \"c\" string_val: \"d\" string_val: \"e\" string_val: \"f\"");
    String idx =
        constant(
            "idx",
            "DT_INT64",
            "dim { size: 2 } dim { size: 2 }",
            "int64_val: 2 int64_val: 0 int64_val: 1 int64_val: 2");
    out.add(
        "ResourceGather of a string variable with int64 indices of shape [2,2]",
        graph(
            HANDLE.formatted("DT_STRING", "v3")
                + table
                + idx
                + ASSIGN.formatted("assign", "AssignVariableOp", "table", "", "DT_STRING")
                + """
                node { name: "gather" op: "ResourceGather" input: "v" input: "idx" input: "^assign"
                  attr { key: "dtype" value { type: DT_STRING } } attr { key: "Tindices" value { type: DT_INT64 } } }
                """),
        Map.of(),
        List.of("gather"));
    String bad = constant("idx", "DT_INT32", "dim { size: 2 }", "int_val: 1 int_val: 3");
    out.add(
        "ResourceGather with an index past the variable's first dimension: INVALID_ARGUMENT",
        graph(
            HANDLE.formatted("DT_STRING", "v4")
                + table
                + bad
                + ASSIGN.formatted("assign", "AssignVariableOp", "table", "", "DT_STRING")
                + """
                node { name: "gather" op: "ResourceGather" input: "v" input: "idx" input: "^assign"
                  attr { key: "dtype" value { type: DT_STRING } } attr { key: "Tindices" value { type: DT_INT32 } } }
                """),
        Map.of(),
        List.of("gather"));
    out.add(
        "ReadVariableOp of a variable never assigned: FAILED_PRECONDITION",
        graph(HANDLE.formatted("DT_FLOAT", "v5") + READ.formatted("read", "", "DT_FLOAT")),
        Map.of(),
        List.of("read"));
    out.add(
        "VarIsInitializedOp before and after an assign",
        graph(
            HANDLE.formatted("DT_FLOAT", "v6")
                + init
                + """
                node { name: "before" op: "VarIsInitializedOp" input: "v" }
                """
                + ASSIGN.formatted(
                    "assign", "AssignVariableOp", "init", "input: \"^before\"", "DT_FLOAT")
                + """
                node { name: "after" op: "VarIsInitializedOp" input: "v" input: "^assign" }
                """),
        Map.of(),
        List.of("before", "after"));
    String wrongShape =
        constant("delta", "DT_FLOAT", "dim { size: 2 }", "float_val: 1 float_val: 2");
    out.add(
        "AssignAddVariableOp with a value of another shape: INVALID_ARGUMENT",
        graph(
            HANDLE.formatted("DT_FLOAT", "v7")
                + init
                + wrongShape
                + ASSIGN.formatted("assign", "AssignVariableOp", "init", "", "DT_FLOAT")
                + ASSIGN.formatted(
                    "update", "AssignAddVariableOp", "delta", "input: \"^assign\"", "DT_FLOAT")
                + READ.formatted("read", "input: \"^update\"", "DT_FLOAT")),
        Map.of(),
        List.of("read"));
    String ints =
        constant("ints", "DT_INT32", "dim { size: 3 }", "int_val: 1 int_val: 2 int_val: 3");
    out.add(
        "ReadVariableOp with a dtype other than the variable's: INVALID_ARGUMENT",
        graph(
            HANDLE.formatted("DT_FLOAT", "v8")
                + ints
                + ASSIGN.formatted("assign", "AssignVariableOp", "ints", "", "DT_INT32")
                + READ.formatted("read", "input: \"^assign\"", "DT_FLOAT")),
        Map.of(),
        List.of("read"));
  }

  private static Map<String, TensorProto> feeds(String name, Tensor t) {
    Map<String, TensorProto> m = new LinkedHashMap<>();
    m.put(name, TensorProtos.toProto(t));
    return m;
  }

  private static GraphDef graph(String text) {
    try {
      GraphDef.Builder b = GraphDef.newBuilder();
      TextFormat.merge(text, b);
      return b.build();
    } catch (TextFormat.ParseException e) {
      throw new IllegalArgumentException(e.getMessage() + "\n" + text, e);
    }
  }
}
