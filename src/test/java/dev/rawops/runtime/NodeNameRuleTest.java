package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written node name check agrees with TF's rule as a regex (graph_constructor.cc). */
class NodeNameRuleTest {
  private static final Pattern TF_RULE =
      Pattern.compile("[A-Za-z0-9.][A-Za-z0-9_./-]*(>[A-Za-z0-9.][A-Za-z0-9_./-]*)*");

  @Test
  void agreesWithTheRegex() {
    String alphabet = "aZ09._/->:^ \u00e9";
    SplittableRandom r = new SplittableRandom(14);
    for (int i = 0; i < 50_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = r.nextInt(7); n > 0; n--) {
        b.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      String name = b.toString();
      assertEquals(TF_RULE.matcher(name).matches(), GraphBuilder.validNodeName(name), name);
    }
  }
}
