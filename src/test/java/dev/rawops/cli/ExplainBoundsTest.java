package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.cli.CliRun.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** #16.7: explain on hostile specs ends quickly with a clear answer, never a hang or OOM. */
class ExplainBoundsTest {
  @TempDir Path tmp;

  private static String konst(String name, long n, String values) {
    return "node { name: \""
        + name
        + "\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr { key: \"value\""
        + " value { tensor { dtype: DT_INT32 tensor_shape { dim { size: "
        + n
        + " } } "
        + values
        + " } } } }\n";
  }

  private static String placeholder(String name, long n) {
    return "node { name: \""
        + name
        + "\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_INT32 } }"
        + " attr { key: \"shape\" value { shape { dim { size: "
        + n
        + " } } } } }\n";
  }

  private Result explain(String vectors) throws Exception {
    String g =
        "node { name: \"x\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
            + " attr { key: \"shape\" value { shape { dim { size: 4 } dim { size: 4 } } } } }\n"
            + vectors
            + "node { name: \"s\" op: \"StridedSlice\" input: \"x\" input: \"b\" input: \"e\""
            + " input: \"st\" attr { key: \"T\" value { type: DT_FLOAT } }"
            + " attr { key: \"Index\" value { type: DT_INT32 } } }\n";
    Path p = tmp.resolve("g.pbtxt");
    Files.writeString(p, g);
    return assertTimeoutPreemptively(
        Duration.ofSeconds(30), () -> CliRun.rawops("explain", p.toString()));
  }

  @Test
  void placeholderVectorsOfLength1e9_areSummarized() throws Exception {
    Result r =
        explain(
            placeholder("b", 1_000_000_000)
                + placeholder("e", 1_000_000_000)
                + placeholder("st", 1_000_000_000));
    assertTrue(r.out().contains("a spec of 1000000000 entries: too long to show"), r.out());
    assertTrue(r.out().length() < 1000, r.out());
  }

  @Test
  void hugeConstBegin_isNotDecoded() throws Exception {
    Result r =
        explain(
            konst("b", 1_000_000_000, "int_val: 0")
                + konst("e", 1_000_000_000, "int_val: 1")
                + konst("st", 1_000_000_000, "int_val: 1"));
    assertTrue(r.out().contains("a spec of 1000000000 entries"), r.out() + r.err());
  }

  @Test
  void beginAndEndOfDifferentLengths_isTheBuildError() throws Exception {
    Result r =
        explain(
            konst("b", 2, "int_val: 0")
                + konst("e", 3, "int_val: 1")
                + konst("st", 2, "int_val: 1"));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("s = x["), r.out());
    assertTrue(r.err().contains("INVALID_ARGUMENT"), r.err());
  }

  @Test
  void endShorterThanBegin_isTheBuildErrorNotACrash() throws Exception {
    Result r =
        explain(
            konst("b", 2, "int_val: 0")
                + konst("e", 1, "int_val: 3")
                + konst("st", 2, "int_val: 1"));
    assertEquals(1, r.code(), r.err());
    assertTrue(
        r.out()
            .contains("s = x[…]  (begin, end and strides must have one length; they have 2, 1, 2)"),
        r.out());
    assertTrue(r.err().contains("INVALID_ARGUMENT"), r.err());
    assertFalse(r.err().contains("INTERNAL"), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }
}
