package dev.rawops.kernels;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.DataType;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One kernel registration: op, device, the dtypes it accepts for each type attr, and its factory.
 * Declared at the top of each kernel file.
 *
 * @param attrValues string attrs whose value must be one of a set (TF's {@code AttrConstraint},
 *     e.g. TF's GPU GatherNd accepts {@code bad_indices_policy} "", "DEFAULT" and "IGNORE" only)
 * @param hostMemoryInputs inputs the kernel reads in host memory wherever it runs (TF's {@code
 *     HostMemory}: StridedSlice's begin, end and strides), so placement copies nothing for them
 */
public record KernelDef(
    String op,
    Device device,
    ImmutableMap<String, ImmutableSet<DataType>> typeConstraints,
    KernelFactory factory,
    ImmutableMap<String, ImmutableSet<String>> attrValues,
    ImmutableSet<Integer> hostMemoryInputs) {

  public KernelDef(
      String op,
      Device device,
      ImmutableMap<String, ImmutableSet<DataType>> typeConstraints,
      KernelFactory factory) {
    this(op, device, typeConstraints, factory, ImmutableMap.of(), ImmutableSet.of());
  }

  public static Builder builder(String op, Device device) {
    return new Builder(op, device);
  }

  /** True when every constrained type attr of {@code node} is among the accepted types. */
  public boolean matches(NodeInfo node) {
    for (Map.Entry<String, ImmutableSet<DataType>> c : typeConstraints.entrySet()) {
      if (!node.attrs().has(c.getKey())) {
        return false;
      }
      var v = node.attrs().get(c.getKey());
      boolean ok =
          v.hasList()
              ? c.getValue().containsAll(v.getList().getTypeList())
              : c.getValue().contains(v.getType());
      if (!ok) {
        return false;
      }
    }
    for (Map.Entry<String, ImmutableSet<String>> c : attrValues.entrySet()) {
      String v = node.attrs().has(c.getKey()) ? node.attrs().getString(c.getKey()) : "";
      if (!c.getValue().contains(v)) {
        return false;
      }
    }
    return true;
  }

  /** e.g. "GatherNd on CPU [Tindices in {int16, int32, int64}, Tparams in {…}]". */
  public String describe() {
    StringBuilder sb = new StringBuilder(op).append(" on ").append(device).append(" [");
    String sep = "";
    for (var c : typeConstraints.entrySet()) {
      sb.append(sep).append(c.getKey()).append(" in {");
      sb.append(String.join(", ", c.getValue().stream().map(DType::tfName).toList())).append('}');
      sep = ", ";
    }
    for (var c : attrValues.entrySet()) {
      sb.append(sep).append(c.getKey()).append(" in {");
      sb.append(String.join(", ", c.getValue().stream().map(v -> '"' + v + '"').toList()));
      sb.append('}');
      sep = ", ";
    }
    return sb.append(']').toString();
  }

  public static final class Builder {
    private final String op;
    private final Device device;
    private final Map<String, ImmutableSet<DataType>> constraints = new TreeMap<>();
    private final Map<String, ImmutableSet<String>> attrValues = new TreeMap<>();
    private final ImmutableSet.Builder<Integer> hostMemory = ImmutableSet.builder();

    private Builder(String op, Device device) {
      this.op = op;
      this.device = device;
    }

    public Builder typeConstraint(String attr, DType... types) {
      ImmutableSet.Builder<DataType> b = ImmutableSet.builder();
      for (DType t : types) {
        b.add(t.proto());
      }
      constraints.put(attr, b.build());
      return this;
    }

    /** Every data dtype rawops has tensors for (the 16; not resource or variant). */
    public Builder anyType(String attr) {
      return typeConstraint(attr, DType.dataTypes());
    }

    /**
     * Every data dtype and the quantized ones (qint8 … qint32): for Const, which TF has for all.
     */
    public Builder anyTypeOrQuantized(String attr) {
      java.util.List<DType> all = new java.util.ArrayList<>(java.util.List.of(DType.dataTypes()));
      all.addAll(java.util.List.of(DType.quantizedTypes()));
      return typeConstraint(attr, all.toArray(DType[]::new));
    }

    /**
     * Every dtype, resource and variant handles included: for kernels that only pass a tensor on
     * (Placeholder, Identity, IdentityN), which TF registers for all types.
     */
    public Builder anyTypeOrHandle(String attr) {
      return typeConstraint(attr, DType.unquantized());
    }

    /** Every dtype, the quantized ones included: Placeholder and Identity, which TF has for all. */
    public Builder everyType(String attr) {
      return typeConstraint(attr, DType.values());
    }

    /**
     * Exactly the data dtypes (the 16 of {@link DType#dataTypes}) TF 2.18 registers a CPU kernel of
     * this op for in {@code attr} ({@link TfCpuRegistrations}).
     */
    public Builder tfCpuTypes(String attr) {
      return tfCpuTypes(attr, DType.dataTypes());
    }

    /**
     * Those of {@code handled}, in that order, that TF 2.18 registers a CPU kernel of this op for
     * in {@code attr} ({@link TfCpuRegistrations}): how a CPU kernel registers for TF's dtypes of
     * its op that it can handle.
     *
     * @throws IllegalStateException when this is not a CPU kernel, TF's CPU kernels of the op do
     *     not constrain {@code attr} (or there are none), or TF registers none of {@code handled}
     */
    public Builder tfCpuTypes(String attr, DType... handled) {
      if (!device.equals(Device.CPU)) {
        throw new IllegalStateException(op + " on " + device + ": TF's CPU dtypes are for CPU");
      }
      if (!TfCpuRegistrations.typeAttrs(op).contains(attr)) {
        throw new IllegalStateException("TF's CPU kernels of " + op + " do not constrain " + attr);
      }
      Set<DType> tf = TfCpuRegistrations.dtypes(op, attr);
      DType[] types = Arrays.stream(handled).filter(tf::contains).toArray(DType[]::new);
      if (types.length == 0) {
        throw new IllegalStateException(
            "TF registers no CPU kernel of "
                + op
                + " for "
                + attr
                + " in "
                + Arrays.asList(handled));
      }
      return typeConstraint(attr, types);
    }

    /** The node's string attr {@code attr} must be one of {@code values}. */
    public Builder attrConstraint(String attr, String... values) {
      attrValues.put(attr, ImmutableSet.copyOf(values));
      return this;
    }

    /** Inputs read in host memory (TF's HostMemory), by input index. */
    public Builder hostMemory(int... inputs) {
      for (int i : inputs) {
        hostMemory.add(i);
      }
      return this;
    }

    public KernelDef build(KernelFactory factory) {
      return new KernelDef(
          op,
          device,
          ImmutableMap.copyOf(constraints),
          factory,
          ImmutableMap.copyOf(attrValues),
          hostMemory.build());
    }
  }
}
