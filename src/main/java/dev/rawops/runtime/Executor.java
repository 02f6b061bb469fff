package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.IntraOpPool;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.SessionState;
import dev.rawops.kernels.TensorRef;
import dev.rawops.memory.HostAllocator;
import dev.rawops.memory.MemoryShortage;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Lifetimes;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a {@link Plan}: TF's executor with its propagator state. Nodes become ready when their
 * pending count (per node, per frame instance and iteration) reaches zero and go through a FIFO
 * ready queue; each carries its iteration and whether it is dead. A dead node does not run its
 * kernel and makes its outputs dead; a Merge runs on its first live input; loops run as frames of
 * iterations, with NextIteration feeding the next iteration, constant Enters visible in every
 * iteration and Exit leaving the frame (TF's FrameState / IterationState, including {@code
 * parallel_iterations} and dead exits).
 *
 * <p>Threads: the propagation state (queue, pending counts, frames, holds) is guarded by one lock;
 * kernels run outside it, each with its own {@link KernelContext}. The calling thread runs ready
 * nodes itself; when more than one is ready and the session allows inter-op parallelism, helpers
 * take the others (a lone chain never leaves the calling thread). The helpers run on the threads of
 * the session's intra-op pool ({@link IntraOpPool#execute}), so independent nodes and the loops
 * their kernels split share one set of threads, as many as there are cores: a kernel's loop spreads
 * only over threads that are free, and the calling thread, while it waits for nodes on the pool,
 * helps with their loops ({@link IntraOpPool#helpUntil}). Only a session whose intra-op pool has
 * one thread hands helpers to an {@link InterOpPool}. As in TF, cheap nodes ({@link CostModel}) are
 * not worth a hand-off: a helper is woken only when expensive work is ready, or when the thread
 * itself takes on expensive work while more is ready. Each worker takes the next ready node after
 * finishing one, so results do not depend on the threads.
 *
 * <p>Memory: its identity owns the tensors its kernels allocate (from the session's pool when it
 * has one). When the last slot holding such a tensor is cleared, and it was not fetched, did not
 * reach a node that may retain it (stateful ops, resources, variants, function calls) and no view
 * shares its memory, the memory goes back to the pool at once.
 */
final class Executor {
  private final Plan plan;
  private final SessionState state;
  private final BuiltNode[] nodes;
  private final Tensor[] retvals;
  // How many input slots (and fetches, and deferred loop values) hold each tensor this run made
  // (counted in the tensor: Lifetimes.holds): one object can sit in several slots (Identity passes
  // it on). A kernel may write in place only into an input held by exactly its own slot (TF's
  // forward_input). Tensors the run did not make (feeds, constants, variables) are not counted:
  // they are never written in place nor returned to the pool.
  private final Context ctx = new Context();
  private final Object lock = new Object();
  private final HostAllocator allocator; // null: memory the GC manages
  private final Parallel intraOp;
  private final InterOpPool interOp; // null: one node at a time
  // The intra-op pool when it has threads of its own: they run the helpers, and the calling thread
  // helps with its loops while it waits (one set of threads for both kinds of parallelism).
  private final IntraOpPool helperPool;
  private Thread callerThread;
  private final RunObserver observer; // null: none
  private final RunControl control;
  private final long maxRunBytes;
  private final AtomicLong liveBytes = new AtomicLong();

  // The ready queue: a ring of (node, iteration, dead).
  private int[] queueNode = new int[64];
  private Iteration[] queueIter = new Iteration[64];
  private boolean[] queueDead = new boolean[64];
  private int queueHead;
  private int queueSize;
  // Ready nodes in the queue worth another thread (live and not CostModel.cheap).
  private int queueExpensive;
  // Nodes being run now, helpers working for this run, and the first error.
  private int running;
  private int helpers;
  // The calling thread waits (in lock.wait(), or helping the pool): set under the lock, read by
  // the waiting caller without it when it helps the pool.
  private volatile boolean callerWaiting;
  private RuntimeException error;

  Executor(
      Graph graph,
      Plan plan,
      SessionState state,
      Session session,
      RunObserver observer,
      RunControl control) {
    this.control = control;
    this.plan = plan;
    this.state = state;
    this.nodes = graph.nodeArray;
    this.retvals = new Tensor[plan.fetches.length];
    this.allocator = session.allocator;
    this.intraOp = new StoppableParallel(session.intraOp, control);
    this.interOp = session.interOp;
    this.helperPool = session.intraOp.threads() > 1 ? session.intraOp : null;
    this.observer = observer;
    this.maxRunBytes = session.maxRunBytes();
  }

  /** A frame instance: one execution of a while loop's body frames, per parent iteration. */
  private static final class Frame {
    final Plan.FrameInfo info;
    final Frame parent;
    final Iteration parentIter;
    long iterationCount;
    int numOutstandingIterations = 1;
    int numPendingInputs;
    // Live iterations first .. first + count - 1, in a ring.
    Iteration[] ring = new Iteration[4];
    int ringStart;
    int count;
    long first;
    // NextIteration values waiting for an iteration slot (parallel_iterations reached).
    final List<Integer> nextNodes = new ArrayList<>(0);
    final List<Tensor> nextValues = new ArrayList<>(0);
    // Constant Enters: visible in every iteration, present and future (null value = dead).
    final List<Integer> invNodes = new ArrayList<>(0);
    final List<Tensor> invValues = new ArrayList<>(0);
    // Dead Exits of the last iteration, propagated to the parent when the frame ends.
    final List<Integer> deadExits = new ArrayList<>(0);

    Frame(Plan.FrameInfo info, Frame parent, Iteration parentIter) {
      this.info = info;
      this.parent = parent;
      this.parentIter = parentIter;
    }

    Iteration iteration(long k) {
      long off = k - first;
      if (off < 0 || off >= count) {
        return null;
      }
      return ring[(int) ((ringStart + off) % ring.length)];
    }

    void add(Iteration it) {
      if (count == ring.length) {
        Iteration[] bigger = new Iteration[ring.length * 2];
        for (int i = 0; i < count; i++) {
          bigger[i] = ring[(ringStart + i) % ring.length];
        }
        ring = bigger;
        ringStart = 0;
      }
      ring[(ringStart + count) % ring.length] = it;
      count++;
    }

    void removeFirst() {
      ring[ringStart] = null;
      ringStart = (ringStart + 1) % ring.length;
      count--;
      first++;
    }
  }

  /** One iteration of a frame instance: pending and dead counts per node, input slots. */
  private static final class Iteration {
    final Frame frame;
    final long num;
    final int[] pending;
    final int[] dead;
    final Tensor[] inputs;
    int outstandingOps;
    int outstandingFrames;
    Frame[] children;

    Iteration(Frame frame, long num) {
      this.frame = frame;
      this.num = num;
      this.pending = frame.info.initialPending.clone();
      this.dead = new int[pending.length];
      this.inputs = new Tensor[frame.info.numInputs];
    }
  }

  List<Tensor> run(Map<String, Tensor> feeds, List<String> feedNames, Session session) {
    Frame root = new Frame(plan.frames[0], null, null);
    Iteration rootIter = new Iteration(root, 0);
    root.add(rootIter);
    synchronized (lock) {
      for (int i = 0; i < plan.feeds.length; i++) {
        Tensor t = session.checkFeed(plan.feeds[i], feeds.get(feedNames.get(i)));
        for (int slot : plan.feedInputs[i]) {
          rootIter.inputs[slot] = t;
          hold(t);
        }
      }
      for (int r : plan.roots) {
        push(r, rootIter, false);
      }
    }
    callerThread = Thread.currentThread();
    work(ctx, true);
    if (error != null) {
      synchronized (lock) {
        releaseAll(root);
        for (Tensor t : retvals) {
          if (t != null) {
            release(t);
          }
        }
      }
      throw error;
    }
    dev.rawops.tensor.DeviceTensors.fetchToHost(retvals, this); // a device's results: copied
    ImmutableList.Builder<Tensor> out = ImmutableList.builder();
    java.util.Set<Tensor> seen =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (int f = 0; f < retvals.length; f++) {
      Tensor t = retvals[f];
      if (t == null) {
        // TF's FunctionCallFrame: the fetched tensor is dead (an untaken branch) or never ran.
        throw RawOpsException.invalidArgument(
            "Retval[" + f + "] does not have value (fetch '" + plan.fetches[f] + "')");
      }
      boolean again = !seen.add(t); // fetched twice: linear in the number of fetches
      // The caller gets its own objects: what this run allocated (once), else a new object over
      // the same data, so closing it cannot touch a constant, a feed or a variable.
      if (!Lifetimes.ownedBy(t, this)) {
        out.add(Lifetimes.forCaller(t));
      } else {
        out.add(again ? Lifetimes.share(t) : t);
      }
    }
    return out.build();
  }

  /**
   * Runs ready nodes until none is left: the calling thread ({@code caller}) waits for nodes
   * running elsewhere to finish, since they may make more ready; a helper returns when the queue is
   * empty.
   */
  private void work(Context c, boolean caller) {
    while (true) {
      int i = -1;
      Iteration it = null;
      boolean dead = false;
      synchronized (lock) {
        if (caller && helperPool != null && queueSize == 0 && running > 0) {
          // Nodes run on the pool's threads: help with their loops (below, outside the lock)
          // until one is done or more nodes are ready (execute clears callerWaiting and unparks
          // this thread).
          callerWaiting = true;
        } else {
          if (caller && helperPool == null) {
            boolean interrupted = false;
            while (queueSize == 0 && running > 0) {
              try {
                callerWaiting = true;
                lock.wait();
              } catch (InterruptedException e) {
                interrupted = true;
              }
            }
            if (interrupted) {
              Thread.currentThread().interrupt();
            }
          }
          if (queueSize == 0) {
            if (!caller) {
              helpers--;
            }
            return;
          }
          i = queueNode[queueHead];
          it = queueIter[queueHead];
          dead = queueDead[queueHead];
          queueIter[queueHead] = null;
          queueHead = (queueHead + 1) & (queueNode.length - 1); // a power of two
          queueSize--;
          if (!dead && !nodes[i].cheap) {
            queueExpensive--;
          }
          running++;
          // As TF's inline_ready: ready cheap nodes run on this thread after a cheap one; a
          // helper is woken for expensive ready work, or for anything ready while this thread
          // takes on expensive work itself, so nothing waits behind it.
          boolean handOff = queueExpensive > 0 || (queueSize > 0 && !dead && !nodes[i].cheap);
          if (handOff && interOp != null && helpers + 1 < interOp.threads) {
            helpers++;
            Runnable helper = () -> work(new Context(), false);
            if (helperPool == null || !helperPool.execute(helper)) {
              interOp.submit(helper);
            }
          }
        }
      }
      if (i < 0) {
        helperPool.helpUntil(() -> !callerWaiting);
        continue;
      }
      execute(i, it, dead, c);
    }
  }

  /** Runs node i's kernel outside the lock, then propagates its outputs under it. */
  private void execute(int i, Iteration it, boolean dead, Context c) {
    BuiltNode node = nodes[i];
    Tensor[] outs = null;
    // Checked before every node, dead or live: a loop or a fan-out of calls stops within one
    // node's time of its deadline, cancellation or interrupt.
    RuntimeException failed = control.stopReason();
    if (!dead && failed == null) {
      long start = observer == null ? 0 : System.nanoTime();
      RunControl prev = RunControl.enter(control); // function bodies this node runs share it
      try {
        outs = compute(node, it, c);
      } catch (RuntimeException e) {
        failed = e;
      } catch (Error e) { // compute wraps what it can; nothing may kill a worker silently
        failed = node.error(Code.INTERNAL, "kernel failed: " + e);
      } finally {
        RunControl.restore(prev);
      }
      if (observer != null && outs != null) {
        try {
          observer.nodeDone(node.name(), node.op(), start, System.nanoTime(), outs);
        } catch (RuntimeException e) {
          failed = e;
        }
      }
    }
    synchronized (lock) {
      running--;
      if (failed == null && error == null) {
        try {
          finish(i, it, dead, outs);
        } catch (RuntimeException e) {
          failed = e;
        }
      }
      if (failed != null && error == null) {
        error = failed;
        for (int k = 0; k < queueSize; k++) {
          queueIter[(queueHead + k) % queueNode.length] = null;
        }
        queueSize = 0; // start nothing more; let what runs finish
        queueExpensive = 0;
      }
      // Only the calling thread ever waits; notifying when it does not costs a monitor
      // inflation, which would make every later lock of this run slower.
      if (callerWaiting && (queueSize > 0 || running == 0)) {
        callerWaiting = false;
        if (helperPool != null) {
          LockSupport.unpark(callerThread);
        } else {
          lock.notifyAll();
        }
      }
    }
  }

  private void push(int node, Iteration it, boolean dead) {
    if (queueSize == queueNode.length) {
      int n = queueNode.length;
      int[] nodes2 = new int[n * 2];
      Iteration[] iters2 = new Iteration[n * 2];
      boolean[] dead2 = new boolean[n * 2];
      for (int k = 0; k < n; k++) {
        int from = (queueHead + k) % n;
        nodes2[k] = queueNode[from];
        iters2[k] = queueIter[from];
        dead2[k] = queueDead[from];
      }
      queueNode = nodes2;
      queueIter = iters2;
      queueDead = dead2;
      queueHead = 0;
    }
    int at = (queueHead + queueSize) & (queueNode.length - 1);
    queueNode[at] = node;
    queueIter[at] = it;
    queueDead[at] = dead;
    queueSize++;
    if (!dead && !nodes[node].cheap) {
      queueExpensive++;
    }
    it.outstandingOps++;
  }

  /** Under the lock: hands node i's outputs on and clears its inputs (TF's PropagateOutputs). */
  private void finish(int i, Iteration it, boolean dead, Tensor[] outs) {
    BuiltNode node = nodes[i];
    if (outs != null && node.retains) {
      escapeAll(i, it, outs);
    }
    if (outs != null && plan.fetchSlots[i] != null) {
      setRetvals(i, outs);
    }
    Frame frame = it.frame;
    switch (plan.kind[i]) {
      case Plan.ENTER -> enter(i, frame, it, dead, outs);
      case Plan.EXIT -> {
        if (dead) {
          if (it.num == frame.iterationCount) {
            frame.deadExits.add(i);
          }
        } else {
          activate(i, frame.parentIter, false, outs);
        }
      }
      case Plan.NEXT_ITERATION -> {
        if (!dead) {
          nextIteration(i, frame, it, outs);
        }
        // A dead NextIteration ends the dead path: the loop is over.
      }
      default -> activate(i, it, dead, outs);
    }
    clearInputs(i, it);
    if (outs != null && allocator != null) {
      for (Tensor t : outs) {
        if (t != null && Lifetimes.madeBy(t, this) && Lifetimes.holds(t) == 0) {
          drop(t); // an output nothing reads
        }
      }
    }
    if (--it.outstandingOps == 0 && cleanupIterations(frame, it)) {
      frameDone(frame);
    }
  }

  /** A node that may keep its inputs or hand out state: none of them is ever reused. */
  private void escapeAll(int i, Iteration it, Tensor[] outs) {
    Tensor[] in = it.inputs;
    int base = plan.inputBase[i];
    for (int k = 0, m = plan.numDataInputs[i]; k < m; k++) {
      if (in[base + k] != null) {
        Lifetimes.escape(in[base + k]);
      }
    }
    for (Tensor t : outs) {
      if (t != null) {
        Lifetimes.escape(t);
      }
    }
  }

  /** Nothing in this run holds {@code t} any more: its pooled memory may go back. */
  private void drop(Tensor t) {
    long freed = Lifetimes.drop(t, this);
    if (freed > 0) {
      liveBytes.addAndGet(-freed);
    }
  }

  /** Runs the node's kernel on its live inputs; returns its outputs (null entries are dead). */
  private Tensor[] compute(BuiltNode node, Iteration it, Context ctx) {
    Tensor[] in = it.inputs;
    int base = plan.inputBase[node.index];
    if (node.derefInput != null) {
      for (int k = 0; k < node.derefInput.length; k++) {
        if (node.derefInput[k] && in[base + k] != null) {
          in[base + k] = deref(in[base + k], node, k);
        }
      }
    }
    Tensor[] outs = new Tensor[node.numOutputs()];
    ctx.bind(node, in, base, outs);
    try {
      node.kernel.compute(ctx);
    } catch (RawOpsException e) {
      throw e.atNode(node.name(), node.op());
    } catch (OutOfMemoryError e) {
      throw new RawOpsException(
          Code.RESOURCE_EXHAUSTED, node.name(), node.op(), MemoryShortage.explain(e), e);
    } catch (NegativeArraySizeException e) {
      throw MemoryShortage.overflow("a negative array length, " + e.getMessage())
          .atNode(node.name(), node.op());
    } catch (ArithmeticException e) {
      if (e.getMessage() != null && e.getMessage().endsWith("overflow")) {
        throw MemoryShortage.overflow(e.getMessage()).atNode(node.name(), node.op());
      }
      throw new RawOpsException(Code.INTERNAL, node.name(), node.op(), "kernel failed: " + e, e);
    } catch (RuntimeException | StackOverflowError e) {
      throw new RawOpsException(Code.INTERNAL, node.name(), node.op(), "kernel failed: " + e, e);
    } finally {
      ctx.bind(null, null, 0, null);
    }
    for (int k = 0; k < outs.length; k++) {
      Tensor t = outs[k];
      if (t == null) {
        if (!isSwitch(node)) { // a Switch leaves its untaken output dead
          throw node.error(Code.INTERNAL, "Missing " + k + "-th output from node " + node.name());
        }
      } else if (t.dtype() != node.outputDTypes[k]) {
        throw node.error(Code.INTERNAL, "kernel left output " + k + " as " + t.dtype().tfName());
      }
    }
    return outs;
  }

  private static boolean isSwitch(BuiltNode node) {
    return node.op().equals("Switch") || node.op().equals("RefSwitch");
  }

  /** TF's automatic dereference of a reference input to a value input. */
  private static Tensor deref(Tensor ref, BuiltNode node, int k) {
    if (ref.dtype() != DType.RESOURCE || !(ref.getObject(0) instanceof TensorRef r)) {
      throw node.error(Code.INTERNAL, "input " + k + " is not a reference");
    }
    Tensor v = r.value();
    if (v == null) {
      throw node.error(
          Code.FAILED_PRECONDITION,
          "Attempting to use uninitialized value " + node.def.getInput(k));
    }
    return v;
  }

  private void setRetvals(int i, Tensor[] outs) {
    int[] pairs = plan.fetchSlots[i];
    for (int p = 0; p < pairs.length; p += 2) {
      int f = pairs[p];
      int slot = pairs[p + 1];
      if (outs[slot] == null) {
        continue;
      }
      if (retvals[f] != null) {
        // A fetch inside a loop frame is set once per iteration, as TF's _Retval.
        throw nodes[i].error(Code.INTERNAL, "Retval[" + f + "] has already been set.");
      }
      Tensor t = outs[slot];
      if (nodes[i].outputDTypes[slot] == DType.RESOURCE && t.getObject(0) instanceof TensorRef r) {
        t = r.value();
        if (t == null) {
          throw nodes[i].error(
              Code.FAILED_PRECONDITION, "Attempting to use uninitialized value " + nodes[i].name());
        }
      }
      retvals[f] = t;
      hold(t); // a fetched tensor is never written in place
    }
  }

  private void clearInputs(int i, Iteration it) {
    Tensor[] in = it.inputs;
    int base = plan.inputBase[i];
    for (int k = 0, m = plan.numDataInputs[i]; k < m; k++) {
      Tensor t = in[base + k];
      if (t != null) {
        in[base + k] = null;
        release(t);
      }
    }
  }

  /**
   * After a failed or stopped run (nothing runs any more): lets go of every tensor the frames still
   * hold — inputs waiting in live iterations, loop invariants, values waiting for an iteration — so
   * that their pooled memory goes back.
   */
  private void releaseAll(Frame frame) {
    for (int k = 0; k < frame.count; k++) {
      Iteration it = frame.ring[(frame.ringStart + k) % frame.ring.length];
      if (it == null) {
        continue;
      }
      for (int slot = 0; slot < it.inputs.length; slot++) {
        if (it.inputs[slot] != null) {
          release(it.inputs[slot]);
          it.inputs[slot] = null;
        }
      }
      if (it.children != null) {
        for (Frame child : it.children) {
          if (child != null) {
            releaseAll(child);
          }
        }
      }
    }
    for (List<Tensor> held : List.of(frame.invValues, frame.nextValues)) {
      for (Tensor t : held) {
        if (t != null) {
          release(t);
        }
      }
      held.clear();
    }
  }

  private void hold(Tensor t) {
    if (Lifetimes.madeBy(t, this)) {
      Lifetimes.addHolds(t, 1);
    }
  }

  /** One slot less holds {@code t}; when none does, its memory may go back to the pool. */
  private void release(Tensor t) {
    if (Lifetimes.madeBy(t, this)
        && Lifetimes.holds(t) > 0
        && Lifetimes.addHolds(t, -1) == 0
        && allocator != null) {
      drop(t);
    }
  }

  /**
   * Hands {@code src}'s outputs to its consumers in iteration {@code it}, readying those whose
   * pending count reaches zero (TF's ActivateNodes). A null {@code outs} means every output is
   * dead.
   */
  private void activate(int src, Iteration it, boolean srcDead, Tensor[] outs) {
    int[] dsts = plan.outNode[src];
    int[] ins = plan.outInput[src];
    int[] slots = plan.outSlot[src];
    int[] pending = it.pending;
    int[] deadCount = it.dead;
    Tensor[] inputs = it.inputs;
    byte[] kind = plan.kind;
    for (int e = 0; e < dsts.length; e++) {
      int dst = dsts[e];
      int ld = plan.localId[dst];
      Tensor v = outs == null ? null : outs[slots[e]];
      boolean ready;
      boolean dead;
      if (kind[dst] == Plan.MERGE) {
        if (v != null) {
          // The low bit of a Merge's count is set until its first live input arrives.
          int before = pending[ld];
          if ((before & 1) != 0) {
            inputs[ins[e]] = v;
            hold(v);
            pending[ld] = before & ~1;
          }
          ready = before == 1;
          dead = false;
        } else {
          int d = ++deadCount[ld];
          // A dead Enter kills the loop's Merge (a loop on an untaken branch of a cond).
          dead = d == plan.numDataInputs[dst] || kind[src] == Plan.ENTER;
          ready = pending[ld] == 1 && dead;
        }
      } else {
        if (v != null) {
          inputs[ins[e]] = v;
          hold(v);
        } else {
          deadCount[ld]++;
        }
        ready = --pending[ld] == 0;
        dead = deadCount[ld] > 0;
      }
      if (ready) {
        push(dst, it, dead && kind[dst] != Plan.CONTROL_TRIGGER);
      }
    }
    for (int dst : plan.outControl[src]) {
      int ld = plan.localId[dst];
      boolean ready;
      boolean dead;
      if (kind[dst] == Plan.MERGE) {
        pending[ld] -= 2;
        dead = deadCount[ld] == plan.numDataInputs[dst];
        ready = pending[ld] == 0 || (pending[ld] == 1 && dead);
      } else {
        if (srcDead) {
          deadCount[ld]++;
        }
        ready = --pending[ld] == 0;
        dead = deadCount[ld] > 0;
      }
      if (ready) {
        push(dst, it, dead && kind[dst] != Plan.CONTROL_TRIGGER);
      }
    }
  }

  private void enter(int i, Frame frame, Iteration it, boolean dead, Tensor[] outs) {
    Frame child = childFrame(frame, it, plan.enterFrame[i]);
    if (plan.constantEnter[i]) {
      // A loop invariant: every iteration, present and future, sees it.
      Tensor v = outs == null ? null : outs[0];
      child.invNodes.add(i);
      child.invValues.add(v);
      if (v != null) {
        hold(v);
      }
      for (long k = child.first; k <= child.iterationCount; k++) {
        activate(i, child.iteration(k), dead, outs);
      }
    } else {
      activate(i, child.iteration(0), dead, outs);
    }
    child.numPendingInputs--;
    Iteration first = child.iteration(child.first);
    if (first != null
        && first.outstandingOps == 0
        && child.numPendingInputs == 0
        && cleanupIterations(child, first)) {
      frameDone(child);
    }
  }

  private Frame childFrame(Frame frame, Iteration it, int frameId) {
    if (it.children == null) {
      it.children = new Frame[plan.frames.length];
    }
    Frame child = it.children[frameId];
    if (child == null) {
      child = new Frame(plan.frames[frameId], frame, it);
      child.numPendingInputs = child.info.numEnters;
      child.add(new Iteration(child, 0));
      it.children[frameId] = child;
      it.outstandingFrames++;
    }
    return child;
  }

  private void nextIteration(int i, Frame frame, Iteration it, Tensor[] outs) {
    if (it.num == frame.iterationCount) {
      if (frame.numOutstandingIterations == frame.info.parallelIterations) {
        // parallel_iterations reached: start the iteration when the oldest one ends.
        frame.nextNodes.add(i);
        frame.nextValues.add(outs[0]);
        hold(outs[0]);
      } else {
        activate(i, incrementIteration(frame), false, outs);
      }
    } else {
      activate(i, frame.iteration(it.num + 1), false, outs);
    }
  }

  private Iteration incrementIteration(Frame frame) {
    frame.iterationCount++;
    Iteration next = new Iteration(frame, frame.iterationCount);
    frame.add(next);
    frame.numOutstandingIterations++;
    frame.deadExits.clear();
    for (int k = 0; k < frame.nextNodes.size(); k++) {
      Tensor v = frame.nextValues.get(k);
      activate(frame.nextNodes.get(k), next, false, new Tensor[] {v});
      release(v);
    }
    frame.nextNodes.clear();
    frame.nextValues.clear();
    for (int k = 0; k < frame.invNodes.size(); k++) {
      Tensor v = frame.invValues.get(k);
      activate(frame.invNodes.get(k), next, v == null, v == null ? null : new Tensor[] {v});
    }
    return next;
  }

  /** Deletes finished iterations, oldest first; true when the whole frame is done. */
  private boolean cleanupIterations(Frame frame, Iteration it) {
    long cur = it.num;
    while (cur <= frame.iterationCount && iterationDone(frame, it)) {
      frame.removeFirst();
      frame.numOutstandingIterations--;
      cur++;
      if (!frame.nextNodes.isEmpty()) {
        incrementIteration(frame);
      }
      if (cur <= frame.iterationCount) {
        it = frame.iteration(cur);
      }
    }
    return frame.numPendingInputs == 0 && frame.numOutstandingIterations == 0;
  }

  private static boolean iterationDone(Frame frame, Iteration it) {
    if (it.outstandingOps != 0 || it.outstandingFrames != 0) {
      return false;
    }
    return it.num == 0 ? frame.numPendingInputs == 0 : frame.iteration(it.num - 1) == null;
  }

  /** A finished frame hands its dead Exits to the parent iteration and leaves it. */
  private void frameDone(Frame frame) {
    Frame parent = frame.parent;
    if (parent == null) {
      return; // the root frame: the run ends when the ready queue is empty
    }
    Iteration parentIter = frame.parentIter;
    for (int x : frame.deadExits) {
      activate(x, parentIter, true, null);
    }
    for (Tensor v : frame.invValues) {
      if (v != null) {
        release(v);
      }
    }
    parentIter.children[frame.info.id] = null;
    parentIter.outstandingFrames--;
    if (cleanupIterations(parent, parentIter)) {
      frameDone(parent);
    }
  }

  /** The kernel's view of the node being run; one per worker thread, rebound for each node. */
  private final class Context implements KernelContext {
    private BuiltNode node;
    private Tensor[] in;
    private int base;
    private Tensor[] outs;

    void bind(BuiltNode node, Tensor[] in, int base, Tensor[] outs) {
      this.node = node;
      this.in = in;
      this.base = base;
      this.outs = outs;
    }

    @Override
    public NodeInfo node() {
      return node;
    }

    @Override
    public Tensor input(int i) {
      return in[base + i];
    }

    @Override
    public TensorBuffer allocate(DType dtype, Shape shape) {
      return alloc(dtype, shape, true);
    }

    @Override
    public TensorBuffer allocateUninitialized(DType dtype, Shape shape) {
      return alloc(dtype, shape, false);
    }

    private TensorBuffer alloc(DType dtype, Shape shape, boolean zeroed) {
      if (allocator == null || !dtype.isFixedWidth()) {
        return TensorBuffer.allocate(dtype, shape, Executor.this);
      }
      long bytes = TensorBuffer.byteSize(dtype, shape);
      if (bytes == 0) {
        return TensorBuffer.allocate(dtype, shape, Executor.this);
      }
      long size = HostAllocator.classSize(bytes);
      long live = liveBytes.addAndGet(size);
      if (live > maxRunBytes) {
        liveBytes.addAndGet(-size);
        throw Limits.exceeded(
            "allocating "
                + bytes
                + " bytes for a "
                + dtype.tfName()
                + " tensor of shape "
                + shape
                + " with "
                + (live - size)
                + " bytes already live in this run",
            "maxRunBytes",
            maxRunBytes);
      }
      return TensorBuffer.allocate(dtype, shape, Executor.this, allocator, zeroed);
    }

    @Override
    public Parallel parallel() {
      return intraOp;
    }

    @Override
    public Optional<TensorBuffer> forwardInput(int i) {
      Tensor t = in[base + i];
      if (t == null || !Lifetimes.madeBy(t, Executor.this)) {
        return Optional.empty();
      }
      int n;
      synchronized (lock) {
        n = Lifetimes.holds(t);
      }
      if (n != 1) {
        return Optional.empty();
      }
      return Optional.ofNullable(TensorBuffer.reclaim(t, Executor.this));
    }

    @Override
    public void setOutput(int i, Tensor t) {
      outs[i] = t;
    }

    @Override
    public SessionState state() {
      return state;
    }

    @Override
    public Object owner() {
      return Executor.this;
    }
  }
}
