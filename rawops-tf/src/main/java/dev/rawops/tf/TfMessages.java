package dev.rawops.tf;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes TF's error messages deterministic for the fixtures: "No OpKernel was registered" lists a
 * node's attrs in hash-map order (it changes between runs) followed by every registered kernel of
 * the op (thousands of characters); the attrs are sorted and the kernel list left out.
 */
public final class TfMessages {
  private TfMessages() {}

  private static final Pattern ATTRS = Pattern.compile("with these attrs: \\[([^\\]]*)\\]");
  private static final String KERNELS = "\nRegistered kernels:\n";

  public static String normalize(String message) {
    String m = message;
    int kernels = m.indexOf(KERNELS);
    if (kernels >= 0) {
      int end = m.indexOf("\n\n", kernels + KERNELS.length());
      m =
          m.substring(0, kernels)
              + "\nRegistered kernels: (list left out by the fixture generator)"
              + (end >= 0 ? m.substring(end + 1) : "");
    }
    Matcher a = ATTRS.matcher(m);
    if (a.find()) {
      String[] attrs = a.group(1).split(", ");
      Arrays.sort(attrs);
      m = m.substring(0, a.start(1)) + String.join(", ", attrs) + m.substring(a.end(1));
    }
    return m;
  }
}
