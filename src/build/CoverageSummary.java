// Prints the line and branch coverage totals of a JaCoCo CSV report. Run by `mvn verify` as a
// single-file source program (a Java 25 compact source file); not part of the shipped code.
import module java.base;

void main(String[] args) throws IOException {
  Path csv = Path.of(args[0]);
  if (!Files.exists(csv)) {
    IO.println("coverage: no report at " + csv + " (tests skipped?)");
    return;
  }
  List<String> rows = Files.readAllLines(csv);
  long[] t = new long[4]; // line missed, line covered, branch missed, branch covered
  for (String row : rows.subList(1, rows.size())) {
    String[] c = row.split(",", -1);
    t[0] += Long.parseLong(c[7]);
    t[1] += Long.parseLong(c[8]);
    t[2] += Long.parseLong(c[5]);
    t[3] += Long.parseLong(c[6]);
  }
  IO.println(
      String.format(
          "coverage of the main code: lines %.1f%% (%d/%d), branches %.1f%% (%d/%d)",
          pct(t[1], t[0]), t[1], t[0] + t[1], pct(t[3], t[2]), t[3], t[2] + t[3]));
}

double pct(long covered, long missed) {
  return covered + missed == 0 ? 100.0 : 100.0 * covered / (covered + missed);
}
