package dev.rawops.kernels;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * What lives in a Session across runs, as TF's ResourceMgr: variables, TensorArrays, tables, keyed
 * by (container, name) strings the kernels choose. Thread-safe; each entry guards its own state.
 */
public final class SessionState {
  private final ConcurrentMap<String, Object> entries = new ConcurrentHashMap<>();

  /** The entry under {@code key}, created atomically by {@code create} if absent. */
  public <T> T getOrCreate(String key, Class<T> type, Function<String, ? extends T> create) {
    return type.cast(entries.computeIfAbsent(key, create));
  }

  public <T> Optional<T> get(String key, Class<T> type) {
    Object v = entries.get(key);
    return type.isInstance(v) ? Optional.of(type.cast(v)) : Optional.empty();
  }

  public void put(String key, Object value) {
    entries.put(key, value);
  }

  /** True when some entry's key starts with {@code prefix}. */
  public boolean hasKeyStartingWith(String prefix) {
    for (String k : entries.keySet()) {
      if (k.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** Removes {@code key}; true when it was there. */
  public boolean remove(String key) {
    return entries.remove(key) != null;
  }
}
