package dev.rawops.ops;

import com.google.common.collect.ImmutableSortedMap;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.Collection;
import java.util.List;
import java.util.ServiceLoader;

/** The ops rawops knows, by TF op name. Immutable; duplicates are refused. */
public final class OpRegistry {
  private static final OpRegistry BUILT_IN = fromFamilies();

  private final ImmutableSortedMap<String, Op> ops;
  private final ImmutableSortedMap<String, String> families;
  // Ops TF 2.18 registers but rawops has no Op for: TF's schema, unknown shapes, no kernel.
  private final java.util.concurrent.ConcurrentMap<String, Op> kernelLess =
      new java.util.concurrent.ConcurrentHashMap<>();

  private OpRegistry(
      ImmutableSortedMap<String, Op> ops, ImmutableSortedMap<String, String> families) {
    this.ops = ops;
    this.families = families;
  }

  /**
   * Every op of every {@link OpFamily} on the class path (ServiceLoader), families in class-name
   * order so that the registry never depends on the class path's order; each op's family is the
   * last part of its family's package ({@code dev.rawops.ops.indexing} → "indexing").
   */
  private static OpRegistry fromFamilies() {
    List<OpFamily> found = new java.util.ArrayList<>();
    ServiceLoader.load(OpFamily.class, OpRegistry.class.getClassLoader()).forEach(found::add);
    found.sort(java.util.Comparator.comparing(f -> f.getClass().getName()));
    List<Op> all = new java.util.ArrayList<>();
    ImmutableSortedMap.Builder<String, String> families = ImmutableSortedMap.naturalOrder();
    for (OpFamily f : found) {
      String pkg = f.getClass().getPackageName();
      for (Op op : f.ops()) {
        all.add(op);
        families.put(op.name(), pkg.substring(pkg.lastIndexOf('.') + 1));
      }
    }
    return new OpRegistry(of(all).ops, families.buildOrThrow());
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
    return new OpRegistry(b.build(), ImmutableSortedMap.of());
  }

  /**
   * The op named {@code name}, which node {@code nodeName} uses: rawops' own, or for an op TF 2.18
   * registers that rawops has no kernels for, TF's schema with unknown output shapes (checked like
   * any node; a run that needs it fails before any kernel runs, as TF's "No OpKernel was
   * registered" does).
   *
   * @throws RawOpsException NOT_FOUND when TF 2.18 knows no such op either, naming the library that
   *     defines it when {@link ForeignOps} knows it (tensorflow_text, TF Addons, ...)
   */
  public Op lookup(String name, String nodeName) {
    Op op = ops.get(name);
    if (op != null) {
      return op;
    }
    if (TfOpDefs.get(name).isPresent()) {
      return kernelLess.computeIfAbsent(name, n -> DefinedOp.of(n, ShapeFns.unknown()));
    }
    java.util.Optional<String> library = ForeignOps.library(name);
    if (library.isPresent()) {
      throw new RawOpsException(
          Code.NOT_FOUND,
          nodeName,
          name,
          "Op type not registered '"
              + name
              + "' in binary running on rawops: '"
              + name
              + "' is defined by "
              + library.get()
              + ", not TensorFlow core; rawops runs TF core ops only");
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

  /**
   * The family that declares {@code op} ("indexing" for GatherNd: {@code ops/indexing/}, {@code
   * kernels/cpu/indexing/}), for the built-in ops; empty for ops TF declares that rawops has no
   * {@link Op} of its own for, and for registries made with {@link #of}.
   */
  public java.util.Optional<String> family(String op) {
    return java.util.Optional.ofNullable(families.get(op));
  }

  public Collection<Op> all() {
    return ops.values();
  }
}
