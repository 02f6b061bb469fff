package dev.rawops.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.savedmodel.SavedModel;
import org.junit.jupiter.api.Test;

/**
 * The protobuf clash guarded: the tests run with Spark's protobuf runtime (4.33.5) first and only
 * on the class path, once with the core's plain jar (its generated code from protoc 4.29.3 runs on
 * it) and once with the -relocated jar (its own protobuf under dev.rawops.shaded), as the surefire
 * executions default-test and relocated set up. Every other test of the run scores with that jar.
 */
class ClasspathTest {
  @Test
  void sparksProtobufIsTheOneOnTheClassPath() throws Exception {
    Class<?> runtime = Class.forName("com.google.protobuf.RuntimeVersion");
    assertEquals(33, runtime.getField("MINOR").getInt(null), "Spark 4.2's protobuf is 4.33.5");
    assertEquals(5, runtime.getField("PATCH").getInt(null));
  }

  @Test
  void theCoreJarIsTheOneThisRunTests() {
    String jar = SavedModel.class.getProtectionDomain().getCodeSource().getLocation().toString();
    boolean relocated = "relocated".equals(System.getProperty("spark.test.artifact"));
    assertEquals(relocated, jar.endsWith("-relocated.jar"), jar);
    boolean shadedProtobuf = exists("dev.rawops.shaded.com.google.protobuf.RuntimeVersion");
    assertEquals(relocated, shadedProtobuf);
    assertFalse(exists("dev.rawops.cli.Main") && relocated, "the relocated jar holds no CLI");
    assertTrue(jar.contains("rawops"), jar);
  }

  private static boolean exists(String name) {
    try {
      Class.forName(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
