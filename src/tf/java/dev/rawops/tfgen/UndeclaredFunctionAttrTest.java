package dev.rawops.tfgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.RawOpsException;
import dev.rawops.conform.Oracle;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tf.TfOracle;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A library function whose signature types an argument by an attr it does not declare, called by a
 * node: TensorFlow 2.18's status code and message at import, compared with rawops's.
 *
 * <p>{@code ./mvnw -Ptf -q -o test -Dtest=UndeclaredFunctionAttrTest}
 */
class UndeclaredFunctionAttrTest {
  static final String GRAPH =
      "node { name: 'x' op: 'Const' attr { key: 'dtype' value { type: DT_FLOAT } }"
          + " attr { key: 'value' value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 1 } } } }"
          + " node { name: 'out' op: 'f' input: 'x' }"
          + " library { function { signature { name: 'f'"
          + " input_arg { name: 'a' type_attr: 'A' } output_arg { name: 'b' type: DT_FLOAT } }"
          + " node_def { name: 'id' op: 'Identity' input: 'a' attr { key: 'T' value { type: DT_FLOAT } } }"
          + " ret { key: 'b' value: 'id:output:0' } } }";

  @Test
  void undeclaredSignatureAttrHasTensorFlowsCode() throws Exception {
    GraphDef.Builder b = GraphDef.newBuilder();
    TextFormat.merge(GRAPH, b);
    GraphDef g = b.build();
    Oracle.Outcome tf = TfOracle.run(g, Map.of(), List.of("out"), TfOracle.Optimizations.DEFAULT);
    System.out.println("TF: " + tf.error());
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> Graph.build(g, Device.CPU).newSession().run(Map.of(), List.of("out")));
    System.out.println("rawops: " + e.code() + " " + e.getMessage());
    assertTrue(tf.failed());
    assertEquals(tf.error().getCode().name(), e.code().name());
  }
}
