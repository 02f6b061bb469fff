package dev.rawops.kernels.cpu.parsing;

/**
 * A cursor over protobuf wire bytes with the semantics of the calls TF's fast Example parser makes
 * on protobuf's C++ CodedInputStream (example_proto_fast_parsing.cc): limits that never grow past
 * the enclosing one, ExpectTag comparing one byte, varints of up to ten bytes, and skips that stop
 * at the limit. TF does not parse tf.Example with the generated message code, so neither do we: its
 * reverse walk over duplicate keys, its per-feature errors and what it tolerates all come from this
 * wire-level reading.
 */
final class ExampleWire {
  final byte[] buf;
  int pos;
  int limit;

  /** The value of the last successful {@link #varint64()}. */
  long last;

  ExampleWire(byte[] buf, int from, int to) {
    this.buf = buf;
    this.pos = from;
    this.limit = to;
  }

  boolean atEnd() {
    return pos >= limit;
  }

  int remaining() {
    return limit - pos;
  }

  /** The next byte, or 0 at the limit (TF's PeekTag). */
  int peek() {
    return pos < limit ? buf[pos] & 0xFF : 0;
  }

  boolean expectTag(int tag) {
    if (pos < limit && (buf[pos] & 0xFF) == tag) {
      pos++;
      return true;
    }
    return false;
  }

  /** A varint's low 32 bits as an unsigned value, or -1 when it is truncated or too long. */
  long varint32() {
    if (!varint64()) {
      return -1;
    }
    return last & 0xFFFFFFFFL;
  }

  boolean varint64() {
    long v = 0;
    for (int i = 0; i < 10; i++) {
      if (pos >= limit) {
        return false;
      }
      int b = buf[pos++] & 0xFF;
      if (i < 9 || (b & 0x7F) <= 1) {
        v |= (long) (b & 0x7F) << (7 * i);
      }
      if ((b & 0x80) == 0) {
        last = v;
        return true;
      }
    }
    return false;
  }

  /** A tag, or 0 at the limit or on a bad varint (CodedInputStream::ReadTag). */
  long readTag() {
    if (pos >= limit) {
      return 0;
    }
    long t = varint32();
    return t < 0 ? 0 : t;
  }

  /** Narrows the limit to {@code len} more bytes; a limit never grows. Returns the old one. */
  int pushLimit(long len) {
    int old = limit;
    if (len >= 0 && len <= Integer.MAX_VALUE && len < (long) limit - pos) {
      limit = (int) (pos + len);
    }
    return old;
  }

  void popLimit(int old) {
    limit = old;
  }

  /** Skips {@code n} bytes; past the limit it stops there and fails, as Skip does. */
  boolean skip(long n) {
    if (n < 0 || n > Integer.MAX_VALUE) {
      return false;
    }
    if (n > limit - pos) {
      pos = limit;
      return false;
    }
    pos += (int) n;
    return true;
  }

  int fixed32() {
    int v =
        (buf[pos] & 0xFF)
            | (buf[pos + 1] & 0xFF) << 8
            | (buf[pos + 2] & 0xFF) << 16
            | (buf[pos + 3] & 0xFF) << 24;
    pos += 4;
    return v;
  }

  /**
   * TF's ParseString: a length, then that many bytes, whose start is returned (or -1 when they run
   * past the limit); an empty string is fine even at the limit.
   */
  int string(int[] lengthOut) {
    long len = varint32();
    if (len < 0) {
      return -1;
    }
    if (len == 0) {
      lengthOut[0] = 0;
      return pos;
    }
    if (len > limit - pos) {
      return -1;
    }
    int start = pos;
    pos += (int) len;
    lengthOut[0] = (int) len;
    return start;
  }

  /** TF's SkipExtraneousTag: one unknown field of any wire type but groups. */
  boolean skipField() {
    long tag = readTag();
    switch ((int) (tag & 7)) {
      case 0 -> {
        return varint32() >= 0;
      }
      case 1 -> {
        if (remaining() < 8) {
          pos = limit;
          return false;
        }
        pos += 8;
        return true;
      }
      case 2 -> {
        long n = varint32();
        if (n < 0) {
          return false;
        }
        skip(n);
        return true;
      }
      case 5 -> {
        if (remaining() < 4) {
          pos = limit;
          return false;
        }
        pos += 4;
        return true;
      }
      default -> {
        return false;
      }
    }
  }
}
