package dev.rawops.kernels.cpu.strings;

import com.ibm.icu.lang.UScript;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * UnicodeScript on CPU (unicode_script_op.cc): ICU's {@code uscript_getScript} for each code point,
 * through ICU4J at the ICU release TF 2.18 links (69.1, Unicode 13): its UScriptCode numbers,
 * USCRIPT_UNKNOWN (103) for unassigned code points, and -1 where ICU fails (a negative value or one
 * past U+10FFFF).
 */
final class CpuUnicodeScript {
  private CpuUnicodeScript() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("UnicodeScript", Device.CPU)
              .build(
                  n ->
                      ctx -> {
                        Tensor in = ctx.input(0);
                        int[] cps = in.toIntArray();
                        TensorBuffer out = ctx.allocateUninitialized(DType.INT32, in.shape());
                        MemorySegment o = out.segment();
                        for (int i = 0; i < cps.length; i++) {
                          o.setAtIndex(Layouts.I32, i, script(cps[i]));
                        }
                        ctx.setOutput(0, out.freeze());
                      }));

  static int script(int codePoint) {
    if (codePoint < 0 || codePoint > 0x10FFFF) {
      return -1;
    }
    return UScript.getScript(codePoint);
  }
}
