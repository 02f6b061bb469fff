package dev.rawops.savedmodel;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.rawops.Code;
import dev.rawops.ProtoErrors;
import dev.rawops.RawOpsException;
import dev.rawops.checkpoint.TensorBundle;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.SessionState;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.SavedConcreteFunction;
import dev.rawops.tfproto.SavedObject;
import dev.rawops.tfproto.SavedObjectGraph;
import dev.rawops.tfproto.TrackableObjectGraph;
import dev.rawops.tfproto.TrackableObjectGraph.TrackableObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Restores a TF 2 SavedModel's variables through its object graph, as TF's Python loader ({@code
 * saved_model/load.py}, {@code checkpoint.TrackableSaver.restore}) does rather than by running the
 * SaverDef's restore op: the MetaGraphDef's {@code object_graph_def} (SavedObjectGraph) and the
 * checkpoint's own object graph (the string under {@code _CHECKPOINTABLE_OBJECT_GRAPH}) are walked
 * together from their roots, children matched by name; each variable object takes the tensor its
 * checkpoint node's {@code VARIABLE_VALUE} attribute names (keys like {@code
 * layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE}). A variable object is the graph's
 * VarHandleOp that the concrete functions capture: a call node's trailing inputs are its function's
 * {@code bound_inputs}, in order. Each such handle is then assigned its value in the model's
 * session state.
 */
final class ObjectGraphRestore {
  static final String OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH";
  private static final int OBJECT_GRAPH_DEF_FIELD = 7;
  private static final String VARIABLE_VALUE = "VARIABLE_VALUE";

  private ObjectGraphRestore() {}

  /** The MetaGraphDef's SavedObjectGraph, or null when it has none. */
  static SavedObjectGraph objectGraph(MetaGraphDef mg) {
    List<ByteString> raw =
        mg.getUnknownFields().hasField(OBJECT_GRAPH_DEF_FIELD)
            ? mg.getUnknownFields().getField(OBJECT_GRAPH_DEF_FIELD).getLengthDelimitedList()
            : List.of();
    if (raw.isEmpty()) {
      return null;
    }
    try {
      return SavedObjectGraph.parseFrom(raw.get(raw.size() - 1));
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.of(
          Code.DATA_LOSS,
          "Could not parse the SavedModel's object graph: " + ProtoErrors.describe(e));
    }
  }

  /**
   * True when the model can be restored this way: it has an object graph and so does the bundle.
   */
  static boolean applies(MetaGraphDef mg, TensorBundle bundle) {
    return objectGraph(mg) != null && bundle.contains(OBJECT_GRAPH_KEY);
  }

  /**
   * Assigns every captured variable its checkpoint value in {@code state}.
   *
   * @throws RawOpsException NOT_FOUND for a captured variable the checkpoint holds no value for,
   *     INVALID_ARGUMENT for a value of the wrong dtype or shape, DATA_LOSS for a damaged
   *     checkpoint
   */
  static void restore(MetaGraphDef mg, TensorBundle bundle, String prefix, SessionState state) {
    SavedObjectGraph saved = objectGraph(mg);
    TrackableObjectGraph ckpt;
    try {
      ckpt = TrackableObjectGraph.parseFrom(bundle.read(OBJECT_GRAPH_KEY).getString(0));
    } catch (InvalidProtocolBufferException e) {
      throw RawOpsException.of(
          Code.DATA_LOSS,
          "Could not parse the object graph of checkpoint "
              + prefix
              + ": "
              + ProtoErrors.describe(e));
    }
    Map<Integer, String> keys = checkpointKeys(saved, ckpt);
    Map<Integer, NodeDef> handles = capturedHandles(saved, mg.getGraphDef());
    GraphDef.Builder g = GraphDef.newBuilder().setVersions(mg.getGraphDef().getVersions());
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    List<String> targets = new ArrayList<>();
    for (Map.Entry<Integer, NodeDef> e : handles.entrySet()) {
      NodeDef handle = e.getValue();
      SavedObject object = saved.getNodes(e.getKey());
      String key = keys.get(e.getKey());
      if (key == null || !bundle.contains(key)) {
        throw RawOpsException.of(
            Code.NOT_FOUND,
            "variable '"
                + object.getVariable().getName()
                + "' (object "
                + e.getKey()
                + ", VarHandleOp '"
                + handle.getName()
                + "') has no value in checkpoint "
                + prefix
                + (key == null ? " (its object graph names none)" : " (no key " + key + ")"));
      }
      Tensor value = bundle.read(key);
      checkMatches(handle, value, key, prefix);
      String valueName = "restore/" + targets.size() + "/value";
      String assignName = "restore/" + targets.size() + "/assign";
      g.addNode(handle.toBuilder().clearInput().clearDevice());
      g.addNode(
          NodeDef.newBuilder()
              .setName(valueName)
              .setOp("Placeholder")
              .putAttr("dtype", handle.getAttrOrThrow("dtype")));
      g.addNode(
          NodeDef.newBuilder()
              .setName(assignName)
              .setOp("AssignVariableOp")
              .addInput(handle.getName())
              .addInput(valueName)
              .putAttr("dtype", handle.getAttrOrThrow("dtype")));
      feeds.put(valueName, value);
      targets.add(assignName);
    }
    if (!targets.isEmpty()) {
      Graph.build(g.build(), Device.CPU).newSession(state).run(feeds, List.of(), targets);
    }
  }

  private static void checkMatches(NodeDef handle, Tensor value, String key, String prefix) {
    AttrValue dtype = handle.getAttrOrThrow("dtype");
    if (value.dtype().proto() != dtype.getType()) {
      throw RawOpsException.invalidArgument(
          "checkpoint "
              + prefix
              + " holds "
              + value.dtype().tfName()
              + " under "
              + key
              + ", but variable '"
              + handle.getName()
              + "' is "
              + dev.rawops.tensor.DType.tfName(dtype.getType()));
    }
    AttrValue shape = handle.getAttrMap().get("shape");
    if (shape != null
        && !PartialShape.fromProto(shape.getShape()).isCompatibleWith(value.shape())) {
      throw RawOpsException.invalidArgument(
          "checkpoint "
              + prefix
              + " holds shape "
              + value.shape()
              + " under "
              + key
              + ", but variable '"
              + handle.getName()
              + "' has shape "
              + PartialShape.fromProto(shape.getShape()));
    }
  }

  /**
   * Saved object id to checkpoint key, for every variable object: both graphs walked from their
   * roots (node 0), children paired by local name, as TF's CheckpointPosition does.
   */
  static Map<Integer, String> checkpointKeys(SavedObjectGraph saved, TrackableObjectGraph ckpt) {
    Map<Integer, String> out = new TreeMap<>();
    if (saved.getNodesCount() == 0 || ckpt.getNodesCount() == 0) {
      return out;
    }
    Deque<int[]> queue = new ArrayDeque<>();
    boolean[] visited = new boolean[saved.getNodesCount()];
    queue.add(new int[] {0, 0});
    visited[0] = true;
    while (!queue.isEmpty()) {
      int[] pair = queue.poll();
      SavedObject s = saved.getNodes(pair[0]);
      TrackableObject c = ckpt.getNodes(pair[1]);
      if (s.hasVariable()) {
        for (TrackableObject.SerializedTensor t : c.getAttributesList()) {
          if (t.getName().equals(VARIABLE_VALUE)) {
            out.put(pair[0], t.getCheckpointKey());
          }
        }
      }
      Map<String, Integer> ckptChildren = new LinkedHashMap<>();
      for (TrackableObject.ObjectReference r : c.getChildrenList()) {
        ckptChildren.putIfAbsent(r.getLocalName(), r.getNodeId());
      }
      for (TrackableObject.ObjectReference r : s.getChildrenList()) {
        Integer match = ckptChildren.get(r.getLocalName());
        int id = r.getNodeId();
        if (match != null
            && id >= 0
            && id < visited.length
            && !visited[id]
            && match >= 0
            && match < ckpt.getNodesCount()) {
          visited[id] = true;
          queue.add(new int[] {id, match});
        }
      }
    }
    return out;
  }

  /**
   * Saved variable object id to the graph's VarHandleOp for it: the trailing data inputs of each
   * node calling a concrete function with bound inputs.
   */
  static Map<Integer, NodeDef> capturedHandles(SavedObjectGraph saved, GraphDef graph) {
    Map<String, NodeDef> byName = new LinkedHashMap<>();
    for (NodeDef n : graph.getNodeList()) {
      byName.put(n.getName(), n);
    }
    Map<Integer, NodeDef> out = new TreeMap<>();
    for (NodeDef n : graph.getNodeList()) {
      AttrValue f = n.getAttrMap().get("f");
      if (f == null || !f.hasFunc()) {
        continue;
      }
      SavedConcreteFunction fn = saved.getConcreteFunctionsMap().get(f.getFunc().getName());
      if (fn == null || fn.getBoundInputsCount() == 0) {
        continue;
      }
      List<String> data = n.getInputList().stream().filter(i -> !i.startsWith("^")).toList();
      int first = data.size() - fn.getBoundInputsCount();
      for (int i = 0; i < fn.getBoundInputsCount() && first >= 0; i++) {
        int id = fn.getBoundInputs(i);
        NodeDef input = byName.get(nodeOf(data.get(first + i)));
        if (input != null
            && input.getOp().equals("VarHandleOp")
            && id >= 0
            && id < saved.getNodesCount()
            && saved.getNodes(id).hasVariable()) {
          out.putIfAbsent(id, input);
        }
      }
    }
    return out;
  }

  private static String nodeOf(String input) {
    int colon = input.indexOf(':');
    return colon < 0 ? input : input.substring(0, colon);
  }
}
