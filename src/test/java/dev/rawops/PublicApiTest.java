package dev.rawops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API of the library packages names no Guava type (callers get {@code List}/{@code Map})
 * and one dtype type ({@link dev.rawops.tensor.DType}): the proto {@code DataType} appears only in
 * the listed bridges to protos a user holds.
 */
class PublicApiTest {
  /** The packages library users program against. */
  static final List<String> API_PACKAGES =
      List.of(
          "dev.rawops",
          "dev.rawops.tensor",
          "dev.rawops.runtime",
          "dev.rawops.savedmodel",
          "dev.rawops.ragged",
          "dev.rawops.graph",
          "dev.rawops.memory");

  static final List<String> FORBIDDEN =
      List.of(
          "com.google.common.", "dev.rawops.tfproto.DataType", "org.tensorflow.framework.DataType");

  /**
   * Members allowed to name the proto DataType: conversions for users who hold protos, and
   * GraphDefBuilder, which writes GraphDef protos (each of its DataType methods has a DType twin).
   */
  static final Set<String> PROTO_BRIDGES =
      Set.of(
          "dev.rawops.tensor.DType#proto",
          "dev.rawops.tensor.DType#fromProto",
          "dev.rawops.tensor.DType#fromProtoOrNull",
          "dev.rawops.tensor.DType#tfName",
          "dev.rawops.graph.GraphDefBuilder#placeholder",
          "dev.rawops.graph.GraphDefBuilder#attr",
          "dev.rawops.graph.GraphDefBuilder#attrTypes");

  @Test
  void publicSignaturesNameNoGuavaTypeAndNoProtoDataType() throws Exception {
    List<String> problems = new ArrayList<>();
    int classes = 0;
    for (String pkg : API_PACKAGES) {
      for (Class<?> c : publicClasses(pkg)) {
        classes++;
        check(c, problems);
      }
    }
    assertTrue(classes > 20, "found only " + classes + " public API classes");
    assertEquals(List.of(), problems.stream().distinct().toList());
  }

  @Test
  void theScanFindsAForbiddenType() {
    List<String> problems = new ArrayList<>();
    check(Offender.class, problems);
    assertEquals(2, problems.size(), problems.toString());
  }

  /** Only for {@link #theScanFindsAForbiddenType}: one Guava and one proto type. */
  public static final class Offender {
    public com.google.common.collect.ImmutableList<String> names() {
      return com.google.common.collect.ImmutableList.of();
    }

    public void take(List<dev.rawops.tfproto.DataType> types) {}
  }

  private static void check(Class<?> c, List<String> problems) {
    String owner = c.getName();
    if (c.getGenericSuperclass() != null) {
      flag(owner + " extends", c.getGenericSuperclass(), owner, problems);
    }
    for (Type t : c.getGenericInterfaces()) {
      flag(owner + " implements", t, owner, problems);
    }
    if (c.isRecord()) {
      for (RecordComponent rc : c.getRecordComponents()) {
        flag(owner + "#" + rc.getName(), rc.getGenericType(), owner, problems);
      }
    }
    for (Field f : c.getDeclaredFields()) {
      if (visible(f.getModifiers()) && !f.isSynthetic()) {
        flag(owner + "#" + f.getName(), f.getGenericType(), owner, problems);
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k.getModifiers()) && !k.isSynthetic()) {
        for (Type p : k.getGenericParameterTypes()) {
          flag(owner + "#<init>", p, owner, problems);
        }
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (!visible(m.getModifiers()) || m.isSynthetic() || m.isBridge()) {
        continue;
      }
      String where = owner + "#" + m.getName();
      flag(where, m.getGenericReturnType(), owner, problems);
      for (Type p : m.getGenericParameterTypes()) {
        flag(where, p, owner, problems);
      }
      for (Type x : m.getGenericExceptionTypes()) {
        flag(where, x, owner, problems);
      }
    }
  }

  private static void flag(String where, Type t, String owner, List<String> problems) {
    String name = t.getTypeName();
    for (String bad : FORBIDDEN) {
      if (name.contains(bad)
          && !(bad.endsWith("DataType") && PROTO_BRIDGES.contains(where))
          && !owner.startsWith("dev.rawops.tfproto.")) {
        problems.add(where + ": " + name);
      }
    }
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** Public top-level classes of {@code pkg} and their public nested classes. */
  private static List<Class<?>> publicClasses(String pkg)
      throws IOException, URISyntaxException, ClassNotFoundException {
    // The main classes' root (target/classes), not the test classes sharing package names.
    URL root = Code.class.getProtectionDomain().getCodeSource().getLocation();
    Path dir = Path.of(root.toURI()).resolve(pkg.replace('.', '/'));
    assertTrue(Files.isDirectory(dir), pkg + " at " + dir);
    List<Class<?>> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        String file = f.getFileName().toString();
        if (!file.endsWith(".class") || file.contains("$") || file.equals("package-info.class")) {
          continue;
        }
        Class<?> c = Class.forName(pkg + "." + file.substring(0, file.length() - 6));
        if (Modifier.isPublic(c.getModifiers())) {
          addWithNested(c, out);
        }
      }
    }
    assertTrue(!out.isEmpty(), "no public classes in " + pkg);
    return out;
  }

  private static void addWithNested(Class<?> c, List<Class<?>> out) {
    out.add(c);
    for (Class<?> n : c.getDeclaredClasses()) {
      if (Modifier.isPublic(n.getModifiers())) {
        addWithNested(n, out);
      }
    }
  }
}
