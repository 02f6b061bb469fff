package dev.rawops.kernels.cpu.parsing;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * DecodeCompressed on CPU (decode_compressed_op.cc over TF's ZlibInputStream), through
 * java.util.zip's zlib: "" passes the bytes through; ZLIB inflates one zlib stream and ignores what
 * follows it; GZIP inflates gzip members one after another (zlib's inflateReset after each, as TF's
 * stream does), checking their headers and trailers with zlib's words. As in TF, input that ends
 * early is not an error: the bytes inflated so far are the result. Corrupt data is DATA_LOSS {@code
 * inflate() failed with error -3: <zlib's message>}.
 */
final class CpuDecodeCompressed {
  private CpuDecodeCompressed() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("DecodeCompressed", Device.CPU).build(CpuDecodeCompressed::kernel));

  /** zlib's Z_DATA_ERROR and Z_NEED_DICT, the codes TF's message carries. */
  private static final int Z_DATA_ERROR = -3;

  private static final int Z_NEED_DICT = 2;

  private static dev.rawops.kernels.Kernel kernel(NodeInfo node) {
    String type = node.attrs().getString("compression_type");
    if (!type.isEmpty() && !type.equals("ZLIB") && !type.equals("GZIP")) {
      throw node.invalidArgument("Only ZLIB, GZIP or NONE are supported compressions");
    }
    return ctx -> decode(node, type, ctx);
  }

  private static void decode(NodeInfo node, String type, KernelContext ctx) {
    Tensor in = ctx.input(0);
    byte[][] s = KernelAccess.strings(in);
    TensorBuffer out = ctx.allocate(DType.STRING, in.shape());
    byte[][] o = out.strings();
    for (int i = 0; i < s.length; i++) {
      o[i] =
          switch (type) {
            case "" -> s[i];
            case "ZLIB" -> zlib(node, s[i]);
            default -> gzip(node, s[i]);
          };
    }
    ctx.setOutput(0, out.freeze());
  }

  private static byte[] zlib(NodeInfo node, byte[] in) {
    Inflater inf = new Inflater(false);
    try {
      inf.setInput(in);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      inflate(node, inf, out);
      return out.toByteArray();
    } finally {
      inf.end();
    }
  }

  /** Inflates until the stream ends or the input runs out; zlib's errors as TF reports them. */
  private static void inflate(NodeInfo node, Inflater inf, ByteArrayOutputStream out) {
    byte[] buf = new byte[64 * 1024];
    try {
      while (!inf.finished()) {
        int n = inf.inflate(buf);
        out.write(buf, 0, n);
        if (n == 0) {
          if (inf.needsDictionary()) {
            throw node.error(Code.DATA_LOSS, "inflate() failed with error " + Z_NEED_DICT);
          }
          if (inf.needsInput()) {
            return;
          }
        }
      }
    } catch (DataFormatException e) {
      throw dataLoss(node, e.getMessage());
    }
  }

  private static dev.rawops.RawOpsException dataLoss(NodeInfo node, String zlibMessage) {
    String m = "inflate() failed with error " + Z_DATA_ERROR;
    return node.error(Code.DATA_LOSS, zlibMessage == null ? m : m + ": " + zlibMessage);
  }

  /** Gzip members one after another, each a header, raw deflate data and a CRC/size trailer. */
  private static byte[] gzip(NodeInfo node, byte[] in) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = 0;
    while (at < in.length) {
      int data = gzipHeader(node, in, at);
      if (data < 0) {
        return out.toByteArray(); // the header ends early: nothing more comes out
      }
      Inflater inf = new Inflater(true);
      try {
        inf.setInput(in, data, in.length - data);
        int start = out.size();
        inflate(node, inf, out);
        if (!inf.finished()) {
          return out.toByteArray();
        }
        int trailer = in.length - inf.getRemaining();
        if (in.length - trailer < 8) {
          return out.toByteArray();
        }
        CRC32 crc = new CRC32();
        byte[] member = out.toByteArray();
        crc.update(member, start, member.length - start);
        if ((int) crc.getValue() != le32(in, trailer)) {
          throw dataLoss(node, "incorrect data check");
        }
        if (member.length - start != le32(in, trailer + 4)) {
          throw dataLoss(node, "incorrect length check");
        }
        at = trailer + 8;
      } finally {
        inf.end();
      }
    }
    return out.toByteArray();
  }

  private static int le32(byte[] b, int at) {
    return (b[at] & 0xFF)
        | (b[at + 1] & 0xFF) << 8
        | (b[at + 2] & 0xFF) << 16
        | (b[at + 3] & 0xFF) << 24;
  }

  /**
   * zlib's gzip header checks from {@code at}: where the deflate data starts, or -1 when the input
   * ends inside the header.
   */
  private static int gzipHeader(NodeInfo node, byte[] in, int at) {
    int n = in.length;
    if (n - at < 2) {
      return -1;
    }
    if ((in[at] & 0xFF) != 0x1F || (in[at + 1] & 0xFF) != 0x8B) {
      throw dataLoss(node, "incorrect header check");
    }
    if (n - at < 3) {
      return -1;
    }
    if (in[at + 2] != 8) {
      throw dataLoss(node, "unknown compression method");
    }
    if (n - at < 4) {
      return -1;
    }
    int flags = in[at + 3] & 0xFF;
    if ((flags & 0xE0) != 0) {
      throw dataLoss(node, "unknown header flags set");
    }
    int p = at + 10;
    if (p > n) {
      return -1;
    }
    if ((flags & 0x04) != 0) {
      if (p + 2 > n) {
        return -1;
      }
      p += 2 + ((in[p] & 0xFF) | (in[p + 1] & 0xFF) << 8);
      if (p > n) {
        return -1;
      }
    }
    for (int bit : new int[] {0x08, 0x10}) {
      if ((flags & bit) != 0) {
        while (p < n && in[p] != 0) {
          p++;
        }
        if (p >= n) {
          return -1;
        }
        p++;
      }
    }
    if ((flags & 0x02) != 0) {
      if (p + 2 > n) {
        return -1;
      }
      CRC32 crc = new CRC32();
      crc.update(in, at, p - at);
      int want = (in[p] & 0xFF) | (in[p + 1] & 0xFF) << 8;
      if ((crc.getValue() & 0xFFFF) != want) {
        throw dataLoss(node, "header crc mismatch");
      }
      p += 2;
    }
    return p;
  }
}
