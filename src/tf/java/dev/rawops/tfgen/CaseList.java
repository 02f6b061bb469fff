package dev.rawops.tfgen;

import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects a family's cases, naming them "<directory>/0001", "<directory>/0002", … in order. */
public final class CaseList {
  private final String directory;
  private final List<Case> cases = new ArrayList<>();

  public CaseList(String directory) {
    this.directory = directory;
  }

  /** Adds a case; {@code feeds} keep their iteration order in the fixture. */
  public CaseList add(
      String description, GraphDef graph, Map<String, TensorProto> feeds, List<String> fetches) {
    String name = String.format("%s/%04d", directory, cases.size() + 1);
    cases.add(
        new Case(
            name,
            description,
            graph,
            Collections.unmodifiableMap(new LinkedHashMap<>(feeds)),
            List.copyOf(fetches)));
    return this;
  }

  public List<Case> cases() {
    return List.copyOf(cases);
  }
}
