package dev.coroner.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version of Coroner, as the build wrote it into {@code version.properties} (the Maven project version): what
 * {@code --version} prints and a report names as the version that judged its transcripts.
 */
public final class CoronerVersion implements IVersionProvider {
    private static final String RESOURCE = "/dev/coroner/app/version.properties";
    private static final String VERSION = read();

    public static String get() {
        return VERSION;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"Coroner " + VERSION};
    }

    private static String read() {
        try (InputStream in = CoronerVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing: the build writes it");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "");
            if (v.isBlank() || v.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filled in by the build: " + v);
            }
            return v.trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
