package dev.rawops.ops;

import com.google.common.collect.ImmutableMap;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorShapeProto;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A node's attributes after {@link OpSchema#resolve}: every attr of the OpDef present (defaults
 * filled in) and of the declared type, so typed getters cannot fail for declared names.
 */
public final class Attrs {
  private final ImmutableMap<String, AttrValue> values;

  Attrs(ImmutableMap<String, AttrValue> values) {
    this.values = values;
  }

  public ImmutableMap<String, AttrValue> asMap() {
    return values;
  }

  public AttrValue get(String name) {
    AttrValue v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException(
          "no attr '" + name + "' (declared: " + values.keySet() + ")");
    }
    return v;
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public long getInt(String name) {
    return get(name).getI();
  }

  public boolean getBool(String name) {
    return get(name).getB();
  }

  public String getString(String name) {
    return get(name).getS().toString(StandardCharsets.UTF_8);
  }

  public DataType getType(String name) {
    return get(name).getType();
  }

  public TensorShapeProto getShape(String name) {
    return get(name).getShape();
  }

  public List<DataType> getTypeList(String name) {
    return get(name).getList().getTypeList();
  }

  /** TF's rendering of the attrs, sorted by name, e.g. "[T=DT_FLOAT, Tindices=DT_INT32]". */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    values.keySet().stream()
        .sorted()
        .forEach(
            k ->
                sb.append(sb.length() > 1 ? ", " : "")
                    .append(k)
                    .append('=')
                    .append(AttrText.render(values.get(k))));
    return sb.append(']').toString();
  }
}
