package dev.rawops.cli;

import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Placement;
import java.io.PrintWriter;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --device CPU|GPU} for run and validate (issue 15). GPU puts every node with a GPU kernel
 * on the GPU and the rest on the CPU (soft placement); without a GPU device the build fails with
 * the reason. {@code RAWOPS_GPU=host} runs the GPU kernels in host emulation.
 */
final class DeviceOption {
  @Spec(Spec.Target.MIXEE)
  picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Option(
      names = "--device",
      paramLabel = "CPU|GPU",
      description =
          "Device to build for (default: ${DEFAULT-VALUE}). GPU: nodes with a GPU kernel run on the"
              + " GPU, the others on the CPU (soft placement); RAWOPS_GPU=host runs the GPU"
              + " kernels in host emulation where there is no GPU.")
  String device = "CPU";

  Device device() {
    Device d = Device.parse(device);
    if (!d.equals(Device.CPU) && !d.equals(Device.GPU)) {
      throw new ParameterException(
          spec.commandLine(), "--device must be CPU or GPU, got '" + device + "'");
    }
    return d;
  }

  /** "placement: 3 nodes on GPU, 2 on CPU; 2 copies between devices", then each copy. */
  static void printPlacement(Graph graph, PrintWriter out) {
    Placement p = graph.placement();
    out.println(
        "placement: "
            + p.count(Device.GPU)
            + " node"
            + (p.count(Device.GPU) == 1 ? "" : "s")
            + " on GPU, "
            + p.count(Device.CPU)
            + " on CPU; "
            + p.copies().size()
            + " cop"
            + (p.copies().size() == 1 ? "y" : "ies")
            + " between devices");
    p.copies().forEach(c -> out.println("  copy " + c));
  }
}
