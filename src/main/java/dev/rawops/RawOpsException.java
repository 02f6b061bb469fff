package dev.rawops;

import java.util.Optional;

/**
 * Every error rawops reports: a TensorFlow status code, a message, and where known the node and op
 * it concerns. Unchecked so it cannot be dropped silently the way a returned Status can.
 */
public class RawOpsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Code code;
  private final String node;
  private final String op;
  private final String detail;

  public RawOpsException(Code code, String node, String op, String detail) {
    this(code, node, op, detail, null);
  }

  public RawOpsException(Code code, String node, String op, String detail, Throwable cause) {
    super(format(code, node, op, detail), cause);
    this.code = code;
    this.node = node;
    this.op = op;
    this.detail = detail;
  }

  /** An error not tied to a node (file loading, feeds, CLI input). */
  public static RawOpsException of(Code code, String detail) {
    return new RawOpsException(code, null, null, detail);
  }

  public static RawOpsException invalidArgument(String detail) {
    return of(Code.INVALID_ARGUMENT, detail);
  }

  private static String format(Code code, String node, String op, String detail) {
    StringBuilder sb = new StringBuilder(code.name()).append(": ");
    if (node != null) {
      sb.append("node '").append(node).append('\'');
      if (op != null) {
        sb.append(" (op ").append(op).append(')');
      }
      sb.append(": ");
    }
    return sb.append(detail).toString();
  }

  public Code code() {
    return code;
  }

  /** The node's name, if the error concerns one node. */
  public Optional<String> node() {
    return Optional.ofNullable(node);
  }

  /** The node's op type, if the error concerns one node. */
  public Optional<String> op() {
    return Optional.ofNullable(op);
  }

  /** The message without the code and node prefix. */
  public String detail() {
    return detail;
  }

  /** The same error attributed to {@code node} of type {@code op}, keeping its code and cause. */
  public RawOpsException atNode(String nodeName, String opName) {
    if (node != null) {
      return this;
    }
    return new RawOpsException(code, nodeName, opName, detail, getCause());
  }
}
