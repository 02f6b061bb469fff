package dev.rawops.ops;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import java.util.Map;
import java.util.Optional;

/**
 * Ops that graphs name but TensorFlow core does not define: they come from libraries that load
 * their own kernels into TF (tf.load_op_library), so a graph exported with one of them imported
 * carries ops that TF 2.18 alone cannot run either. {@link OpRegistry#lookup} names the library in
 * its NOT_FOUND error, so that the user knows what the graph needs rather than only that an op is
 * missing.
 *
 * <p>The names are those the libraries register (REGISTER_OP in tensorflow/text and
 * tensorflow/addons; tensorflow_io, TF Addons and newer tensorflow_text ops share a namespace
 * prefix, {@code IO>}, {@code Addons>} and {@code TFText>}).
 */
public final class ForeignOps {
  private ForeignOps() {}

  static final String TENSORFLOW_TEXT = "tensorflow_text";

  /** Op names without a namespace, registered by tensorflow_text. */
  private static final ImmutableSet<String> TEXT_OPS =
      ImmutableSet.of(
          "CaseFoldUTF8",
          "ConstrainedSequence",
          "FastBertNormalize",
          "FastWordpieceTokenizeWithOffsets",
          "FindSourceOffsets",
          "MaxSpanningTree",
          "NormalizeUTF8",
          "NormalizeUTF8WithOffsetsMap",
          "PhraseTokenize",
          "RegexSplitWithOffsets",
          "RougeL",
          "SentenceFragments",
          "SentenceFragmentsV2",
          "SentencepieceDetokenizeOp",
          "SentencepieceIdToStringOp",
          "SentencepieceOp",
          "SentencepieceStringToIdOp",
          "SentencepieceTokenizeOp",
          "SentencepieceTokenizeWithOffsetsOp",
          "SentencepieceVocabSizeOp",
          "SplitMergeTokenizeWithOffsets",
          "TokenizerFromLogits",
          "UnicodeScriptTokenizeWithOffsets",
          "WhitespaceTokenizeWithOffsets",
          "WordpieceTokenizeWithOffsets");

  /** Op-name namespace prefix → the library that registers every op under it. */
  private static final ImmutableMap<String, String> PREFIXES =
      ImmutableMap.of(
          "TFText>", TENSORFLOW_TEXT,
          "Addons>", "TensorFlow Addons (tensorflow_addons)",
          "IO>", "tensorflow_io");

  /** The op names (without a namespace prefix) the table lists one by one. */
  public static ImmutableSet<String> unprefixedOps() {
    return TEXT_OPS;
  }

  /** The library that defines {@code op}, when it is one of the known libraries' ops. */
  public static Optional<String> library(String op) {
    if (TEXT_OPS.contains(op)) {
      return Optional.of(TENSORFLOW_TEXT);
    }
    for (Map.Entry<String, String> e : PREFIXES.entrySet()) {
      if (op.startsWith(e.getKey()) && op.length() > e.getKey().length()) {
        return Optional.of(e.getValue());
      }
    }
    return Optional.empty();
  }
}
