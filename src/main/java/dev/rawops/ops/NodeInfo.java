package dev.rawops.ops;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.Optional;

/**
 * What build time knows about one node: its resolved signature, the static shapes of its inputs
 * and, where an input is a constant, its value. Shape functions and kernel factories see this.
 */
public interface NodeInfo {
  String name();

  /** The op type, e.g. "GatherNd". */
  String op();

  Signature signature();

  default Attrs attrs() {
    return signature().attrs();
  }

  default int numInputs() {
    return signature().inputTypes().size();
  }

  default int numOutputs() {
    return signature().outputTypes().size();
  }

  default DataType inputType(int i) {
    return signature().inputTypes().get(i);
  }

  default DataType outputType(int i) {
    return signature().outputTypes().get(i);
  }

  /** The input's dtype as a rawops DType; only call for inputs whose dtype a kernel accepted. */
  default DType inputDType(int i) {
    return DType.fromProto(inputType(i));
  }

  default DType outputDType(int i) {
    return DType.fromProto(outputType(i));
  }

  /** The static shape of input i (maybe unknown). */
  PartialShape inputShape(int i);

  /**
   * The {@code versions.producer} of the GraphDef the node is in (TF's {@code graph_def_version}),
   * for the shape functions whose rules depend on it; a node outside any GraphDef is the newest.
   */
  default int graphProducer() {
    return Integer.MAX_VALUE;
  }

  /** Input i's value when build time knows it (a Const, possibly through Identity). */
  Optional<Tensor> constantInput(int i);

  /**
   * This node's output i when build time knows it ({@link Op#constantOutput}), computed once per
   * node however many consumers, shape functions and kernel factories ask.
   */
  default Optional<Tensor> constantOutput(int i) {
    return Optional.empty();
  }

  /**
   * An int attr that TF's kernel or shape function reads into an {@code int32} ({@code GetAttr}
   * into an {@code int}): a value past int32 is refused with TF's message.
   */
  default int int32Attr(String name) {
    return int32(name, attrs().getInt(name));
  }

  /**
   * A {@code list(int)} attr that TF reads into a {@code std::vector<int32>}, checked as TF does.
   */
  default long[] int32ListAttr(String name) {
    if (!attrs().has(name)) {
      return new long[0];
    }
    java.util.List<Long> l = attrs().get(name).getList().getIList();
    long[] r = new long[l.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = int32(name, l.get(i));
    }
    return r;
  }

  private int int32(String name, long v) {
    if (v != (int) v) {
      throw invalidArgument("Attr " + name + " has value " + v + " out of range for an int32");
    }
    return (int) v;
  }

  /** An error attributed to this node and op. */
  default RawOpsException error(Code code, String detail) {
    return new RawOpsException(code, name(), op(), detail);
  }

  default RawOpsException invalidArgument(String detail) {
    return error(Code.INVALID_ARGUMENT, detail);
  }
}
