package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorProto;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The Audio family: WAVs synthesised here (sines, noise, 1 and 2 channels, 8 and 16 kHz, short
 * files, padding chunks, an 18-byte format chunk) through DecodeWav with desired_samples and
 * desired_channels cropping and padding; their spectrograms (several windows and strides, magnitude
 * squared or not); Mfcc with default and other attrs; and DecodeWav's errors (bad RIFF header,
 * non-16-bit, non-PCM, truncated data, missing data chunk). The WAV is always fed. After them,
 * {@link SpectralCases}: EncodeWav (exact) and the FFT ops (tolerances stated there).
 *
 * <p>Spectrogram and Mfcc fixtures state rtol 1e-5, atol 1e-6: TF's FFT is Ooura's rdft, whose
 * double rounding rawops does not reproduce, and libm's log/cos may differ in the last bit.
 * DecodeWav fixtures are exact.
 */
public final class AudioCases implements CaseFamily {
  @Override
  public String directory() {
    return "audio";
  }

  @Override
  public Optional<Tolerance> tolerance(Case c) {
    Optional<Tolerance> fft = SpectralCases.tolerance(c);
    if (fft.isPresent()) {
      return fft;
    }
    boolean dsp = c.fetches().stream().anyMatch(f -> f.startsWith("spec") || f.startsWith("mfcc"));
    return dsp
        ? Optional.of(Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-6).build())
        : Optional.empty();
  }

  /** A WAV file's bytes; every header field can be overridden to break it. */
  private static final class Wav {
    String riff = "RIFF";
    String wave = "WAVE";
    int format = 1;
    int channels = 1;
    int rate = 16000;
    int bits = 16;
    int fmtSize = 16;
    boolean junk = false;
    int truncate = 0;
    boolean noData = false;
    short[] data = new short[0];

    byte[] bytes() {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      ascii(body, wave);
      if (junk) {
        ascii(body, "JUNK");
        le(body, 4, 4);
        le(body, 0, 4);
      }
      ascii(body, "fmt ");
      le(body, fmtSize, 4);
      le(body, format, 2);
      le(body, channels, 2);
      le(body, rate, 4);
      int bytesPerSample = (bits * channels + 7) / 8;
      le(body, (long) bytesPerSample * rate, 4);
      le(body, bytesPerSample, 2);
      le(body, bits, 2);
      if (fmtSize == 18) {
        le(body, 0, 2);
      }
      if (!noData) {
        ascii(body, "data");
        le(body, data.length * 2L, 4);
        for (short s : data) {
          le(body, s, 2);
        }
      } else {
        ascii(body, "LIST");
        le(body, 4, 4);
        ascii(body, "INFO");
      }
      byte[] b = body.toByteArray();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      ascii(all, riff);
      le(all, b.length, 4);
      all.writeBytes(b);
      byte[] out = all.toByteArray();
      return java.util.Arrays.copyOf(out, out.length - truncate);
    }

    private static void ascii(ByteArrayOutputStream o, String s) {
      o.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void le(ByteArrayOutputStream o, long v, int n) {
      for (int i = 0; i < n; i++) {
        o.write((int) (v >> (8 * i)) & 0xFF);
      }
    }
  }

  private static short[] sine(int frames, int channels, double hz, int rate, double amp) {
    short[] s = new short[frames * channels];
    for (int f = 0; f < frames; f++) {
      for (int c = 0; c < channels; c++) {
        double v = amp * Math.sin(2 * Math.PI * hz * (c + 1) * f / rate);
        s[f * channels + c] = (short) Math.round(v * 32767);
      }
    }
    return s;
  }

  private static short[] noise(Random r, int n) {
    short[] s = new short[n];
    for (int i = 0; i < n; i++) {
      s[i] = (short) (r.nextInt(65536) - 32768);
    }
    return s;
  }

  private static AttrValue f(double v) {
    return AttrValue.newBuilder().setF((float) v).build();
  }

  /**
   * A case: WAV fed as "wav", DecodeWav "audio" with its attrs; with spectrogram attrs an
   * AudioSpectrogram "spec" on it, with mfcc attrs an Mfcc "mfcc" on spec and the sample rate.
   */
  private static void add(
      CaseList out,
      String what,
      byte[] wav,
      long desiredChannels,
      long desiredSamples,
      long[] spectrogram,
      Object[] mfcc) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(Tensor.ofByteStrings(Shape.scalar(), wav), PartialShape.of(), Encoding.TYPED, false)
        .addTo(g, "wav", feeds);
    g.op("audio", "DecodeWav", "wav");
    if (desiredChannels != -1) {
      g.attr("desired_channels", desiredChannels);
    }
    if (desiredSamples != -1) {
      g.attr("desired_samples", desiredSamples);
    }
    List<String> fetches = List.of("audio", "audio:1");
    if (spectrogram != null) {
      g.op("spec", "AudioSpectrogram", "audio");
      g.attr("window_size", spectrogram[0]);
      g.attr("stride", spectrogram[1]);
      g.attr("magnitude_squared", spectrogram[2] != 0);
      fetches = List.of("spec");
      if (mfcc != null) {
        g.op("mfcc", "Mfcc", "spec", "audio:1");
        for (int i = 0; i < mfcc.length; i += 2) {
          String name = (String) mfcc[i];
          switch (mfcc[i + 1]) {
            case Integer n -> g.attr(name, (long) n);
            case Double d -> g.attr(name, f(d));
            default -> throw new IllegalArgumentException(name);
          }
        }
        fetches = List.of("mfcc");
      }
    }
    out.add(what, g.build(), feeds, fetches);
  }

  private static Wav wav(int rate, int channels, short[] data) {
    Wav w = new Wav();
    w.rate = rate;
    w.channels = channels;
    w.data = data;
    return w;
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    decoding(out, r);
    spectrograms(out, r);
    mfccs(out, r);
    errors(out);
    SpectralCases.encodeWav(out, new Random(2601));
    SpectralCases.ffts(out, new Random(2602));
    return out.cases();
  }

  private static void decoding(CaseList out, Random r) {
    byte[] mono = wav(16000, 1, sine(200, 1, 440, 16000, 0.8)).bytes();
    byte[] stereo = wav(8000, 2, sine(150, 2, 300, 8000, 0.5)).bytes();
    byte[] loud = wav(16000, 1, noise(r, 300)).bytes();
    add(out, "DecodeWav mono 16 kHz sine, as stored", mono, -1, -1, null, null);
    add(out, "DecodeWav stereo 8 kHz sine, as stored", stereo, -1, -1, null, null);
    add(out, "DecodeWav full-range noise (-32768..32767)", loud, -1, -1, null, null);
    add(out, "DecodeWav mono padded to 300 samples", mono, -1, 300, null, null);
    add(out, "DecodeWav mono cropped to 50 samples", mono, -1, 50, null, null);
    add(out, "DecodeWav mono to 3 channels (last repeated)", mono, 3, -1, null, null);
    add(out, "DecodeWav stereo to 1 channel (extra dropped)", stereo, 1, 180, null, null);
    add(out, "DecodeWav stereo to 0 channels", stereo, 0, -1, null, null);
    add(out, "DecodeWav mono to 0 samples", mono, 1, 0, null, null);
    add(out, "DecodeWav empty data chunk", wav(16000, 1, new short[0]).bytes(), -1, -1, null, null);
    add(
        out,
        "DecodeWav empty data chunk padded",
        wav(8000, 2, new short[0]).bytes(),
        2,
        4,
        null,
        null);
    Wav junk = wav(16000, 1, sine(40, 1, 1000, 16000, 0.3));
    junk.junk = true;
    add(out, "DecodeWav with a JUNK chunk before fmt", junk.bytes(), -1, -1, null, null);
    Wav ext = wav(16000, 2, noise(r, 60));
    ext.fmtSize = 18;
    add(out, "DecodeWav with an 18-byte format chunk", ext.bytes(), -1, -1, null, null);
  }

  private static void spectrograms(CaseList out, Random r) {
    byte[] mono = wav(16000, 1, sine(1000, 1, 440, 16000, 0.8)).bytes();
    byte[] stereo = wav(8000, 2, sine(600, 2, 700, 8000, 0.5)).bytes();
    short[] n = noise(r, 800);
    for (int i = 0; i < n.length; i++) {
      n[i] = (short) (n[i] / 4);
    }
    byte[] noisy = wav(16000, 1, n).bytes();
    long[][] windows = {{256, 128, 1}, {256, 128, 0}, {400, 160, 1}, {100, 37, 0}, {64, 200, 1}};
    for (long[] w : windows) {
      String what =
          "AudioSpectrogram window " + w[0] + " stride " + w[1] + " squared " + (w[2] != 0);
      add(out, what + ", mono sine", mono, -1, -1, w, null);
      add(out, what + ", stereo sine", stereo, -1, -1, w, null);
      add(out, what + ", noise", noisy, -1, -1, w, null);
    }
    add(
        out,
        "AudioSpectrogram window longer than the audio: no frames",
        mono,
        -1,
        100,
        new long[] {256, 128, 1},
        null);
    add(out, "AudioSpectrogram window 2", mono, -1, 20, new long[] {2, 1, 1}, null);
  }

  private static void mfccs(CaseList out, Random r) {
    byte[] speechLike = wav(16000, 1, noise(r, 16000 / 4)).bytes();
    short[] tones = sine(4000, 1, 300, 16000, 0.6);
    short[] more = sine(4000, 1, 1200, 16000, 0.3);
    for (int i = 0; i < tones.length; i++) {
      tones[i] = (short) (tones[i] + more[i]);
    }
    byte[] tone = wav(16000, 1, tones).bytes();
    byte[] stereo8k = wav(8000, 2, sine(2000, 2, 500, 8000, 0.5)).bytes();
    long[] kws = {640, 320, 1};
    add(
        out,
        "Mfcc defaults on noise (window 640 stride 320)",
        speechLike,
        1,
        4000,
        kws,
        new Object[0]);
    add(out, "Mfcc defaults on two tones", tone, -1, -1, kws, new Object[0]);
    add(
        out,
        "Mfcc dct 10, filterbank 40 (kws models)",
        tone,
        -1,
        -1,
        kws,
        new Object[] {"dct_coefficient_count", 10, "filterbank_channel_count", 40});
    add(
        out,
        "Mfcc 20 filters, 20 coefficients, 100-3800 Hz",
        speechLike,
        -1,
        -1,
        new long[] {480, 160, 1},
        new Object[] {
          "filterbank_channel_count",
          20,
          "dct_coefficient_count",
          20,
          "lower_frequency_limit",
          100.0,
          "upper_frequency_limit",
          3800.0
        });
    add(
        out,
        "Mfcc stereo 8 kHz, upper limit 3000",
        stereo8k,
        -1,
        -1,
        new long[] {256, 128, 1},
        new Object[] {"upper_frequency_limit", 3000.0, "dct_coefficient_count", 5});
    add(
        out,
        "Mfcc on a magnitude (not squared) spectrogram",
        tone,
        -1,
        -1,
        new long[] {512, 256, 0},
        new Object[0]);
    add(
        out,
        "Mfcc silence (log floor 1e-12)",
        wav(16000, 1, new short[1000]).bytes(),
        -1,
        -1,
        new long[] {256, 256, 1},
        new Object[0]);
    add(
        out,
        "Mfcc error: more coefficients than filters",
        tone,
        -1,
        -1,
        kws,
        new Object[] {"dct_coefficient_count", 41});
    add(
        out,
        "Mfcc error: upper limit below lower",
        tone,
        -1,
        -1,
        kws,
        new Object[] {"upper_frequency_limit", 10.0});
  }

  private static void errors(CaseList out) {
    short[] data = sine(20, 1, 440, 16000, 0.5);
    Wav bad = wav(16000, 1, data);
    bad.riff = "RIFX";
    add(out, "DecodeWav error: bad RIFF header", bad.bytes(), -1, -1, null, null);
    Wav wave = wav(16000, 1, data);
    wave.wave = "AVI ";
    add(out, "DecodeWav error: not WAVE", wave.bytes(), -1, -1, null, null);
    Wav eight = wav(16000, 1, data);
    eight.bits = 8;
    add(out, "DecodeWav error: 8-bit samples", eight.bytes(), -1, -1, null, null);
    Wav b24 = wav(16000, 2, data);
    b24.bits = 24;
    add(out, "DecodeWav error: 24-bit samples", b24.bytes(), -1, -1, null, null);
    Wav flt = wav(16000, 1, data);
    flt.format = 3;
    add(out, "DecodeWav error: IEEE float format", flt.bytes(), -1, -1, null, null);
    Wav fmt = wav(16000, 1, data);
    fmt.fmtSize = 20;
    add(out, "DecodeWav error: format chunk size 20", fmt.bytes(), -1, -1, null, null);
    Wav zero = wav(16000, 0, data);
    add(out, "DecodeWav error: zero channels", zero.bytes(), -1, -1, null, null);
    Wav shortData = wav(16000, 1, data);
    shortData.truncate = 10;
    add(out, "DecodeWav error: data chunk truncated", shortData.bytes(), -1, -1, null, null);
    add(
        out,
        "DecodeWav error: too short for a header",
        "RIFF".getBytes(StandardCharsets.ISO_8859_1),
        -1,
        -1,
        null,
        null);
    add(out, "DecodeWav error: empty string", new byte[0], -1, -1, null, null);
    Wav none = wav(16000, 1, data);
    none.noData = true;
    add(out, "DecodeWav error: no data chunk", none.bytes(), -1, -1, null, null);
  }
}
