package dev.rawops.tensor;

import dev.rawops.tfproto.TensorShapeProto;
import java.util.Arrays;
import java.util.Optional;

/**
 * A shape as known at build time: maybe an unknown rank, maybe some unknown (-1) dimensions.
 * Immutable.
 */
public final class PartialShape {
  public static final long UNKNOWN = -1;
  private static final PartialShape UNKNOWN_RANK = new PartialShape(null);

  private final long[] dims; // null: unknown rank

  private PartialShape(long[] dims) {
    this.dims = dims;
  }

  /** A shape of known rank; -1 marks an unknown dimension. */
  public static PartialShape of(long... dims) {
    long[] d = dims.clone();
    for (int i = 0; i < d.length; i++) {
      if (d[i] < 0) {
        d[i] = UNKNOWN;
      }
    }
    return new PartialShape(d);
  }

  public static PartialShape unknownRank() {
    return UNKNOWN_RANK;
  }

  /** Known rank, every dimension unknown. */
  public static PartialShape unknownDims(int rank) {
    long[] d = new long[rank];
    Arrays.fill(d, UNKNOWN);
    return new PartialShape(d);
  }

  public static PartialShape fromProto(TensorShapeProto p) {
    if (p.getUnknownRank()) {
      return UNKNOWN_RANK;
    }
    long[] d = new long[p.getDimCount()];
    for (int i = 0; i < d.length; i++) {
      d[i] = p.getDim(i).getSize();
    }
    return of(d);
  }

  public boolean hasRank() {
    return dims != null;
  }

  /** The rank; only valid when {@link #hasRank()}. */
  public int rank() {
    if (dims == null) {
      throw new IllegalStateException("rank is unknown");
    }
    return dims.length;
  }

  /** Dimension i, or -1 when unknown. Only valid when {@link #hasRank()}. */
  public long dim(int i) {
    return dims[i];
  }

  public boolean isFullyDefined() {
    if (dims == null) {
      return false;
    }
    for (long d : dims) {
      if (d < 0) {
        return false;
      }
    }
    return true;
  }

  /** The concrete shape, if every dimension is known. */
  public Optional<Shape> toShape() {
    return isFullyDefined() ? Optional.of(Shape.of(dims)) : Optional.empty();
  }

  /** Dimensions [from, to); unknown rank stays unknown. */
  public PartialShape sub(int from, int to) {
    return dims == null ? UNKNOWN_RANK : new PartialShape(Arrays.copyOfRange(dims, from, to));
  }

  /** Concatenation; unknown if either rank is unknown. */
  public PartialShape concat(PartialShape other) {
    if (dims == null || other.dims == null) {
      return UNKNOWN_RANK;
    }
    long[] d = Arrays.copyOf(dims, dims.length + other.dims.length);
    System.arraycopy(other.dims, 0, d, dims.length, other.dims.length);
    return new PartialShape(d);
  }

  /** True when some concrete shape satisfies both this and {@code s}. */
  public boolean isCompatibleWith(Shape s) {
    if (dims == null) {
      return true;
    }
    if (dims.length != s.rank()) {
      return false;
    }
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] >= 0 && dims[i] != s.dim(i)) {
        return false;
      }
    }
    return true;
  }

  /** True when both could describe the same tensor. */
  public boolean isCompatibleWith(PartialShape s) {
    if (dims == null || s.dims == null) {
      return true;
    }
    if (dims.length != s.dims.length) {
      return false;
    }
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] >= 0 && s.dims[i] >= 0 && dims[i] != s.dims[i]) {
        return false;
      }
    }
    return true;
  }

  public TensorShapeProto toProto() {
    TensorShapeProto.Builder b = TensorShapeProto.newBuilder();
    if (dims == null) {
      return b.setUnknownRank(true).build();
    }
    for (long d : dims) {
      b.addDimBuilder().setSize(d);
    }
    return b.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartialShape p && Arrays.equals(dims, p.dims);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(dims);
  }

  /** TF's notation: "?" for unknown rank, "[2,?]" otherwise. */
  @Override
  public String toString() {
    if (dims == null) {
      return "?";
    }
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < dims.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(dims[i] < 0 ? "?" : Long.toString(dims[i]));
    }
    return sb.append(']').toString();
  }
}
