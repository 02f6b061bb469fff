package dev.rawops.ops.indexing;

import static dev.rawops.ops.indexing.StridedSliceMasks.bit;

import java.util.ArrayList;
import java.util.List;

/**
 * StridedSlice specs written the way Python writes them, {@code x[1, 2:4, tf.newaxis, ..., :-3:-1,
 * :]}, and their masks decoded bit by bit; for people reading exported graphs.
 */
public final class StridedSliceNotation {
  private StridedSliceNotation() {}

  /**
   * The spec in Python notation. A vector that is not known (null) shows as {@code b[i]}, {@code
   * e[i]} or {@code s[i]}; a stride of 1 is omitted, as are masked bounds.
   */
  public static String python(
      String input, StridedSliceMasks m, int entries, long[] begin, long[] end, long[] strides) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      parts.add(
          switch (m.entry(i)) {
            case ELLIPSIS -> "...";
            case NEW_AXIS -> "tf.newaxis";
            case SHRINK -> value(begin, "b", i);
            case RANGE -> range(m, i, begin, end, strides);
          });
    }
    return input + "[" + (parts.isEmpty() ? "..." : String.join(", ", parts)) + "]";
  }

  private static String range(
      StridedSliceMasks m, int i, long[] begin, long[] end, long[] strides) {
    String b = bit(m.begin(), i) ? "" : value(begin, "b", i);
    String e = bit(m.end(), i) ? "" : value(end, "e", i);
    boolean unitStride = strides != null && strides[i] == 1;
    return b + ":" + e + (unitStride ? "" : ":" + value(strides, "s", i));
  }

  private static String value(long[] v, String name, int i) {
    return v == null ? name + "[" + i + "]" : Long.toString(v[i]);
  }

  /**
   * One line per mask with a bit set: the mask's value, then what each bit does to its entry (or
   * that it does nothing, when a stronger mask claims the entry or it lies past the spec). {@code
   * entries} is the spec's length, -1 if unknown.
   */
  public static List<String> decodeMasks(StridedSliceMasks m, int entries) {
    List<String> lines = new ArrayList<>();
    for (String name : StridedSliceMasks.ATTRS) {
      int mask = m.get(name);
      if (mask == 0) {
        continue;
      }
      List<String> bits = new ArrayList<>();
      for (int i : StridedSliceMasks.bits(mask)) {
        bits.add("bit " + i + ": " + meaning(name, m, i, entries));
      }
      lines.add(name + " = " + mask + "\n    " + String.join("\n    ", bits));
    }
    return lines;
  }

  private static String meaning(String mask, StridedSliceMasks m, int i, int entries) {
    if (entries >= 0 && i >= entries) {
      return "no effect: the spec has only " + entries + " entries";
    }
    StridedSliceMasks.Entry kind = m.entry(i);
    return switch (mask) {
      case "ellipsis_mask" -> "entry " + i + " is ...: as many whole dimensions as the input needs";
      case "new_axis_mask" ->
          kind == StridedSliceMasks.Entry.NEW_AXIS
              ? "entry " + i + " is tf.newaxis: a new dimension of size 1"
              : overridden(i, kind);
      case "shrink_axis_mask" ->
          kind == StridedSliceMasks.Entry.SHRINK
              ? "entry " + i + " is the single index b[" + i + "]: its dimension is dropped"
              : overridden(i, kind);
      case "begin_mask" ->
          kind == StridedSliceMasks.Entry.RANGE
              ? "entry "
                  + i
                  + " ignores b["
                  + i
                  + "]: starts at the first element in the stride's direction"
              : overridden(i, kind);
      default ->
          kind == StridedSliceMasks.Entry.RANGE
              ? "entry "
                  + i
                  + " ignores e["
                  + i
                  + "]: runs through the last element in the stride's direction"
              : overridden(i, kind);
    };
  }

  private static String overridden(int i, StridedSliceMasks.Entry kind) {
    String what =
        switch (kind) {
          case ELLIPSIS -> "an ellipsis";
          case NEW_AXIS -> "a new axis";
          case SHRINK -> "a single index";
          case RANGE -> "a range";
        };
    return "no effect: entry " + i + " is " + what;
  }
}
