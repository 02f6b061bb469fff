package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where each node of a graph runs, and the copies between devices that follow, decided at build
 * time as TensorFlow's placer does with soft placement:
 *
 * <ul>
 *   <li>a node's {@code device} field names its device ("/device:GPU:0", "/GPU:0", "/job:…/device:
 *       CPU:0", "gpu:0" …); an empty field takes the device the graph is built for;
 *   <li>a node meant for the GPU runs there when this process has a GPU device and a GPU kernel
 *       matches the node (op, dtypes, attr constraints); otherwise it falls back to the CPU
 *       (strings, shape glue, ops without GPU kernels, {@code bad_indices_policy: ERROR});
 *   <li>a data edge between nodes on different devices is one copy, except into an input the
 *       consumer's kernel reads in host memory (StridedSlice's begin, end and strides).
 * </ul>
 */
public final class Placement {
  /**
   * One copy between devices.
   *
   * @param from the producing tensor, "node:i"
   * @param to the consuming node
   * @param input the consumer's input index
   */
  public record Copy(String from, Device fromDevice, String to, int input, Device toDevice) {
    @Override
    public String toString() {
      return from + " (" + fromDevice + ") -> " + to + ":" + input + " (" + toDevice + ")";
    }
  }

  private final ImmutableMap<String, Device> devices;
  private final ImmutableList<Copy> copies;

  private Placement(Map<String, Device> devices, List<Copy> copies) {
    this.devices = ImmutableMap.copyOf(devices);
    this.copies = ImmutableList.copyOf(copies);
  }

  /** The device a node's {@code device} field asks for, or {@code graphDevice} when it is empty. */
  static Device requested(String deviceField, Device graphDevice) {
    String f = deviceField.toUpperCase(Locale.ROOT);
    if (f.contains("GPU")) {
      return Device.GPU;
    }
    if (f.contains("CPU")) {
      return Device.CPU;
    }
    return graphDevice;
  }

  /**
   * The device node {@code n} runs on, and its kernel registration there (empty when the node has
   * no kernel on any device: build reports that).
   */
  static Optional<KernelDef> place(BuiltNode n, Device graphDevice, KernelRegistry kernels) {
    Device want = requested(n.def.getDevice(), graphDevice);
    if (!want.equals(Device.CPU) && kernels.available(want)) {
      Optional<KernelDef> k = kernels.find(n, want);
      if (k.isPresent()) {
        n.device = want;
        return k;
      }
    }
    n.device = Device.CPU; // soft placement
    return kernels.find(n, Device.CPU);
  }

  static Placement of(List<BuiltNode> nodes) {
    Map<String, Device> devices = new LinkedHashMap<>();
    List<Copy> copies = new ArrayList<>();
    for (BuiltNode n : nodes) {
      devices.put(n.name(), n.device);
      for (int k = 0; k < n.inputNode.length; k++) {
        BuiltNode p = nodes.get(n.inputNode[k]);
        if (!p.device.equals(n.device) && !n.hostMemoryInputs.contains(k)) {
          copies.add(new Copy(p.name() + ":" + n.inputSlot[k], p.device, n.name(), k, n.device));
        }
      }
    }
    return new Placement(devices, copies);
  }

  /** Every node's device, in GraphDef order. */
  public Map<String, Device> devices() {
    return devices;
  }

  public Device deviceOf(String node) {
    Device d = devices.get(node);
    if (d == null) {
      throw new IllegalArgumentException("no node " + node);
    }
    return d;
  }

  /** The copies between devices, in GraphDef order of their consumers. */
  public List<Copy> copies() {
    return copies;
  }

  /** How many nodes run on {@code device}. */
  public long count(Device device) {
    return devices.values().stream().filter(device::equals).count();
  }
}
