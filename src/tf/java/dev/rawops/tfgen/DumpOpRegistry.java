package dev.rawops.tfgen;

import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteBuffer;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_DeleteStatus;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GetAllOpList;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_GetAllRegisteredKernels;
import static org.tensorflow.internal.c_api.global.tensorflow.TF_NewStatus;

import dev.rawops.tensor.DType;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.OpDef;
import dev.rawops.tfproto.OpList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.tensorflow.internal.c_api.TF_Buffer;
import org.tensorflow.internal.c_api.TF_Status;

/**
 * Writes TensorFlow 2.18's whole op registry as the resources rawops resolves every node against:
 * {@code src/main/resources/dev/rawops/ops/tf-ops.pb} (an {@code OpList}, sorted by name, docs
 * stripped) and {@code tf-cpu-kernels.txt} (one line per CPU kernel registration with its type
 * constraints, as {@link PrintOpDef} prints them). {@code ./mvnw -Ptf -q test
 * -Dtest=DumpOpRegistry}. Running it again changes no file.
 */
class DumpOpRegistry {
  @Test
  void dump() throws IOException {
    Path dir = Path.of("src/main/resources/dev/rawops/ops");
    Files.createDirectories(dir);
    TF_Buffer ops = TF_GetAllOpList();
    OpList list = OpList.parseFrom(PrintOpDef.bytes(ops));
    TF_DeleteBuffer(ops);
    List<OpDef> defs = new ArrayList<>();
    for (OpDef d : list.getOpList()) {
      OpDef.Builder b = d.toBuilder().clearSummary().clearDescription();
      b.getInputArgBuilderList().forEach(a -> a.clearDescription());
      b.getOutputArgBuilderList().forEach(a -> a.clearDescription());
      b.getAttrBuilderList().forEach(a -> a.clearDescription());
      defs.add(b.build());
    }
    defs.sort(Comparator.comparing(OpDef::getName));
    Files.write(dir.resolve("tf-ops.pb"), OpList.newBuilder().addAllOp(defs).build().toByteArray());

    TF_Status status = TF_NewStatus();
    TF_Buffer kernels = TF_GetAllRegisteredKernels(status);
    TreeSet<String> lines = new TreeSet<>();
    for (byte[] kernel : PrintOpDef.field(PrintOpDef.bytes(kernels), 1)) {
      String device = PrintOpDef.strings(kernel, 2).get(0);
      if (!device.equals("CPU")) {
        continue;
      }
      StringBuilder line = new StringBuilder(PrintOpDef.strings(kernel, 1).get(0));
      for (byte[] constraint : PrintOpDef.field(kernel, 3)) {
        line.append(' ').append(PrintOpDef.strings(constraint, 1).get(0)).append('=');
        AttrValue allowed = AttrValue.parseFrom(PrintOpDef.field(constraint, 2).get(0));
        List<String> values = new ArrayList<>();
        for (DataType t : allowed.getList().getTypeList()) {
          values.add(DType.tfName(t));
        }
        allowed.getList().getSList().forEach(v -> values.add('"' + v.toStringUtf8() + '"'));
        line.append(String.join("|", values));
      }
      PrintOpDef.strings(kernel, 5).forEach(label -> line.append(" label=").append(label));
      lines.add(line.toString());
    }
    TF_DeleteBuffer(kernels);
    TF_DeleteStatus(status);
    List<String> out = new ArrayList<>();
    out.add(
        "# TensorFlow 2.18 CPU kernel registrations: op, then attr=allowed|values (DumpOpRegistry)");
    out.addAll(lines);
    Files.write(dir.resolve("tf-cpu-kernels.txt"), out, StandardCharsets.UTF_8);
    System.out.println(defs.size() + " ops, " + lines.size() + " CPU kernels");
  }
}
