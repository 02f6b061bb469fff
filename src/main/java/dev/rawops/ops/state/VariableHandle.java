package dev.rawops.ops.state;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;

/**
 * What a VarHandleOp outputs (the element of a scalar RESOURCE tensor): where its variable lives in
 * the session's state. TF's ResourceHandle for a Var: container, name, dtype.
 */
public record VariableHandle(String container, String name, DType dtype) {
  /** The container TF's ResourceMgr uses when a handle op names none. */
  public static final String DEFAULT_CONTAINER = "localhost";

  /** The handle a VarHandleOp node outputs, from its attrs alone. */
  public static VariableHandle of(NodeInfo varHandleOp) {
    String container = varHandleOp.attrs().getString("container");
    return new VariableHandle(
        container.isEmpty() ? DEFAULT_CONTAINER : container,
        varHandleOp.attrs().getString("shared_name"),
        DType.fromProto(varHandleOp.attrs().getType("dtype")));
  }

  /** The session-state key of the variable. */
  public String key() {
    return "var/" + container + "/" + name;
  }

  /** The session-state key prefix of every variable in this handle's container. */
  public String containerKeyPrefix() {
    return "var/" + container + "/";
  }

  /**
   * TF's LookupResource failure text for this handle: its ResourceMgr names the container when the
   * session has no resource in it yet, else the resource.
   */
  public String missing(boolean containerExists) {
    return containerExists
        ? missing()
        : "Container "
            + container
            + " does not exist. (Could not find resource: "
            + container
            + "/"
            + name
            + ")";
  }

  /** TF's LookupResource failure text for this handle in a container that exists. */
  public String missing() {
    return "Resource " + container + "/" + name + "/N10tensorflow3VarE does not exist.";
  }
}
