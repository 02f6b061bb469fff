package dev.rawops.ops.indexing;

import dev.rawops.ops.Attrs;
import dev.rawops.ops.NodeInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * StridedSlice's five bitfields. Bit i concerns entry i of the sparse slice spec (the begin, end
 * and strides vectors). An entry is an ellipsis if its ellipsis bit is set, else a new axis if its
 * new-axis bit is set, else a single index if its shrink bit is set, else a range whose begin and
 * end the begin/end bits may replace by the widest bound (TensorFlow's precedence).
 */
public record StridedSliceMasks(int begin, int end, int ellipsis, int newAxis, int shrink) {
  /** The attr names, in TF's order. */
  public static final List<String> ATTRS =
      List.of("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask");

  /** What one entry of the sparse spec means. */
  public enum Entry {
    ELLIPSIS,
    NEW_AXIS,
    SHRINK,
    RANGE
  }

  /** The node's masks; {@link #check} has vetted them at build time. */
  public static StridedSliceMasks of(NodeInfo node) {
    Attrs a = node.attrs();
    return new StridedSliceMasks(
        (int) a.getInt("begin_mask"),
        (int) a.getInt("end_mask"),
        (int) a.getInt("ellipsis_mask"),
        (int) a.getInt("new_axis_mask"),
        (int) a.getInt("shrink_axis_mask"));
  }

  /**
   * Build-time rules on the attrs alone: each mask fits TF's int32 (GetAttr's check), and at most
   * one ellipsis bit is set (TF checks it only once it has constant strides; we always do).
   */
  public static void check(NodeInfo node) {
    for (String name : ATTRS) {
      node.int32Attr(name);
    }
    checkEllipsis(node, node.int32Attr("ellipsis_mask"));
  }

  /** TF's rule that ellipsis_mask is 0 or a power of two. */
  static void checkEllipsis(NodeInfo node, int e) {
    if ((e & (e - 1)) != 0) {
      throw node.invalidArgument(
          "Multiple ellipses in slice spec not allowed: ellipsis_mask = "
              + e
              + " sets bits "
              + joinBits(e)
              + "; at most one entry may be an ellipsis");
    }
  }

  /** True when bit {@code i} of {@code mask} is set; bits past 31 are never set. */
  public static boolean bit(int mask, int i) {
    return i >= 0 && i < Integer.SIZE && ((mask >>> i) & 1) != 0;
  }

  /** What entry {@code i} of the sparse spec is. */
  public Entry entry(int i) {
    if (bit(ellipsis, i)) {
      return Entry.ELLIPSIS;
    }
    if (bit(newAxis, i)) {
      return Entry.NEW_AXIS;
    }
    return bit(shrink, i) ? Entry.SHRINK : Entry.RANGE;
  }

  /** The mask of attr {@code name} (one of {@link #ATTRS}). */
  public int get(String name) {
    return switch (name) {
      case "begin_mask" -> begin;
      case "end_mask" -> end;
      case "ellipsis_mask" -> ellipsis;
      case "new_axis_mask" -> newAxis;
      case "shrink_axis_mask" -> shrink;
      default -> throw new IllegalArgumentException("not a StridedSlice mask: " + name);
    };
  }

  /** The set bits of {@code mask}, low to high. */
  public static List<Integer> bits(int mask) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < Integer.SIZE; i++) {
      if (bit(mask, i)) {
        out.add(i);
      }
    }
    return out;
  }

  /** "1 and 3", "0, 2 and 5". */
  static String joinBits(int mask) {
    List<Integer> b = bits(mask);
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < b.size(); k++) {
      sb.append(k == 0 ? "" : k == b.size() - 1 ? " and " : ", ").append(b.get(k));
    }
    return sb.toString();
  }
}
