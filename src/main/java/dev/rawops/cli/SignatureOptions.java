package dev.rawops.cli;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.savedmodel.SavedModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --tag} and {@code --signature}: which MetaGraphDef and SignatureDef of a SavedModel. */
final class SignatureOptions {
  @Option(
      names = "--tag",
      paramLabel = "TAG",
      description =
          "SavedModel only: a tag of the MetaGraphDef to load (repeatable; default serve)")
  List<String> tags = new ArrayList<>();

  @Option(
      names = "--signature",
      paramLabel = "KEY",
      description = "SavedModel only: the signature to run (default serving_default)")
  String signature = SavedModel.DEFAULT_SIGNATURE;

  /** The tags given, as the loaders take them (none: serve). */
  String[] tagArray() {
    return tags.toArray(new String[0]);
  }

  /** The chosen signature of the model at {@code dir}; NOT_FOUND listing the ones it has. */
  SavedModel.Signature pick(Map<String, SavedModel.Signature> signatures, Path dir) {
    SavedModel.Signature sig = signatures.get(signature);
    if (sig == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND,
          "signature '"
              + signature
              + "' is not in "
              + dir
              + "; it has: "
              + String.join(", ", signatures.keySet()));
    }
    return sig;
  }
}
