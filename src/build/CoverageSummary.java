import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints the line and branch coverage totals of a JaCoCo CSV report (run as a single-file source
 * program at the end of {@code mvn verify}; not part of the shipped code).
 */
class CoverageSummary {
  public static void main(String[] args) throws Exception {
    Path csv = Path.of(args[0]);
    if (!Files.exists(csv)) {
      System.out.println("coverage: no report at " + csv + " (tests skipped?)");
      return;
    }
    List<String> rows = Files.readAllLines(csv);
    long[] t = new long[4]; // line missed, line covered, branch missed, branch covered
    for (String row : rows.subList(1, rows.size())) {
      String[] c = row.split(",");
      t[0] += Long.parseLong(c[7]);
      t[1] += Long.parseLong(c[8]);
      t[2] += Long.parseLong(c[5]);
      t[3] += Long.parseLong(c[6]);
    }
    System.out.printf(
        "coverage of the main code: lines %.1f%% (%d/%d), branches %.1f%% (%d/%d)%n",
        pct(t[1], t[0]), t[1], t[0] + t[1], pct(t[3], t[2]), t[3], t[2] + t[3]);
  }

  private static double pct(long covered, long missed) {
    return covered + missed == 0 ? 100.0 : 100.0 * covered / (covered + missed);
  }
}
