package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What one (feeds, fetches, targets) combination needs: the nodes to run, in topological order, and
 * how many times each output will be read. Computed once per combination and cached by the session,
 * so a run does no graph analysis.
 */
final class Plan {
  final TensorName[] feeds;
  final TensorName[] fetches;

  /** Nodes to run, in topological order. */
  final int[] order;

  /** uses[node][slot]: reads of that output by planned nodes plus fetches. */
  final int[][] uses;

  /** fed[node] is null or, per output slot, whether a feed replaces it. */
  private final boolean[][] fed;

  private Plan(
      TensorName[] feeds, TensorName[] fetches, int[] order, int[][] uses, boolean[][] fed) {
    this.feeds = feeds;
    this.fetches = fetches;
    this.order = order;
    this.uses = uses;
    this.fed = fed;
  }

  /** True when a feed replaces this output, even if its node runs for its other outputs. */
  boolean isFed(int node, int slot) {
    return isFed(fed, node, slot);
  }

  static Plan create(
      Graph g, List<String> feedNames, List<String> fetchNames, List<String> targetNames) {
    TensorName[] feeds = resolveAll(g, feedNames, "feed");
    TensorName[] fetches = resolveAll(g, fetchNames, "fetch");
    boolean[][] fed = new boolean[g.nodes.size()][];
    for (TensorName f : feeds) {
      BuiltNode n = g.byName.get(f.node());
      if (fed[n.index] == null) {
        fed[n.index] = new boolean[n.numOutputs()];
      }
      fed[n.index][f.index()] = true;
    }
    boolean[] needed = new boolean[g.nodes.size()];
    Deque<Integer> work = new ArrayDeque<>();
    for (TensorName f : fetches) {
      if (isFed(fed, g.byName.get(f.node()).index, f.index())) {
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
      BuiltNode n = g.nodes.get(i);
      for (int k = 0; k < n.inputNode.length; k++) {
        if (!isFed(fed, n.inputNode[k], n.inputSlot[k])) {
          work.add(n.inputNode[k]);
        }
      }
      for (int c : n.controlInputs) {
        if (!allFed(fed, g.nodes.get(c))) {
          work.add(c);
        }
      }
    }
    for (BuiltNode n : g.nodes) {
      if (needed[n.index] && n.missingKernel != null) {
        throw new RawOpsException(Code.UNIMPLEMENTED, n.name(), n.op(), n.missingKernel);
      }
    }
    return new Plan(feeds, fetches, ordered(g, needed), countUses(g, needed, fetches), fed);
  }

  private static int[] ordered(Graph g, boolean[] needed) {
    return java.util.Arrays.stream(g.topoOrder).filter(i -> needed[i]).toArray();
  }

  private static int[][] countUses(Graph g, boolean[] needed, TensorName[] fetches) {
    int[][] uses = new int[g.nodes.size()][];
    for (BuiltNode n : g.nodes) {
      uses[n.index] = new int[n.numOutputs()];
    }
    for (BuiltNode n : g.nodes) {
      if (needed[n.index]) {
        for (int k = 0; k < n.inputNode.length; k++) {
          uses[n.inputNode[k]][n.inputSlot[k]]++;
        }
      }
    }
    for (TensorName f : fetches) {
      uses[g.byName.get(f.node()).index][f.index()]++;
    }
    return uses;
  }

  private static boolean isFed(boolean[][] fed, int node, int slot) {
    return fed[node] != null && fed[node][slot];
  }

  private static boolean allFed(boolean[][] fed, BuiltNode n) {
    if (fed[n.index] == null || n.numOutputs() == 0) {
      return false;
    }
    for (boolean b : fed[n.index]) {
      if (!b) {
        return false;
      }
    }
    return true;
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
