package dev.rawops.kernels.cpu.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The build's test JVMs read the Vector API module and the plain-java execution's do not
 * (-Drawops.expect.vector=false there): each side really runs the kernels it claims to test.
 */
class VectorSupportTest {
  @Test
  void simdPathsMatchTheJvmsModules() {
    boolean expected = !"false".equals(System.getProperty("rawops.expect.vector"));
    assertEquals(expected, VectorSupport.ENABLED);
    assertEquals(
        expected, ModuleLayer.boot().findModule(VectorSupport.MODULE).isPresent(), "module");
  }
}
