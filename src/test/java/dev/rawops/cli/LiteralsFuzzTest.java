package dev.rawops.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;

/** Literal text ({@code --feed x=LITERAL}) → a tensor or INVALID_ARGUMENT, never a crash. */
class LiteralsFuzzTest {
  @FuzzTest(maxDuration = "20s")
  void literalText(FuzzedDataProvider in) {
    DType[] types = DType.values();
    int pick = in.consumeInt(-1, types.length - 1);
    DType expected = pick < 0 || types[pick].isObject() ? null : types[pick];
    String text = in.consumeRemainingAsString();
    try {
      Literals.parse(text, expected);
    } catch (RawOpsException e) {
      // a status: accepted
    }
  }
}
