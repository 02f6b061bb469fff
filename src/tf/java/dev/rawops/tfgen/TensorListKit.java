package dev.rawops.tfgen;

import com.google.protobuf.TextFormat;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;

/**
 * Graph pieces of the TensorList cases: a list is a DT_VARIANT that no fixture can compare, so
 * every case ends in an op that turns the list back into dense tensors (Stack, Gather, Concat,
 * Length, ElementShape, GetItem).
 */
final class TensorListKit {
  private TensorListKit() {}

  /** An int32 element_shape constant; {@code -1} alone as a scalar (unknown rank). */
  static GraphDefBuilder shape(GraphDefBuilder b, String name, int... dims) {
    return dims.length == 1 && dims[0] == Integer.MIN_VALUE
        ? b.constant(name, Tensor.ofInts(Shape.scalar(), -1))
        : b.constant(name, Tensor.ofInts(Shape.of(dims.length), dims));
  }

  /** Marks "unknown rank" for {@link #shape}. */
  static final int[] UNKNOWN = {Integer.MIN_VALUE};

  static GraphDefBuilder ints(GraphDefBuilder b, String name, int... v) {
    return b.constant(name, Tensor.ofInts(Shape.of(v.length), v));
  }

  static GraphDefBuilder scalar(GraphDefBuilder b, String name, int v) {
    return b.constant(name, Tensor.ofInts(Shape.scalar(), v));
  }

  /** Floats 1, 2, 3, … of {@code shape}. */
  static Tensor counting(Shape shape, float scale) {
    float[] v = new float[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = (i + 1) * scale;
    }
    return Tensor.ofFloats(shape, v);
  }

  static GraphDefBuilder fromTensor(GraphDefBuilder b, String name, String tensor, String shape) {
    return b.op(name, "TensorListFromTensor", tensor, shape)
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
  }

  static GraphDefBuilder reserve(GraphDefBuilder b, String name, String shape, String count) {
    return b.op(name, "TensorListReserve", shape, count)
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
  }

  static GraphDefBuilder stack(GraphDefBuilder b, String name, String list, String shape) {
    return b.op(name, "TensorListStack", list, shape).attr("element_dtype", DType.FLOAT);
  }

  static GraphDefBuilder setItem(
      GraphDefBuilder b, String name, String list, String index, String item) {
    return b.op(name, "TensorListSetItem", list, index, item).attr("element_dtype", DType.FLOAT);
  }

  static GraphDefBuilder getItem(
      GraphDefBuilder b, String name, String list, String index, String shape) {
    return b.op(name, "TensorListGetItem", list, index, shape).attr("element_dtype", DType.FLOAT);
  }

  /** {@code b}'s graph with a function library written in text. */
  static GraphDef withLibrary(GraphDefBuilder b, String library) {
    GraphDef.Builder g = b.build().toBuilder();
    try {
      TextFormat.merge("library { " + library + " }", g);
    } catch (TextFormat.ParseException e) {
      throw new IllegalArgumentException(e.getMessage() + "\n" + library, e);
    }
    return g.build();
  }
}
