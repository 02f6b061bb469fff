package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.Map;

/**
 * How a value reaches an op in a case: as a Const, or as a fed Placeholder (with a static shape, a
 * partial one, unknown rank, or no shape attr at all), in either TensorProto encoding, fed under
 * "name" or "name:0".
 *
 * @param placeholderShape null for a Const; {@link PartialShape#unknownRank()} for unknown rank
 * @param shapeAttr whether a Placeholder has a {@code shape} attr at all
 */
public record Input(
    Tensor value,
    Encoding encoding,
    PartialShape placeholderShape,
    boolean shapeAttr,
    boolean feedKeyWithIndex) {

  public static Input constant(Tensor value, Encoding encoding) {
    return new Input(value, encoding, null, false, false);
  }

  /** A Placeholder whose shape attr is {@code shape}, fed with {@code value}. */
  public static Input fed(
      Tensor value, PartialShape shape, Encoding encoding, boolean keyWithIndex) {
    return new Input(value, encoding, shape, true, keyWithIndex);
  }

  /** A Placeholder with no shape attr, fed with {@code value}. */
  public static Input fedNoShape(Tensor value, Encoding encoding, boolean keyWithIndex) {
    return new Input(value, encoding, PartialShape.unknownRank(), false, keyWithIndex);
  }

  public boolean isConst() {
    return placeholderShape == null;
  }

  public TensorProto proto() {
    return TypedProtos.encode(value, encoding);
  }

  /** Adds the node {@code name} producing this value, and its feed if it is a Placeholder. */
  public void addTo(GraphDefBuilder g, String name, Map<String, TensorProto> feeds) {
    if (isConst()) {
      g.constant(name, proto());
      return;
    }
    if (shapeAttr) {
      g.placeholder(name, value.dtype().proto(), placeholderShape);
    } else {
      g.op(name, "Placeholder").attr("dtype", value.dtype().proto());
    }
    feeds.put(feedKeyWithIndex ? name + ":0" : name, proto());
  }

  /**
   * E.g. "Const float[2,3] (tensor_content)" or "Placeholder(shape [?,3]) fed as "p:0" float[2,3]
   * (typed *_val fields)".
   */
  public String describe(String name) {
    String what = value.dtype().tfName() + value.shape() + " (" + encoding.description + ")";
    if (isConst()) {
      return "Const " + what;
    }
    String shape =
        !shapeAttr
            ? "no shape attr"
            : placeholderShape.hasRank() ? "shape " + placeholderShape : "unknown rank";
    return "Placeholder("
        + shape
        + ") fed as \""
        + (feedKeyWithIndex ? name + ":0" : name)
        + "\" "
        + what;
  }
}
