package dev.coroner.core.report;

import dev.coroner.core.durable.Sha256;
import dev.coroner.core.usage.PriceTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The prices a report's costs are worked out with (docs/COST.md, "Reports"), and how the report names them, as {@link
 * ReportGrammar} names a grammar: the bundled list by its source and date; a prices file over it by its path as the
 * report names files ({@link ReportPaths#nameBeside}: never a folder above the corpus) and the SHA-256 of the bytes
 * priced with. {@code coroner report --usage [--prices FILE]} and File ▸ Export's "Include tokens and cost" (the user's
 * prices file, when there is one) make the same one.
 *
 * @param table the prices in force: the bundled list, overridden by the file when there is one
 * @param file  the prices file, or null for the bundled list alone
 * @param bytes the file's bytes, as read once, hashed and priced with; null without a file
 */
public record ReportPrices(PriceTable table, Path file, byte[] bytes) {
    public ReportPrices {
        java.util.Objects.requireNonNull(table);
        bytes = bytes == null ? null : bytes.clone();
    }

    /** The file's bytes (a copy), or null. */
    @Override
    public byte[] bytes() {
        return bytes == null ? null : bytes.clone();
    }

    /** The bundled prices alone. */
    public static ReportPrices bundled() {
        return new ReportPrices(PriceTable.bundled(), null, null);
    }

    /**
     * A prices file over the bundled list, its bytes read once; refused as {@link PriceTable#load} refuses one, naming
     * the file as given.
     */
    public static ReportPrices file(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return new ReportPrices(PriceTable.bundled().overriddenBy(PriceTable.read(bytes, file.toString())), file, bytes);
    }

    /**
     * What the window prices with (docs/COST.md, "Prices"): the user's prices file ({@link PriceTable#userFile()}) over
     * the bundled list when there is one, else the bundled list; {@link PriceTable#forUser(Path)} with the bytes kept.
     */
    public static ReportPrices user(Path userFile) throws IOException {
        return Files.isRegularFile(userFile) ? file(userFile) : bundled();
    }

    /** How the report names these prices: {@link PriceTable#source()} with the file named as the report names files. */
    Report.Prices ref(ReportPaths paths) {
        if (file == null) {
            return new Report.Prices(table.source(), null, null);
        }
        String name = paths.nameBeside(file);
        try {
            // the file's own [source] when it has one, else its name: PriceTable.source()'s rule, read with that name
            String source = PriceTable.bundled().overriddenBy(PriceTable.read(bytes, name)).source();
            return new Report.Prices(source, name, Sha256.of(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the same bytes read once already: cannot fail
        }
    }
}
