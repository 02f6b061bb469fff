package dev.rawops.kernels.cpu;

import dev.rawops.tensor.DType;

/**
 * What a VarHandleOp outputs (the element of a scalar RESOURCE tensor): where its variable lives in
 * the session's state. TF's ResourceHandle for a Var: container, name, dtype.
 */
public record VariableHandle(String container, String name, DType dtype) {
  /** The session-state key of the variable. */
  public String key() {
    return "var/" + container + "/" + name;
  }

  /** TF's LookupResource failure text for this handle. */
  String missing() {
    return "Resource " + container + "/" + name + "/N10tensorflow3VarE does not exist.";
  }
}
