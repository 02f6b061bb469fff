package dev.rawops.kernels;

import com.google.common.collect.ImmutableList;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Kernels by (op, device, dtype constraints). Two registrations for the same op and device whose
 * constraints overlap are refused, naming both, so a node never has two candidate kernels.
 *
 * <p>The built-in registry holds every {@link KernelProvider} that {@link ServiceLoader} finds
 * ({@code META-INF/services/dev.rawops.kernels.KernelProvider}: the CPU and GPU devices), so a new
 * device is one provider and one line there; this package names no device package.
 */
public final class KernelRegistry {
  /** Providers in a fixed order (device name, then class name), whatever the class path's. */
  private static final Comparator<KernelProvider> ORDER =
      Comparator.comparing((KernelProvider p) -> p.device().name())
          .thenComparing(p -> p.getClass().getName());

  private static final KernelRegistry BUILT_IN = load(KernelRegistry.class.getClassLoader());

  private final ImmutableList<KernelDef> defs;
  private final Map<String, List<KernelDef>> byOp = new HashMap<>();
  private final ImmutableList<KernelProvider> providers;

  private KernelRegistry(ImmutableList<KernelDef> defs, ImmutableList<KernelProvider> providers) {
    this.defs = defs;
    this.providers = providers;
    for (KernelDef d : defs) {
      byOp.computeIfAbsent(d.op(), k -> new ArrayList<>()).add(d);
    }
  }

  /**
   * A test-only switch: with {@code -Drawops.test.breakKernel=OP} the built-in registry's kernels
   * of OP write a wrong first element into each floating output (see {@link BrokenKernels}), so
   * that tests of {@code rawops compare} have a kernel to find. Never set in a real run.
   */
  public static final String BREAK_KERNEL_PROPERTY = "rawops.test.breakKernel";

  private static final Map<String, KernelRegistry> BROKEN =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The providers {@link ServiceLoader} finds through the class loader of rawops' classes. */
  public static KernelRegistry builtIn() {
    String broken = System.getProperty(BREAK_KERNEL_PROPERTY);
    if (broken == null || broken.isEmpty()) {
      return BUILT_IN;
    }
    return BROKEN.computeIfAbsent(
        broken,
        op ->
            new KernelRegistry(
                ImmutableList.copyOf(
                    BUILT_IN.defs.stream()
                        .map(d -> d.op().equals(op) ? BrokenKernels.broken(d) : d)
                        .toList()),
                BUILT_IN.providers));
  }

  /**
   * The providers {@link ServiceLoader} finds through {@code loader}, sorted by device name and
   * then class name so that registration order never depends on the class path.
   */
  static KernelRegistry load(ClassLoader loader) {
    List<KernelProvider> providers = new ArrayList<>();
    ServiceLoader.load(KernelProvider.class, loader).forEach(providers::add);
    providers.sort(ORDER);
    return of(providers);
  }

  public static KernelRegistry of(List<? extends KernelProvider> providers) {
    List<KernelDef> all = new ArrayList<>();
    Map<String, List<KernelDef>> seen = new HashMap<>();
    for (KernelProvider p : providers) {
      for (KernelDef d : p.kernels()) {
        for (KernelDef prev : seen.getOrDefault(d.op(), List.of())) {
          if (prev.device().equals(d.device()) && overlap(prev, d)) {
            throw new IllegalArgumentException(
                "kernel registered twice: " + prev.describe() + " and " + d.describe());
          }
        }
        all.add(d);
        seen.computeIfAbsent(d.op(), k -> new ArrayList<>()).add(d);
      }
    }
    return new KernelRegistry(ImmutableList.copyOf(all), ImmutableList.copyOf(providers));
  }

  private static boolean overlap(KernelDef a, KernelDef b) {
    for (var c : a.typeConstraints().entrySet()) {
      var other = b.typeConstraints().get(c.getKey());
      if (other != null && c.getValue().stream().noneMatch(other::contains)) {
        return false;
      }
    }
    return true;
  }

  /** The kernel registered for this node's op and types on {@code device}, if any. */
  public Optional<KernelDef> find(NodeInfo node, Device device) {
    for (KernelDef d : byOp.getOrDefault(node.op(), List.of())) {
      if (d.device().equals(device) && d.matches(node)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }

  /** Every registration, in registration order (providers sorted as {@link #load} sorts them). */
  public ImmutableList<KernelDef> all() {
    return defs;
  }

  /** What is registered for {@code op}, for error messages. */
  public List<String> describe(String op) {
    return defs.stream().filter(d -> d.op().equals(op)).map(KernelDef::describe).toList();
  }

  /** True when some provider of {@code device} can run kernels in this process. */
  public boolean available(Device device) {
    return providers.stream().anyMatch(p -> p.device().equals(device) && p.available());
  }

  /** Why {@code device} is not available ("" when it is). */
  public String unavailableReason(Device device) {
    for (KernelProvider p : providers) {
      if (p.device().equals(device) && !p.available()) {
        return p.unavailableReason();
      }
    }
    return available(device) ? "" : "rawops has no " + device + " kernels";
  }

  /**
   * The relative tolerance of {@code op}'s result for {@code dtype} on {@code device} against TF's
   * CPU result, as that device's provider states it ({@link KernelProvider#tolerance}): 0
   * (bit-exact) unless a provider of {@code device} says more.
   */
  public double tolerance(Device device, String op, DType dtype) {
    double tol = 0;
    for (KernelProvider p : providers) {
      if (p.device().equals(device)) {
        tol = Math.max(tol, p.tolerance(op, dtype));
      }
    }
    return tol;
  }

  /** The devices of the registered providers, in registration order. */
  public List<Device> devices() {
    return providers.stream().map(KernelProvider::device).distinct().toList();
  }

  public boolean hasDevice(Device device) {
    return defs.stream().anyMatch(d -> d.device().equals(device));
  }
}
