package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteBuffer;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteGraph;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteStatus;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GetCode;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GetRegisteredKernelsForOp;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GraphGetOpDef;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_Message;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewBuffer;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewGraph;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewStatus;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_OK;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_Version;

import com.google.common.base.Splitter;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.OpDef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.tensorflow.internal.c_api.TF_Buffer;
import org.tensorflow.internal.c_api.TF_Graph;
import org.tensorflow.internal.c_api.TF_Status;

/**
 * Prints what TensorFlow 2.18's own registry says about ops, for step 1 and 2 of "Adding an op"
 * (docs/ARCHITECTURE.md): the OpDef in protobuf text format (paste it into {@code OpSchema.parse})
 * and the kernels registered for it, one line per registration with its type constraints. {@code
 * ./mvnw -Ptf -q test -Dtest=PrintOpDef -Dtfgen.ops=Snapshot,GatherNd}
 */
class PrintOpDef {
  @Test
  void print() {
    String ops = System.getProperty("tfgen.ops", "");
    assertFalse(ops.isBlank(), "name the ops: -Dtfgen.ops=Snapshot,GatherNd");
    System.out.println("# TensorFlow " + TF_Version().getString());
    for (String op : Splitter.on(',').trimResults().omitEmptyStrings().split(ops)) {
      System.out.print(opDef(op));
      kernels(op).forEach(k -> System.out.println("# kernel: " + k));
      System.out.println();
    }
  }

  /** The registered OpDef of {@code op} in protobuf text format. */
  private static String opDef(String op) {
    TF_Status status = TF_NewStatus();
    TF_Graph graph = TF_NewGraph();
    TF_Buffer buffer = TF_NewBuffer();
    try {
      TF_GraphGetOpDef(graph, op, buffer, status);
      if (TF_GetCode(status) != TF_OK) {
        throw new IllegalArgumentException(TF_Message(status).getString());
      }
      return TextFormat.printer().printToString(OpDef.parseFrom(bytes(buffer)));
    } catch (InvalidProtocolBufferException e) {
      throw new UncheckedIOException(e);
    } finally {
      TF_DeleteBuffer(buffer);
      TF_DeleteGraph(graph);
      TF_DeleteStatus(status);
    }
  }

  /**
   * One line per kernel registration, sorted: "CPU T=float", "CPU Tparams=bool Tindices=int32
   * bad_indices_policy=""|"DEFAULT"|"ERROR"|"IGNORE"". Our protos lack TF's kernel_def.proto, so
   * the KernelList is decoded field by field: KernelList {kernel = 1}, KernelDef {op = 1,
   * device_type = 2, constraint = 3, label = 5}, AttrConstraint {name = 1, allowed_values = 2 (an
   * AttrValue)}.
   */
  private static List<String> kernels(String op) {
    TF_Status status = TF_NewStatus();
    TF_Buffer buffer = TF_GetRegisteredKernelsForOp(op, status);
    try {
      TreeSet<String> lines = new TreeSet<>();
      for (byte[] kernel : field(bytes(buffer), 1)) {
        StringBuilder line = new StringBuilder(strings(kernel, 2).get(0));
        for (byte[] constraint : field(kernel, 3)) {
          line.append(' ').append(strings(constraint, 1).get(0)).append('=');
          AttrValue allowed = AttrValue.parseFrom(field(constraint, 2).get(0));
          List<String> values = new ArrayList<>();
          for (DataType t : allowed.getList().getTypeList()) {
            values.add(DType.tfName(t));
          }
          allowed.getList().getSList().forEach(v -> values.add('"' + v.toStringUtf8() + '"'));
          line.append(String.join("|", values));
        }
        strings(kernel, 5).forEach(label -> line.append(" label=").append(label));
        lines.add(line.toString());
      }
      return List.copyOf(lines);
    } catch (InvalidProtocolBufferException e) {
      throw new UncheckedIOException(e);
    } finally {
      TF_DeleteBuffer(buffer);
      TF_DeleteStatus(status);
    }
  }

  static byte[] bytes(TF_Buffer buffer) {
    byte[] out = new byte[Math.toIntExact(buffer.length())];
    buffer.data().capacity(buffer.length()).asByteBuffer().get(out);
    return out;
  }

  /** Every occurrence of length-delimited field {@code number} in {@code message}. */
  static List<byte[]> field(byte[] message, int number) {
    try {
      CodedInputStream in = CodedInputStream.newInstance(message);
      List<byte[]> out = new ArrayList<>();
      for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
        if (tag >>> 3 == number) {
          out.add(in.readByteArray());
        } else {
          in.skipField(tag);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> strings(byte[] message, int number) {
    return field(message, number).stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
  }
}
