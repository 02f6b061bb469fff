package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;

/**
 * Tensors as TensorProtos in either of TF's encodings: {@code tensor_content} (raw little-endian
 * bytes) or the typed {@code *_val} fields, in TF's field choice per dtype (int_val for the
 * 8/16-bit integers and int32, half_val for half and bfloat16 bit patterns, scomplex_val as re, im
 * pairs, …).
 */
public final class TypedProtos {
  private TypedProtos() {}

  public enum Encoding {
    CONTENT("tensor_content"),
    TYPED("typed *_val fields");

    public final String description;

    Encoding(String description) {
      this.description = description;
    }
  }

  public static TensorProto encode(Tensor t, Encoding e) {
    return e == Encoding.TYPED ? typed(t) : TensorProtos.toProto(t);
  }

  /** Every element written out in its typed field (strings always use string_val). */
  public static TensorProto typed(Tensor t) {
    TensorProto.Builder b =
        TensorProto.newBuilder()
            .setDtype(t.dtype().proto())
            .setTensorShape(t.shape().toPartial().toProto());
    for (long i = 0; i < t.numElements(); i++) {
      add(b, t, i);
    }
    return b.build();
  }

  private static void add(TensorProto.Builder b, Tensor t, long i) {
    DType d = t.dtype();
    switch (d) {
      case BOOL -> b.addBoolVal(t.getBoolean(i));
      case INT8, INT16, INT32, UINT8, UINT16, QINT8, QUINT8, QINT16, QUINT16, QINT32 ->
          b.addIntVal((int) t.getIndex(i));
      case UINT32 -> b.addUint32Val(t.getInt(i));
      case INT64 -> b.addInt64Val(t.getLong(i));
      case UINT64 -> b.addUint64Val(t.getLong(i));
      case HALF, BFLOAT16 -> b.addHalfVal(t.getShort(i) & 0xffff);
      case FLOAT -> b.addFloatVal(t.getFloat(i));
      case DOUBLE -> b.addDoubleVal(t.getDouble(i));
      case COMPLEX64 -> b.addScomplexVal(t.getFloat(2 * i)).addScomplexVal(t.getFloat(2 * i + 1));
      case COMPLEX128 ->
          b.addDcomplexVal(t.getDouble(2 * i)).addDcomplexVal(t.getDouble(2 * i + 1));
      case STRING -> b.addStringVal(ByteString.copyFrom(t.getString(i)));
    }
  }
}
