package dev.rawops.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * A Spark ML param holding a {@code Map<String, String>} (a feed or fetch dict), saved in a
 * pipeline's metadata as a JSON object (Spark's own Param saves only strings, vectors and
 * matrices). Key order is kept.
 */
public final class StringMapParam extends Param<Map<String, String>> {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  public StringMapParam(Params parent, String name, String doc) {
    super(parent, name, doc);
  }

  @Override
  public String jsonEncode(Map<String, String> value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("param " + name() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Map<String, String> jsonDecode(String json) {
    try {
      return JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "param " + name() + ": not a JSON object of strings: " + json, e);
    }
  }
}
