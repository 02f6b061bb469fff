package dev.rawops.kernels.cpu.support;

/**
 * The float32 elementwise operations that {@link VectorElementwise} runs straight over tensor
 * memory: IEEE single operations (exact, so the same bits as the lane-array loops and TF's Eigen
 * kernels), comparisons into bool bytes, Select's pick, and Tanh and Sigmoid (the Vector API's tanh
 * and exp, within the ops' stated tolerance of TF, as the lane-array loops are). This enum names no
 * Vector API type, so kernels may hold one whatever {@link VectorSupport#ENABLED} says.
 */
public enum SegmentOp {
  ADD(2, false),
  SUB(2, false),
  MUL(2, false),
  DIV(2, false),
  GREATER(2, true),
  GREATER_EQUAL(2, true),
  LESS(2, true),
  LESS_EQUAL(2, true),
  EQUAL(2, true),
  NOT_EQUAL(2, true),
  /** Inputs: the bool condition, then, else. */
  SELECT(3, false),
  /** Transcendental: the Vector API's lane functions, within the ops' stated tolerance of TF. */
  TANH(1, false),
  SIGMOID(1, false);

  private final int arity;
  private final boolean toBool;

  SegmentOp(int arity, boolean toBool) {
    this.arity = arity;
    this.toBool = toBool;
  }

  /** Number of inputs. */
  public int arity() {
    return arity;
  }

  /** Whether the output is bool (one byte per element) rather than float. */
  public boolean toBool() {
    return toBool;
  }

  /** Whether input {@code k} is bool (Select's condition) rather than float. */
  public boolean boolInput(int k) {
    return this == SELECT && k == 0;
  }
}
