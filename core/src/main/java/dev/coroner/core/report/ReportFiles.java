package dev.coroner.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.DurableSchema;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.durable.SchemaTag;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Report files on disk (docs/ARCHITECTURE.md, "Files Coroner writes"): the format a name asks for, written atomically,
 * and never over a file this version could not read back as a report — a newer report, a workspace, someone's other
 * JSON or page.
 */
public final class ReportFiles {
    /** The formats a report is written in, chosen by the file name's extension. */
    public enum Format {
        JSON, HTML;

        /** The format {@code path}'s name asks for ({@code .json}, {@code .html}, {@code .htm}), or null. */
        public static Format of(Path path) {
            String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".json")) {
                return JSON;
            }
            return name.endsWith(".html") || name.endsWith(".htm") ? HTML : null;
        }
    }

    /** How much of an existing page is searched for the schema {@code meta}: it is in the head, near the top. */
    private static final int HEAD_BYTES = 8 * 1024;
    private static final Pattern SCHEMA_META = Pattern.compile(
            "<meta name=\"" + ReportHtml.SCHEMA_META + "\" content=\"([^\"]*)\">");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The largest JSON file read whole to check that it is a report before replacing it. */
    public static final long CHECK_CAP = 256_000_000;

    private ReportFiles() {
    }

    public static byte[] bytes(Report report, Format format) {
        return format == Format.JSON ? ReportJson.bytes(report) : ReportHtml.bytes(report);
    }

    /**
     * Why {@code target} must not be replaced, or null when it may: it does not exist, is empty, or is a report this
     * version reads. Anything else — another family, a newer version, a file with no tag — is kept.
     *
     * @throws RegularFiles.Refused a folder, pipe, socket or device is there, or a JSON file too large to check
     * @throws IOException          what is there could not be read to check it
     */
    public static ReadabilityVerdict refusalToReplace(Path target, Format format) throws IOException {
        return refusalToReplace(target, format, Report.SCHEMA);
    }

    /**
     * As {@link #refusalToReplace(Path, Format)} for a file of {@code family}: a report of that family this version
     * reads may be replaced, and so may the other kind of report Coroner writes (a report and a comparison report
     * replace each other, both being ours and both made again from their inputs). The verdict returned names
     * {@code family}.
     */
    static ReadabilityVerdict refusalToReplace(Path target, Format format, SchemaTag family) throws IOException {
        if (!RegularFiles.replaceable(target) || Files.size(target) == 0) {
            return null;
        }
        SchemaTag other = family.family().equals(Report.FAMILY) ? CompareReport.SCHEMA : Report.SCHEMA;
        JsonNode tag = format == Format.JSON ? null : pageTag(target);
        ReadabilityVerdict v = classify(target, format, tag, family);
        if (v.soundlyReadable()) {
            return null;
        }
        if (v.found() != null && v.found().family().equals(other.family())) {
            ReadabilityVerdict o = classify(target, format, tag, other);
            return o.soundlyReadable() ? null : o;
        }
        return v;
    }

    private static ReadabilityVerdict classify(Path target, Format format, JsonNode pageTag, SchemaTag s)
            throws IOException {
        return format == Format.JSON ? DurableSchema.classify(target, s.family(), s.version(), CHECK_CAP)
                : DurableSchema.classify(pageTag, s.family(), s.version());
    }

    /** Writes {@code report} to {@code target} atomically. Check {@link #refusalToReplace} first. */
    public static void write(Report report, Format format, Path target) throws IOException {
        AtomicWrite.replace(target, bytes(report, format));
    }

    /** The schema tag a page's head declares, as {@code {"schema": …}}; null when it declares none. */
    private static JsonNode pageTag(Path page) throws IOException {
        byte[] head;
        head = RegularFiles.head(page, HEAD_BYTES);
        Matcher m = SCHEMA_META.matcher(new String(head, StandardCharsets.UTF_8));
        if (!m.find()) {
            return null;
        }
        String json = m.group(1).replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
        try {
            return JSON.createObjectNode().set(DurableSchema.KEY, JSON.readTree(json));
        } catch (IOException notJson) {
            return null;
        }
    }
}
