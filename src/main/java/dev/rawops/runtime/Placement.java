package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.HostMemoryKernel;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpRegistry;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.NodeDef;
import java.util.ArrayList;
import java.util.HashMap;
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
 *   <li>a tensor in host memory (a CPU node's output, or a device kernel's host-memory output) that
 *       a device input reads, or a device tensor that a CPU node or a host-memory input reads,
 *       crosses devices: the builder inserts one copy node per tensor and direction ({@code
 *       _HostToDevice}, {@code _DeviceToHost}, kernels of the GPU device), and the consumers read
 *       the copy. Inputs read in host memory (StridedSlice's begin, end and strides) take a CPU
 *       tensor as it is. A GPU node's output otherwise stays on the device for the next GPU node;
 *       fetched device tensors are copied to the host by the run.
 * </ul>
 */
public final class Placement {
  /**
   * One copy node between devices.
   *
   * @param node the inserted copy node's name
   * @param from the tensor it copies, "node:i"
   * @param consumers the nodes that read the copy, "node:input"
   */
  public record Copy(
      String node, String from, Device fromDevice, List<String> consumers, Device toDevice) {
    @Override
    public String toString() {
      return from
          + " ("
          + fromDevice
          + ") -> "
          + String.join(", ", consumers)
          + " ("
          + toDevice
          + ")";
    }
  }

  static final String TO_DEVICE = "_HostToDevice";
  static final String TO_HOST = "_DeviceToHost";

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

  static boolean isCopy(BuiltNode n) {
    return n.op().equals(TO_DEVICE) || n.op().equals(TO_HOST);
  }

  /** True when {@code n} reads input {@code k} in host memory. */
  private static boolean hostInput(BuiltNode n, int k) {
    return n.device.equals(Device.CPU)
        || n.hostMemoryInputs.contains(k)
        || (n.kernel instanceof HostMemoryKernel h && h.hostMemoryInputs().contains(k));
  }

  /** True when {@code n} leaves output {@code slot} in host memory. */
  private static boolean hostOutput(BuiltNode n, int slot) {
    return n.device.equals(Device.CPU)
        || (n.kernel instanceof HostMemoryKernel h && h.hostMemoryOutputs().contains(slot));
  }

  /**
   * Inserts the copy nodes at every edge between host and device memory (one per tensor and
   * direction, appended to {@code nodes}, consumers rewired to them) and returns the topological
   * order with each copy right after its producer. A graph on one device is left as it is.
   */
  static int[] insertCopies(
      List<BuiltNode> nodes, int[] order, OpRegistry ops, KernelRegistry kernels) {
    if (nodes.stream().allMatch(n -> n.device.equals(Device.CPU))) {
      return order;
    }
    Map<String, BuiltNode> made = new HashMap<>();
    Map<Integer, List<Integer>> after = new HashMap<>();
    int original = nodes.size();
    for (int c = 0; c < original; c++) {
      BuiltNode n = nodes.get(c);
      if (n.producers == null) {
        continue;
      }
      for (int k = 0; k < n.inputNode.length; k++) {
        BuiltNode p = n.producers[k];
        int slot = n.inputSlot[k];
        boolean fromHost = hostOutput(p, slot);
        if (fromHost == hostInput(n, k) || p.outputDTypes == null) {
          continue;
        }
        DType t = p.outputDTypes[slot];
        if (t == null || !t.isFixedWidth()) {
          continue; // strings and handles never live on a device
        }
        String op = fromHost ? TO_DEVICE : TO_HOST;
        String key = p.index + ":" + slot + ":" + op;
        BuiltNode copy = made.get(key);
        if (copy == null) {
          copy = copyNode(nodes.size(), p, slot, op, ops, kernels);
          nodes.add(copy);
          made.put(key, copy);
          after.computeIfAbsent(p.index, x -> new ArrayList<>()).add(copy.index);
        }
        n.inputNode[k] = copy.index;
        n.inputSlot[k] = 0;
        n.producers[k] = copy;
      }
    }
    if (made.isEmpty()) {
      return order;
    }
    int[] out = new int[nodes.size()];
    int at = 0;
    for (int i : order) {
      out[at++] = i;
      for (int copy : after.getOrDefault(i, List.of())) {
        out[at++] = copy;
      }
    }
    return out;
  }

  private static BuiltNode copyNode(
      int index, BuiltNode p, int slot, String op, OpRegistry ops, KernelRegistry kernels) {
    boolean toDevice = op.equals(TO_DEVICE);
    DType t = p.outputDTypes[slot];
    NodeDef def =
        NodeDef.newBuilder()
            .setName("_copy/" + p.name() + "_" + slot + (toDevice ? "/to_GPU" : "/to_CPU"))
            .setOp(op)
            .addInput(p.name() + ":" + slot)
            .setDevice(toDevice ? "/device:GPU:0" : "/device:CPU:0")
            .putAttr("T", AttrValue.newBuilder().setType(t.proto()).build())
            .build();
    Op identity = ops.lookup("Identity", def.getName());
    Signature sig = identity.schema().resolve(def);
    BuiltNode c =
        new BuiltNode(index, def, identity, sig, new int[] {p.index}, new int[] {slot}, new int[0]);
    c.producers = new BuiltNode[] {p};
    c.outputShapes = new PartialShape[] {p.outputShapes[slot]};
    c.outputDTypes = new DType[] {t};
    c.device = toDevice ? Device.GPU : Device.CPU;
    KernelDef k =
        kernels
            .find(c, Device.GPU)
            .orElseThrow(() -> new IllegalStateException("no kernel for the copy op " + op));
    c.kernel = k.factory().create(c);
    return c;
  }

  static Placement of(List<BuiltNode> nodes) {
    Map<String, Device> devices = new LinkedHashMap<>();
    Map<String, List<String>> readers = new HashMap<>();
    for (BuiltNode n : nodes) {
      for (int k = 0; k < n.inputNode.length; k++) {
        BuiltNode p = nodes.get(n.inputNode[k]);
        if (isCopy(p)) {
          readers.computeIfAbsent(p.name(), x -> new ArrayList<>()).add(n.name() + ":" + k);
        }
      }
    }
    List<Copy> copies = new ArrayList<>();
    for (BuiltNode n : nodes) {
      devices.put(n.name(), n.device);
      if (!isCopy(n)) {
        continue;
      }
      BuiltNode p = nodes.get(n.inputNode[0]);
      boolean toDevice = n.op().equals(TO_DEVICE);
      copies.add(
          new Copy(
              n.name(),
              p.name() + ":" + n.inputSlot[0],
              p.device,
              readers.getOrDefault(n.name(), List.of()),
              toDevice ? Device.GPU : Device.CPU));
    }
    return new Placement(devices, copies);
  }

  /** Every node's device, in GraphDef order, then the inserted copy nodes (at their target). */
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

  /** The copy nodes the builder inserted between devices, in the order they were made. */
  public List<Copy> copies() {
    return copies;
  }

  /** How many of the graph's nodes run on {@code device} (copy nodes aside). */
  public long count(Device device) {
    return devices.entrySet().stream().filter(e -> device.equals(e.getValue())).count()
        - copies.stream().filter(c -> c.toDevice().equals(device)).count();
  }
}
