package dev.rawops.kernels;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.DataType;
import java.util.Map;
import java.util.TreeMap;

/**
 * One kernel registration: op, device, the dtypes it accepts for each type attr, and its factory.
 * Declared at the top of each kernel file.
 */
public record KernelDef(
    String op,
    Device device,
    ImmutableMap<String, ImmutableSet<DataType>> typeConstraints,
    KernelFactory factory) {

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
    return sb.append(']').toString();
  }

  public static final class Builder {
    private final String op;
    private final Device device;
    private final Map<String, ImmutableSet<DataType>> constraints = new TreeMap<>();

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

    public KernelDef build(KernelFactory factory) {
      return new KernelDef(op, device, ImmutableMap.copyOf(constraints), factory);
    }
  }
}
