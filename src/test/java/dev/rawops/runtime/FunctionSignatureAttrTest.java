package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.tfproto.GraphDef;
import org.junit.jupiter.api.Test;

/**
 * A library function whose signature types an argument by an attr it does not declare (issue #16,
 * found by FixtureFuzzTest): TF 2.18 rejects the calling node at import with NOT_FOUND "No attr
 * named 'A' in NodeDef:" (recorded by {@code UndeclaredFunctionAttrTest} in {@code -Ptf}).
 */
class FunctionSignatureAttrTest {
  @Test
  void undeclaredSignatureAttrIsNotFoundAsInTensorFlow() throws Exception {
    GraphDef.Builder b = GraphDef.newBuilder();
    TextFormat.merge(
        "node { name: 'x' op: 'Const' attr { key: 'dtype' value { type: DT_FLOAT } }"
            + " attr { key: 'value' value { tensor { dtype: DT_FLOAT tensor_shape {} float_val: 1"
            + " } } } } node { name: 'out' op: 'f' input: 'x' }"
            + " library { function { signature { name: 'f'"
            + " input_arg { name: 'a' type_attr: 'A' } output_arg { name: 'b' type: DT_FLOAT } }"
            + " node_def { name: 'id' op: 'Identity' input: 'a'"
            + " attr { key: 'T' value { type: DT_FLOAT } } }"
            + " ret { key: 'b' value: 'id:output:0' } } }",
        b);
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Graph.build(b.build(), Device.CPU));
    assertEquals(Code.NOT_FOUND, e.code());
    assertEquals("out", e.node().orElseThrow());
    assertEquals("NOT_FOUND: node 'out' (op f): No attr named 'A' in NodeDef:", e.getMessage());
  }
}
