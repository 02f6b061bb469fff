package dev.rawops.tf;

import static org.tensorflow.internal.c_api.global.tensorflow.TF_Dim;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NumDims;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_STRING;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_StringGetDataPointer;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_StringGetSize;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorByteSize;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorData;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_TensorType;

import com.google.protobuf.ByteString;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.tensorflow.internal.c_api.TF_TString;
import org.tensorflow.internal.c_api.TF_Tensor;

/** TF tensors (C API) read back as TensorProtos, byte for byte. */
public final class TfTensors {
  private TfTensors() {}

  /**
   * The tensor as TF holds it: fixed-width types as {@code tensor_content} (TF's bytes, little
   * endian on this machine, as TF writes tensor_content), strings as {@code string_val}.
   */
  public static TensorProto toProto(TF_Tensor t) {
    TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
    long elements = 1;
    for (int d = 0; d < TF_NumDims(t); d++) {
      long size = TF_Dim(t, d);
      shape.addDimBuilder().setSize(size);
      elements *= size;
    }
    int type = TF_TensorType(t);
    TensorProto.Builder p =
        TensorProto.newBuilder().setDtype(DataType.forNumber(type)).setTensorShape(shape);
    Pointer data = TF_TensorData(t);
    if (type == TF_STRING) {
      TF_TString strings = new TF_TString(data);
      for (long i = 0; i < elements; i++) {
        TF_TString s = strings.getPointer(i);
        p.addStringVal(ByteString.copyFrom(bytes(TF_StringGetDataPointer(s), TF_StringGetSize(s))));
      }
    } else if (elements > 0) {
      p.setTensorContent(ByteString.copyFrom(bytes(new BytePointer(data), TF_TensorByteSize(t))));
    }
    return p.build();
  }

  private static byte[] bytes(BytePointer p, long size) {
    byte[] b = new byte[Math.toIntExact(size)];
    p.capacity(size).get(b);
    return b;
  }
}
