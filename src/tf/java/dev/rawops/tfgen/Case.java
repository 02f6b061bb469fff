package dev.rawops.tfgen;

import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.List;
import java.util.Map;

/**
 * One conformance case before TensorFlow has run it: a GraphDef in our own protos (raw ops), the
 * feeds and the fetches. The generator imports the graph into TensorFlow 2.18, runs it, and records
 * TF's outputs (or TF's error, BUILD if raised while importing, RUN if raised by Session.run) as a
 * fixture.
 *
 * @param name unique id, "<op>/<4 digits>", e.g. "gather_nd/0042"
 * @param description what the case exercises (dtypes, shapes, the rule broken)
 */
public record Case(
    String name,
    String description,
    GraphDef graph,
    Map<String, TensorProto> feeds,
    List<String> fetches) {}
