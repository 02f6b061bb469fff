package dev.rawops.ops.linalg;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Einsum equation resolved against its inputs' ranks (TF's {@code ParseEinsumEquation}): each
 * input and the output as a list of label ids, with "..." expanded into broadcast labels aligned to
 * the right. Label ids index {@link #labelCount()} distinct labels.
 */
public final class EinsumGeometry {
  private final int[][] inputs;
  private final int[] output;
  private final int labels;
  private final boolean[] ellipsis;

  private EinsumGeometry(int[][] inputs, int[] output, int labels, boolean[] ellipsis) {
    this.inputs = inputs;
    this.output = output;
    this.labels = labels;
    this.ellipsis = ellipsis;
  }

  public int[] input(int i) {
    return inputs[i].clone();
  }

  public int[] output() {
    return output.clone();
  }

  public int labelCount() {
    return labels;
  }

  /** True when label id {@code l} stands for a dimension under "..." (size-1 dims broadcast). */
  public boolean isEllipsis(int l) {
    return ellipsis[l];
  }

  /** Parses {@code equation} for inputs of the given ranks (-1: unknown, then null). */
  public static EinsumGeometry parse(NodeInfo node, String equation, int[] ranks) {
    String eq = equation.replace(" ", "");
    int arrow = eq.indexOf("->");
    if (arrow < 0 || eq.indexOf("->", arrow + 1) >= 0) {
      throw node.invalidArgument("Expecting exactly one '->' in einsum equation: " + equation);
    }
    String[] ins = eq.substring(0, arrow).split(",", -1);
    String out = eq.substring(arrow + 2);
    if (ins.length != ranks.length) {
      throw node.invalidArgument(
          "Expecting "
              + ranks.length
              + " input subscripts in equation '"
              + equation
              + "', but got: "
              + ins.length);
    }
    int maxEllipsis = 0;
    for (int i = 0; i < ins.length; i++) {
      int explicit = ins[i].replace("...", "").length();
      if (ranks[i] < 0) {
        return null;
      }
      if (ins[i].contains("...")) {
        if (ranks[i] < explicit) {
          throw rankError(node, i, ranks[i], ins[i]);
        }
        maxEllipsis = Math.max(maxEllipsis, ranks[i] - explicit);
      } else if (ranks[i] != explicit) {
        throw rankError(node, i, ranks[i], ins[i]);
      }
    }
    Map<Character, Integer> ids = new LinkedHashMap<>();
    List<Boolean> ell = new ArrayList<>();
    for (int e = 0; e < maxEllipsis; e++) {
      ell.add(true);
    }
    int[][] inputs = new int[ins.length][];
    for (int i = 0; i < ins.length; i++) {
      int e = ins[i].contains("...") ? ranks[i] - ins[i].replace("...", "").length() : 0;
      inputs[i] = labelsOf(node, ins[i], e, maxEllipsis, ids, ell);
    }
    int[] output;
    if (out.contains("...")) {
      output = labelsOf(node, out, maxEllipsis, maxEllipsis, ids, ell);
    } else {
      output = labelsOf(node, out, 0, maxEllipsis, ids, ell);
    }
    for (int l : output) {
      boolean found = l < maxEllipsis;
      for (int[] in : inputs) {
        for (int x : in) {
          found |= x == l;
        }
      }
      if (!found) {
        throw node.invalidArgument(
            "Output subscripts contain a label that does not appear in any input: " + equation);
      }
    }
    boolean[] e = new boolean[ell.size()];
    for (int i = 0; i < e.length; i++) {
      e[i] = ell.get(i);
    }
    return new EinsumGeometry(inputs, output, ell.size(), e);
  }

  private static RuntimeException rankError(NodeInfo node, int i, int rank, String sub) {
    return node.invalidArgument(
        "Input "
            + i
            + " to einsum has rank "
            + rank
            + " which does not match the subscripts '"
            + sub
            + "'");
  }

  private static int[] labelsOf(
      NodeInfo node,
      String s,
      int ellipsisDims,
      int maxEllipsis,
      Map<Character, Integer> ids,
      List<Boolean> ell) {
    List<Integer> r = new ArrayList<>();
    for (int i = 0; i < s.length(); i++) {
      if (s.startsWith("...", i)) {
        for (int e = maxEllipsis - ellipsisDims; e < maxEllipsis; e++) {
          r.add(e);
        }
        i += 2;
        continue;
      }
      char c = s.charAt(i);
      if (!Character.isLetter(c)) {
        throw node.invalidArgument("Invalid character '" + c + "' in einsum equation: " + s);
      }
      Integer id = ids.get(c);
      if (id == null) {
        id = ell.size();
        ids.put(c, id);
        ell.add(false);
      }
      r.add(id);
    }
    return r.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Each label's size from the inputs' dims (-1 unknown); mismatches are INVALID_ARGUMENT. */
  public long[] labelSizes(NodeInfo node, long[][] dims) {
    long[] size = new long[labels];
    java.util.Arrays.fill(size, -2);
    for (int i = 0; i < inputs.length; i++) {
      for (int a = 0; a < inputs[i].length; a++) {
        int l = inputs[i][a];
        long d = dims[i][a];
        if (d < 0) {
          continue;
        }
        if (size[l] == -2 || size[l] == -1 || (ellipsis[l] && size[l] == 1)) {
          size[l] = d;
        } else if (size[l] != d && !(ellipsis[l] && d == 1)) {
          throw node.invalidArgument(
              "Expected dimension "
                  + size[l]
                  + " at axis "
                  + a
                  + " of the input shaped "
                  + PartialShape.of(dims[i])
                  + " but got dimension "
                  + d);
        }
      }
    }
    for (int l = 0; l < labels; l++) {
      if (size[l] == -2) {
        size[l] = ellipsis[l] ? 1 : -1;
      }
    }
    return size;
  }
}
