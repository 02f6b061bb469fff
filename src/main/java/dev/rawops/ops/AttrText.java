package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Short human renderings of attr values for messages, close to TF's SummarizeAttrValue. */
final class AttrText {
  private AttrText() {}

  static String render(AttrValue v) {
    return switch (v.getValueCase()) {
      case S -> "\"" + v.getS().toString(StandardCharsets.UTF_8) + "\"";
      case I -> Long.toString(v.getI());
      case F -> Float.toString(v.getF());
      case B -> Boolean.toString(v.getB());
      case TYPE -> v.getType().name();
      case SHAPE -> PartialShape.fromProto(v.getShape()).toString();
      case TENSOR -> "<Tensor " + v.getTensor().getDtype().name() + ">";
      case FUNC -> v.getFunc().getName();
      case PLACEHOLDER -> "$" + v.getPlaceholder();
      case LIST -> renderList(v.getList());
      case VALUE_NOT_SET -> "<unset>";
    };
  }

  private static String renderList(AttrValue.ListValue l) {
    List<String> parts = new ArrayList<>();
    l.getSList().forEach(s -> parts.add("\"" + s.toString(StandardCharsets.UTF_8) + "\""));
    l.getIList().forEach(i -> parts.add(Long.toString(i)));
    l.getFList().forEach(f -> parts.add(Float.toString(f)));
    l.getBList().forEach(b -> parts.add(Boolean.toString(b)));
    for (DataType t : l.getTypeList()) {
      parts.add(t.name());
    }
    l.getShapeList().forEach(s -> parts.add(PartialShape.fromProto(s).toString()));
    l.getTensorList().forEach(t -> parts.add("<Tensor>"));
    l.getFuncList().forEach(f -> parts.add(f.getName()));
    return "[" + String.join(", ", parts) + "]";
  }

  /** The TF attr type name of the value, e.g. "int" or "list(type)". */
  static String typeOf(AttrValue v) {
    return switch (v.getValueCase()) {
      case S -> "string";
      case I -> "int";
      case F -> "float";
      case B -> "bool";
      case TYPE -> "type";
      case SHAPE -> "shape";
      case TENSOR -> "tensor";
      case FUNC -> "func";
      case PLACEHOLDER -> "placeholder";
      case LIST -> listTypeOf(v.getList());
      case VALUE_NOT_SET -> "<unset>";
    };
  }

  private static String listTypeOf(AttrValue.ListValue l) {
    List<String> kinds = new ArrayList<>();
    if (l.getSCount() > 0) kinds.add("string");
    if (l.getICount() > 0) kinds.add("int");
    if (l.getFCount() > 0) kinds.add("float");
    if (l.getBCount() > 0) kinds.add("bool");
    if (l.getTypeCount() > 0) kinds.add("type");
    if (l.getShapeCount() > 0) kinds.add("shape");
    if (l.getTensorCount() > 0) kinds.add("tensor");
    if (l.getFuncCount() > 0) kinds.add("func");
    return kinds.size() == 1
        ? "list(" + kinds.get(0) + ")"
        : kinds.isEmpty() ? "list(empty)" : "list(" + kinds + ")";
  }
}
