package dev.rawops;

import com.google.protobuf.InvalidProtocolBufferException;

/**
 * Protobuf's parse errors in the words of a file's reader: protobuf's advice to the Java programmer
 * ("Use setRecursionLimit() to increase …") never reaches a user, who cannot follow it.
 */
public final class ProtoErrors {
  private ProtoErrors() {}

  /** What is wrong with the bytes, for a message that goes on to name the file. */
  public static String describe(InvalidProtocolBufferException e) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    if (m.contains("too many levels of nesting")) {
      return "its messages nest more than 100 levels deep (protobuf's limit for input from"
          + " elsewhere)";
    }
    if (m.contains("too large")) {
      return "a message in it is larger than protobuf's 2 GiB limit";
    }
    int use = m.indexOf("  Use ");
    return (use >= 0 ? m.substring(0, use) : m).trim();
  }
}
