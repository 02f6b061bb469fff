package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.IntraOpPool;
import dev.rawops.memory.HostAllocator;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link Graph}: only the nodes the fetches and targets need, by TF's ready-queue executor
 * ({@link Executor}), TF 1 control flow included. Safe to call from many threads at once; each run
 * has its own state. Feeds and their tensors are never modified.
 *
 * <p>Memory: a run takes its intermediates' memory from the session's pool and gives each back as
 * soon as its last reader is done, so repeated runs reuse the same memory. The tensors a run
 * returns are the caller's: {@link Tensor#close() close} them when done (try-with-resources) to
 * return their memory to the pool at once; otherwise it is released when they are collected. The
 * session never reuses memory it handed out until the caller closes it.
 */
public final class Session implements AutoCloseable {
  /**
   * How a session runs: intra-op threads (one kernel's work split over threads), inter-op threads
   * (independent nodes at once), the plan cache and the memory pool. Mutable; a session copies it.
   */
  public static final class Options {
    /**
     * The most threads either pool may have: beyond it the JVM's thread stacks, not the work, set
     * the limit (thousands of threads fail with the platform's own warnings).
     */
    public static final int MAX_THREADS = 1024;

    private int intraOpThreads;
    private int interOpThreads = Runtime.getRuntime().availableProcessors();
    private int planCacheSize = 64;
    private boolean pooling = true;
    private long maxCachedBytes = HostAllocator.DEFAULT_MAX_CACHED_BYTES;
    private long maxRunBytes = Limits.maxRunBytes();

    public Options() {}

    private Options(Options o) {
      this.intraOpThreads = o.intraOpThreads;
      this.interOpThreads = o.interOpThreads;
      this.planCacheSize = o.planCacheSize;
      this.pooling = o.pooling;
      this.maxCachedBytes = o.maxCachedBytes;
      this.maxRunBytes = o.maxRunBytes;
    }

    /**
     * Threads one kernel may split its work over ({@code 0}, the default: the process-wide pool
     * sized to the machine's cores, {@link IntraOpPool#shared()}; {@code 1}: sequential kernels).
     *
     * @throws IllegalArgumentException if negative
     */
    public Options intraOpThreads(int n) {
      if (n < 0 || n > MAX_THREADS) {
        throw new IllegalArgumentException(
            "intraOpThreads must be in [0, " + MAX_THREADS + "], got " + n);
      }
      this.intraOpThreads = n;
      return this;
    }

    /**
     * Nodes that may run at once (default: the machine's cores; {@code 1}: one node at a time).
     * They run on the intra-op pool's threads, which also run the kernels' split loops, so no more
     * than that pool has threads run at once and the cores are never oversubscribed; only with
     * {@code intraOpThreads(1)} do they get threads of their own.
     *
     * @throws IllegalArgumentException if below 1
     */
    public Options interOpThreads(int n) {
      if (n < 1 || n > MAX_THREADS) {
        throw new IllegalArgumentException(
            "interOpThreads must be in [1, " + MAX_THREADS + "], got " + n);
      }
      this.interOpThreads = n;
      return this;
    }

    /**
     * How many plans (one per distinct feeds/fetches/targets combination) the session keeps, least
     * recently used dropped first (default 64).
     *
     * @throws IllegalArgumentException if below 1
     */
    public Options planCacheSize(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("planCacheSize must be >= 1, got " + n);
      }
      this.planCacheSize = n;
      return this;
    }

    /** Whether runs take memory from the session's pool (default true). */
    public Options pooling(boolean on) {
      this.pooling = on;
      return this;
    }

    /**
     * The most freed bytes the pool keeps for reuse (default 1 GiB); beyond it freed memory goes
     * back to the system at once.
     *
     * @throws IllegalArgumentException if negative
     */
    public Options maxCachedBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxCachedBytes must be >= 0, got " + bytes);
      }
      this.maxCachedBytes = bytes;
      return this;
    }

    /**
     * The most pooled bytes one run may hold live at once (default {@link Limits#maxRunBytes()}); a
     * run that would go past it fails with RESOURCE_EXHAUSTED.
     *
     * @throws IllegalArgumentException if below 1
     */
    public Options maxRunBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxRunBytes must be >= 1, got " + bytes);
      }
      this.maxRunBytes = bytes;
      return this;
    }

    public int intraOpThreads() {
      return intraOpThreads;
    }

    public int interOpThreads() {
      return interOpThreads;
    }

    public int planCacheSize() {
      return planCacheSize;
    }

    public boolean pooling() {
      return pooling;
    }

    public long maxCachedBytes() {
      return maxCachedBytes;
    }

    public long maxRunBytes() {
      return maxRunBytes;
    }
  }

  private final Graph graph;
  private final Options options;
  private final Map<List<List<String>>, Plan> plans;
  private final dev.rawops.kernels.SessionState state;
  final IntraOpPool intraOp;
  final HostAllocator allocator; // null without pooling
  final InterOpPool interOp; // null for one node at a time

  Session(Graph graph, dev.rawops.kernels.SessionState state) {
    this(graph, state, new Options());
  }

  Session(Graph graph, dev.rawops.kernels.SessionState state, Options options) {
    this.graph = graph;
    this.state = state;
    this.options = new Options(options);
    int cap = this.options.planCacheSize;
    this.plans =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<List<List<String>>, Plan> eldest) {
            return size() > cap;
          }
        };
    int intra = this.options.intraOpThreads;
    this.intraOp = intra == 0 ? IntraOpPool.shared() : new IntraOpPool(intra);
    this.allocator = this.options.pooling ? new HostAllocator(this.options.maxCachedBytes) : null;
    this.interOp =
        this.options.interOpThreads > 1 ? InterOpPool.of(this.options.interOpThreads) : null;
  }

  public Graph graph() {
    return graph;
  }

  /** A copy of the options this session runs with. */
  public Options options() {
    return new Options(options);
  }

  /** Pooled bytes handed out and not yet given back (by a run's end or the caller's close). */
  public long bytesInUse() {
    return allocator == null ? 0 : allocator.bytesInUse();
  }

  /** The most pooled bytes ever in use at once (the pool's high-water mark). */
  public long peakBytesInUse() {
    return allocator == null ? 0 : allocator.peakBytesInUse();
  }

  long maxRunBytes() {
    return options.maxRunBytes;
  }

  /** How many plans the session holds now (at most {@link Options#planCacheSize()}). */
  public int cachedPlans() {
    synchronized (plans) {
      return plans.size();
    }
  }

  /** {@link #run(Map, List, List)} with no targets. */
  public List<Tensor> run(Map<String, Tensor> feeds, List<String> fetches) {
    return run(feeds, fetches, List.of());
  }

  /**
   * Feeds tensors by name ("x" or "x:0"), runs what {@code fetches} and {@code targets} need, and
   * returns the fetched tensors in order. Close them when done (see the class comment).
   *
   * @throws RawOpsException INVALID_ARGUMENT for a null argument, feed name, feed value, fetch or
   *     target name, NOT_FOUND for unknown names, INVALID_ARGUMENT for a feed of the wrong dtype or
   *     a tensor both fed and fetched (TF refuses both), or the error of the first failing kernel
   *     (naming its node and op)
   */
  public List<Tensor> run(Map<String, Tensor> feeds, List<String> fetches, List<String> targets) {
    return run(feeds, fetches, targets, null);
  }

  /** {@link #run(Map, List, List)} reporting each node it runs to {@code observer} (null: none). */
  public List<Tensor> run(
      Map<String, Tensor> feeds, List<String> fetches, List<String> targets, RunObserver observer) {
    return run(RunOptions.none(), feeds, fetches, targets, observer);
  }

  /**
   * {@link #run(Map, List, List)} under {@code options}: a timeout and a cancellation handle.
   *
   * @throws RawOpsException DEADLINE_EXCEEDED past the timeout, CANCELLED when the handle is
   *     cancelled or the calling thread interrupted, besides {@link #run(Map, List, List)}'s errors
   */
  public List<Tensor> run(
      RunOptions options, Map<String, Tensor> feeds, List<String> fetches, List<String> targets) {
    return run(options, feeds, fetches, targets, null);
  }

  /** {@link #run(RunOptions, Map, List, List)} reporting each node it runs to {@code observer}. */
  public List<Tensor> run(
      RunOptions options,
      Map<String, Tensor> feeds,
      List<String> fetches,
      List<String> targets,
      RunObserver observer) {
    if (options == null) {
      throw RawOpsException.invalidArgument("options must not be null (pass RunOptions.none())");
    }
    checkArgs(feeds, fetches, targets);
    List<String> feedNames = new ArrayList<>(feeds.keySet());
    List<List<String>> key =
        List.of(List.copyOf(feedNames), List.copyOf(fetches), List.copyOf(targets));
    Plan plan;
    synchronized (plans) {
      plan = plans.get(key);
    }
    if (plan == null) {
      plan = Plan.create(graph, feedNames, fetches, targets);
      synchronized (plans) {
        Plan raced = plans.putIfAbsent(key, plan);
        if (raced != null) {
          plan = raced;
        }
      }
    }
    RunControl control = RunControl.forRun(options);
    return new Executor(graph, plan, state, this, observer, control).run(feeds, feedNames, this);
  }

  private static void checkArgs(
      Map<String, Tensor> feeds, List<String> fetches, List<String> targets) {
    if (feeds == null || fetches == null || targets == null) {
      throw RawOpsException.invalidArgument(
          (feeds == null ? "feeds" : fetches == null ? "fetches" : "targets")
              + " must not be null (pass an empty map or list)");
    }
    for (Map.Entry<String, Tensor> e : feeds.entrySet()) {
      if (e.getKey() == null) {
        throw RawOpsException.invalidArgument("a feed has a null name");
      }
      if (e.getValue() == null) {
        throw RawOpsException.invalidArgument("feed '" + e.getKey() + "' is null");
      }
      if (e.getValue().isClosed()) {
        throw RawOpsException.invalidArgument("feed '" + e.getKey() + "' was closed");
      }
    }
    for (int i = 0; i < fetches.size(); i++) {
      if (fetches.get(i) == null) {
        throw RawOpsException.invalidArgument("fetch " + i + " is null");
      }
    }
    for (int i = 0; i < targets.size(); i++) {
      if (targets.get(i) == null) {
        throw RawOpsException.invalidArgument("target " + i + " is null");
      }
    }
  }

  Tensor checkFeed(TensorName name, Tensor t) {
    BuiltNode n = graph.byName.get(name.node());
    if (t == null) {
      throw RawOpsException.invalidArgument("feed '" + name + "' is null");
    }
    DType expected = DType.fromProtoOrNull(n.outputType(name.index()));
    if (t.dtype() != expected) {
      throw new RawOpsException(
          Code.INVALID_ARGUMENT,
          n.name(),
          n.op(),
          "feed '"
              + name
              + "' has dtype "
              + t.dtype().tfName()
              + " but the graph expects "
              + DType.tfName(n.outputType(name.index())));
    }
    // No shape check, as in TF: its session accepts a fed value whatever the node's static
    // shape (only TF's Python client checks); kernels downstream see the fed value's real shape.
    return t;
  }

  /**
   * Stops this session's own thread pools (not the shared ones) and returns the pool's cached free
   * memory to the system. Tensors it returned stay valid.
   */
  @Override
  public void close() {
    intraOp.close();
    if (interOp != null) {
      interOp.release();
    }
    if (allocator != null) {
      allocator.trim();
    }
  }
}
