package dev.rawops.ops;

import com.google.common.collect.ImmutableSortedMap;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.Collection;
import java.util.List;
import java.util.ServiceLoader;

/** The ops rawops knows, by TF op name. Immutable; duplicates are refused. */
public final class OpRegistry {
  private static final OpRegistry BUILT_IN = of(familyOps());

  private final ImmutableSortedMap<String, Op> ops;
  // Ops TF 2.18 registers but rawops has no Op for: TF's schema, unknown shapes, no kernel.
  private final java.util.concurrent.ConcurrentMap<String, Op> kernelLess =
      new java.util.concurrent.ConcurrentHashMap<>();

  private OpRegistry(ImmutableSortedMap<String, Op> ops) {
    this.ops = ops;
  }

  /**
   * Every op of every {@link OpFamily} on the class path (ServiceLoader), families in class-name
   * order so that the registry never depends on the class path's order.
   */
  private static List<Op> familyOps() {
    List<OpFamily> families = new java.util.ArrayList<>();
    ServiceLoader.load(OpFamily.class, OpRegistry.class.getClassLoader()).forEach(families::add);
    families.sort(java.util.Comparator.comparing(f -> f.getClass().getName()));
    List<Op> ops = new java.util.ArrayList<>();
    for (OpFamily f : families) {
      ops.addAll(f.ops());
    }
    return ops;
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
   * The op named {@code name}, which node {@code nodeName} uses: rawops' own, or for an op TF 2.18
   * registers that rawops has no kernels for, TF's schema with unknown output shapes (checked like
   * any node; a run that needs it fails before any kernel runs, as TF's "No OpKernel was
   * registered" does).
   *
   * @throws RawOpsException NOT_FOUND when TF 2.18 knows no such op either
   */
  public Op lookup(String name, String nodeName) {
    Op op = ops.get(name);
    if (op != null) {
      return op;
    }
    if (TfOpDefs.get(name).isPresent()) {
      return kernelLess.computeIfAbsent(name, n -> DefinedOp.of(n, ShapeFns.unknown()));
    }
    throw new RawOpsException(
        Code.NOT_FOUND,
        nodeName,
        name,
        "Op type not registered '"
            + name
            + "' in binary running on rawops (TensorFlow 2.18 has no such op; rawops implements "
            + ops.size()
            + " of TF's ops, `rawops validate` lists a graph's)");
  }

  /** True when rawops has its own Op (shape function, kernels) for {@code name}. */
  public boolean implemented(String name) {
    return ops.containsKey(name);
  }

  public Collection<Op> all() {
    return ops.values();
  }
}
