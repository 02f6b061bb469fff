package dev.rawops.ops;

import com.google.common.collect.ImmutableSortedMap;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.Collection;
import java.util.List;

/** The ops rawops knows, by TF op name. Immutable; duplicates are refused. */
public final class OpRegistry {
  private static final OpRegistry BUILT_IN = of(Ops.all());

  private final ImmutableSortedMap<String, Op> ops;

  private OpRegistry(ImmutableSortedMap<String, Op> ops) {
    this.ops = ops;
  }

  public static OpRegistry builtIn() {
    return BUILT_IN;
  }

  public static OpRegistry of(List<Op> list) {
    ImmutableSortedMap.Builder<String, Op> b = ImmutableSortedMap.naturalOrder();
    java.util.Map<String, Op> seen = new java.util.HashMap<>();
    for (Op op : list) {
      Op prev = seen.putIfAbsent(op.name(), op);
      if (prev != null) {
        throw new IllegalArgumentException(
            "op "
                + op.name()
                + " registered twice: by "
                + prev.getClass().getName()
                + " and "
                + op.getClass().getName());
      }
      b.put(op.name(), op);
    }
    return new OpRegistry(b.build());
  }

  /**
   * The op named {@code name}, which node {@code nodeName} uses.
   *
   * @throws RawOpsException NOT_FOUND listing the supported ops
   */
  public Op lookup(String name, String nodeName) {
    Op op = ops.get(name);
    if (op == null) {
      throw new RawOpsException(
          Code.NOT_FOUND,
          nodeName,
          name,
          "Op type not registered '"
              + name
              + "'; rawops supports: "
              + String.join(", ", ops.keySet()));
    }
    return op;
  }

  public Collection<Op> all() {
    return ops.values();
  }
}
