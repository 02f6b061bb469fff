package dev.rawops.kernels.cpu.parsing;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

/**
 * ParseTensor and SerializeTensor on CPU (parse_tensor_op.cc). SerializeTensor writes the bytes TF
 * writes: dtype, shape, then {@code string_val} for strings and {@code tensor_content} (little
 * endian, empty for an empty tensor) for everything else, in field order as both protobuf runtimes
 * do. ParseTensor reads a TensorProto as the CPU device's MakeTensorFromProto does
 * (Tensor::FromProto: a short typed list repeats its last value, an empty tensor ignores its data)
 * and checks the dtype against out_type.
 */
final class CpuParseTensor {
  private CpuParseTensor() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("ParseTensor", Device.CPU).build(n -> ctx -> parse(n, ctx)),
          KernelDef.builder("SerializeTensor", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> serialize(ctx)));

  private static void serialize(KernelContext ctx) {
    byte[] bytes = TensorProtos.toProto(ctx.input(0)).toByteArray();
    ctx.setOutput(0, Tensor.ofByteStrings(Shape.scalar(), bytes));
  }

  private static void parse(NodeInfo node, KernelContext ctx) {
    Tensor serialized = ctx.input(0);
    if (serialized.shape().rank() != 0) {
      throw node.invalidArgument(
          "Expected `serialized` to be a scalar, got shape: " + serialized.shape());
    }
    byte[] bytes = serialized.getString(0);
    TensorProto proto;
    try {
      CodedInputStream in = CodedInputStream.newInstance(bytes);
      in.setSizeLimit(Integer.MAX_VALUE);
      proto = TensorProto.parseFrom(in);
    } catch (IOException e) {
      throw node.invalidArgument(
          "Could not parse `serialized` as TensorProto, base64: "
              + Base64.getEncoder().encodeToString(bytes));
    }
    Tensor out = fromProto(node, proto);
    DType want = node.outputDType(0);
    if (out.dtype() != want) {
      throw node.invalidArgument(
          "Type mismatch between parsed tensor ("
              + out.dtype().tfName()
              + ") and dtype ("
              + want.tfName()
              + ")");
    }
    ctx.setOutput(0, out);
  }

  /** Tensor::FromProto's rules; a proto it refuses is TF's "Cannot parse tensor from proto". */
  private static Tensor fromProto(NodeInfo node, TensorProto proto) {
    DataType t = proto.getDtype();
    DType dtype = DType.fromProtoOrNull(t);
    if (t == DataType.UNRECOGNIZED || t == DataType.DT_INVALID || t.getNumber() > 100) {
      throw cannotParse(node, proto);
    }
    if (dtype == null || dtype.isObject()) {
      throw node.error(
          Code.UNIMPLEMENTED,
          "a parsed TensorProto of dtype "
              + t.name()
              + " cannot be held by rawops (its data types and strings only)");
    }
    Shape shape = shape(node, proto);
    if (shape.numElements() == 0) {
      return TensorBuffer.allocate(dtype, shape).freeze();
    }
    TensorProto.Builder known = proto.toBuilder();
    known.setTensorShape(shape.toPartial().toProto());
    try {
      return TensorProtos.toTensor(known.build());
    } catch (RawOpsException e) {
      if (e.code() == Code.INVALID_ARGUMENT) {
        throw cannotParse(node, proto);
      }
      throw e;
    }
  }

  /**
   * TensorShape::IsValid for a full shape: at most 254 dims, none negative, no overflow. An
   * unknown_rank flag is read as the dims it lists, as TF's TensorShape constructor reads it.
   */
  private static Shape shape(NodeInfo node, TensorProto proto) {
    TensorShapeProto p = proto.getTensorShape();
    if (p.getDimCount() > Limits.MAX_RANK) {
      throw cannotParse(node, proto);
    }
    long[] dims = new long[p.getDimCount()];
    long n = 1;
    for (int i = 0; i < dims.length; i++) {
      dims[i] = p.getDim(i).getSize();
      if (dims[i] < 0) {
        throw cannotParse(node, proto);
      }
      try {
        n = Math.multiplyExact(n, dims[i]);
      } catch (ArithmeticException e) {
        throw cannotParse(node, proto);
      }
    }
    return Shape.of(dims);
  }

  /** A whole float in protobuf-java's text ("1.0"), which C++'s DebugString prints as "1". */
  private static final Pattern WHOLE_FLOAT = Pattern.compile("(_val: -?[0-9]+)\\.0\n");

  private static RawOpsException cannotParse(NodeInfo node, TensorProto proto) {
    String text = TextFormat.printer().printToString(proto);
    return node.invalidArgument(
        "Cannot parse tensor from proto: " + WHOLE_FLOAT.matcher(text).replaceAll("$1\n"));
  }
}
