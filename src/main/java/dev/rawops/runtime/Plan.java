package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one (feeds, fetches, targets) combination needs, analysed once and cached by the session, so
 * a run does no graph analysis: the nodes to run and, for the ready-queue executor, TF's static
 * executor state (its {@code ImmutableExecutorState}): each node's frame, its slot in that frame's
 * per-iteration pending counts and input array, its initial pending count, its out-edges with their
 * destination input slots, and the frames themselves.
 *
 * <p>Frames follow TF's {@code BuildControlFlowInfo}: a node with no planned inputs is in the root
 * frame; an Enter's consumers are in the frame its {@code frame_name} names (the Enter itself stays
 * in its input's frame); an Exit's consumers are in the Exit's parent frame; anything else is in
 * its inputs' frame. The NextIteration → Merge back edges of while loops are left out of the order,
 * as in TF.
 */
final class Plan {
  static final byte NORMAL = 0;
  static final byte MERGE = 1;
  static final byte ENTER = 2;
  static final byte EXIT = 3;
  static final byte NEXT_ITERATION = 4;
  static final byte CONTROL_TRIGGER = 5;

  /** One frame as the graph defines it; the run creates instances per parent iteration. */
  static final class FrameInfo {
    final int id;
    final String name;
    final int parent; // -1 for the root frame
    final int parallelIterations;
    int numEnters; // Enter nodes feeding it: TF's FrameInfo.input_count
    int numNodes;
    int numInputs;
    int[] initialPending;

    FrameInfo(int id, String name, int parent, int parallelIterations) {
      this.id = id;
      this.name = name;
      this.parent = parent;
      this.parallelIterations = parallelIterations;
    }
  }

  final TensorName[] feeds;
  final TensorName[] fetches;

  /** Planned nodes in topological order (back edges left out). */
  final int[] order;

  // Per graph node (meaningful for planned nodes only).
  final byte[] kind;
  final int[] frameOf;
  final int[] localId;
  final int[] inputBase;
  final int[] numDataInputs;

  /** Out data edges per node: destination node, its input slot in the frame, source slot. */
  final int[][] outNode;

  final int[][] outInput;
  final int[][] outSlot;
  final int[][] outControl;

  /** For Enter nodes, the frame their outputs enter. */
  final int[] enterFrame;

  final boolean[] constantEnter;

  /**
   * Per node, null or the fetches it serves as pairs (fetch position, output slot): a node's own
   * fetches only, so that many fetches cost linear time and memory.
   */
  final int[][] fetchSlots;

  final FrameInfo[] frames;

  /** Root-frame nodes with nothing to wait for. */
  final int[] roots;

  /** For each feed: the root-frame input slots it fills. */
  final int[][] feedInputs;

  private Plan(Builder b) {
    this.feeds = b.feeds;
    this.fetches = b.fetches;
    this.order = b.order;
    this.kind = b.kind;
    this.frameOf = b.frameOf;
    this.localId = b.localId;
    this.inputBase = b.inputBase;
    this.numDataInputs = b.numDataInputs;
    this.outNode = b.outNode;
    this.outInput = b.outInput;
    this.outSlot = b.outSlot;
    this.outControl = b.outControl;
    this.enterFrame = b.enterFrame;
    this.constantEnter = b.constantEnter;
    this.fetchSlots = b.fetchSlots;
    this.frames = b.frames.toArray(new FrameInfo[0]);
    this.roots = b.roots;
    this.feedInputs = b.feedInputs;
  }

  static Plan create(
      Graph g, List<String> feedNames, List<String> fetchNames, List<String> targetNames) {
    return new Builder(g).build(feedNames, fetchNames, targetNames);
  }

  static byte kindOf(String op) {
    return switch (op) {
      case "Merge", "RefMerge" -> MERGE;
      case "Enter", "RefEnter" -> ENTER;
      case "Exit", "RefExit" -> EXIT;
      case "NextIteration", "RefNextIteration" -> NEXT_ITERATION;
      case "ControlTrigger" -> CONTROL_TRIGGER;
      default -> NORMAL;
    };
  }

  private static final class Builder {
    final Graph g;
    final int n;
    TensorName[] feeds;
    TensorName[] fetches;
    int[] order;
    final byte[] kind;
    final int[] frameOf;
    final int[] localId;
    final int[] inputBase;
    final int[] numDataInputs;
    final int[][] outNode;
    final int[][] outInput;
    final int[][] outSlot;
    final int[][] outControl;
    final int[] enterFrame;
    final boolean[] constantEnter;
    final int[][] fetchSlots;
    final List<FrameInfo> frames = new ArrayList<>();
    final Map<String, FrameInfo> frameByName = new HashMap<>();
    int[] roots;
    int[][] feedInputs;
    boolean[][] fed;
    boolean[] needed;

    Builder(Graph g) {
      this.g = g;
      this.n = g.nodes.size();
      kind = new byte[n];
      frameOf = new int[n];
      localId = new int[n];
      inputBase = new int[n];
      numDataInputs = new int[n];
      outNode = new int[n][];
      outInput = new int[n][];
      outSlot = new int[n][];
      outControl = new int[n][];
      enterFrame = new int[n];
      constantEnter = new boolean[n];
      fetchSlots = new int[n][];
    }

    Plan build(List<String> feedNames, List<String> fetchNames, List<String> targetNames) {
      feeds = resolveAll(g, feedNames, "feed");
      fetches = resolveAll(g, fetchNames, "fetch");
      prune(targetNames);
      List<BuiltNode> unfed = new ArrayList<>();
      for (BuiltNode node : g.nodes) {
        if (needed[node.index] && node.missingKernel != null) {
          throw new RawOpsException(Code.UNIMPLEMENTED, node.name(), node.op(), node.missingKernel);
        }
        if (needed[node.index]
            && (node.op().equals("Placeholder") || node.op().equals("PlaceholderV2"))) {
          unfed.add(node);
        }
      }
      if (unfed.size() > 1) {
        throw unfedPlaceholders(unfed);
      }
      order = Arrays.stream(g.topoOrder).filter(i -> needed[i]).toArray();
      FrameInfo root = new FrameInfo(0, "", -1, 1);
      frames.add(root);
      assignFrames();
      layOut();
      edges();
      for (int f = 0; f < fetches.length; f++) {
        int node = g.byName.get(fetches[f].node()).index;
        int[] pairs = fetchSlots[node];
        int at = pairs == null ? 0 : pairs.length;
        pairs = pairs == null ? new int[2] : Arrays.copyOf(pairs, at + 2);
        pairs[at] = f;
        pairs[at + 1] = fetches[f].index();
        fetchSlots[node] = pairs;
      }
      return new Plan(this);
    }

    /**
     * Several placeholders the plan needs are not fed: one error naming them all, TF's words for
     * the first (TF's executor would stop at whichever placeholder ran first). A lone unfed
     * placeholder is left to its kernel, so the error comes when and as TF's does.
     */
    private static RawOpsException unfedPlaceholders(List<BuiltNode> unfed) {
      StringBuilder m = new StringBuilder();
      for (int k = 0; k < unfed.size(); k++) {
        BuiltNode p = unfed.get(k);
        dev.rawops.tensor.PartialShape shape =
            p.signature.attrs().has("shape")
                ? dev.rawops.tensor.PartialShape.fromProto(p.signature.attrs().getShape("shape"))
                : dev.rawops.tensor.PartialShape.unknownRank();
        String what =
            "'"
                + p.name()
                + "' with dtype "
                + dev.rawops.tensor.DType.tfName(p.outputType(0))
                + (shape.hasRank() ? " and shape " + shape : "");
        if (k == 0) {
          m.append("You must feed a value for placeholder tensor ").append(what);
          m.append(" (").append(unfed.size()).append(" placeholders are not fed: ");
        } else {
          m.append(", ");
        }
        m.append(what);
      }
      m.append(")");
      BuiltNode first = unfed.get(0);
      return new RawOpsException(Code.INVALID_ARGUMENT, first.name(), first.op(), m.toString());
    }

    /** Walks back from fetches and targets through data and control edges, cut at feeds. */
    private void prune(List<String> targetNames) {
      fed = new boolean[n][];
      for (TensorName f : feeds) {
        BuiltNode node = g.byName.get(f.node());
        if (fed[node.index] == null) {
          fed[node.index] = new boolean[node.numOutputs()];
        }
        fed[node.index][f.index()] = true;
      }
      needed = new boolean[n];
      Deque<Integer> work = new ArrayDeque<>();
      for (TensorName f : fetches) {
        if (isFed(g.byName.get(f.node()).index, f.index())) {
          throw RawOpsException.invalidArgument(
              f + " is both fed and fetched."); // TF's rule and words
        }
        work.add(g.byName.get(f.node()).index);
      }
      for (String t : targetNames) {
        work.add(node(g, t, "target").index);
      }
      while (!work.isEmpty()) {
        int i = work.poll();
        if (needed[i]) {
          continue;
        }
        needed[i] = true;
        BuiltNode node = g.nodes.get(i);
        for (int k = 0; k < node.inputNode.length; k++) {
          if (!isFed(node.inputNode[k], node.inputSlot[k])) {
            work.add(node.inputNode[k]);
          }
        }
        for (int c : node.controlInputs) {
          if (!allFed(g.nodes.get(c))) {
            work.add(c);
          }
        }
      }
    }

    private boolean isFed(int node, int slot) {
      return fed[node] != null && fed[node][slot];
    }

    /** A control input on a node whose every output is fed is satisfied by the feeds. */
    private boolean allFed(BuiltNode node) {
      if (fed[node.index] == null || node.numOutputs() == 0) {
        return false;
      }
      for (boolean b : fed[node.index]) {
        if (!b) {
          return false;
        }
      }
      return true;
    }

    private boolean controlEdge(int producer) {
      return needed[producer] && !allFed(g.nodes.get(producer));
    }

    /** The frame a producer's outputs land in. */
    private int outputFrame(BuiltNode p) {
      return switch (kind[p.index]) {
        case ENTER -> enterFrame[p.index];
        case EXIT -> {
          int parent = frames.get(frameOf[p.index]).parent;
          if (parent < 0) {
            throw p.invalidArgument("Invalid Exit op: Cannot find a corresponding Enter op.");
          }
          yield parent;
        }
        default -> frameOf[p.index];
      };
    }

    private void assignFrames() {
      for (int i : order) {
        BuiltNode node = g.nodes.get(i);
        kind[i] = kindOf(node.op());
        int frame = -1;
        BuiltNode first = null;
        for (int k = 0; k < node.inputNode.length; k++) {
          BuiltNode p = g.nodes.get(node.inputNode[k]);
          if (GraphBuilder.isBackEdge(p, node)) {
            continue;
          }
          int f = isFed(p.index, node.inputSlot[k]) ? 0 : outputFrame(p);
          frame = agree(node, frame, f, first, p);
          if (first == null) {
            first = p;
          }
        }
        for (int c : node.controlInputs) {
          BuiltNode p = g.nodes.get(c);
          int f = controlEdge(c) ? outputFrame(p) : 0;
          frame = agree(node, frame, f, first, p);
          if (first == null) {
            first = p;
          }
        }
        frameOf[i] = Math.max(frame, 0);
        if (kind[i] == EXIT && frames.get(frameOf[i]).parent < 0) {
          // An Exit in the root frame (found by fuzzing: fetched, it ran with no parent frame).
          throw node.invalidArgument("Invalid Exit op: Cannot find a corresponding Enter op.");
        }
        if (kind[i] == ENTER) {
          enterFrame[i] = childFrame(node, frameOf[i]).id;
          constantEnter[i] = node.attrs().getBool("is_constant");
        }
      }
    }

    private int agree(BuiltNode node, int frame, int f, BuiltNode first, BuiltNode p) {
      if (frame >= 0 && f != frame) {
        throw node.invalidArgument(
            "node "
                + node.name()
                + " has inputs from different frames. The input "
                + p.name()
                + " is in frame '"
                + frames.get(f).name
                + "'. The input "
                + first.name()
                + " is in frame '"
                + frames.get(frame).name
                + "'.");
      }
      return f;
    }

    private FrameInfo childFrame(BuiltNode enter, int parent) {
      String name = enter.attrs().getString("frame_name");
      if (name.isEmpty()) {
        throw enter.invalidArgument("The Enter " + enter.name() + " must have a frame name.");
      }
      FrameInfo f = frameByName.get(name);
      if (f == null) {
        int parallel = (int) Math.max(1, enter.attrs().getInt("parallel_iterations"));
        f = new FrameInfo(frames.size(), name, parent, parallel);
        frames.add(f);
        frameByName.put(name, f);
      } else if (f.parent != parent) {
        throw enter.invalidArgument(
            "frame '"
                + name
                + "' is entered from two different frames ('"
                + frames.get(f.parent).name
                + "' and '"
                + frames.get(parent).name
                + "')");
      }
      f.numEnters++;
      return f;
    }

    /** Frame-local pending slots and input slots, and initial pending counts (TF's layout). */
    private void layOut() {
      List<List<Integer>> members = new ArrayList<>();
      for (int f = 0; f < frames.size(); f++) {
        members.add(new ArrayList<>());
      }
      for (int i : order) {
        FrameInfo f = frames.get(frameOf[i]);
        localId[i] = f.numNodes++;
        inputBase[i] = f.numInputs;
        BuiltNode node = g.nodes.get(i);
        numDataInputs[i] = node.inputNode.length;
        f.numInputs += node.inputNode.length;
        members.get(f.id).add(i);
      }
      List<Integer> rootList = new ArrayList<>();
      for (FrameInfo f : frames) {
        f.initialPending = new int[f.numNodes];
        for (int i : members.get(f.id)) {
          BuiltNode node = g.nodes.get(i);
          int data = 0;
          for (int k = 0; k < node.inputNode.length; k++) {
            if (!isFed(node.inputNode[k], node.inputSlot[k])) {
              data++;
            }
          }
          int control = 0;
          for (int c : node.controlInputs) {
            if (controlEdge(c)) {
              control++;
            }
          }
          // A Merge waits for its control inputs and one live data input (the low bit).
          int pending = kind[i] == MERGE ? 1 + 2 * control : data + control;
          f.initialPending[localId[i]] = pending;
          if (pending == 0) {
            rootList.add(i);
          }
        }
      }
      roots = rootList.stream().mapToInt(Integer::intValue).toArray();
    }

    private void edges() {
      List<List<int[]>> data = new ArrayList<>();
      List<List<Integer>> control = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        data.add(null);
        control.add(null);
      }
      feedInputs = new int[feeds.length][];
      List<List<Integer>> feedSlots = new ArrayList<>();
      for (int f = 0; f < feeds.length; f++) {
        feedSlots.add(new ArrayList<>());
      }
      for (int i : order) {
        BuiltNode node = g.nodes.get(i);
        for (int k = 0; k < node.inputNode.length; k++) {
          int p = node.inputNode[k];
          int slot = node.inputSlot[k];
          if (isFed(p, slot)) {
            for (int f = 0; f < feeds.length; f++) {
              if (feeds[f].node().equals(g.nodes.get(p).name()) && feeds[f].index() == slot) {
                feedSlots.get(f).add(inputBase[i] + k);
              }
            }
            continue;
          }
          if (data.get(p) == null) {
            data.set(p, new ArrayList<>());
          }
          data.get(p).add(new int[] {i, inputBase[i] + k, slot});
        }
        for (int c : node.controlInputs) {
          if (controlEdge(c)) {
            if (control.get(c) == null) {
              control.set(c, new ArrayList<>());
            }
            control.get(c).add(i);
          }
        }
      }
      int[] none = new int[0];
      for (int i = 0; i < n; i++) {
        List<int[]> d = data.get(i);
        int m = d == null ? 0 : d.size();
        outNode[i] = m == 0 ? none : new int[m];
        outInput[i] = m == 0 ? none : new int[m];
        outSlot[i] = m == 0 ? none : new int[m];
        for (int e = 0; e < m; e++) {
          outNode[i][e] = d.get(e)[0];
          outInput[i][e] = d.get(e)[1];
          outSlot[i][e] = d.get(e)[2];
        }
        List<Integer> c = control.get(i);
        outControl[i] = c == null ? none : c.stream().mapToInt(Integer::intValue).toArray();
      }
      for (int f = 0; f < feeds.length; f++) {
        feedInputs[f] = feedSlots.get(f).stream().mapToInt(Integer::intValue).toArray();
      }
    }
  }

  private static TensorName[] resolveAll(Graph g, List<String> names, String role) {
    List<TensorName> out = new ArrayList<>();
    for (String s : names) {
      TensorName t = TensorName.parse(s);
      if (t.control()) {
        throw RawOpsException.invalidArgument(
            role + " '" + s + "' is a control input; name a tensor (node or node:i)");
      }
      BuiltNode n = node(g, t.node(), role);
      if (t.index() >= n.numOutputs()) {
        throw RawOpsException.invalidArgument(
            role
                + " '"
                + s
                + "': node '"
                + n.name()
                + "' (op "
                + n.op()
                + ") has "
                + n.numOutputs()
                + " output"
                + (n.numOutputs() == 1 ? "" : "s"));
      }
      out.add(t);
    }
    return out.toArray(new TensorName[0]);
  }

  private static BuiltNode node(Graph g, String name, String role) {
    BuiltNode n = g.byName.get(name);
    if (n == null) {
      throw RawOpsException.of(Code.NOT_FOUND, role + " '" + name + "' is not a node of the graph");
    }
    return n;
  }
}
