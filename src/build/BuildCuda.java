// Builds rawops' CUDA kernels (src/main/cuda/*.cu) during `mvn process-classes`, with whatever of
// the two tools this machine has; each step is skipped, with a message, when its tool is missing:
//  - nvcc: each .cu to PTX, as resources dev/rawops/kernels/gpu/<name>.ptx in target/classes (what
//    the CUDA driver backend loads on a GPU machine);
//  - g++ (or $CXX): all .cu compiled for the host with rawops_host_shim.h into
//    target/native/librawops_gpu_host.so, the host emulation tests load through FFM.
// A single-file source program (Java 25 compact source); not part of the shipped code.
// Arguments: <cuda source dir> <target dir>. Tools are found on PATH at build time.
import module java.base;

void main(String[] args) throws Exception {
  Path src = Path.of(args[0]);
  Path target = Path.of(args[1]);
  List<Path> sources;
  try (var s = Files.list(src)) {
    sources = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
  }
  if (sources.isEmpty()) {
    IO.println("cuda: no .cu sources in " + src);
    return;
  }
  Path ptxDir = target.resolve("classes/dev/rawops/kernels/gpu");
  Optional<Path> nvcc = onPath("nvcc");
  if (nvcc.isEmpty()) {
    IO.println(
        "cuda: nvcc not on PATH: no PTX built; this build has no GPU kernels for a real GPU");
  } else {
    Files.createDirectories(ptxDir);
    int built = 0;
    for (Path cu : sources) {
      String name = cu.getFileName().toString().replace(".cu", ".ptx");
      Path out = ptxDir.resolve(name);
      if (upToDate(out, src)) {
        continue;
      }
      // compute_75: the oldest architecture CUDA 13 targets; the driver JIT-compiles the PTX for
      // the device it runs on. A failing nvcc (e.g. a host compiler it does not support) costs
      // the PTX, not the build: the host emulation below still tests the kernels.
      int rc =
          exec(
              List.of(
                  nvcc.get().toString(),
                  "-ptx",
                  "-arch=compute_75",
                  "-O3",
                  "-I",
                  src.toString(),
                  "-o",
                  out.toString(),
                  cu.toString()));
      if (rc != 0) {
        Files.deleteIfExists(out);
        IO.println(
            "cuda: warning: nvcc failed (exit "
                + rc
                + ") on "
                + cu
                + ": this build has no PTX for it");
        continue;
      }
      built++;
    }
    if (built > 0) {
      IO.println("cuda: PTX for " + built + " sources in " + ptxDir);
    }
  }
  String cxxName = System.getenv().getOrDefault("CXX", "g++");
  Optional<Path> cxx = onPath(cxxName);
  if (cxx.isEmpty()) {
    IO.println(
        "cuda: " + cxxName + " not on PATH: no host emulation library; GPU kernel tests skip");
    return;
  }
  Path lib = target.resolve("native").resolve(System.mapLibraryName("rawops_gpu_host"));
  if (upToDate(lib, src)) {
    return;
  }
  Files.createDirectories(lib.getParent());
  List<String> cmd =
      new ArrayList<>(
          List.of(
              cxx.get().toString(),
              "-O2",
              "-shared",
              "-fPIC",
              "-std=c++17",
              "-Wall",
              "-Werror",
              "-I",
              src.toString(),
              "-x",
              "c++",
              "-o",
              lib.toString()));
  sources.forEach(p -> cmd.add(p.toString()));
  run(cmd);
  IO.println("cuda: host emulation library " + lib);
}

Optional<Path> onPath(String tool) {
  for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
    if (dir.isEmpty()) {
      continue;
    }
    Path p = Path.of(dir, tool);
    if (Files.isExecutable(p)) {
      return Optional.of(p);
    }
  }
  return Optional.empty();
}

// True when out is newer than every file in src.
boolean upToDate(Path out, Path src) throws IOException {
  if (!Files.exists(out)) {
    return false;
  }
  FileTime built = Files.getLastModifiedTime(out);
  try (var s = Files.list(src)) {
    return s.allMatch(
        p -> {
          try {
            return Files.getLastModifiedTime(p).compareTo(built) < 0;
          } catch (IOException e) {
            return false;
          }
        });
  }
}

int exec(List<String> cmd) throws Exception {
  return new ProcessBuilder(cmd).inheritIO().start().waitFor();
}

void run(List<String> cmd) throws Exception {
  Process p = new ProcessBuilder(cmd).inheritIO().start();
  if (p.waitFor() != 0) {
    throw new IllegalStateException(
        "cuda: failed (exit " + p.exitValue() + "): " + String.join(" ", cmd));
  }
}
