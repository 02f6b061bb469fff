package dev.rawops.runtime;

import dev.rawops.tensor.Tensor;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link RunObserver} that records what a run did: per-op totals (nodes run, kernel time, bytes
 * of output) for {@code rawops run --stats}, and optionally one slice per node for a Chrome /
 * Perfetto trace ({@code --trace FILE.json}). Thread-safe.
 */
public final class RunRecorder implements RunObserver {
  /** Totals of one op over a run. */
  public record OpTotals(String op, long count, long nanos, long bytesOut) {}

  private record Slice(
      String name,
      String op,
      long start,
      long end,
      String thread,
      long tid,
      String shapes,
      long bytes) {}

  private final boolean slices;
  private final long origin = System.nanoTime();
  private final Map<String, long[]> totals = new TreeMap<>();
  private final List<Slice> trace = new ArrayList<>();

  /** A recorder of totals, and of per-node slices when {@code slices}. */
  public RunRecorder(boolean slices) {
    this.slices = slices;
  }

  @Override
  public void nodeDone(String name, String op, long startNanos, long endNanos, Tensor[] outputs) {
    long bytes = 0;
    StringBuilder shapes = slices ? new StringBuilder("[") : null;
    for (Tensor t : outputs) {
      if (t != null && t.dtype().isFixedWidth()) {
        bytes += t.byteSize();
      }
      if (shapes != null) {
        if (shapes.length() > 1) {
          shapes.append(", ");
        }
        shapes.append(t == null ? "\"dead\"" : "\"" + t.dtype().tfName() + t.shape() + "\"");
      }
    }
    synchronized (this) {
      long[] tot = totals.computeIfAbsent(op, k -> new long[3]);
      tot[0]++;
      tot[1] += endNanos - startNanos;
      tot[2] += bytes;
      if (slices) {
        Thread th = Thread.currentThread();
        trace.add(
            new Slice(
                name,
                op,
                startNanos,
                endNanos,
                th.getName(),
                th.threadId(),
                shapes.append(']').toString(),
                bytes));
      }
    }
  }

  /** Per-op totals, by op name. */
  public synchronized List<OpTotals> totals() {
    List<OpTotals> out = new ArrayList<>();
    totals.forEach((op, t) -> out.add(new OpTotals(op, t[0], t[1], t[2])));
    return out;
  }

  /** The totals as a table, most time first, with the pool's high-water mark. */
  public String formatStats(long peakPoolBytes) {
    List<OpTotals> rows = new ArrayList<>(totals());
    rows.sort((a, b) -> Long.compare(b.nanos(), a.nanos()));
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(Locale.ROOT, "%-28s %8s %12s %14s%n", "op", "count", "time_ms", "bytes_out"));
    long count = 0;
    long nanos = 0;
    long bytes = 0;
    for (OpTotals r : rows) {
      s.append(
          String.format(
              Locale.ROOT,
              "%-28s %8d %12.3f %14d%n",
              r.op(),
              r.count(),
              r.nanos() / 1e6,
              r.bytesOut()));
      count += r.count();
      nanos += r.nanos();
      bytes += r.bytesOut();
    }
    s.append(
        String.format(Locale.ROOT, "%-28s %8d %12.3f %14d%n", "total", count, nanos / 1e6, bytes));
    s.append("pool peak bytes: ").append(peakPoolBytes).append('\n');
    s.append(
        "note: time_ms is the wall time of this run's kernels, the JVM's warm-up included: in a"
            + " fresh JVM a kernel's first calls run before the JIT has compiled it and can take"
            + " milliseconds for a few elements; time a warm session (the Java API or JMH) for"
            + " steady-state figures\n");
    return s.toString();
  }

  /** Writes the recorded slices as Chrome trace JSON (chrome://tracing, ui.perfetto.dev). */
  public void writeTrace(Writer w) throws IOException {
    List<Slice> copy;
    synchronized (this) {
      copy = new ArrayList<>(trace);
    }
    w.write("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n");
    Map<Long, String> threads = new TreeMap<>();
    boolean first = true;
    for (Slice s : copy) {
      threads.put(s.tid(), s.thread());
      if (!first) {
        w.write(",\n");
      }
      first = false;
      w.write(
          String.format(
              Locale.ROOT,
              "{\"name\": %s, \"cat\": %s, \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 1,"
                  + " \"tid\": %d, \"args\": {\"op\": %s, \"outputs\": %s, \"bytes\": %d}}",
              json(s.name()),
              json(s.op()),
              (s.start() - origin) / 1e3,
              (s.end() - s.start()) / 1e3,
              s.tid(),
              json(s.op()),
              s.shapes(),
              s.bytes()));
    }
    for (Map.Entry<Long, String> t : threads.entrySet()) {
      w.write(first ? "" : ",\n");
      first = false;
      w.write(
          String.format(
              Locale.ROOT,
              "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %d,"
                  + " \"args\": {\"name\": %s}}",
              t.getKey(),
              json(t.getValue())));
    }
    w.write("\n]}\n");
  }

  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
