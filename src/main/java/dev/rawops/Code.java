package dev.rawops;

/** TensorFlow's canonical status codes, with TF's names and numbers. */
public enum Code {
  OK(0),
  CANCELLED(1),
  UNKNOWN(2),
  INVALID_ARGUMENT(3),
  DEADLINE_EXCEEDED(4),
  NOT_FOUND(5),
  ALREADY_EXISTS(6),
  PERMISSION_DENIED(7),
  RESOURCE_EXHAUSTED(8),
  FAILED_PRECONDITION(9),
  ABORTED(10),
  OUT_OF_RANGE(11),
  UNIMPLEMENTED(12),
  INTERNAL(13),
  UNAVAILABLE(14),
  DATA_LOSS(15),
  UNAUTHENTICATED(16);

  private final int number;

  Code(int number) {
    this.number = number;
  }

  /** TF's numeric value of this code. */
  public int number() {
    return number;
  }

  /** The code with TF's number {@code n}, or UNKNOWN. */
  public static Code forNumber(int n) {
    for (Code c : values()) {
      if (c.number == n) {
        return c;
      }
    }
    return UNKNOWN;
  }
}
