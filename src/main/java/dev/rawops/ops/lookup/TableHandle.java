package dev.rawops.ops.lookup;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;

/**
 * What a table op outputs (the element of a scalar RESOURCE tensor), as TF's ResourceHandle for a
 * LookupInterface: the table's place in the session's state (container, name) or, for the
 * Anonymous* ops, the table itself, which then lives as long as the handle does.
 *
 * <p>At build time a creator's handle also carries TF's handle shapes and types (key and value
 * dtype and shape), which the mutable tables' shape functions give their consumers.
 *
 * @param table the table object of an anonymous table; null for a named one
 */
public record TableHandle(
    String container,
    String name,
    DType keyDtype,
    DType valueDtype,
    PartialShape keyShape,
    PartialShape valueShape,
    Object table) {
  /** The container TF's ResourceMgr uses when a table op names none. */
  public static final String DEFAULT_CONTAINER = "localhost";

  /** The session-state key of a named table. */
  public String key() {
    return "table/" + container + "/" + name;
  }

  /** TF's LookupResource failure text for this handle. */
  public String missing() {
    return "Resource "
        + container
        + "/"
        + name
        + "/N10tensorflow6lookup15LookupInterfaceE does not exist.";
  }
}
