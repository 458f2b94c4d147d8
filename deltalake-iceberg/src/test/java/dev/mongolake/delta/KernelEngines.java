package dev.mongolake.delta;

import io.delta.kernel.engine.Engine;

/** Opens delta-kernel's engine over local files for tests outside the deltalake module. */
public final class KernelEngines {
  private KernelEngines() {}

  /** The engine the deltalake module's kernel interop tests use. */
  public static Engine local() {
    return LocalKernelFileIO.engine();
  }
}
