package dev.rawops.conform;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Placement;
import java.util.Map;
import java.util.Set;

/**
 * Where a fixture's CPU expectation does not apply on the GPU, by the documented GPU rules (README,
 * "GPU"): TensorFlow's GPU GatherNd writes zeros for an out-of-bounds index vector and its GPU
 * TensorScatterUpdate skips one, where the CPU kernels fail with INVALID_ARGUMENT "… does not index
 * into …". Such a fixture is skipped on the GPU, with that reason. Everything else must match the
 * CPU expectation: exactly, except that a graph with a GPU node whose float math may differ from
 * the CPU's in the last bits is compared with that op's stated tolerance ({@link #tolerance}):
 * relative 1e-6 for float and 1e-14 for double for the transcendental elementwise ops (Exp, Log,
 * Tanh, Sigmoid, Rsqrt, Pow, Expm1, Log1p, Sin, Cos), 1e-6 / 1e-12 for float and double Sum, Prod
 * and Mean (summation order), 1e-3 for any half result of those kernels (computed in float, rounded
 * once), 0 for everything else (arithmetic, Sqrt, rounding, Max/Min, integers, the gathers and
 * scatters).
 */
final class GpuRules {
  /** Ops whose GPU kernels do not fail on a bad index. */
  private static final Set<String> LENIENT_ON_GPU = Set.of("GatherNd", "TensorScatterUpdate");

  private GpuRules() {}

  /** Why fixture {@code f} does not apply to {@code device}, or null when it does. */
  static String skipReason(Fixture f, Device device) {
    if (!device.equals(Device.GPU)
        || !f.hasError()
        || !f.getError().getMessage().contains("does not index into")) {
      return null;
    }
    Placement placement;
    try {
      placement = Graph.build(f.getGraph(), device).placement();
    } catch (RuntimeException e) {
      return null; // a build error is the same on every device
    }
    Map<String, Device> devices = placement.devices();
    for (var node : f.getGraph().getNodeList()) {
      if (LENIENT_ON_GPU.contains(node.getOp()) && Device.GPU.equals(devices.get(node.getName()))) {
        return "GPU rule: TensorFlow's GPU "
            + node.getOp()
            + " "
            + (node.getOp().equals("GatherNd") ? "writes zeros for" : "skips")
            + " an out-of-bounds index where the CPU expectation is an error (node "
            + node.getName()
            + ")";
      }
    }
    return null;
  }

  /**
   * The tolerance to compare a fixture's floats with on {@code device}: {@code base} (the fixture's
   * own or the run's default; null is bit-exact), widened to the largest tolerance a GPU node of
   * {@code graph} states for its op and dtype (rtol; atol the same, for results near zero).
   */
  static Tolerance tolerance(Graph graph, Device device, Tolerance base) {
    if (!device.equals(Device.GPU)) {
      return base;
    }
    KernelRegistry kernels = KernelRegistry.builtIn();
    double rtol = 0;
    for (Map.Entry<String, Device> e : graph.placement().devices().entrySet()) {
      if (!Device.GPU.equals(e.getValue())) {
        continue;
      }
      var node = graph.node(e.getKey()).orElse(null);
      if (node == null || node.outputTypes().isEmpty() || node.outputTypes().get(0) == null) {
        continue;
      }
      rtol = Math.max(rtol, kernels.tolerance(Device.GPU, node.op(), node.outputTypes().get(0)));
    }
    if (rtol == 0) {
      return base;
    }
    double r = base == null ? rtol : Math.max(rtol, base.getRtol());
    double a = base == null ? rtol : Math.max(rtol, base.getAtol());
    return Tolerance.newBuilder().setRtol(r).setAtol(a).build();
  }
}
