package dev.rawops.tfgen;

import static dev.rawops.tfgen.TensorListKit.UNKNOWN;
import static dev.rawops.tfgen.TensorListKit.counting;
import static dev.rawops.tfgen.TensorListKit.fromTensor;
import static dev.rawops.tfgen.TensorListKit.getItem;
import static dev.rawops.tfgen.TensorListKit.ints;
import static dev.rawops.tfgen.TensorListKit.reserve;
import static dev.rawops.tfgen.TensorListKit.scalar;
import static dev.rawops.tfgen.TensorListKit.setItem;
import static dev.rawops.tfgen.TensorListKit.shape;
import static dev.rawops.tfgen.TensorListKit.stack;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * TF 2's TensorList ops: each op on lists built from constants and read back as dense tensors, TF's
 * run-time errors, copy-on-write of a shared list, and the loops TF 2 exports (a functional While
 * writing a list per iteration; an LSTM-like step over a [T,B,F] input), see {@link
 * TensorListLoops}.
 */
public final class TensorListCases implements CaseFamily {
  @Override
  public String directory() {
    return "tensor_list";
  }

  /** x = 1..6 as [3,2], es = [2], any = -1 (unknown rank), l = FromTensor(x, es). */
  static GraphDefBuilder base() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(3, 2), 1));
    shape(b, "es", 2);
    shape(b, "any", UNKNOWN);
    return fromTensor(b, "l", "x", "es");
  }

  /**
   * The LSTM-like loop's Tanh: Eigen's float tanh is a rational approximation a few ulps from the
   * correctly rounded tanh rawops computes.
   */
  @Override
  public java.util.Optional<dev.rawops.fixtureproto.Tolerance> tolerance(Case c) {
    return c.description().startsWith("LSTM")
        ? java.util.Optional.of(
            dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-6).setAtol(1e-7).build())
        : java.util.Optional.empty();
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    fromTensorAndStack(out);
    reserveAndItems(out);
    pushPop(out);
    resizeGatherScatter(out);
    concatSplit(out);
    TensorListLoops.cases(out);
    more(out);
    nested(out);
    return out.cases();
  }

  private static void add(CaseList out, String what, GraphDefBuilder b, String... fetches) {
    out.add(what, b.build(), Map.of(), List.of(fetches));
  }

  private static void fromTensorAndStack(CaseList out) {
    GraphDefBuilder b = base();
    stack(b, "s", "l", "es");
    b.op("n", "TensorListLength", "l");
    b.op("shape", "TensorListElementShape", "l").attr("shape_type", DType.INT32);
    add(out, "FromTensor [3,2] then Stack, Length, ElementShape", b, "s", "n", "shape");

    b = new GraphDefBuilder();
    b.constant("x", Tensor.ofStrings(Shape.of(2, 2), "a", "bc", "", "d"));
    shape(b, "any", UNKNOWN);
    b.op("l", "TensorListFromTensor", "x", "any")
        .attr("element_dtype", DType.STRING)
        .attr("shape_type", DType.INT32);
    b.op("s", "TensorListStack", "l", "any").attr("element_dtype", DType.STRING);
    b.op("shape", "TensorListElementShape", "l").attr("shape_type", DType.INT64);
    add(
        out,
        "FromTensor of strings, unknown element shape; Stack; int64 ElementShape",
        b,
        "s",
        "shape");

    b = new GraphDefBuilder();
    b.constant("x", Tensor.ofLongs(Shape.of(4), 5, -6, 7, 8));
    b.constant("es", Tensor.ofLongs(Shape.of(0)));
    b.op("l", "TensorListFromTensor", "x", "es")
        .attr("element_dtype", DType.INT64)
        .attr("shape_type", DType.INT64);
    shape(b, "none");
    b.op("s", "TensorListStack", "l", "none")
        .attr("element_dtype", DType.INT64)
        .attr("num_elements", 4);
    add(out, "FromTensor of an int64 vector (scalar elements), Stack with num_elements 4", b, "s");

    b = base();
    b.op("s", "TensorListStack", "l", "es")
        .attr("element_dtype", DType.FLOAT)
        .attr("num_elements", 2);
    add(out, "Stack with num_elements 2 of a 3-element list", b, "s");

    b = base();
    stack(b, "s", "l", "any");
    b.op("shape", "TensorListElementShape", "l").attr("shape_type", DType.INT32);
    fromTensor(b, "l2", "x", "any");
    b.op("shape2", "TensorListElementShape", "l2").attr("shape_type", DType.INT32);
    add(
        out,
        "Stack with element_shape -1; ElementShape of known and unknown",
        b,
        "s",
        "shape",
        "shape2");

    // Fed, so that TF's shape inference (whose handle data knows the list's [2]) cannot see it.
    b = base();
    b.placeholder("es3", DType.INT32, dev.rawops.tensor.PartialShape.of(1));
    stack(b, "s", "l", "es3");
    out.add(
        "Stack with a fed element_shape [3] that does not merge with the list's [2]",
        b.build(),
        Map.of("es3", dev.rawops.tensor.TensorProtos.toProto(Tensor.ofInts(Shape.of(1), 3))),
        List.of("s"));

    b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(3, 2), 1));
    shape(b, "es3", 3);
    fromTensor(b, "l", "x", "es3");
    add(out, "FromTensor with element_shape [3] of a [3,2] tensor (build error)", b, "l");

    b = new GraphDefBuilder();
    b.placeholder("x", DType.FLOAT, dev.rawops.tensor.PartialShape.unknownRank());
    shape(b, "es3", 3);
    fromTensor(b, "l", "x", "es3");
    stack(b, "s", "l", "es3");
    out.add(
        "FromTensor with element_shape [3] of a fed [3,2] tensor (run error)",
        b.build(),
        Map.of("x", dev.rawops.tensor.TensorProtos.toProto(counting(Shape.of(3, 2), 1))),
        List.of("s"));

    b = new GraphDefBuilder();
    b.placeholder("x", DType.FLOAT, dev.rawops.tensor.PartialShape.unknownRank());
    shape(b, "any", UNKNOWN);
    fromTensor(b, "l", "x", "any");
    stack(b, "s", "l", "any");
    out.add(
        "FromTensor of a fed scalar",
        b.build(),
        Map.of("x", dev.rawops.tensor.TensorProtos.toProto(Tensor.ofFloats(Shape.scalar(), 1))),
        List.of("s"));

    b = base();
    scalar(b, "bad", 3);
    stack(b, "s", "l", "bad");
    add(out, "Stack with element_shape scalar 3 (not -1)", b, "s");
  }

  private static void reserveAndItems(CaseList out) {
    GraphDefBuilder b = base();
    scalar(b, "three", 3);
    reserve(b, "r", "es", "three");
    scalar(b, "one", 1);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 7, 8));
    setItem(b, "w", "r", "one", "v");
    stack(b, "s", "w", "es");
    getItem(b, "g0", "w", "zero0", "es");
    scalar(b, "zero0", 0);
    getItem(b, "g1", "w", "one", "any");
    add(
        out,
        "Reserve 3 of [2], SetItem 1; Stack and GetItem read the unset ones as zeros",
        b,
        "s",
        "g0",
        "g1");

    b = base();
    scalar(b, "three", 3);
    reserve(b, "r", "any", "three");
    scalar(b, "one", 1);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 7, 8));
    setItem(b, "w", "r", "one", "v");
    stack(b, "s", "w", "any");
    scalar(b, "zero0", 0);
    getItem(b, "g0", "w", "zero0", "any");
    add(
        out,
        "Reserve 3 of unknown shape, SetItem 1: zeros take the set element's shape",
        b,
        "s",
        "g0");

    b = base();
    scalar(b, "three", 3);
    reserve(b, "r", "any", "three");
    stack(b, "s", "r", "any");
    add(out, "Stack of a reserved list with nothing set and no element shape", b, "s");

    b = base();
    scalar(b, "three", 3);
    reserve(b, "r", "any", "three");
    scalar(b, "zero0", 0);
    getItem(b, "g", "r", "zero0", "any");
    add(out, "GetItem of an unset element, no element shape anywhere", b, "g");

    b = base();
    scalar(b, "minus", -2);
    reserve(b, "r", "es", "minus");
    stack(b, "s", "r", "es");
    add(out, "Reserve -2 elements", b, "s");

    for (int index : new int[] {2, 3, -1}) {
      b = base();
      scalar(b, "i", index);
      getItem(b, "g", "l", "i", "es");
      add(out, "GetItem " + index + " of a 3-element list", b, "g");
    }
    for (int index : new int[] {0, 3, -1}) {
      b = base();
      scalar(b, "i", index);
      b.constant("v", Tensor.ofFloats(Shape.of(2), -1, -2));
      setItem(b, "w", "l", "i", "v");
      stack(b, "s", "w", "es");
      add(out, "SetItem " + index + " of a 3-element list", b, "s");
    }
    b = base();
    scalar(b, "i", 5);
    b.constant("v", Tensor.ofFloats(Shape.of(2), -1, -2));
    setItem(b, "w", "l", "i", "v").attr("resize_if_index_out_of_bounds", true);
    stack(b, "s", "w", "es");
    b.op("n", "TensorListLength", "w");
    add(out, "SetItem 5 of a 3-element list with resize_if_index_out_of_bounds", b, "s", "n");

    b = base();
    scalar(b, "i", 1);
    b.placeholder("v", DType.FLOAT, dev.rawops.tensor.PartialShape.unknownRank());
    setItem(b, "w", "l", "i", "v");
    stack(b, "s", "w", "es");
    out.add(
        "SetItem of a fed [3] into a list of [2]",
        b.build(),
        Map.of("v", dev.rawops.tensor.TensorProtos.toProto(Tensor.ofFloats(Shape.of(3), 1, 2, 3))),
        List.of("s"));

    b = base();
    scalar(b, "i", 0);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 10, 20));
    setItem(b, "w", "l", "i", "v");
    stack(b, "before", "l", "es");
    stack(b, "after", "w", "es");
    getItem(b, "g", "l", "i", "es");
    add(
        out,
        "copy on write: a list given to SetItem and also stacked keeps its values",
        b,
        "before",
        "after",
        "g");
  }

  private static void pushPop(CaseList out) {
    GraphDefBuilder b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "es", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.constant("a", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.constant("c", Tensor.ofFloats(Shape.of(2), 3, 4));
    b.op("p1", "TensorListPushBack", "e", "a").attr("element_dtype", DType.FLOAT);
    b.op("p2", "TensorListPushBack", "p1", "c").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "p2", "es");
    b.op("pop", "TensorListPopBack", "p2", "es").attr("element_dtype", DType.FLOAT);
    stack(b, "rest", "pop", "es");
    b.op("n0", "TensorListLength", "e");
    add(out, "EmptyTensorList, PushBack twice, Stack; PopBack", b, "s", "pop:1", "rest", "n0");

    b = base();
    scalar(b, "max", 1);
    b.op("e", "EmptyTensorList", "es", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.constant("a", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.op("p1", "TensorListPushBack", "e", "a").attr("element_dtype", DType.FLOAT);
    b.op("p2", "TensorListPushBack", "p1", "a").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "p2", "es");
    add(out, "PushBack into a full list (max_num_elements 1)", b, "s");

    b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "any", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.op("pop", "TensorListPopBack", "e", "any").attr("element_dtype", DType.FLOAT);
    add(out, "PopBack of an empty list", b, "pop:1");

    b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "any", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    stack(b, "s", "e", "any");
    add(out, "Stack of an empty list of unknown element shape", b, "s");

    b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "es", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    stack(b, "s", "e", "any");
    add(out, "Stack of an empty list of element shape [2]", b, "s");

    b = base();
    scalar(b, "two", 2);
    reserve(b, "r", "es", "two");
    b.op("pop", "TensorListPopBack", "r", "es").attr("element_dtype", DType.FLOAT);
    add(out, "PopBack of an unset element of known shape: zeros", b, "pop:1");

    b = base();
    b.constant("ab", Tensor.ofFloats(Shape.of(2), 9, 9));
    b.op("p", "TensorListPushBack", "l", "ab").attr("element_dtype", DType.FLOAT);
    b.op("both", "TensorListConcatLists", "l", "p").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "both", "es");
    stack(b, "l0", "l", "es");
    add(out, "ConcatLists of a list and the list pushed once more", b, "s", "l0");

    b = base();
    fromTensor(b, "u", "x", "any");
    b.op("both", "TensorListConcatLists", "l", "u").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "both", "es");
    add(out, "ConcatLists of element shapes [2] and unknown", b, "s");
  }

  private static void resizeGatherScatter(CaseList out) {
    for (int size : new int[] {5, 1, 0, -1}) {
      GraphDefBuilder b = base();
      scalar(b, "size", size);
      b.op("r", "TensorListResize", "l", "size");
      stack(b, "s", "r", "es");
      add(out, "Resize a 3-element list to " + size, b, "s");
    }
    int[][] gathers = {{2, 0, 2}, {}, {3}, {-1}};
    for (int[] idx : gathers) {
      GraphDefBuilder b = base();
      ints(b, "idx", idx);
      b.op("g", "TensorListGather", "l", "idx", "es").attr("element_dtype", DType.FLOAT);
      add(out, "Gather " + java.util.Arrays.toString(idx) + " of a 3-element list", b, "g");
    }
    GraphDefBuilder b = base();
    fromTensor(b, "u", "x", "any");
    ints(b, "idx", 3);
    b.op("g", "TensorListGather", "u", "idx", "any").attr("element_dtype", DType.FLOAT);
    add(out, "Gather [3] of a list of unknown element shape", b, "g");

    b = base();
    scalar(b, "four", 4);
    reserve(b, "r", "any", "four");
    ints(b, "idx", 1, 3);
    b.op("g", "TensorListGather", "r", "idx", "es").attr("element_dtype", DType.FLOAT);
    add(out, "Gather of unset elements, element_shape input [2]: zeros", b, "g");

    int[][] scatters = {{2, 0, 4}, {1, 1, 0}, {0, -1, 2}};
    for (int[] idx : scatters) {
      b = base();
      ints(b, "idx", idx);
      b.op("sc", "TensorListScatter", "x", "idx", "es")
          .attr("element_dtype", DType.FLOAT)
          .attr("shape_type", DType.INT32);
      stack(b, "s", "sc", "es");
      add(out, "Scatter x[3,2] at " + java.util.Arrays.toString(idx), b, "s");
    }
    for (int n : new int[] {6, 2, -2}) {
      b = base();
      ints(b, "idx", 2, 0, 1);
      scalar(b, "n", n);
      b.op("sc", "TensorListScatterV2", "x", "idx", "es", "n")
          .attr("element_dtype", DType.FLOAT)
          .attr("shape_type", DType.INT32);
      stack(b, "s", "sc", "es");
      add(out, "ScatterV2 x[3,2] at [2,0,1], num_elements " + n, b, "s");
    }
    b = base();
    ints(b, "idx", 0, 1);
    b.op("sc", "TensorListScatter", "x", "idx", "es")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    stack(b, "s", "sc", "es");
    add(out, "Scatter 3 rows at 2 indices", b, "s");

    for (int[] idx : new int[][] {{2, 0}, {1, 1}}) {
      b = base();
      b.constant("y", counting(Shape.of(2, 2), -1));
      ints(b, "idx", idx);
      b.op("sc", "TensorListScatterIntoExistingList", "l", "y", "idx")
          .attr("element_dtype", DType.FLOAT);
      stack(b, "s", "sc", "es");
      stack(b, "l0", "l", "es");
      add(out, "ScatterIntoExistingList y[2,2] at " + java.util.Arrays.toString(idx), b, "s", "l0");
    }
  }

  private static void concatSplit(CaseList out) {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(5, 2), 1));
    shape(b, "es", -1, 2);
    shape(b, "any", UNKNOWN);
    b.constant("len", Tensor.ofLongs(Shape.of(3), 2, 0, 3));
    b.op("sp", "TensorListSplit", "x", "es", "len")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.constant("lead", Tensor.ofLongs(Shape.of(0)));
    b.op("c", "TensorListConcatV2", "sp", "es", "lead")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.op("shape", "TensorListElementShape", "sp").attr("shape_type", DType.INT32);
    add(out, "Split [5,2] by [2,0,3], ConcatV2 back", b, "c", "c:1", "shape");

    long[][] bad = {{2, 2}, {2, 4}, {-1, 6}};
    for (long[] len : bad) {
      b = new GraphDefBuilder();
      b.constant("x", counting(Shape.of(5, 2), 1));
      shape(b, "es", -1, 2);
      b.constant("len", Tensor.ofLongs(Shape.of(len.length), len));
      b.op("sp", "TensorListSplit", "x", "es", "len")
          .attr("element_dtype", DType.FLOAT)
          .attr("shape_type", DType.INT32);
      b.constant("lead", Tensor.ofLongs(Shape.of(0)));
      b.op("c", "TensorListConcatV2", "sp", "es", "lead")
          .attr("element_dtype", DType.FLOAT)
          .attr("shape_type", DType.INT32);
      add(out, "Split [5,2] by lengths " + java.util.Arrays.toString(len), b, "c");
    }

    b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(3, 2, 2), 1));
    shape(b, "es", 2, 2);
    fromTensor(b, "l", "x", "es");
    b.op("c1", "TensorListConcat", "l")
        .attr("element_dtype", DType.FLOAT)
        .attr(
            "element_shape",
            dev.rawops.tfproto.AttrValue.newBuilder()
                .setShape(dev.rawops.tensor.PartialShape.of(-1, 2).toProto())
                .build());
    add(out, "TensorListConcat (v1) of three [2,2], element_shape attr [?,2]", b, "c1", "c1:1");

    b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(3, 2, 2), 1));
    shape(b, "es", 2, 2);
    fromTensor(b, "l", "x", "es");
    b.op("c1", "TensorListConcat", "l").attr("element_dtype", DType.FLOAT);
    add(out, "TensorListConcat (v1) with the default element_shape attr", b, "c1");

    b = new GraphDefBuilder();
    shape(b, "es", -1, 2);
    scalar(b, "three", 3);
    reserve(b, "r", "es", "three");
    scalar(b, "one", 1);
    b.constant("v", counting(Shape.of(3, 2), 1));
    setItem(b, "w", "r", "one", "v");
    b.constant("lead", Tensor.ofLongs(Shape.of(3), 1, 9, 2));
    b.op("c", "TensorListConcatV2", "w", "es", "lead")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.constant("short", Tensor.ofLongs(Shape.of(1), 4));
    b.op("c2", "TensorListConcatV2", "w", "es", "short")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    add(out, "ConcatV2 with unset elements: lengths from leading_dims", b, "c", "c:1");
    add(out, "ConcatV2 with unset elements: lengths from the one set element", b, "c2", "c2:1");

    b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(2, 3), 1));
    shape(b, "any", UNKNOWN);
    fromTensor(b, "l", "x", "any");
    shape(b, "none");
    b.constant("lead", Tensor.ofLongs(Shape.of(0)));
    b.op("c", "TensorListConcatV2", "l", "any", "lead")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    add(out, "ConcatV2 of a list of [3] vectors, unknown shape", b, "c", "c:1");

    b = new GraphDefBuilder();
    b.constant("x", counting(Shape.of(3), 1));
    shape(b, "any", UNKNOWN);
    fromTensor(b, "l", "x", "any");
    b.constant("lead", Tensor.ofLongs(Shape.of(0)));
    b.op("c", "TensorListConcatV2", "l", "any", "lead")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    add(out, "ConcatV2 of a list of scalars", b, "c");
  }

  private static void more(CaseList out) {
    GraphDefBuilder b = base();
    b.constant("es22", Tensor.ofInts(Shape.of(2, 1), 2, 2));
    scalar(b, "three", 3);
    reserve(b, "r", "es22", "three");
    stack(b, "s", "r", "es");
    add(out, "Reserve with a rank-2 element_shape (build error)", b, "s");

    b = base();
    shape(b, "bad", -2);
    scalar(b, "three", 3);
    reserve(b, "r", "bad", "three");
    stack(b, "s", "r", "es");
    add(out, "Reserve with element_shape [-2] (build error)", b, "s");

    b = base();
    scalar(b, "four", 4);
    reserve(b, "r", "any", "four");
    ints(b, "idx", 1, 3);
    b.op("g", "TensorListGather", "r", "idx", "any").attr("element_dtype", DType.FLOAT);
    add(out, "Gather of unset elements, no element shape anywhere", b, "g");

    b = base();
    fromTensor(b, "u", "x", "any");
    ints(b, "idx");
    b.op("g", "TensorListGather", "u", "idx", "any").attr("element_dtype", DType.FLOAT);
    add(out, "Gather of no elements from a list of unknown element shape", b, "g");

    b = base();
    b.constant("v", Tensor.ofFloats(Shape.of(3), 1, 2, 3));
    b.op("p", "TensorListPushBack", "l", "v").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "p", "es");
    add(out, "PushBack of a [3] onto a list of [2]", b, "s");

    b = base();
    b.op("id", "Identity", "l").attr("T", DType.VARIANT);
    b.op("idn", "IdentityN", "id", "x").attrTypes("T", DType.VARIANT, DType.FLOAT);
    scalar(b, "i", 2);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 0.5f, 0.25f));
    setItem(b, "w", "idn", "i", "v");
    stack(b, "s", "w", "es");
    stack(b, "s0", "id", "es");
    add(out, "a list through Identity and IdentityN, then SetItem", b, "s", "s0");

    for (boolean p : new boolean[] {true, false}) {
      b = base();
      b.constant("p", Tensor.ofBooleans(Shape.scalar(), p));
      b.op("if", "If", "p", "l")
          .attr("Tcond", DType.BOOL)
          .attrTypes("Tin", DType.VARIANT)
          .attrTypes("Tout", DType.VARIANT)
          .attr("then_branch", func("set_first"))
          .attr("else_branch", func("keep"));
      stack(b, "s", "if", "es");
      stack(b, "s0", "l", "es");
      out.add(
          "If " + p + " passing a list: then sets element 0, else returns it",
          TensorListKit.withLibrary(b, IF_LIBRARY),
          Map.of(),
          List.of("s", "s0"));
    }
  }

  /** A list of lists (element_dtype variant), and a list through a PartitionedCall. */
  private static void nested(CaseList out) {
    GraphDefBuilder b = base();
    scalar(b, "max", -1);
    b.op("outer", "EmptyTensorList", "any", "max")
        .attr("element_dtype", DType.VARIANT)
        .attr("shape_type", DType.INT32);
    b.op("p", "TensorListPushBack", "outer", "l").attr("element_dtype", DType.VARIANT);
    scalar(b, "zero", 0);
    shape(b, "none");
    b.op("inner", "TensorListGetItem", "p", "zero", "none").attr("element_dtype", DType.VARIANT);
    stack(b, "s", "inner", "es");
    b.op("n", "TensorListLength", "p");
    add(out, "a list of lists: PushBack a list, GetItem it back, Stack it", b, "s", "n");

    b = base();
    b.op("call", "PartitionedCall", "l")
        .attrTypes("Tin", DType.VARIANT)
        .attrTypes("Tout", DType.VARIANT)
        .attr("f", func("set_first"));
    stack(b, "s", "call", "es");
    out.add(
        "PartitionedCall of a function taking and returning a list",
        TensorListKit.withLibrary(b, IF_LIBRARY),
        Map.of(),
        List.of("s"));
  }

  private static dev.rawops.tfproto.AttrValue func(String name) {
    return dev.rawops.tfproto.AttrValue.newBuilder()
        .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName(name))
        .build();
  }

  private static final String IF_LIBRARY =
      """
      function {
        signature { name: "set_first" input_arg { name: "l" type: DT_VARIANT }
          output_arg { name: "o" type: DT_VARIANT } }
        node_def { name: "i" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { } int_val: 0 } } } }
        node_def { name: "v" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 2 } }
            float_val: -5 float_val: -6 } } } }
        node_def { name: "set" op: "TensorListSetItem" input: "l" input: "i:output:0"
          input: "v:output:0" attr { key: "element_dtype" value { type: DT_FLOAT } } }
        ret { key: "o" value: "set:output_handle:0" }
      }
      function {
        signature { name: "keep" input_arg { name: "l" type: DT_VARIANT }
          output_arg { name: "o" type: DT_VARIANT } }
        ret { key: "o" value: "l" }
      }
      """;
}
