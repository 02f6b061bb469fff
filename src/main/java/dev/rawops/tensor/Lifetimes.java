package dev.rawops.tensor;

/**
 * The runtime's handle on tensor memory lifetimes (not for kernels or users): which run a tensor's
 * pooled memory belongs to, dropping a dead intermediate's reference, marking memory as escaped
 * (never to be reused) and giving a caller an object of its own.
 */
public final class Lifetimes {
  private Lifetimes() {}

  /** True when {@code t}'s memory came from {@code run}'s pool and has not escaped. */
  public static boolean ownedBy(Tensor t, Object run) {
    Storage s = t.storage();
    return s != null && s.owner == run && !s.escaped();
  }

  /**
   * {@code run} no longer uses {@code t} and nothing else can reach it: closes it and drops its
   * reference to pooled memory; returns the bytes that went back to the pool (0 when a view still
   * shares them, or the memory is not {@code run}'s).
   */
  public static long drop(Tensor t, Object run) {
    if (!ownedBy(t, run)) {
      return 0;
    }
    t.markClosed();
    Storage s = t.storage();
    // Device memory is not counted in the run's host bytes.
    return t.releaseStorage() && !t.isOnDevice() ? s.block.size() : 0;
  }

  /** {@code t}'s memory may be reached by state outside the run: it is never reused. */
  public static void escape(Tensor t) {
    Storage s = t.storage();
    if (s != null) {
      s.escape();
    }
  }

  /** Bytes of pooled memory under {@code t} (its whole block), or 0. */
  public static long pooledBytes(Tensor t) {
    Storage s = t.storage();
    return s == null ? 0 : s.block.size();
  }

  /**
   * A tensor object of the caller's own over {@code t}'s data, so that closing it cannot affect
   * {@code t} (a constant, a feed, a variable's value); {@code t}'s memory is never reused.
   */
  public static Tensor forCaller(Tensor t) {
    escape(t);
    if (t.dtype().isObject()) {
      Object[] objects = new Object[Math.toIntExact(t.numElements())];
      for (int i = 0; i < objects.length; i++) {
        objects[i] = t.getObject(i);
      }
      return Tensor.ofObjects(t.dtype(), t.shape(), objects);
    }
    if (t.dtype() == DType.STRING) {
      return new Tensor(DType.STRING, t.shape(), null, t.stringArray(), null);
    }
    return new Tensor(t.dtype(), t.shape(), t.segment(), null, null);
  }

  /**
   * Another object over the same pooled memory, holding its own reference: a tensor fetched twice
   * is handed out as two objects, and the memory goes back when both are closed.
   */
  public static Tensor share(Tensor t) {
    Storage s = t.storage();
    if (t.isOnDevice()) {
      if (s != null) {
        s.retain();
      }
      return new Tensor(t.dtype(), t.shape(), t.device(), t.deviceAddress(), null, s);
    }
    if (s == null || t.dtype().isObject() || t.dtype() == DType.STRING) {
      return forCaller(t);
    }
    s.retain();
    return new Tensor(t.dtype(), t.shape(), t.segment(), null, null, s);
  }

  /**
   * True when {@code run} made {@code t} (or a view of its memory): only that run reaches it, so
   * the run may count its holders in the tensor itself.
   */
  public static boolean madeBy(Tensor t, Object run) {
    if (t.owner() == run) {
      return true;
    }
    Storage s = t.storage();
    return s != null && s.owner == run;
  }

  /** The run-local holder count of a tensor {@link #madeBy} the calling run. */
  public static int holds(Tensor t) {
    return t.runHolds;
  }

  /** Adds {@code delta} to that count (never below 0) and returns the new count. */
  public static int addHolds(Tensor t, int delta) {
    int c = Math.max(0, t.runHolds + delta);
    t.runHolds = c;
    return c;
  }
}
