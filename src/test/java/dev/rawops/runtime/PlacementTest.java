package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.kernels.Device;
import org.junit.jupiter.api.Test;

/** The device a node's {@code device} field names, in the spellings TF writes and accepts. */
class PlacementTest {
  @Test
  void deviceFieldSpellings() {
    assertEquals(
        Device.GPU,
        Placement.requested("/job:localhost/replica:0/task:0/device:GPU:0", Device.CPU));
    assertEquals(Device.GPU, Placement.requested("/device:GPU:0", Device.CPU));
    assertEquals(Device.GPU, Placement.requested("/GPU:0", Device.CPU));
    assertEquals(Device.GPU, Placement.requested("gpu:0", Device.CPU));
    assertEquals(Device.CPU, Placement.requested("/device:CPU:0", Device.GPU));
    assertEquals(Device.CPU, Placement.requested("/cpu:0", Device.GPU));
    assertEquals(Device.GPU, Placement.requested("", Device.GPU));
    assertEquals(Device.CPU, Placement.requested("", Device.CPU));
  }
}
