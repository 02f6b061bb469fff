package dev.rawops.ops.nn;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;

/**
 * DataFormatVecPermute's and DataFormatDimMap's checks and index math (TF's data_format_ops): the
 * src_format/dst_format attrs (length 4 or 5, one a permutation of the other) and, for VecPermute,
 * the input shapes it takes and where each element goes. Shared by every device.
 */
public final class DataFormatGeometry {
  private DataFormatGeometry() {}

  /**
   * TF's attr checks, in its order; for each position of src_format, the position of its letter in
   * dst_format.
   */
  public static int[] dimMap(NodeInfo node) {
    String src = node.attrs().getString("src_format");
    String dst = node.attrs().getString("dst_format");
    if (src.length() != 4 && src.length() != 5) {
      throw node.invalidArgument(
          "Source format must be of length 4 or 5, received src_format = " + src);
    }
    if (dst.length() != 4 && dst.length() != 5) {
      throw node.invalidArgument(
          "Destination format must be of length 4 or 5, received dst_format = " + dst);
    }
    if (!isPermutation(src, dst)) {
      throw node.invalidArgument(
          "Destination and source format must determine a permutation, got " + src + " and " + dst);
    }
    int[] map = new int[src.length()];
    for (int i = 0; i < map.length; i++) {
      map[i] = dst.indexOf(src.charAt(i));
    }
    return map;
  }

  private static boolean isPermutation(String src, String dst) {
    if (src.length() != dst.length()) {
      return false;
    }
    java.util.Map<Character, Boolean> seen = new java.util.HashMap<>();
    for (int i = 0; i < src.length(); i++) {
      char c = src.charAt(i);
      if (seen.getOrDefault(c, false)) {
        return false;
      }
      seen.put(c, true);
    }
    for (int i = 0; i < dst.length(); i++) {
      char c = dst.charAt(i);
      if (!seen.getOrDefault(c, false)) {
        return false;
      }
      seen.put(c, false);
    }
    return true;
  }

  /**
   * DataFormatVecPermute: TF's checks of the input shape and, for each input element i, the output
   * element it moves to (y[to[i]] = x[i]). A leading dimension of 2 holds only the spatial
   * dimensions (H and W).
   */
  public static int[] vecPermute(NodeInfo node, Shape shape) {
    String src = node.attrs().getString("src_format");
    String dst = node.attrs().getString("dst_format");
    int rank = shape.rank();
    if (rank != 1 && rank != 2) {
      throw node.invalidArgument("input must be a vector or 2D tensor, but got shape " + shape);
    }
    long d0 = shape.dim(0);
    int n = src.length();
    String sizes = (n - 2) + " or " + n;
    if (rank == 1 && d0 != n - 2 && d0 != n) {
      throw node.invalidArgument("1D input must be of size " + sizes + ", but got shape " + shape);
    }
    if (rank == 2 && d0 != n - 2 && d0 != n) {
      throw node.invalidArgument(
          "First dimension of 2D input must be of size " + sizes + ", but got shape " + shape);
    }
    if (rank == 2 && shape.dim(1) != 2) {
      throw node.invalidArgument(
          "Second dimension of 2D input must be of size 2, but got shape " + shape);
    }
    if (d0 == n - 2) {
      String spatial = n == 5 ? "[^DHW]" : "[^HW]";
      src = src.replaceAll(spatial, "");
      dst = dst.replaceAll(spatial, "");
      if (src.length() != n - 2 || dst.length() != n - 2) {
        throw node.invalidArgument(
            n == 5
                ? "Format specifier must contain D, H and W for 3D case"
                : "Format specifier must contain H and W for 2D case");
      }
    }
    if (src.length() != d0) {
      throw node.invalidArgument("input of shape " + shape + " does not match src_format " + src);
    }
    int[] to = new int[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < src.length(); i++) {
      int j = dst.indexOf(src.charAt(i));
      for (int k = 0; k < rank; k++) {
        to[i * rank + k] = j * rank + k;
      }
    }
    return to;
  }
}
