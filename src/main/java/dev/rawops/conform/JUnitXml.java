package dev.rawops.conform;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes results as a JUnit XML report (the Ant/Surefire {@code <testsuite>} format CI servers
 * read): one {@code <testcase>} per fixture, classname = the fixture's directory part of its name.
 */
public final class JUnitXml {
  private JUnitXml() {}

  public static void write(Path file, String suiteName, List<Result> results) {
    try (OutputStream out = Files.newOutputStream(file)) {
      XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      w.writeStartDocument("UTF-8", "1.0");
      w.writeCharacters("\n");
      suite(w, suiteName, results);
      w.writeEndDocument();
      w.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void suite(XMLStreamWriter w, String suiteName, List<Result> results)
      throws XMLStreamException {
    long failed = results.stream().filter(Result::failed).count();
    long skipped = results.stream().filter(Result::skipped).count();
    long nanos = results.stream().mapToLong(Result::nanos).sum();
    w.writeStartElement("testsuite");
    w.writeAttribute("name", suiteName);
    w.writeAttribute("tests", Integer.toString(results.size()));
    w.writeAttribute("failures", Long.toString(failed));
    w.writeAttribute("errors", "0");
    w.writeAttribute("skipped", Long.toString(skipped));
    w.writeAttribute("time", seconds(nanos));
    w.writeCharacters("\n");
    for (Result r : results) {
      testCase(w, r);
    }
    w.writeEndElement();
    w.writeCharacters("\n");
  }

  private static void testCase(XMLStreamWriter w, Result r) throws XMLStreamException {
    int slash = r.name().lastIndexOf('/');
    w.writeCharacters("  ");
    w.writeStartElement("testcase");
    w.writeAttribute("classname", clean(slash > 0 ? r.name().substring(0, slash) : "conformance"));
    w.writeAttribute("name", clean(r.name()));
    w.writeAttribute("time", seconds(r.nanos()));
    if (!r.passed()) {
      w.writeStartElement(r.failed() ? "failure" : "skipped");
      w.writeAttribute("message", clean(r.reason()));
      w.writeEndElement();
    }
    w.writeEndElement();
    w.writeCharacters("\n");
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
  }

  /** XML 1.0 cannot hold most control characters, even escaped: show them as \\uXXXX. */
  static String clean(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    s.codePoints()
        .forEach(
            c -> {
              boolean allowed =
                  c == '\t'
                      || c == '\n'
                      || c == '\r'
                      || (c >= 0x20 && c <= 0xd7ff)
                      || (c >= 0xe000 && c <= 0xfffd)
                      || c >= 0x10000;
              if (allowed) {
                sb.appendCodePoint(c);
              } else {
                sb.append(String.format("\\u%04x", c));
              }
            });
    return sb.toString();
  }
}
