package dev.rawops.kernels;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.cpu.CpuKernels;
import dev.rawops.kernels.gpu.GpuKernels;
import dev.rawops.ops.NodeInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kernels by (op, device, dtype constraints). Two registrations for the same op and device whose
 * constraints overlap are refused, naming both, so a node never has two candidate kernels.
 */
public final class KernelRegistry {
  private static final KernelRegistry BUILT_IN = of(List.of(new CpuKernels(), new GpuKernels()));

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

  public static KernelRegistry builtIn() {
    return BUILT_IN;
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

  public boolean hasDevice(Device device) {
    return defs.stream().anyMatch(d -> d.device().equals(device));
  }
}
