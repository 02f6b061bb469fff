package dev.rawops.tensor;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.DataType;

/**
 * The TensorFlow element types rawops computes with. Fixed-width types live off-heap,
 * little-endian; {@link #STRING} elements are byte arrays.
 */
public enum DType {
  BOOL(DataType.DT_BOOL, 1, "bool"),
  INT8(DataType.DT_INT8, 1, "int8"),
  INT16(DataType.DT_INT16, 2, "int16"),
  INT32(DataType.DT_INT32, 4, "int32"),
  INT64(DataType.DT_INT64, 8, "int64"),
  UINT8(DataType.DT_UINT8, 1, "uint8"),
  UINT16(DataType.DT_UINT16, 2, "uint16"),
  UINT32(DataType.DT_UINT32, 4, "uint32"),
  UINT64(DataType.DT_UINT64, 8, "uint64"),
  HALF(DataType.DT_HALF, 2, "half"),
  BFLOAT16(DataType.DT_BFLOAT16, 2, "bfloat16"),
  FLOAT(DataType.DT_FLOAT, 4, "float"),
  DOUBLE(DataType.DT_DOUBLE, 8, "double"),
  COMPLEX64(DataType.DT_COMPLEX64, 8, "complex64"),
  COMPLEX128(DataType.DT_COMPLEX128, 16, "complex128"),
  STRING(DataType.DT_STRING, 0, "string"),
  /**
   * A handle to a resource the session holds (a variable, a TensorArray): elements are Java objects
   * the kernels that made them understand. Never in a Const, a feed file or a fixture.
   */
  RESOURCE(DataType.DT_RESOURCE, 0, "resource"),
  /** A variant: elements are Java objects (TensorList and kin). */
  VARIANT(DataType.DT_VARIANT, 0, "variant"),
  /**
   * TF's quantized types: integers of the width named, stored as such, that ops read with a range.
   */
  QINT8(DataType.DT_QINT8, 1, "qint8"),
  QUINT8(DataType.DT_QUINT8, 1, "quint8"),
  QINT16(DataType.DT_QINT16, 2, "qint16"),
  QUINT16(DataType.DT_QUINT16, 2, "quint16"),
  QINT32(DataType.DT_QINT32, 4, "qint32");

  private final DataType proto;
  private final int byteSize;
  private final String tfName;

  DType(DataType proto, int byteSize, String tfName) {
    this.proto = proto;
    this.byteSize = byteSize;
    this.tfName = tfName;
  }

  public DataType proto() {
    return proto;
  }

  /** Bytes per element; 0 for STRING, whose elements vary in length. */
  public int byteSize() {
    return byteSize;
  }

  /** TensorFlow's name for the type, as in its messages ("float", "int32", "string"). */
  public String tfName() {
    return tfName;
  }

  public boolean isFixedWidth() {
    return this != STRING && !isObject();
  }

  /** RESOURCE and VARIANT: elements are Java objects, not data. */
  public boolean isObject() {
    return this == RESOURCE || this == VARIANT;
  }

  /** The 16 data types (everything but RESOURCE, VARIANT and the quantized types). */
  public static DType[] dataTypes() {
    return java.util.Arrays.stream(values())
        .filter(d -> !d.isObject() && !d.isQuantized())
        .toArray(DType[]::new);
  }

  /** Every type but the quantized ones: the 16 data types, resource and variant. */
  public static DType[] unquantized() {
    return java.util.Arrays.stream(values()).filter(d -> !d.isQuantized()).toArray(DType[]::new);
  }

  /** The five quantized types (qint8, quint8, qint16, quint16, qint32). */
  public static DType[] quantizedTypes() {
    return new DType[] {QINT8, QUINT8, QINT16, QUINT16, QINT32};
  }

  /** TF's quantized types, whose elements are integers of their width read with a range. */
  public boolean isQuantized() {
    return switch (this) {
      case QINT8, QUINT8, QINT16, QUINT16, QINT32 -> true;
      default -> false;
    };
  }

  /** The integer type whose bits a quantized type holds (itself for any other type). */
  public DType storage() {
    return switch (this) {
      case QINT8 -> INT8;
      case QUINT8 -> UINT8;
      case QINT16 -> INT16;
      case QUINT16 -> UINT16;
      case QINT32 -> INT32;
      default -> this;
    };
  }

  /** True for the integer types an index input may have. */
  public boolean isInteger() {
    return switch (this) {
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> true;
      default -> false;
    };
  }

  /**
   * The DType of a proto DataType.
   *
   * @throws RawOpsException UNIMPLEMENTED for TF types rawops has no tensors for (quantized,
   *     resource, variant, float8, int4, reference types), INVALID_ARGUMENT for DT_INVALID
   */
  public static DType fromProto(DataType t) {
    DType d = fromProtoOrNull(t);
    if (d != null) {
      return d;
    }
    if (t == DataType.DT_INVALID || t == DataType.UNRECOGNIZED) {
      throw RawOpsException.invalidArgument("invalid or unset data type " + tfName(t));
    }
    throw RawOpsException.of(
        Code.UNIMPLEMENTED,
        "data type "
            + tfName(t)
            + " is not supported by rawops (supported: "
            + supportedList()
            + ")");
  }

  /** Like {@link #fromProto} but returns null for types rawops cannot hold. */
  public static DType fromProtoOrNull(DataType t) {
    if (t == null || t == DataType.UNRECOGNIZED) {
      return null;
    }
    int k = t.getNumber();
    return k >= 0 && k < BY_PROTO.length ? BY_PROTO[k] : null;
  }

  // By proto DataType number (values() clones its array on every call: build time calls this
  // several times per node).
  private static final DType[] BY_PROTO = byProto();

  private static DType[] byProto() {
    int max = 0;
    for (DType d : values()) {
      max = Math.max(max, d.proto.getNumber());
    }
    DType[] a = new DType[max + 1];
    for (DType d : values()) {
      a[d.proto.getNumber()] = d;
    }
    return a;
  }

  /** TF's display name of any proto DataType, e.g. "float" or "qint8". */
  public static String tfName(DataType t) {
    if (t == DataType.UNRECOGNIZED) {
      return "unknown dtype enum"; // TF's DataTypeString, whose number protobuf does not keep
    }
    DType d = fromProtoOrNull(t);
    if (d != null) {
      return d.tfName;
    }
    String n = t.name();
    return n.startsWith("DT_") ? n.substring(3).toLowerCase(java.util.Locale.ROOT) : n;
  }

  public static String supportedList() {
    StringBuilder sb = new StringBuilder();
    for (DType d : values()) {
      if (!sb.isEmpty()) {
        sb.append(", ");
      }
      sb.append(d.tfName);
    }
    return sb.toString();
  }
}
